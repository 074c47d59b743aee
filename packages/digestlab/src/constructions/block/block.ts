/**
 * The one place where buffering lives (Go's `sha256block.go` seam): BlockHash gathers input into blocks for every
 * algorithm, and each construction supplies only how it compresses blocks and finishes: Merkle–Damgård
 * (merkle-damgard.ts), the sponges (sponge.ts), MD2 (algorithms/md2.ts).
 *
 * Length: the total is a JavaScript number of bytes, exact up to 2^53 − 1; nothing is ever truncated to 32 bits
 * and there is no 32-bit block counter.
 */
import { LengthLimitError } from '../../shared/errors.js';
import { type AlgorithmSpec, type BlockEngine, MAX_LENGTH } from '../../spec/algorithm.js';
import { encodeChainState } from './state.js';

/**
 * Longest piece handed to a compression loop at once (see `update`): offsets past 2^31 are not small integers to
 * V8, and the block loops slow down ~2x, so every path hashes big views in slices of this many bytes.
 */
export const SLICE = 2 ** 30;

/**
 * What every engine's `update` starts with: throws {@link LengthLimitError} when `data` would take the total past
 * MAX_LENGTH; a view over SLICE bytes is fed back to `engine.update` in slices (the result is the same: only the
 * chunking changes), and true says the caller is done.
 */
export function sliced(engine: { readonly length: number; update(data: Uint8Array): void }, data: Uint8Array): boolean {
  const n = data.length;
  if (n > MAX_LENGTH - engine.length) throw new LengthLimitError(engine.length, n);
  if (n <= SLICE) return false;
  for (let off = 0; off < n; off += SLICE) engine.update(data.subarray(off, off + SLICE));
  return true;
}

const shared = new Map<AlgorithmSpec, BlockEngine>();

/**
 * The digest of `data` in one call. Reuses one engine per algorithm (reset first, so a call that threw cannot
 * leave anything behind): allocating an engine costs more than hashing a short input, and V8 allocates typed
 * arrays over 64 bytes (SHA-512's block buffer) off the heap, which is slower still. Safe because hashing is
 * synchronous and never calls out to user code.
 */
export function hashOnce(spec: AlgorithmSpec, data: Uint8Array): Uint8Array {
  let engine = shared.get(spec);
  if (engine === undefined) {
    engine = spec.create();
    shared.set(spec, engine);
  } else {
    engine.reset();
  }
  engine.update(data);
  return engine.digest();
}

/**
 * A block-oriented hash: buffers input into blocks and hands full blocks to `compress`, straight from the
 * caller's buffer when it can (no copy for full blocks).
 */
export abstract class BlockHash implements BlockEngine {
  /** Chaining value: 32-bit words (SHA-512's 64-bit words as hi, lo pairs) or, for MD2, bytes. */
  abstract readonly chain: Int32Array | Uint8Array;
  readonly buffer: Uint8Array;
  /** Bytes waiting in `buffer`: always `length % blockLength`. */
  pos = 0;
  /** Total bytes hashed. */
  length = 0;

  constructor(readonly spec: AlgorithmSpec) {
    this.buffer = new Uint8Array(spec.blockLength);
  }

  /** Processes `blocks` whole blocks of `data` starting at `offset` (below 2^30: `update` slices bigger views). */
  protected abstract compress(data: Uint8Array, offset: number, blocks: number): void;
  /** Pads the buffered tail, compresses it and writes the digest into `out`. */
  protected abstract finish(out: Uint8Array): void;
  /** The chaining value of the empty input. */
  protected abstract readonly iv: Int32Array | Uint8Array;

  update(data: Uint8Array): void {
    if (sliced(this, data)) return;
    const n = data.length;
    this.length += n;
    const bl = this.spec.blockLength;
    const buffer = this.buffer;
    let off = 0;
    if (this.pos > 0) {
      const take = Math.min(bl - this.pos, n);
      buffer.set(take === n ? data : data.subarray(0, take), this.pos);
      this.pos += take;
      if (this.pos < bl) return;
      this.compress(buffer, 0, 1);
      this.pos = 0;
      off = take;
    }
    const blocks = Math.floor((n - off) / bl);
    if (blocks > 0) {
      this.compress(data, off, blocks);
      off += blocks * bl;
    }
    if (off < n) {
      buffer.set(data.subarray(off), 0);
      this.pos = n - off;
    }
  }

  /** Finalizes and returns the digest. The engine must be reset before further use. */
  digest(): Uint8Array {
    const out = new Uint8Array(this.spec.digestLength);
    this.finish(out);
    return out;
  }

  reset(): void {
    this.chain.set(this.iv);
    this.buffer.fill(0);
    this.pos = 0;
    this.length = 0;
  }

  /** The state in digestlab's versioned format (shared/state-envelope.ts, block/state.ts); `importState` continues from it. */
  exportState(): Uint8Array {
    return encodeChainState(this);
  }

  /** An engine of the same kind in its initial state. */
  protected fresh(): BlockEngine {
    return this.spec.create();
  }

  clone(): BlockEngine {
    const copy = this.fresh();
    copy.chain.set(this.chain);
    copy.buffer.set(this.buffer);
    copy.pos = this.pos;
    copy.length = this.length;
    return copy;
  }
}
