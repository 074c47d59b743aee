/**
 * The installed RHash 1.4.3 and Python's zlib, for sum-split-checksums.test.ts: over fresh random files at the 4 KiB
 * piece edges, `digestlab sum -j 2` (each file split: DIGESTLAB_B3_SUBTREE and DIGESTLAB_B3_PARALLEL_FROM) prints
 * CRC-32 and CRC-32C as `rhash --crc32 --crc32c` does and Adler-32 as Python's `zlib.adler32`.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireFile, requireProgram } from '../../../scripts/check/reference-programs.mjs';
import { requireBuilt } from './run.js';

requireProgram('rhash');
// Debian's python3, as the checksums' references have it (its zlib is the standard library's)
requireFile('/usr/lib/python3/dist-packages/crcmod/__init__.py');

const PIECE = 4096;
const SIZES = [PIECE + 1, 3 * PIECE, 3 * PIECE + 1, 50 * PIECE + 17];
const BIN = join(import.meta.dirname, '..', 'bin', 'digestlab.js');
let dir = '';
const names = () => SIZES.map((s) => join(dir, `r${s}`));

beforeAll(() => {
  requireBuilt('sum/run.js', 'sum/b3-worker.js');
  dir = mkdtempSync(join(tmpdir(), 'split-refs-'));
  for (const [i, name] of names().entries()) writeFileSync(name, randomBytes(SIZES[i] as number));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (program: string, args: readonly string[]) => {
  const r = spawnSync(program, args, {
    env: { ...process.env, DIGESTLAB_B3_SUBTREE: String(PIECE), DIGESTLAB_B3_PARALLEL_FROM: '0' },
  });
  expect(r.stderr.toString(), `${program} ${args.join(' ')}`).toBe('');
  return r.stdout.toString().trimEnd().split('\n');
};

describe('digestlab sum -j 2, each file split, against RHash and Python zlib', () => {
  it('CRC-32 and CRC-32C as rhash --crc32 --crc32c, Adler-32 as zlib.adler32', () => {
    const crc = run('rhash', ['--crc32', '--crc32c', '-p', '%c %{crc32c}\\n', ...names()]);
    const adler = run('python3', [
      '-c',
      'import sys, zlib\nfor n in sys.argv[1:]: print("%08x" % zlib.adler32(open(n, "rb").read()))',
      ...names(),
    ]);
    const ours = run(process.execPath, [BIN, 'sum', '-j', '2', '-a', 'crc32,crc32c,adler32', ...names()]);
    const want = names().flatMap((n, i) => {
      const [c32, c32c] = (crc[i] as string).toLowerCase().split(' ');
      return [`CRC32 (${n}) = ${c32}`, `CRC32C (${n}) = ${c32c}`, `ADLER32 (${n}) = ${adler[i]}`];
    });
    expect(ours).toEqual(want);
  });
});
