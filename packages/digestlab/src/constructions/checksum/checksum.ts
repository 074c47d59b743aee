/**
 * Checksums and fast non-cryptographic hashes (CRC-32, CRC-32C, CRC-64, POSIX cksum's CRC, Adler-32, XXH32, XXH64,
 * XXH3) beside the cryptographic constructions: a state of 32-bit words, input in blocks (a CRC's and Adler-32's
 * are one byte long: nothing is ever buffered; xxHash's are its stripes, XXH3's its 1024-byte blocks), and an end
 * that reads the state, the buffered tail and the total length. The algorithm is a {@link ChecksumCore}
 * (algorithms/crc.ts, adler32.ts, xxhash.ts, xxh3.ts); this file only buffers.
 *
 * Counters: `length` is a JavaScript number, exact to 2^53 − 1; a core that folds it into its result (XXH32 adds
 * it mod 2^32, cksum appends it, XXH64 and XXH3 take it mod 2^64) does so from that number, by division.
 */

import type { AlgorithmParams, AlgorithmSpec, BlockEngine, ChecksumFields } from '../../spec/algorithm.js';
import type { ChecksumCore, ChecksumParams } from '../../spec/constructions.js';
import { sliced } from '../block/block.js';
import { encodeChecksumState } from './state.js';

/** A seed as (low, high) 32-bit words. */
export function seedWords(seed: bigint | undefined): Int32Array {
  const s = seed ?? 0n;
  return Int32Array.of(Number(s & 0xffffffffn) | 0, Number((s >> 32n) & 0xffffffffn) | 0);
}

/** A running checksum: its state words, the unfinished block, the total, the seed, the input before the block. */
export class ChecksumHash implements BlockEngine, ChecksumFields {
  readonly chain: Int32Array;
  readonly buffer: Uint8Array;
  /** Bytes in `buffer`: below a block (a lazy core: 1 to a block once anything was hashed). */
  pos = 0;
  length = 0;
  readonly seed: Int32Array;
  readonly history: Uint8Array;
  readonly #params: ChecksumParams;
  readonly #core: ChecksumCore;

  constructor(
    readonly spec: AlgorithmSpec,
    params: AlgorithmParams = {},
  ) {
    const c = spec.construction as ChecksumParams;
    this.#params = c;
    this.#core = c.core;
    this.chain = new Int32Array(c.words);
    this.buffer = new Uint8Array(spec.blockLength);
    this.history = new Uint8Array(c.history);
    this.seed = seedWords(params.seed);
    this.reset();
  }

  /** What an exported state holds beyond the buffering (./state.ts). */
  get checksum(): this {
    return this;
  }

  reset(): void {
    this.#core.init(this.chain, this.seed);
    // Stryker disable next-line all: only the `pos` buffered bytes are ever read or exported
    this.buffer.fill(0);
    this.history.fill(0);
    this.pos = 0;
    this.length = 0;
  }

  /** `n` whole blocks of `data` from `offset`; the last `history` bytes of them kept. */
  #blocks(data: Uint8Array, offset: number, n: number): void {
    this.#core.blocks(this.chain, data, offset, n, this.seed);
    const h = this.history.length;
    // Stryker disable next-line EqualityOperator: with no history, setting its zero bytes changes nothing
    if (h > 0) {
      const end = offset + n * this.spec.blockLength;
      this.history.set(data.subarray(end - h, end));
    }
  }

  update(data: Uint8Array): void {
    if (sliced(this, data)) return;
    const n = data.length;
    // Stryker disable next-line ConditionalExpression,BlockStatement: nothing follows from no bytes either way
    if (n === 0) return;
    this.length += n;
    const bl = this.spec.blockLength;
    // a lazy core keeps the last block, full or not, until the end: at least one byte waits
    const keep = this.#params.lazy ? 1 : 0;
    let off = 0;
    if (this.pos > 0) {
      const take = Math.min(bl - this.pos, n);
      this.buffer.set(take === n ? data : data.subarray(0, take), this.pos);
      this.pos += take;
      off = take;
      if (this.pos < bl || (keep && off === n)) return;
      this.#blocks(this.buffer, 0, 1);
      this.pos = 0;
    }
    const blocks = Math.floor((n - off - keep) / bl);
    if (blocks > 0) {
      this.#blocks(data, off, blocks);
      off += blocks * bl;
    }
    this.buffer.set(data.subarray(off), 0);
    this.pos = n - off;
  }

  /** Finalizes: the checksum, big-endian. */
  digest(): Uint8Array {
    const out = new Uint8Array(this.spec.digestLength);
    this.#core.finish(this.chain, this.buffer, this.pos, this.length, this.seed, this.history, out);
    return out;
  }

  exportState(): Uint8Array {
    return encodeChecksumState(this);
  }

  clone(): ChecksumHash {
    const copy = new ChecksumHash(this.spec);
    copy.seed.set(this.seed);
    copy.chain.set(this.chain);
    copy.buffer.set(this.buffer);
    copy.history.set(this.history);
    copy.pos = this.pos;
    copy.length = this.length;
    return copy;
  }
}

const shared = new Map<AlgorithmSpec, ChecksumHash>();

/** The checksum of whole input; the call without a seed reuses one engine per algorithm. */
export function checksumOnce(spec: AlgorithmSpec, data: Uint8Array, params?: AlgorithmParams): Uint8Array {
  let engine: ChecksumHash | undefined;
  if (params?.seed === undefined) {
    engine = shared.get(spec);
    if (engine === undefined) {
      engine = new ChecksumHash(spec);
      shared.set(spec, engine);
    } else engine.reset();
  } else engine = new ChecksumHash(spec, params);
  engine.update(data);
  return engine.digest();
}
