/**
 * `digestlab xxhsum` as a drop-in for xxhsum 0.8.1's hashing lines, against what xxhsum printed for the xxhsum
 * scenario (scripts/vectors/xxhsum-scenario.mjs), stored in vectors/tools/xxhsum.json: -H0…-H3 and -H32/64/128,
 * --tag, --little-endian, standard input, files it cannot open or read, refusals, -c with -q, --status, --strict, -w. No outside program is run here:
 * xxhsum.refs.test.ts runs xxhsum again. -c both ways included; the benchmark (-b) is not there yet and is refused: tested below.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcess } from './as-tool.js';
import { describeToolMode, XXHSUM_MODE } from './tool-mode.js';
import { type Opened, stored } from './transcripts.js';

describeToolMode(XXHSUM_MODE, 'digestlab xxhsum as xxhsum 0.8.1 (vectors/tools/xxhsum.json)', () => stored('xxhsum'));

describe('digestlab xxhsum: what it does not do yet', () => {
  it.each([['-b'], ['-H0', '-b', 'abc']])('%s is refused, exit 1, nothing on stdout', async (...args) => {
    const r = await inProcess('/usr/local/bin', 'xxhsum', args, { cwd: '/', env: { LC_ALL: 'C.UTF-8' } });
    expect(r.stdout.length).toBe(0);
    expect(r.stderr.toString()).toMatch(/^xxhsum: -b is not available in digestlab's xxhsum yet\n$/);
    expect(r.code).toBe(1);
  });
});

describe('digestlab sum -a xxh32|xxh64|xxh128|xxh3: xxhsum 0.8.1 (vectors/tools/xxhsum.json)', () => {
  const NAMES: Record<string, string> = { '-H0': 'xxh32', '-H1': 'xxh64', '-H2': 'xxh128', '-H3': 'xxh3' };
  let s: Opened;
  beforeAll(() => {
    s = stored('xxhsum');
  });
  afterAll(() => s?.cleanup());

  it('prints what xxhsum -H0…-H3 printed, -a in place of -H, stdout and the exit code', async () => {
    const runs = [...s.runs.values()].filter((r) => Object.hasOwn(NAMES, r.args[0] ?? ''));
    expect(runs.length).toBeGreaterThan(8);
    for (const r of runs) {
      const args = ['sum', ...r.args.flatMap((a, i) => (i === 0 ? ['-a', NAMES[a] as string] : [a]))];
      const ours = await inProcess('/usr/local/bin', 'digestlab', args, {
        cwd: s.dir,
        stdin: r.stdin,
        env: { LC_ALL: 'C.UTF-8' },
      });
      const what = `digestlab ${args.join(' ')}`;
      expect(ours.stdout.toString('latin1'), what).toBe(r.stdout.toString('latin1'));
      expect(ours.code, what).toBe(r.code);
    }
  });
});
