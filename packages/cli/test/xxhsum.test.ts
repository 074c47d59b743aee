/**
 * `digestlab xxhsum` as a drop-in for xxhsum 0.8.1's hashing lines, against what xxhsum printed for the xxhsum
 * scenario (scripts/vectors/xxhsum-scenario.mjs), stored in vectors/tools/xxhsum.json: every `-H`, untagged,
 * `--tag`, `--little-endian`, standard input, missing files and folders. No outside program is run here:
 * xxhsum.refs.test.ts runs xxhsum again. What this mode refuses (`-c`) is tested below.
 */
import { tmpdir } from 'node:os';
import { expect, it } from 'vitest';
import { inProcess } from './as-tool.js';
import { stored } from './transcripts.js';
import { describeXxhsumMode } from './xxhsum-mode.js';

describeXxhsumMode('digestlab xxhsum as xxhsum 0.8.1 (vectors/tools/xxhsum.json)', () => stored('xxhsum'));

it.each([
  ['-c', 'list'],
  ['--check', 'list'],
  ['-q', 'abc'],
  ['-H5', 'abc'],
])('xxhsum %s refuses what it does not do, exit 1, nothing on stdout', async (...args) => {
  const ours = await inProcess('/usr/local/bin', 'xxhsum', args, {
    cwd: tmpdir(),
    stdin: '',
    env: { LC_ALL: 'C.UTF-8' },
  });
  expect(ours.stdout.length).toBe(0);
  expect(ours.stderr.toString()).toBe(
    `xxhsum: ${args[0]}: not supported by digestlab's xxhsum mode (hashing lines only)\n`,
  );
  expect(ours.code).toBe(1);
});
