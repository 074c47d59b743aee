/**
 * `digestlab xxhsum` held to what xxhsum 0.8.1 did in each case of the xxhsum scenario
 * (scripts/vectors/xxhsum-scenario.mjs): stdout byte for byte and the exit code; stderr byte for byte too (its
 * progress line's blanking included), except for a refusal, where its first line is compared (0.8.1's usage follows
 * it, ours names digestlab). Run in this process as a link named `xxhsum` runs it (as-tool.ts). xxhsum.test.ts gives
 * the stored transcript (vectors/tools/xxhsum.json), xxhsum.refs.test.ts the installed xxhsum over random files.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcess } from './as-tool.js';
import type { Opened } from './transcripts.js';

const GROUPS = ['lines', 'fails', 'refused', 'check'] as const;

export function describeXxhsumMode(title: string, open: () => Opened): void {
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

    it.each(GROUPS)('%s: stdout, stderr and the exit code as xxhsum 0.8.1, case by case', async (group) => {
      const runs = [...s.runs.values()].filter((r) => r.group === group);
      expect(runs.length, `cases of ${group}`).toBeGreaterThan(0);
      for (const r of runs) {
        const ours = await inProcess('/usr/local/bin', 'xxhsum', r.args, {
          cwd: s.dir,
          stdin: r.stdin,
          env: { LC_ALL: 'C.UTF-8' },
        });
        const what = `xxhsum ${r.args.join(' ')}`;
        expect(ours.stdout.toString('latin1'), what).toBe(r.stdout.toString('latin1'));
        const stderr = ours.stderr.toString();
        if (group === 'refused') expect(stderr.split('\n')[0], what).toBe(r.stderr.split('\n')[0]);
        else expect(stderr, what).toBe(r.stderr);
        expect(ours.code, what).toBe(r.code);
      }
    });
  });
}
