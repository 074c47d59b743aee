/**
 * BLAKE3's tree (the BLAKE3 paper §2.1, §5.1), beside Merkle–Damgård and the sponge: input is cut into chunks of
 * 1024 bytes, each chunk's 64-byte blocks compressed into its chaining value (CV), CVs paired into parents up to
 * one root, whose compression is the extendable output. The running engine lives here: the current chunk, the
 * stack of finished subtrees' CVs, and the root's output; whole chunks go through aligned subtrees (subtree.ts),
 * the modes and the one-shot call are modes.ts's, the state format state.ts's. The compression and its wide loops
 * are a {@link Blake3Core} (TypeScript in algorithms/blake3.ts, WebAssembly in providers/wasm-blake3.ts).
 *
 * The stack is merged lazily, as the Rust implementation's: before a subtree's CV is pushed, the stack is merged
 * down to one CV per 1 bit of the number of chunks before it, so nothing is merged before it is known not to be
 * the root. Counters are JavaScript numbers (2^53 bytes is 2^43 chunks): bits are counted by halves, never by a
 * 32-bit shift of the chunk count.
 */

import { InvalidOptionError, LengthLimitError } from '../../shared/errors.js';
import { type AlgorithmSpec, type BlockEngine, MAX_LENGTH } from '../../spec/algorithm.js';
import type { Blake3Core } from '../../spec/constructions.js';
import { sliced } from '../block/block.js';
import { BLOCK, CHUNK_END, CHUNK_LENGTH, CHUNK_START, MAX_DEPTH, PARENT, popcount, ROOT } from './constants.js';
import { encodeTreeState } from './state.js';
import { alignedSize, hashAligned, isPowerOfTwo, keyWords, mergeTo } from './subtree.js';

/** A parent's block as the root is found, and the root's output words: scratch of every engine, as SUBTREE. */
const PARENT_BLOCK = new Int32Array(16);
const ROOT_WORDS = new Int32Array(16);

/** A running BLAKE3: the current chunk (its CV, the blocks it compressed, its unfinished block) and the stack. */
export class TreeHash implements BlockEngine {
  /** The current chunk's chaining value. */
  readonly chain = new Int32Array(8);
  readonly buffer = new Uint8Array(BLOCK);
  /** Bytes in `buffer`: 1 to 64 once anything was hashed, for a chunk's last block waits for what follows. */
  pos = 0;
  length = 0;
  readonly key: Int32Array;
  /** Made when first needed: input under one chunk (most short messages) never pushes a CV. */
  #stack: Int32Array | undefined;
  depth = 0;
  readonly #words = new Int32Array(16);
  readonly #out = new Int32Array(16);

  constructor(
    readonly spec: AlgorithmSpec,
    private readonly core: Blake3Core,
    readonly outputLength: number,
    key: Int32Array,
    /** Mutable only for importState, which restores a state's mode into a fresh engine. */
    public flags: number,
  ) {
    this.key = key.slice();
    this.chain.set(key);
  }

  /** The stack's chaining values, 8 words each, bottom first; `depth` of them are live. */
  get stack(): Int32Array {
    this.#stack ??= new Int32Array(8 * MAX_DEPTH);
    return this.#stack;
  }

  /** What an exported state holds beyond the buffering (./state.ts). */
  get tree(): this {
    return this;
  }

  /** Chunks finished (pushed onto the stack): the current chunk's counter. */
  get chunks(): number {
    return this.length === 0 ? 0 : Math.floor((this.length - 1) / CHUNK_LENGTH);
  }

  /** Blocks of the current chunk compressed into `chain`. */
  get blocks(): number {
    return this.length === 0 ? 0 : (this.length - this.chunks * CHUNK_LENGTH - this.pos) / BLOCK;
  }

  update(data: Uint8Array): void {
    if (sliced(this, data)) return;
    const n = data.length;
    let off = 0;
    while (off < n) {
      // more input follows what is buffered: a full block, or a full chunk, can be compressed as not the last
      if (this.pos === BLOCK) this.#flushBlock();
      if (this.length % CHUNK_LENGTH === 0 && this.pos === 0) {
        // at a chunk's start: whole chunks straight from `data`, all but the one the last byte falls in
        const whole = Math.floor((n - off - 1) / CHUNK_LENGTH);
        if (whole > 0) {
          this.#subtrees(data, off, whole);
          off += whole * CHUNK_LENGTH;
          continue;
        }
      }
      if (this.pos === 0 && (this.length === 0 || this.length % CHUNK_LENGTH !== 0)) {
        // inside a chunk with nothing buffered: its inner blocks straight from `data`, in one call, leaving the
        // chunk's last block, and the input's last byte, to the buffer
        const k = Math.min(15 - this.blocks, Math.floor((n - off - 1) / BLOCK));
        if (k > 0) {
          this.core.blocks(this.chain, data, off, k, this.chunks, this.flags, this.blocks === 0);
          this.length += k * BLOCK;
          off += k * BLOCK;
          continue;
        }
      }
      const take = Math.min(BLOCK - this.pos, n - off);
      this.buffer.set(data.subarray(off, off + take), this.pos);
      this.pos += take;
      this.length += take;
      off += take;
    }
  }

  /** The full buffered block, followed by more input: compressed as a chunk's inner block, or its last. */
  #flushBlock(): void {
    const blocks = this.blocks;
    const counter = this.chunks;
    const last = blocks === 15;
    const flags = this.flags | (blocks === 0 ? CHUNK_START : 0) | (last ? CHUNK_END : 0);
    this.#load();
    this.core.compress(this.chain, 0, this.#words, 0, counter, BLOCK, flags, this.#out);
    this.pos = 0;
    // the chunk's CV through `chain`: pushing merges the stack, which overwrites `#out`
    this.chain.set(this.#out.subarray(0, 8));
    if (last) {
      this.#push(this.chain, counter);
      this.chain.set(this.key);
    }
  }

  /** The buffer as block words, zeros after `pos`. */
  #load(): void {
    const b = this.buffer;
    b.fill(0, this.pos);
    for (let i = 0, p = 0; i < 16; i++, p += 4) {
      this.#words[i] = b[p] | (b[p + 1] << 8) | (b[p + 2] << 16) | (b[p + 3] << 24);
    }
  }

  /** `count` whole chunks of `data` at `off`, at a chunk boundary, in aligned subtrees the core hashes at once. */
  #subtrees(data: Uint8Array, off: number, count: number): void {
    while (count > 0) {
      const counter = this.length / CHUNK_LENGTH;
      const size = alignedSize(counter, count);
      this.#push(hashAligned(this.core, this, data, off, size, counter), counter);
      this.length += size * CHUNK_LENGTH;
      off += size * CHUNK_LENGTH;
      count -= size;
    }
  }

  /**
   * Pushes the chaining value (32 bytes, {@link SubtreeHash}'s) of the aligned subtree of `chunks` chunks (a power
   * of two) that starts where this engine is: at its start, or right after another pushed subtree, at a multiple
   * of `chunks` chunks. A pushed subtree is never the root: the input's last byte comes through `update`.
   */
  pushSubtree(cv: Uint8Array, chunks: number): void {
    const counter = this.length / CHUNK_LENGTH;
    if (cv.length !== 32) throw new InvalidOptionError('cv', `expected 32 bytes; got ${cv.length}`);
    if (!isPowerOfTwo(chunks)) throw new InvalidOptionError('chunks', `expected a power of two; got ${chunks}`);
    // nothing buffered only at the start or right after a pushed subtree: `counter` is then whole
    if (this.pos !== 0 || counter % chunks !== 0) {
      const at = this.pos === 0 ? `chunk ${counter}` : `byte ${this.length}`;
      throw new InvalidOptionError('chunks', `a subtree of ${chunks} chunks cannot start at ${at}`);
    }
    if (this.length + chunks * CHUNK_LENGTH > MAX_LENGTH)
      throw new LengthLimitError(this.length, chunks * CHUNK_LENGTH);
    this.#push(keyWords(cv), counter);
    this.length += chunks * CHUNK_LENGTH;
  }

  /** Pushes the CV at `cv[0..8]` of a subtree that starts after `before` chunks, merging the stack first. */
  #push(cv: Int32Array, before: number): void {
    this.#merge(before);
    this.stack.set(cv.subarray(0, 8), 8 * this.depth);
    this.depth++;
  }

  /**
   * Merges the stack's top pairs into parents until one CV per 1 bit of `chunks` is left: the subtrees of the
   * chunks before a chunk that exists, so none of them is the root.
   */
  #merge(chunks: number): void {
    this.depth = mergeTo(this.core, this, this.stack, this.depth, popcount(chunks), this.#out);
  }

  /** Finalizes and returns `outputLength` bytes of the root's output. The engine must be reset before reuse. */
  digest(): Uint8Array {
    if (this.pos === 0 && this.length > 0) {
      throw new InvalidOptionError('pushSubtree', 'the last pushed subtree must be followed by input (it is no root)');
    }
    const out = this.#out;
    const words = this.#words;
    const parentBlock = PARENT_BLOCK;
    this.#merge(this.chunks);
    this.#load();
    // the root node, as (cv, block, counter, length, flags): the current chunk's last block, or a parent of it
    let cv: Int32Array = this.chain;
    let block: Int32Array = words;
    let counter = this.chunks;
    let blockLength = this.pos;
    let flags = this.flags | CHUNK_END | (this.blocks === 0 ? CHUNK_START : 0);
    for (let d = this.depth - 1; d >= 0; d--) {
      this.core.compress(cv, 0, block, 0, counter, blockLength, flags, out);
      parentBlock.set(this.stack.subarray(8 * d, 8 * d + 8));
      parentBlock.set(out.subarray(0, 8), 8);
      [cv, block, counter, blockLength, flags] = [this.key, parentBlock, 0, BLOCK, this.flags | PARENT];
    }
    // compress writes only its output words: cv and block stay as they are for every output block
    return rootOutput(this.core, cv, block, blockLength, flags | ROOT, this.outputLength);
  }

  reset(): void {
    this.chain.set(this.key);
    this.buffer.fill(0);
    this.pos = 0;
    this.length = 0;
    this.depth = 0;
  }

  exportState(): Uint8Array {
    return encodeTreeState(this);
  }

  clone(): TreeHash {
    const copy = new TreeHash(this.spec, this.core, this.outputLength, this.key, this.flags);
    copy.chain.set(this.chain);
    copy.buffer.set(this.buffer);
    copy.pos = this.pos;
    copy.length = this.length;
    if (this.depth > 0) copy.stack.set(this.stack);
    copy.depth = this.depth;
    return copy;
  }
}

/** The root's extendable output (§2.6): its compression again at output block counters 0, 1, 2, … */
function rootOutput(
  core: Blake3Core,
  cv: Int32Array,
  block: Int32Array,
  blockLength: number,
  flags: number,
  n: number,
): Uint8Array {
  const out = new Uint8Array(n);
  const words = ROOT_WORDS;
  for (let t = 0, off = 0; off < n; t++) {
    core.compress(cv, 0, block, 0, t, blockLength, flags, words);
    for (let i = 0; i < 64 && off < n; i++, off++) out[off] = words[i >> 2] >>> ((i & 3) << 3);
  }
  return out;
}
