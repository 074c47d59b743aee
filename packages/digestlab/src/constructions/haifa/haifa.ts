/**
 * BLAKE2b and BLAKE2s (RFC 7693; the BLAKE2 paper's parameter block) beside Merkle–Damgård, the sponge and
 * BLAKE3's tree: a HAIFA-style chain whose compression takes a byte counter and a final-block flag, so the last
 * block is only compressed once the end is known. A buffered full block therefore waits until more input arrives
 * (then it is not the last) or `digest` (then it is): the buffer holds 1 to a block's bytes once anything was
 * hashed, never 0. The compression functions are a {@link Blake2Core}: the spec's {@link Blake2Compress}
 * (TypeScript in algorithms/blake2.ts) by default, our WebAssembly's for provider `wasm` (providers/wasm-blake2.ts).
 *
 * Counters: `length` (a JavaScript number, exact to 2^53 − 1) counts the input; the compression's counter t is
 * that plus the key block (a keyed hash hashes the zero-padded key as its first block), split into its 32-bit
 * words by division, never by a 32-bit shift, so lengths past 2^32 are counted right (BLAKE2s's t1).
 */

import {
  type AlgorithmParams,
  type AlgorithmSpec,
  type Blake2Fields,
  type BlockEngine,
  narrow,
} from '../../spec/algorithm.js';
import type { Blake2Compress, Blake2Params } from '../../spec/constructions.js';
import { sliced } from '../block/block.js';
import { encodeBlake2State } from './state.js';

const EMPTY = new Uint8Array(0);

/** The parameter block's first word: digest length, key length, fanout 1, depth 1 (sequential mode). */
function firstWord(outputLength: number, keyLength: number): number {
  return outputLength | (keyLength << 8) | (1 << 16) | (1 << 24);
}

/** Bytes `from` zero-padded (or cut, never needed: options.ts checked them) to `n`. */
function padded(from: Uint8Array | undefined, n: number): Uint8Array {
  const out = new Uint8Array(n);
  if (from) out.set(from);
  return out;
}

/** Little-endian 32-bit word of `b` at `p`. */
function word32(b: Uint8Array, p: number): number {
  return b[p] | (b[p + 1] << 8) | (b[p + 2] << 16) | (b[p + 3] << 24);
}

/**
 * What compresses for an engine: `compress` one block (counter after it; `last`: the final-block flag), `blocks`
 * a run of `n` whole blocks that are not the last, the counter after the first given as `compress`'s, then one
 * block more per block.
 */
export interface Blake2Core {
  readonly compress: Blake2Compress;
  blocks(h: Int32Array, data: Uint8Array, offset: number, n: number, t0: number, t1: number): void;
}

/** A {@link Blake2Core} of a compression function alone: `blocks` calls it once per block. */
export function coreOf(compress: Blake2Compress, block: number): Blake2Core {
  return {
    compress,
    blocks(h, data, offset, n, t0, t1) {
      let lo = t0 >>> 0;
      let hi = t1;
      for (let i = 0; i < n; i++, offset += block) {
        compress(h, data, offset, lo | 0, hi | 0, false);
        lo += block;
        if (lo >= 2 ** 32) {
          lo -= 2 ** 32;
          hi += 1;
        }
      }
    },
  };
}

const TS_CORES = new Map<Blake2Compress, Blake2Core>();

/** The TypeScript core of a spec: its compression function, made a {@link Blake2Core} once. */
function tsCore(b2: Blake2Params, block: number): Blake2Core {
  let core = TS_CORES.get(b2.core);
  if (core === undefined) {
    core = coreOf(b2.core, block);
    TS_CORES.set(b2.core, core);
  }
  return core;
}

/**
 * h for the start of a hash (RFC 7693 §2.5; the paper's parameter block): the IV xor the parameter block, whose
 * words 4-5 and 6-7 (bytes 32-63 of BLAKE2b's, 16-31 of BLAKE2s') are the zero-padded salt and personalization.
 */
export function initialChain(
  h: Int32Array,
  b2: Blake2Params,
  outputLength: number,
  keyLength: number,
  salt: Uint8Array,
  personalization: Uint8Array,
): void {
  const w = b2.word / 4;
  h.set(b2.iv);
  h[0] ^= firstWord(outputLength, keyLength);
  for (let i = 0; i < 2 * w; i++) {
    h[4 * w + i] ^= word32(salt, 4 * i);
    h[6 * w + i] ^= word32(personalization, 4 * i);
  }
}

/** A running BLAKE2b or BLAKE2s: h, the unfinished block, the input length, and the parameters. */
export class Blake2Hash implements BlockEngine, Blake2Fields {
  /** h: 16 (BLAKE2b, 32-bit halves) or 8 (BLAKE2s) words. */
  readonly chain: Int32Array;
  readonly buffer: Uint8Array;
  /** Bytes in `buffer`: 1 to a block once anything was hashed; a keyed engine's key block before any input. */
  pos = 0;
  /** Input bytes hashed (the key block not counted). */
  length = 0;
  readonly key: Uint8Array;
  readonly salt: Uint8Array;
  readonly personalization: Uint8Array;
  readonly #params: Blake2Params;
  readonly #block: number;
  /** What compresses: the spec's TypeScript unless a provider gives its own. */
  readonly core: Blake2Core;

  constructor(
    readonly spec: AlgorithmSpec,
    readonly outputLength: number,
    params: AlgorithmParams = {},
    core?: Blake2Core,
  ) {
    const b2 = narrow(spec, 'haifa').construction;
    this.#params = b2;
    this.#block = spec.blockLength;
    this.core = core ?? tsCore(b2, spec.blockLength);
    this.chain = new Int32Array(b2.iv.length);
    this.buffer = new Uint8Array(spec.blockLength);
    this.key = (params.key ?? EMPTY).slice();
    this.salt = padded(params.salt, 2 * b2.word);
    this.personalization = padded(params.personalization, 2 * b2.word);
    this.reset();
  }

  /** What an exported state holds beyond the buffering (./state.ts). */
  get blake2(): this {
    return this;
  }

  /** Bytes of the key block: a block when keyed, else none. */
  get keyBlock(): number {
    return this.key.length > 0 ? this.#block : 0;
  }

  /** h from the IV and the parameter block; the key block buffered when keyed. */
  reset(): void {
    initialChain(this.chain, this.#params, this.outputLength, this.key.length, this.salt, this.personalization);
    this.buffer.fill(0);
    this.buffer.set(this.key);
    this.pos = this.keyBlock;
    this.length = 0;
  }

  /**
   * Compresses `n` blocks at `data[offset..]` (the last of the message when `last`), after the first of which the
   * counter is `length + keyBlock + extra`.
   */
  #compress(data: Uint8Array, offset: number, extra: number, last: boolean, n = 1): void {
    let t0 = (this.length % 2 ** 32) + this.keyBlock + extra;
    let t1 = Math.floor(this.length / 2 ** 32);
    if (t0 >= 2 ** 32) {
      t0 -= 2 ** 32;
      t1 += 1;
    }
    if (n === 1) this.core.compress(this.chain, data, offset, t0 | 0, t1 | 0, last);
    else this.core.blocks(this.chain, data, offset, n, t0 | 0, t1 | 0);
  }

  update(data: Uint8Array): void {
    if (sliced(this, data)) return;
    const n = data.length;
    const bl = this.#block;
    const buffer = this.buffer;
    let off = 0;
    if (n === 0) return;
    if (this.pos > 0) {
      const take = Math.min(bl - this.pos, n);
      buffer.set(data.subarray(0, take), this.pos);
      this.pos += take;
      this.length += take;
      off = take;
      if (off === n) return;
      // more input follows: the full buffer is not the last block
      this.#compress(buffer, 0, 0, false);
      this.pos = 0;
    }
    // whole blocks straight from `data`, all but the one the last byte falls in, in one run
    if (n - off > bl) {
      const k = Math.floor((n - off - 1) / bl);
      this.#compress(data, off, bl, false, k);
      this.length += k * bl;
      off += k * bl;
    }
    buffer.set(data.subarray(off), 0);
    this.pos = n - off;
    this.length += n - off;
  }

  /** Finalizes: the buffered block, zero-padded, as the last; the first `outputLength` bytes of h. */
  digest(): Uint8Array {
    this.buffer.fill(0, this.pos);
    this.#compress(this.buffer, 0, 0, true);
    const out = new Uint8Array(this.outputLength);
    const h = this.chain;
    for (let i = 0; i < out.length; i++) out[i] = h[i >> 2] >>> ((i & 3) << 3);
    return out;
  }

  exportState(): Uint8Array {
    return encodeBlake2State(this);
  }

  clone(): Blake2Hash {
    const copy = new Blake2Hash(this.spec, this.outputLength, this, this.core);
    copy.chain.set(this.chain);
    copy.buffer.set(this.buffer);
    copy.pos = this.pos;
    copy.length = this.length;
    return copy;
  }
}

const shared = new Map<AlgorithmSpec, Blake2Hash>();

/** The digest of whole input; the plain call (no key, salt, personalization or other length) reuses one engine. */
export function blake2Once(
  spec: AlgorithmSpec,
  data: Uint8Array,
  outputLength = spec.digestLength,
  params?: AlgorithmParams,
): Uint8Array {
  let engine: Blake2Hash | undefined;
  if (params === undefined && outputLength === spec.digestLength) {
    engine = shared.get(spec);
    if (engine === undefined) {
      engine = new Blake2Hash(spec, outputLength);
      shared.set(spec, engine);
    } else engine.reset();
  } else {
    engine = new Blake2Hash(spec, outputLength, params);
  }
  engine.update(data);
  return engine.digest();
}
