/**
 * b3sum itself, for b3sum-parallel.test.ts: the installed program run over the b3sum-parallel scenario again prints
 * what vectors/tools/b3sum-parallel.json stores, and over fresh random files of the same sizes (the chunk and 4 KiB
 * subtree edges) `digestlab sum -a blake3 -j 2` prints its lines byte for byte, whether the main thread never hashes
 * a subtree, helps while the workers start, or helps all along.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireProgram } from '../../../scripts/check/reference-programs.mjs';
import { b3sumInProcess } from './b3-in-process.js';
import { requireBuilt } from './run.js';
import { live, type Opened, unreproduced } from './transcripts.js';

requireProgram('b3sum');

describe('b3sum, the installed program', () => {
  it('prints what vectors/tools/b3sum-parallel.json stores, case by case (it is b3sum 1.2.0)', () => {
    expect(unreproduced('b3sum-parallel')).toEqual([]);
  });
});

describe('digestlab sum -a blake3 -j 2 as the installed b3sum, over fresh random files', () => {
  let b3sum: Opened;
  beforeAll(() => {
    requireBuilt('sum/run.js', 'sum/b3-worker.js');
    b3sum = live('b3sum-parallel');
  });
  afterAll(() => b3sum?.cleanup());

  for (const helps of ['0', '1', '2']) {
    it(`prints its lines, every subtree of 4 KiB split off (DIGESTLAB_B3_MAIN_HELPS=${helps})`, async () => {
      const env = {
        ...process.env,
        LC_ALL: 'C.UTF-8',
        DIGESTLAB_B3_SUBTREE: '4096',
        DIGESTLAB_B3_PARALLEL_FROM: '0',
        DIGESTLAB_B3_MAIN_HELPS: helps,
      };
      expect(b3sum.runs.size).toBeGreaterThan(0);
      for (const b of b3sum.runs.values()) {
        const got = await b3sumInProcess(b3sum.dir, env, ['-j', '2', ...b.args]);
        expect({ ...got, args: b.args }).toEqual({
          code: b.code,
          stdout: b.stdout.toString('latin1'),
          stderr: b.stderr,
          args: b.args,
        });
      }
    });
  }
});
