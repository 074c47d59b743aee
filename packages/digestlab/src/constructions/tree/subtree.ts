/**
 * BLAKE3's aligned subtrees: whole chunks handed to the core in aligned subtrees of up to SUBTREE_CHUNKS chunks at
 * once (the reference's `hash_many`, then its parents layer by layer), which is what lets the WebAssembly core run
 * four chunks in SIMD lanes; and {@link SubtreeHash}, one such subtree hashed apart from the rest. What the running
 * engine (tree.ts) and the split API (api/blake3-split.ts) share.
 */

import { InvalidOptionError, LengthLimitError } from '../../shared/errors.js';
import { MAX_LENGTH } from '../../spec/algorithm.js';
import type { Blake3Core } from '../../spec/constructions.js';
import { BLOCK, CHUNK_LENGTH, MAX_DEPTH, PARENT, popcount, SUBTREE_CHUNKS } from './constants.js';

/** Little-endian words of 32 bytes. */
export function keyWords(bytes: Uint8Array): Int32Array {
  const words = new Int32Array(8);
  for (let i = 0; i < 8; i++) {
    const p = 4 * i;
    words[i] = bytes[p] | (bytes[p + 1] << 8) | (bytes[p + 2] << 16) | (bytes[p + 3] << 24);
  }
  return words;
}

/**
 * The subtree the core works on, 8 words per chunk: one for every engine, as hashing is synchronous and never
 * calls out (an engine's own would be 2 KiB to allocate for every short message).
 */
const SUBTREE = new Int32Array(8 * SUBTREE_CHUNKS);

/** The most chunks of an aligned subtree at chunk `counter` (2^k chunks start at a multiple of 2^k), up to `count`. */
export function alignedSize(counter: number, count: number): number {
  let size = SUBTREE_CHUNKS;
  while (size > count || counter % size !== 0) size /= 2;
  return size;
}

/** The CV (into `cvs[0..8]`) of the aligned subtree of `size` chunks of `data` at `off`, whose first is `counter`. */
export function hashAligned(
  core: Blake3Core,
  mode: TreeMode,
  data: Uint8Array,
  off: number,
  size: number,
  counter: number,
) {
  core.chunks(mode.key, mode.flags, data, off, size, counter, SUBTREE);
  for (let s = size; s > 1; s /= 2) core.parents(mode.key, mode.flags, SUBTREE, s / 2);
  return SUBTREE;
}

/** Merges a stack's top pairs into parents (never the root) until `keep` CVs are left; returns that depth. */
export function mergeTo(
  core: Blake3Core,
  mode: TreeMode,
  stack: Int32Array,
  depth: number,
  keep: number,
  out: Int32Array,
) {
  let d = depth;
  for (; d > keep; d--) {
    const at = 8 * (d - 2);
    core.compress(mode.key, 0, stack, at, 0, BLOCK, mode.flags | PARENT, out);
    stack.set(out.subarray(0, 8), at);
  }
  return d;
}

/** A power of two, at least 1, that a chunk counter can hold. */
export const isPowerOfTwo = (n: number) => Number.isSafeInteger(n) && n >= 1 && 2 ** Math.round(Math.log2(n)) === n;

/** A mode's key words and flags (§2.1, §6.2). */
export interface TreeMode {
  key: Int32Array;
  flags: number;
}

/**
 * The chaining value of one aligned subtree of the tree, hashed apart from the rest (on another thread, say): its
 * `chunks` chunks (a power of two) start at chunk `start`, a multiple of `chunks`, and arrive as whole chunks in
 * order, in pieces of any number of them. Its CV is a non-root node's: {@link TreeHash.pushSubtree} takes it where
 * the subtree stands, which gives the digest one engine would have given. The subtree's own stack is merged
 * eagerly: nothing in it can be the root.
 */
export class SubtreeHash {
  readonly #stack = new Int32Array(8 * MAX_DEPTH);
  #depth = 0;
  /** Chunks hashed so far. */
  #done = 0;
  readonly #out = new Int32Array(16);

  constructor(
    private readonly core: Blake3Core,
    private readonly mode: TreeMode,
    readonly start: number,
    readonly chunks: number,
  ) {
    if (!isPowerOfTwo(chunks)) throw new InvalidOptionError('chunks', `expected a power of two; got ${chunks}`);
    // NaN and infinities fail the second test, unsafe integers the length limit below
    if (start < 0 || start % chunks !== 0) {
      throw new InvalidOptionError('start', `a subtree of ${chunks} chunks cannot start at chunk ${start}`);
    }
    if ((start + chunks) * CHUNK_LENGTH > MAX_LENGTH) throw new LengthLimitError(start * CHUNK_LENGTH, chunks);
  }

  /** Whole chunks of the subtree, next in order. */
  update(data: Uint8Array): void {
    if (data.length % CHUNK_LENGTH !== 0 || data.length / CHUNK_LENGTH > this.chunks - this.#done) {
      const left = (this.chunks - this.#done) * CHUNK_LENGTH;
      throw new InvalidOptionError('data', `expected whole chunks, ${left} bytes at most; got ${data.length} bytes`);
    }
    for (let off = 0; off < data.length; ) {
      const size = alignedSize(this.#done, (data.length - off) / CHUNK_LENGTH);
      this.#stack.set(
        hashAligned(this.core, this.mode, data, off, size, this.start + this.#done).subarray(0, 8),
        8 * this.#depth,
      );
      this.#done += size;
      this.#depth = mergeTo(this.core, this.mode, this.#stack, this.#depth + 1, popcount(this.#done), this.#out);
      off += size * CHUNK_LENGTH;
    }
  }

  /** The subtree's chaining value, 32 bytes, once all its chunks came. */
  cv(): Uint8Array {
    if (this.#done !== this.chunks) {
      throw new InvalidOptionError('data', `the subtree has ${this.chunks} chunks; ${this.#done} came`);
    }
    const out = new Uint8Array(32);
    for (let i = 0; i < 32; i++) out[i] = this.#stack[i >> 2] >>> ((i & 3) << 3);
    return out;
  }
}
