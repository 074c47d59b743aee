/**
 * `digestlab cksum` held to what coreutils 9.1's cksum did in each case of the cksum scenario
 * (scripts/vectors/cksum-scenario.mjs): stdout byte for byte, stderr and the exit code, run in this process as a
 * link named `cksum` runs it (as-tool.ts). One set of tests, two sources: cksum.test.ts gives the stored transcript
 * (vectors/tools/cksum.json), cksum.refs.test.ts the installed cksum run now over random files.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcess } from './as-tool.js';
import type { Opened } from './transcripts.js';

const GROUPS = ['lines', 'fails', 'refused', 'check'] as const;

export function describeCksumMode(title: string, open: () => Opened): void {
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

    it.each(GROUPS)('%s: stdout, stderr and the exit code as cksum 9.1, case by case', async (group) => {
      const runs = [...s.runs.values()].filter((r) => r.group === group);
      expect(runs.length, `cases of ${group}`).toBeGreaterThan(0);
      for (const r of runs) {
        const ours = await inProcess('/usr/local/bin', 'cksum', r.args, {
          cwd: s.dir,
          stdin: r.stdin,
          env: { LC_ALL: 'C.UTF-8' },
        });
        const what = `cksum ${r.args.join(' ')}`;
        expect(ours.stdout.toString('latin1'), what).toBe(r.stdout.toString('latin1'));
        expect(ours.stderr.toString(), what).toBe(r.stderr);
        expect(ours.code, what).toBe(r.code);
      }
    });
  });
}
