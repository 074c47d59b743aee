/**
 * The large tier of b3sum-parallel.test.ts (~15 s on this loaded machine: a run starts its workers each time).
 * `digestlab sum -a blake3` on several cores (src/sum/b3-parallel.ts, b3-worker.ts): subtrees of 4 KiB (set through
 * DIGESTLAB_B3_SUBTREE, so the files stay small) hashed in worker threads and merged on the main thread give
 * Debian's b3sum 1.2.0 stdout byte for byte with -j 1, 2 and 4, in every mode, at the subtree and chunk edges,
 * several files at once; `-c` checks such files both ways, the built command spawned as a user runs it.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireProgram } from '../../../scripts/check/reference-programs.mjs';
// the default tier's files at the chunk and subtree edges (empty, a chunk ± 1, k subtrees ± 1, one of many subtrees)
import { B3_PARALLEL_FILES as FILES, B3_PARALLEL_SIZES as SIZES } from '../../../scripts/vectors/tool-transcripts.mjs';
import { b3sumInProcess } from './b3-in-process.js';
import { requireBuilt } from './run.js';

/** Debian's b3sum, the reference this tier runs (one line naming its package when it is missing). */
const B3SUM = requireProgram('b3sum');

const BIN = join(import.meta.dirname, '..', 'bin', 'digestlab.js');
const SUBTREE = 4096;
const ENV = {
  ...process.env,
  LC_ALL: 'C.UTF-8',
  DIGESTLAB_B3_SUBTREE: String(SUBTREE),
  DIGESTLAB_B3_PARALLEL_FROM: '0',
  // every subtree in a worker: the main thread would take them all while the workers start
  DIGESTLAB_B3_MAIN_HELPS: '0',
};
const KEY = Buffer.from('whats the Elvish word for friend');
let dir = '';

function run(cmd: string, args: readonly string[], input: string | Buffer = '') {
  const r = spawnSync(cmd, args, { cwd: dir, input, env: ENV });
  return { code: r.status, stdout: r.stdout.toString('latin1'), stderr: r.stderr.toString() };
}
const ours = (args: readonly string[], input?: Buffer) =>
  run(process.execPath, [BIN, 'sum', '-a', 'blake3', ...args], input);

beforeAll(() => {
  requireBuilt('sum/run.js', 'sum/b3-worker.js');
  dir = mkdtempSync(join(tmpdir(), 'digestlab-b3par-'));
  for (const n of SIZES) writeFileSync(join(dir, `f${n}`), randomBytes(n));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The b3sum mode run in this process, in the test files' folder (b3-in-process.ts). */
const inProcess = (args: readonly string[], key?: Buffer) => b3sumInProcess(dir, ENV, args, key);

describe('digestlab sum -a blake3 with worker threads, every mode', () => {
  it('prints b3sum 1.2.0 lines with -j 1, 2 and 4 in every mode', async () => {
    for (const mode of [[], ['-l', '131'], ['--keyed'], ['--derive-key', 'b3par context', '-l', '7']]) {
      const key = mode[0] === '--keyed' ? KEY : undefined;
      const expected = run(B3SUM, [...mode, ...FILES], key);
      expect(expected.code).toBe(0);
      for (const j of ['1', '2', '4']) {
        const got = await inProcess(['--num-threads', j, ...mode, ...FILES], key);
        expect(got.stderr, `${mode.join(' ')} -j ${j}`).toBe('');
        expect(got.stdout, `${mode.join(' ')} -j ${j}`).toBe(expected.stdout);
        expect(got.code).toBe(0);
      }
    }
    // -j N as well as --num-threads; 0 is the default (the cores), as b3sum's
    const expected = run(B3SUM, FILES).stdout;
    expect((await inProcess(['-j3', ...FILES])).stdout).toBe(expected);
    expect((await inProcess(['--num-threads=0', ...FILES])).stdout).toBe(expected);
    expect((await inProcess(['--num-threads', 'x', 'f1'])).code).toBe(run(B3SUM, ['--num-threads', 'x', 'f1']).code);
  });

  it('-c with workers, the built command as a user runs it: we check b3sum list and our own; b3sum checks ours', () => {
    writeFileSync(join(dir, 'theirs.b3'), run(B3SUM, FILES).stdout);
    writeFileSync(join(dir, 'ours.b3'), ours(['-j', '2', ...FILES]).stdout);
    const checked = ours(['-j', '2', '-c', 'theirs.b3', 'ours.b3']);
    expect(checked.stdout).toBe(run(B3SUM, ['-c', 'theirs.b3', 'ours.b3']).stdout);
    expect(checked.stdout.split('\n').filter((l) => l.endsWith(': OK'))).toHaveLength(2 * FILES.length);
    expect(checked.code).toBe(0);
    expect(run(B3SUM, ['-c', 'ours.b3']).code).toBe(0);
  });
});
