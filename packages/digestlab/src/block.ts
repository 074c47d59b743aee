/**
 * The one place where buffering, padding and length encoding live (Go's `sha256block.go` seam): each
 * algorithm supplies only its compression function and initial chaining value.
 *
 * Length: the total is a JavaScript number of bytes, exact up to 2^53 − 1; nothing is ever truncated to 32
 * bits. The bit length written into the padding is split as hi = floor(bytes / 2^29), lo = (bytes mod 2^29) * 8,
 * both exact integers below 2^32, so there is no `<< 3`, no `>> 29` on a sign bit and no 32-bit block counter:
 * the length bugs that shipped in libgcrypt, js-md5, jsSHA, sjcl, sha.js or node-forge cannot happen here.
 */
import { LengthLimitError } from './errors.js';
import type { KeccakCore } from './sponge.js';
import { encodeState } from './state.js';

/** Canonical algorithm names, exactly as Java's MessageDigest spells them. */
export type AlgorithmName =
  | 'MD2'
  | 'MD5'
  | 'SHA-1'
  | 'SHA-224'
  | 'SHA-256'
  | 'SHA-384'
  | 'SHA-512'
  | 'SHA-512/224'
  | 'SHA-512/256'
  | 'SHA3-224'
  | 'SHA3-256'
  | 'SHA3-384'
  | 'SHA3-512'
  | 'SHAKE128'
  | 'SHAKE256'
  | 'KECCAK-224'
  | 'KECCAK-256'
  | 'KECCAK-384'
  | 'KECCAK-512';

/** Largest total input, in bytes, that a digest accepts. */
export const MAX_LENGTH = Number.MAX_SAFE_INTEGER;

/** Longest piece handed to a compression loop at once (see `update`). */
const SLICE = 2 ** 30;

/** What an algorithm is, independent of who computes it. */
export interface AlgorithmSpec {
  readonly name: AlgorithmName;
  /** Identifies the algorithm inside an exported state; never reused. */
  readonly code: number;
  /** Bytes of digest; for an extendable-output function (SHAKE), the default output length. */
  readonly digestLength: number;
  /** Bytes per block: the rate for the sponges (SHA-3, SHAKE, Keccak). */
  readonly blockLength: number;
  /** A fresh TypeScript engine for this algorithm; `outputLength` only for an extendable-output function. */
  create(outputLength?: number): BlockHash;
  /** For the Merkle–Damgård hashes: what another engine (WebAssembly) needs to compute the same digest. */
  readonly md?: MDParams;
  /** For the sponges over Keccak-f[1600]: their padding, and whether the output length is the caller's. */
  readonly sponge?: SpongeParams;
}

/** A sponge over Keccak-f[1600] (FIPS 202 §4), with `blockLength` as its rate. */
export interface SpongeParams {
  /**
   * The domain bits and the first bit of pad10*1, as one byte XORed after the message: 0x06 for SHA-3 (bits 01),
   * 0x1f for SHAKE (1111), 0x01 for Keccak as submitted to the competition (none).
   */
  readonly suffix: number;
  /** An extendable-output function (SHAKE): the caller chooses the output length. */
  readonly xof: boolean;
  /** Keccak-f[1600] in TypeScript (the WebAssembly engine brings its own). */
  readonly core: KeccakCore;
}

/** A Merkle–Damgård hash: its TypeScript compression function, the WebAssembly core's name, the IV. */
export interface MDParams {
  readonly compress: Compress;
  readonly core: 'md5' | 'sha1' | 'sha256' | 'sha512';
  readonly iv: Int32Array;
  readonly littleEndian: boolean;
}

const shared = new Map<AlgorithmSpec, BlockHash>();

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
export abstract class BlockHash {
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
    const n = data.length;
    if (n > MAX_LENGTH - this.length) throw new LengthLimitError(this.length, n);
    if (n > SLICE) {
      // Offsets past 2^31 are not small integers to V8, and the block loops slow down ~2x; hash big views in
      // slices instead (the result is the same: only the chunking changes).
      for (let off = 0; off < n; off += SLICE) this.update(data.subarray(off, off + SLICE));
      return;
    }
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

  /** The state in digestlab's versioned format (see state.ts); `importState` continues from it. */
  exportState(): Uint8Array {
    return encodeState(this);
  }

  /** An engine of the same kind in its initial state. */
  protected fresh(): BlockHash {
    return this.spec.create();
  }

  clone(): BlockHash {
    const copy = this.fresh();
    copy.chain.set(this.chain);
    copy.buffer.set(this.buffer);
    copy.pos = this.pos;
    copy.length = this.length;
    return copy;
  }
}

/** A compression function over whole blocks: `blocks` blocks of `data` from `offset`, into the chaining value. */
export type Compress = (chain: Int32Array, data: Uint8Array, offset: number, blocks: number) => void;

/**
 * The Merkle–Damgård hashes (MD5, SHA-1, SHA-2), which differ only in their initial value, compression function
 * and byte order. Strengthening: a 1 bit, zeros, then the message length in bits as a 64-bit (64-byte blocks) or
 * 128-bit (128-byte blocks) integer, big-endian, or little-endian for MD5.
 */
export class MDHash extends BlockHash {
  readonly chain: Int32Array;

  constructor(
    spec: AlgorithmSpec,
    protected readonly iv: Int32Array,
    private readonly blocks: Compress,
    private readonly littleEndian = false,
  ) {
    super(spec);
    this.chain = iv.slice();
  }

  protected compress(data: Uint8Array, offset: number, blocks: number): void {
    this.blocks(this.chain, data, offset, blocks);
  }

  protected override fresh(): MDHash {
    return new MDHash(this.spec, this.iv, this.blocks, this.littleEndian);
  }

  protected finish(out: Uint8Array): void {
    const bl = this.spec.blockLength;
    const buffer = this.buffer;
    let pos = this.pos;
    buffer[pos++] = 0x80;
    // The length field is 8 bytes in 64-byte blocks and 16 bytes in 128-byte blocks: one eighth of a block.
    if (pos > bl - bl / 8) {
      buffer.fill(0, pos);
      this.compress(buffer, 0, 1);
      pos = 0;
    }
    // Of a 16-byte length field only the low 8 bytes can be non-zero: length < 2^53 bytes.
    // Stryker disable next-line ArithmeticOperator: zeros written up to the end are overwritten by the length field
    buffer.fill(0, pos, bl - 8);
    const hi = Math.floor(this.length / 0x20000000);
    const lo = (this.length % 0x20000000) * 8;
    if (this.littleEndian) {
      writeLE(buffer, bl - 8, lo);
      writeLE(buffer, bl - 4, hi);
    } else {
      writeBE(buffer, bl - 8, hi);
      writeBE(buffer, bl - 4, lo);
    }
    this.compress(buffer, 0, 1);
    // Every digest length is a whole number of 32-bit words (SHA-512/224 ends on the high half of a word).
    const write = this.littleEndian ? writeLE : writeBE;
    // Stryker disable next-line ArithmeticOperator: a typed array ignores writes past its end
    for (let i = 0; i < out.length / 4; i++) write(out, 4 * i, this.chain[i]);
  }
}

/**
 * Merkle–Damgård strengthening in place: after the `n` bytes at `at`, a 1 bit, zeros and the message length
 * (`total` bytes) in bits, written as in `finish`. Returns the padded length in bytes; `bytes` must have room.
 */
export function padInPlace(
  bytes: Uint8Array,
  at: number,
  n: number,
  blockLength: number,
  littleEndian: boolean,
  total = n,
): number {
  const padded = Math.ceil((n + 1 + blockLength / 8) / blockLength) * blockLength;
  bytes[at + n] = 0x80;
  bytes.fill(0, at + n + 1, at + padded - 8);
  const hi = Math.floor(total / 0x20000000);
  const lo = (total % 0x20000000) * 8;
  const p = at + padded - 8;
  if (littleEndian) {
    writeLE(bytes, p, lo);
    writeLE(bytes, p + 4, hi);
  } else {
    writeBE(bytes, p, hi);
    writeBE(bytes, p + 4, lo);
  }
  return padded;
}

const ONCE_CHAIN = new Int32Array(16);
/** The last partial block and its padding: at most two 128-byte blocks. */
const ONCE_TAIL = new Uint8Array(256);

/**
 * The one-shot path of the Merkle–Damgård hashes, without an engine: whole blocks straight from `data`, the tail
 * padded in a scratch block. Returns the final chaining value in a scratch array the next call overwrites.
 */
export function mdOnce(spec: AlgorithmSpec, md: MDParams, data: Uint8Array): Int32Array {
  const chain = ONCE_CHAIN;
  chain.set(md.iv);
  return mdFinish(chain, spec, md, data, 0);
}

/**
 * Hashes the whole of `data` into `chain`, which has already absorbed `prior` bytes (a whole number of blocks: an
 * HMAC's keyed block), and pads: `chain` is then the digest's chaining value. Returns `chain`.
 */
export function mdFinish(
  chain: Int32Array,
  spec: AlgorithmSpec,
  md: MDParams,
  data: Uint8Array,
  prior: number,
): Int32Array {
  const bl = spec.blockLength;
  const n = data.length;
  const full = n - (n % bl);
  // big views in slices, as in update(): offsets past 2^31 slow the block loops down
  if (full <= SLICE) md.compress(chain, data, 0, full / bl);
  else
    for (let off = 0; off < full; off += SLICE)
      md.compress(chain, data.subarray(off), 0, Math.min(SLICE, full - off) / bl);
  const tail = ONCE_TAIL;
  for (let i = full; i < n; i++) tail[i - full] = data[i];
  md.compress(chain, tail, 0, padInPlace(tail, 0, n - full, bl, md.littleEndian, prior + n) / bl);
  return chain;
}

/** The digest's bytes from a chaining value: its 32-bit words little-endian (MD5) or big-endian (SHA). */
export function chainBytes(chain: Int32Array, length: number, littleEndian: boolean): Uint8Array {
  return putChain(chain, length, littleEndian, new Uint8Array(length), 0);
}

/** Writes the digest's `length` bytes from a chaining value into `out` at `at`; returns `out`. */
export function putChain(
  chain: Int32Array,
  length: number,
  littleEndian: boolean,
  out: Uint8Array,
  at: number,
): Uint8Array {
  const write = littleEndian ? writeLE : writeBE;
  for (let i = 0; i < length / 4; i++) write(out, at + 4 * i, chain[i]);
  return out;
}

const HEX_DIGITS = Uint8Array.from('0123456789abcdef', (c) => c.charCodeAt(0));
/**
 * Each byte's two hex digits as one 16-bit unit whose two bytes in memory are the digits' ASCII codes, in order on
 * any byte order (written through a byte view): one table read and one store per byte.
 */
const HEX_PAIRS = new Uint16Array(256);
{
  const bytes = new Uint8Array(HEX_PAIRS.buffer);
  for (let i = 0; i < 256; i++) {
    bytes[2 * i] = HEX_DIGITS[i >>> 4];
    bytes[2 * i + 1] = HEX_DIGITS[i & 15];
  }
}
/** The longest chain {@link chainHex} takes, in bytes (SHA-512's; SHA3-512's output is as long). */
export const CHAIN_HEX_MAX = 64;
const hexUnits = new Uint16Array(CHAIN_HEX_MAX);
/** hexUnits' first n digits as bytes, one view per digest length: no view is allocated per call. */
const hexViews = new Map<number, Uint8Array>();
const ascii = new TextDecoder();

/**
 * The same as lowercase hex, straight from the words: the digits are written as bytes and decoded at once, which
 * gives a flat string. Concatenating two-digit strings builds a rope that costs as much again when first read
 * (measured: SHA-256 hex ~205 ns this way against ~430 ns concatenated and then read). A byte's two digits are
 * written at once (HEX_PAIRS): half the time of writing the 64 digits one nibble at a time.
 */
export function chainHex(chain: Int32Array, length: number, littleEndian: boolean): string {
  const out = hexUnits;
  const pairs = HEX_PAIRS;
  const words = length / 4;
  if (littleEndian) {
    for (let i = 0, k = 0; i < words; i++, k += 4) {
      const w = chain[i];
      out[k] = pairs[w & 255];
      out[k + 1] = pairs[(w >>> 8) & 255];
      out[k + 2] = pairs[(w >>> 16) & 255];
      out[k + 3] = pairs[w >>> 24];
    }
  } else {
    for (let i = 0, k = 0; i < words; i++, k += 4) {
      const w = chain[i];
      out[k] = pairs[w >>> 24];
      out[k + 1] = pairs[(w >>> 16) & 255];
      out[k + 2] = pairs[(w >>> 8) & 255];
      out[k + 3] = pairs[w & 255];
    }
  }
  let view = hexViews.get(length);
  if (view === undefined) {
    view = new Uint8Array(out.buffer, 0, 2 * length);
    hexViews.set(length, view);
  }
  return ascii.decode(view);
}

function writeBE(b: Uint8Array, p: number, v: number): void {
  b[p] = v >>> 24;
  b[p + 1] = v >>> 16;
  b[p + 2] = v >>> 8;
  b[p + 3] = v;
}

function writeLE(b: Uint8Array, p: number, v: number): void {
  b[p] = v;
  b[p + 1] = v >>> 8;
  b[p + 2] = v >>> 16;
  b[p + 3] = v >>> 24;
}
