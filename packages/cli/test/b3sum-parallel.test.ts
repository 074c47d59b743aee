/**
 * `digestlab sum -a blake3` on several cores (src/sum/b3-parallel.ts, b3-worker.ts): subtrees of 4 KiB (set through
 * DIGESTLAB_B3_SUBTREE, so the files stay small) hashed in worker threads and merged on the main thread give
 * Debian's b3sum 1.2.0 stdout byte for byte at the subtree and chunk edges, several files at once: its lines for the
 * b3sum-parallel scenario of scripts/vectors/tool-transcripts.mjs, stored in vectors/tools/b3sum-parallel.json (no
 * outside program is run here; b3sum-parallel.refs.test.ts runs b3sum on fresh random files). In-process, the split is
 * shown to happen (no file over a subtree hashed on the main thread) and `-j` to bound the worker threads of the whole
 * run. Every mode with -j 1, 2 and 4, and `-c` both ways: b3sum-parallel.large.test.ts.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { blake3 } from '@noble/hashes/blake3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { B3_PARALLEL_FILES as FILES, B3_PARALLEL_SIZES as SIZES } from '../../../scripts/vectors/tool-transcripts.mjs';
import { B3Files, b3Tuning } from '../src/sum/b3-parallel.js';
import { b3sumInProcess } from './b3-in-process.js';
import { requireBuilt } from './run.js';
import { type Opened, stored } from './transcripts.js';

const SUBTREE = 4096;
const ENV = {
  ...process.env,
  LC_ALL: 'C.UTF-8',
  DIGESTLAB_B3_SUBTREE: String(SUBTREE),
  DIGESTLAB_B3_PARALLEL_FROM: '0',
  // every subtree in a worker: the main thread would take them all while the workers start
  DIGESTLAB_B3_MAIN_HELPS: '0',
};
/** The files at the edges (empty, a chunk ± 1, k subtrees ± 1, one of many subtrees) and b3sum's lines for them. */
let b3sum: Opened;
let dir = '';

beforeAll(() => {
  requireBuilt('sum/run.js', 'sum/b3-worker.js');
  b3sum = stored('b3sum-parallel');
  dir = b3sum.dir;
});
afterAll(() => b3sum?.cleanup());

/** The b3sum mode run in this process, in the test files' folder (b3-in-process.ts). */
const inProcess = (args: readonly string[], key?: Buffer) => b3sumInProcess(dir, ENV, args, key);

describe('digestlab sum -a blake3 with worker threads', () => {
  it('prints b3sum 1.2.0 lines with -j 2 through the workers (derive_key, 131 bytes out)', async () => {
    const b = b3sum.run('derive-key-131');
    expect(b.args).toEqual(['--derive-key', 'b3par context', '-l', '131', ...FILES]);
    const got = await inProcess(['-j', '2', ...b.args]);
    expect(got.stderr).toBe('');
    expect(got.stdout).toBe(b.stdout.toString('latin1'));
    expect(got.code).toBe(0);
  });

  it('hashes every file over a subtree in workers, never more of them than -j; or on the main thread first', async () => {
    const paths = FILES.map((f) => join(dir, f));
    const b = b3sum.run('no-names');
    expect(b.args).toEqual(['--no-names', ...FILES]);
    const expected = b.stdout.toString().split('\n');
    const subtrees = SIZES.reduce((n, size) => n + (size > SUBTREE ? Math.floor((size - 1) / SUBTREE) : 0), 0);
    for (const helps of ['0', '1', '2']) {
      const alone: string[] = [];
      const tuning = { DIGESTLAB_B3_SUBTREE: '4096', DIGESTLAB_B3_PARALLEL_FROM: '0', DIGESTLAB_B3_MAIN_HELPS: helps };
      const files = new B3Files(3, b3Tuning(tuning), { outputLength: 32 }, async (name) => {
        alone.push(String(name));
        return new Uint8Array(32);
      });
      try {
        const pending = paths.map((p) => files.plan(p));
        const digests: string[] = [];
        for (const p of pending) digests.push(Buffer.from(await p()).toString('hex'));
        // the files the split took match b3sum's; those it left were at most one subtree
        for (const [i, n] of SIZES.entries()) {
          if (n > SUBTREE) expect(digests[i], `${FILES[i]}, main thread helps: ${helps}`).toBe(expected[i]);
        }
        expect(alone).toEqual(paths.filter((_, i) => (SIZES[i] as number) <= SUBTREE));
        // all along (2), the main thread is one of the three
        expect(files.workers).toBe(helps === '2' ? 2 : 3);
        if (helps === '0') expect(files.subtreesInWorkers).toBe(subtrees);
        // all along, the main thread takes the last subtree before its one worker is ready, at least
        else if (helps === '2') expect(files.subtreesInWorkers).toBeLessThan(subtrees);
        else expect(files.subtreesInWorkers).toBeLessThanOrEqual(subtrees);
      } finally {
        await files.close();
      }
    }
  });

  it('opens a name that is not UTF-8 by its bytes, its subtrees in workers too (spawned: argv as a shell gives it)', () => {
    const content = randomBytes(5 * SUBTREE + 7);
    writeFileSync(Buffer.from(join(dir, 'x\xff'), 'latin1'), content);
    const bin = join(import.meta.dirname, '..', 'bin', 'digestlab.js');
    const line = `"${process.execPath}" "${bin}" sum -a blake3 -j 2 "$(printf 'x\\377')"`;
    const r = spawnSync('/bin/sh', ['-c', line], { cwd: dir, env: ENV });
    expect([r.stderr.toString(), r.status]).toEqual(['', 0]);
    expect(r.stdout.toString()).toBe(`${Buffer.from(blake3(content)).toString('hex')}  x\uFFFD\n`);
  });

  it('fails a file that shrinks while its subtrees are read, rather than print a digest', async () => {
    const path = join(dir, 'shrinking');
    writeFileSync(path, randomBytes(8 * SUBTREE + 1));
    const files = new B3Files(2, b3Tuning(ENV), { outputLength: 32 }, async () => new Uint8Array(32));
    try {
      const pending = files.plan(path);
      // the workers are still starting: they open the file after this
      truncateSync(path, 2 * SUBTREE);
      await expect(pending()).rejects.toThrow('the file shrank while it was hashed');
    } finally {
      await files.close();
    }
  });

  it('keeps small files and -j 1 on the main thread, and refuses a subtree size that is no power of two', async () => {
    const tuning = b3Tuning({ ...ENV, DIGESTLAB_B3_PARALLEL_FROM: String(8 * 4096 + 1) });
    // from 32769 bytes: the two largest files split with -j 2, none with -j 1
    for (const [threads, split] of [
      [1, 0],
      [2, 2],
    ] as const) {
      const alone: string[] = [];
      const files = new B3Files(threads, tuning, { outputLength: 32 }, async (name) => {
        alone.push(String(name));
        return new Uint8Array(32);
      });
      for (const f of FILES) await files.plan(join(dir, f))();
      await files.close();
      expect(alone.length, `-j ${threads}`).toBe(FILES.length - split);
      expect(files.workers).toBe(split === 0 ? 0 : threads);
    }
    expect(() => b3Tuning({ DIGESTLAB_B3_SUBTREE: '3072' })).toThrow(/DIGESTLAB_B3_SUBTREE/);
    expect(() => b3Tuning({ DIGESTLAB_B3_SUBTREE: '512' })).toThrow(/DIGESTLAB_B3_SUBTREE/);
    expect(() => b3Tuning({ DIGESTLAB_B3_PARALLEL_FROM: '1e6' })).toThrow(/DIGESTLAB_B3_PARALLEL_FROM/);
    expect(() => b3Tuning({ DIGESTLAB_B3_MAIN_HELPS: '3' })).toThrow(/DIGESTLAB_B3_MAIN_HELPS/);
    expect(b3Tuning({ DIGESTLAB_B3_MAIN_HELPS: '2' }).mainHelps).toBe('always');
    expect(b3Tuning({})).toEqual({ from: 256 * 1024 * 1024, subtree: 4 * 1024 * 1024, mainHelps: 'always' });
    expect(b3Tuning({ DIGESTLAB_B3_MAIN_HELPS: '1' }).mainHelps).toBe('start');
  });
});
