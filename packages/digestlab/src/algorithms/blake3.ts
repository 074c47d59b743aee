/**
 * BLAKE3 (the BLAKE3 paper, 2020, §2.2) in TypeScript: the compression function, the wide loops over whole chunks
 * and parent nodes that the tree (tree.ts) hands it, and the spec. BouncyCastle names it BLAKE3-256; `BLAKE3` is
 * an alias. One algorithm with three modes (hash, keyed_hash with a 32-byte `key`, derive_key with a `context`)
 * and any output length: the modes are the flags and the key words the tree runs under.
 */

import { BLAKE3_IV, CHUNK_END, CHUNK_LENGTH, CHUNK_START, PARENT } from '../constructions/tree/constants.js';
import { createTree } from '../constructions/tree/modes.js';
import { interpreted, isV8, type RuntimeInfo, runtime } from '../shared/runtime.js';
import type { AlgorithmSpec } from '../spec/algorithm.js';
import type { Blake3Core } from '../spec/constructions.js';
import { g } from './blake2s-g.js';
import { blake3RoundsUnrolled } from './generated/blake3.js';

/** The message permutation (§2.2): round r reads word SCHEDULE[16r + i] where round 0 reads word i. */
const PERMUTATION = [2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8];
export const SCHEDULE: readonly number[] = (() => {
  const out: number[] = [];
  let order = Array.from({ length: 16 }, (_, i) => i);
  for (let r = 0; r < 7; r++) {
    out.push(...order);
    order = PERMUTATION.map((p) => order[p]);
  }
  return out;
})();

/** The working state of one compression: its 16 words. */
const V = new Int32Array(16);
/** The block words a compression reads (copied first: `out` may be where the block came from). */
const M = new Int32Array(16);

/** Seven rounds of columns then diagonals over v, the message words m read in the permuted orders. */
export function roundsLoop(v: Int32Array, m: Int32Array): void {
  for (let s = 0; s < 112; s += 16) {
    g(v, 0, 4, 8, 12, m[SCHEDULE[s]], m[SCHEDULE[s + 1]]);
    g(v, 1, 5, 9, 13, m[SCHEDULE[s + 2]], m[SCHEDULE[s + 3]]);
    g(v, 2, 6, 10, 14, m[SCHEDULE[s + 4]], m[SCHEDULE[s + 5]]);
    g(v, 3, 7, 11, 15, m[SCHEDULE[s + 6]], m[SCHEDULE[s + 7]]);
    g(v, 0, 5, 10, 15, m[SCHEDULE[s + 8]], m[SCHEDULE[s + 9]]);
    g(v, 1, 6, 11, 12, m[SCHEDULE[s + 10]], m[SCHEDULE[s + 11]]);
    g(v, 2, 7, 8, 13, m[SCHEDULE[s + 12]], m[SCHEDULE[s + 13]]);
    g(v, 3, 4, 9, 14, m[SCHEDULE[s + 14]], m[SCHEDULE[s + 15]]);
  }
}

/**
 * Which shape of the rounds an engine runs: every G written out on locals (generated/blake3.ts) where there is no JIT
 * and on V8 (1.4-3x the loop there: docs/decisions/ts-interpreter-shapes.md); the loop of G calls on the other JITs
 * (JavaScriptCore and SpiderMonkey fell off or warmed up slowly on BLAKE2's unrolled cores: ts-blake2-engine-shapes.md).
 */
export function blake3Shape(r: Pick<RuntimeInfo, 'runtime' | 'browser'>, noJit: boolean): 'unrolled' | 'loop' {
  return noJit || isV8(r) ? 'unrolled' : 'loop';
}

const ROUNDS = blake3Shape(runtime(), interpreted()) === 'unrolled' ? blake3RoundsUnrolled : roundsLoop;
const rounds = (): void => ROUNDS(V, M);

/** V set up from a chaining value, the IV and the counter (halves by division: no 32-bit shift), length, flags. */
function start(cv: Int32Array, cvOff: number, counter: number, blockLength: number, flags: number): void {
  const v = V;
  for (let i = 0; i < 8; i++) v[i] = cv[cvOff + i];
  for (let i = 0; i < 4; i++) v[8 + i] = BLAKE3_IV[i];
  v[12] = (counter % 2 ** 32) | 0;
  v[13] = Math.floor(counter / 2 ** 32) | 0;
  v[14] = blockLength;
  v[15] = flags;
}

/** Reads 16 little-endian words of `data` at `offset` into M. */
function loadBlock(data: Uint8Array, offset: number): void {
  for (let i = 0, p = offset; i < 16; i++, p += 4) {
    M[i] = data[p] | (data[p + 1] << 8) | (data[p + 2] << 16) | (data[p + 3] << 24);
  }
}

/** BLAKE3 in TypeScript: one block at a time, every loop a plain loop over it. */
export const TS_BLAKE3: Blake3Core = {
  compress(cv, cvOff, m, mOff, counter, blockLength, flags, out) {
    for (let i = 0; i < 16; i++) M[i] = m[mOff + i];
    start(cv, cvOff, counter, blockLength, flags);
    rounds();
    for (let i = 0; i < 8; i++) {
      out[i] = V[i] ^ V[i + 8];
      out[i + 8] = V[i + 8] ^ cv[cvOff + i];
    }
  },
  blocks(cv, data, offset, n, counter, flags, first) {
    for (let b = 0; b < n; b++) {
      loadBlock(data, offset + 64 * b);
      start(cv, 0, counter, 64, flags | (first && b === 0 ? CHUNK_START : 0));
      rounds();
      for (let i = 0; i < 8; i++) cv[i] = V[i] ^ V[i + 8];
    }
  },
  chunks(key, flags, data, offset, count, counter, cvs) {
    for (let c = 0; c < count; c++) {
      const at = 8 * c;
      for (let i = 0; i < 8; i++) cvs[at + i] = key[i];
      for (let b = 0; b < 16; b++) {
        loadBlock(data, offset + c * CHUNK_LENGTH + 64 * b);
        const f = flags | (b === 0 ? CHUNK_START : 0) | (b === 15 ? CHUNK_END : 0);
        start(cvs, at, counter + c, 64, f);
        rounds();
        for (let i = 0; i < 8; i++) cvs[at + i] = V[i] ^ V[i + 8];
      }
    }
  },
  parents(key, flags, cvs, count) {
    for (let p = 0; p < count; p++) {
      for (let i = 0; i < 16; i++) M[i] = cvs[16 * p + i];
      start(key, 0, 0, 64, flags | PARENT);
      rounds();
      for (let i = 0; i < 8; i++) cvs[8 * p + i] = V[i] ^ V[i + 8];
    }
  },
};

export const BLAKE3_256: AlgorithmSpec = {
  name: 'BLAKE3-256',
  code: 50,
  digestLength: 32,
  blockLength: 64,
  create: (outputLength = 32, params = {}) => createTree(BLAKE3_256, TS_BLAKE3, outputLength, params),
  construction: { kind: 'tree', core: TS_BLAKE3 },
};
