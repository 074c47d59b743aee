/**
 * A drop-in held to its tool's transcript (scripts/vectors/tool-transcripts.mjs): every case of the scenario, run in
 * this process as a link named after the tool runs it (as-tool.ts), gives the tool's stdout byte for byte, its exit
 * code and its stderr. One set of tests, two sources: a `*.test.ts` gives the stored transcript (vectors/tools/), a
 * `*.refs.test.ts` the installed tool run now over random files.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcess } from './as-tool.js';
import type { Opened } from './transcripts.js';

const GROUPS = ['lines', 'fails', 'refused', 'check'] as const;

export interface ToolMode {
  /** The link's name: the tool (`cksum`, `xxhsum`). */
  tool: string;
  /** Who the tool is, for the tests' names (`coreutils 9.1`). */
  as: string;
  /** Groups whose stderr is compared by its first line alone (a refusal whose usage text that follows names us). */
  firstLineOnly?: readonly string[];
}

export function describeToolMode({ tool, as, firstLineOnly = [] }: ToolMode, title: string, open: () => Opened): void {
  let s: Opened;
  describe(title, () => {
    beforeAll(() => {
      s = open();
    });
    afterAll(() => s?.cleanup());

    it('has a test for every case of the scenario', () => {
      const groups = new Set<string>(GROUPS);
      expect([...s.runs.values()].filter((r) => !groups.has(r.group ?? ''))).toEqual([]);
    });

    it.each(GROUPS)(`%s: stdout, stderr and the exit code as ${as}, case by case`, async (group) => {
      const runs = [...s.runs.values()].filter((r) => r.group === group);
      expect(runs.length, `cases of ${group}`).toBeGreaterThan(0);
      const firstLine = firstLineOnly.includes(group);
      for (const r of runs) {
        const ours = await inProcess('/usr/local/bin', tool, r.args, {
          cwd: s.dir,
          stdin: r.stdin,
          env: { LC_ALL: 'C.UTF-8' },
        });
        const what = `${tool} ${r.args.join(' ')}`;
        expect(ours.stdout.toString('latin1'), what).toBe(r.stdout.toString('latin1'));
        const stderr = ours.stderr.toString();
        if (firstLine) expect(stderr.split('\n')[0], what).toBe(r.stderr.split('\n')[0]);
        else expect(stderr, what).toBe(r.stderr);
        expect(ours.code, what).toBe(r.code);
      }
    });
  });
}

/** cksum: coreutils 9.1's, every stderr byte compared. */
export const CKSUM_MODE: ToolMode = { tool: 'cksum', as: 'cksum 9.1' };
/** xxhsum 0.8.1: its refusals' usage text is its own, so only their first line ("Wrong parameters") is compared. */
export const XXHSUM_MODE: ToolMode = { tool: 'xxhsum', as: 'xxhsum 0.8.1', firstLineOnly: ['refused'] };
