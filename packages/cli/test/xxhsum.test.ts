/**
 * `digestlab xxhsum` as a drop-in for xxhsum 0.8.1's hashing lines, against what xxhsum printed for the xxhsum
 * scenario (scripts/vectors/xxhsum-scenario.mjs), stored in vectors/tools/xxhsum.json: -H0…-H3 and -H32/64/128,
 * --tag, --little-endian, standard input, files it cannot open or read, refusals, -c with -q, --status, --strict, -w. No outside program is run here:
 * xxhsum.refs.test.ts runs xxhsum again. -c both ways included; the benchmark (-b) is not there yet and is refused: tested below.
 */
import { describe, expect, it } from 'vitest';
import { inProcess } from './as-tool.js';
import { stored } from './transcripts.js';
import { describeXxhsumMode } from './xxhsum-mode.js';

describeXxhsumMode('digestlab xxhsum as xxhsum 0.8.1 (vectors/tools/xxhsum.json)', () => stored('xxhsum'));

describe('digestlab xxhsum: what it does not do yet', () => {
  it.each([['-b'], ['-H0', '-b', 'abc']])('%s is refused, exit 1, nothing on stdout', async (...args) => {
    const r = await inProcess('/usr/local/bin', 'xxhsum', args, { cwd: '/', env: { LC_ALL: 'C.UTF-8' } });
    expect(r.stdout.length).toBe(0);
    expect(r.stderr.toString()).toMatch(/^xxhsum: -b is not available in digestlab's xxhsum yet\n$/);
    expect(r.code).toBe(1);
  });
});
