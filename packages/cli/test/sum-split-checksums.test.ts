/**
 * `digestlab sum -j N` splitting one file for the checksums that combine (src/sum/split-checksums.ts, on b3sum's
 * pool and workers): pieces of 4 KiB (DIGESTLAB_B3_SUBTREE, so the files stay small) hashed in worker threads and
 * combined on the main thread give the values of one thread, at the piece edges, for every combinable algorithm at
 * once; CRC-32 against node:zlib's crc32 (zlib's C), the others against the library's TypeScript on the whole file.
 * In-process, the split is shown to happen (pieces in workers, at most -j threads); through the command, `-j 2`'s
 * output is `-j 1`'s byte for byte, and cksum's (no -j: every core) is `sum --tag -j 1`'s. sum-split-checksums.refs.test.ts runs rhash and cksum.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import zlib from 'node:zlib';
import { type AlgorithmName, digest } from 'digestlab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { b3Tuning } from '../src/sum/b3-parallel.js';
import { ChecksumFiles, splittable } from '../src/sum/split-checksums.js';
import { requireBuilt, runCli } from './run.js';

const PIECE = 4096;
const TUNING = { DIGESTLAB_B3_SUBTREE: String(PIECE), DIGESTLAB_B3_PARALLEL_FROM: '0' };
const NAMES: AlgorithmName[] = ['CRC-32', 'CRC-32C', 'CRC-64/NVME', 'CRC-64/XZ', 'ADLER32'];
/** At and around the piece edges; the first two are one piece or less, so never split. */
const SIZES = [0, PIECE, PIECE + 1, 2 * PIECE, 2 * PIECE + 1, 5 * PIECE - 1, 37 * PIECE + 123];
let dir = '';
const path = (size: number) => join(dir, `f${size}`);
const CONTENT = new Map(SIZES.map((size) => [size, randomBytes(size)]));

beforeAll(() => {
  requireBuilt('sum/run.js', 'sum/b3-worker.js');
  dir = mkdtempSync(join(tmpdir(), 'split-sum-'));
  for (const [size, bytes] of CONTENT) writeFileSync(path(size), bytes);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const want = (size: number, name: AlgorithmName) => {
  const data = CONTENT.get(size) as Buffer;
  return name === 'CRC-32'
    ? zlib.crc32(data).toString(16).padStart(8, '0')
    : hex(digest(name, data, { provider: 'ts' }));
};

describe('digestlab sum -j N: one file split for the checksums that combine', () => {
  it('splits only algorithm lists that all combine: not cksum, xxHash, or a digest', () => {
    expect(splittable(NAMES.map((name) => ({ name })))).toBe(true);
    for (const other of ['CKSUM', 'XXH64', 'XXH3-64', 'SHA-256', 'BLAKE3'] as AlgorithmName[]) {
      expect(splittable([{ name: 'CRC-32' }, { name: other }]), other).toBe(false);
    }
  });

  it('gives one thread values with pieces in workers, at the piece edges; never more threads than -j', async () => {
    for (const helps of ['0', '2']) {
      const files = new ChecksumFiles(3, b3Tuning({ ...TUNING, DIGESTLAB_B3_MAIN_HELPS: helps }));
      try {
        const algorithms = NAMES.map((name) => ({ name }));
        const planned = SIZES.map((size) => files.plan(Buffer.from(path(size)), algorithms));
        expect(planned.map((p) => p !== undefined)).toEqual(SIZES.map((s) => s > PIECE));
        for (const [i, size] of SIZES.entries()) {
          const outcome = await planned[i]?.();
          if (outcome === undefined) continue;
          if (!outcome.ok) throw new Error(`${size}: ${outcome.code}`);
          NAMES.forEach((name, k) => {
            expect(hex(outcome.digests[k] as Uint8Array), `${name} ${size}, helps ${helps}`).toBe(want(size, name));
          });
        }
        const pieces = SIZES.reduce((n, s) => n + (s > PIECE ? Math.floor((s - 1) / PIECE) : 0), 0);
        expect(files.workers).toBe(helps === '2' ? 2 : 3);
        if (helps === '0') expect(files.piecesInWorkers).toBe(pieces);
        // all along, the main thread may take every piece before its one worker is ready
        else expect(files.piecesInWorkers).toBeLessThanOrEqual(pieces);
      } finally {
        await files.close();
      }
    }
  });

  it('leaves -j 1 and files under the threshold alone, and another algorithm list than the first', () => {
    const algorithms = [{ name: 'CRC-32' as AlgorithmName }];
    const big = Buffer.from(path(SIZES.at(-1) as number));
    expect(new ChecksumFiles(1, b3Tuning(TUNING)).plan(big, algorithms)).toBeUndefined();
    const high = new ChecksumFiles(2, b3Tuning({ ...TUNING, DIGESTLAB_B3_PARALLEL_FROM: String(1 << 20) }));
    expect(high.plan(big, algorithms)).toBeUndefined();
    const files = new ChecksumFiles(2, b3Tuning(TUNING));
    expect(files.plan(big, [{ name: 'ADLER32' }])).toBeDefined();
    expect(files.plan(big, algorithms)).toBeUndefined();
    return files.close();
  });

  it('fails a file that shrinks while its pieces are read, rather than print a value', async () => {
    const shrinking = join(dir, 'shrinking');
    writeFileSync(shrinking, randomBytes(8 * PIECE + 1));
    const files = new ChecksumFiles(2, b3Tuning({ ...TUNING, DIGESTLAB_B3_MAIN_HELPS: '0' }));
    try {
      const pending = files.plan(Buffer.from(shrinking), [{ name: 'CRC-32' }]);
      truncateSync(shrinking, 2 * PIECE);
      expect(await pending?.()).toMatchObject({ ok: false });
    } finally {
      await files.close();
    }
  });

  it('prints with -j 2 what -j 1 prints, byte for byte; cksum (all cores) as sum --tag -j 1', async () => {
    const env = { ...process.env, ...TUNING };
    const names = SIZES.map(path);
    const algorithms = ['-a', 'crc32', '-a', 'crc32c', '-a', 'crc64nvme', '-a', 'adler32'];
    for (const args of [
      ['sum', ...algorithms],
      ['sum', '-a', 'crc64xz', '--tag'],
    ]) {
      const one = await runCli([...args, '-j', '1', ...names], { env });
      const two = await runCli([...args, '-j', '2', ...names], { env });
      expect(one.stderr, args.join(' ')).toBe('');
      expect(one.stdout.split('\n').length, args.join(' ')).toBeGreaterThan(SIZES.length);
      expect(two, args.join(' ')).toEqual(one);
    }
    const cksum = await runCli(['cksum', '-a', 'crc-32c', ...names], { env });
    expect(cksum).toEqual(await runCli(['sum', '--tag', '-a', 'crc-32c', '-j', '1', ...names], { env }));
  });
});
