/**
 * The Merkle–Damgård hashes (MD5, SHA-1, SHA-2): the streaming engine, the one-shot path without an engine, and
 * the one padding routine they, HMAC (hmac/md.ts) and `digestMany` (many.ts) share. An algorithm supplies only its
 * compression function, initial value and padding parameters ({@link MDParams}).
 *
 * Strengthening (FIPS 180-4 §5.1, RFC 1321 §3.1–3.2): the pad byte (0x80: a 1 bit, then zeros), zeros, then the
 * message length in bits in the block's last `lengthBytes` bytes, in the hash's byte order. The bit length is split
 * as hi = floor(bytes / 2^29), lo = (bytes mod 2^29) * 8, both exact integers below 2^32, so there is no `<< 3`, no
 * `>> 29` on a sign bit and no 32-bit block counter: the length bugs that shipped in libgcrypt, js-md5, jsSHA,
 * sjcl, sha.js or node-forge cannot happen here.
 */

import type { AlgorithmSpec } from '../../spec/algorithm.js';
import type { Compress, MDPadding, MDParams } from '../../spec/constructions.js';
import { BlockHash, SLICE } from '../block/block.js';

/**
 * Padded length, in bytes, of an n-byte message: n, the pad byte and the length field, rounded up to whole
 * blocks. In integer operations (a power-of-two block length, n below 2^31 − 2 blocks: every caller pads at most
 * the 64 KiB of WebAssembly's input area); Math.ceil of a quotient was a tenth of `digestMany`'s time.
 */
export function paddedLength(n: number, blockLength: number, lengthBytes: number): number {
  return (n + lengthBytes + blockLength) & -blockLength;
}

/**
 * Merkle–Damgård strengthening in place: after the `n` bytes at `at`, the pad byte, zeros and the message length
 * (`total` bytes) in bits. Returns the padded length in bytes ({@link paddedLength}); `bytes` must have room.
 */
export function padInPlace(
  bytes: Uint8Array,
  at: number,
  n: number,
  blockLength: number,
  padding: MDPadding,
  total = n,
): number {
  const end = at + paddedLength(n, blockLength, padding.lengthBytes);
  bytes[at + n] = padding.padByte;
  // a loop, not fill(): the zeros are fewer than two blocks, which a builtin call costs more than writing them
  // (the seed's call: padding and initial value ~40 ns this way against ~80 ns with fill() and set())
  for (let i = at + n + 1; i < end; i++) bytes[i] = 0;
  // The total is below 2^53 bytes, 2^56 bits: of a length field only its 8 low-order bytes can be non-zero.
  const hi = Math.floor(total / 0x20000000);
  const lo = (total % 0x20000000) * 8;
  if (padding.littleEndian) {
    const p = end - padding.lengthBytes;
    writeLE(bytes, p, lo);
    writeLE(bytes, p + 4, hi);
  } else {
    writeBE(bytes, end - 8, hi);
    writeBE(bytes, end - 4, lo);
  }
  return end - at;
}

/** The last partial block and its padding: at most two 128-byte blocks. */
const TAIL = new Uint8Array(256);

/**
 * Pads the last `n` bytes of a message (fewer than a block, at `from` in `data`), `total` bytes in all, in a
 * scratch block and compresses them into `chain`: what is left of every Merkle–Damgård digest after its whole
 * blocks.
 */
function compressTail(
  compress: Compress,
  chain: Int32Array,
  data: Uint8Array,
  from: number,
  n: number,
  blockLength: number,
  padding: MDPadding,
  total: number,
): void {
  const tail = TAIL;
  for (let i = 0; i < n; i++) tail[i] = data[from + i];
  compress(chain, tail, 0, padInPlace(tail, 0, n, blockLength, padding, total) / blockLength);
}

/** The streaming engine of a Merkle–Damgård hash; `compress` is the TypeScript one unless another engine's. */
export class MDHash extends BlockHash {
  readonly chain: Int32Array;
  protected readonly iv: Int32Array;

  constructor(
    spec: AlgorithmSpec,
    private readonly md: MDParams,
    private readonly blocks: Compress = md.compress,
  ) {
    super(spec);
    this.iv = md.iv;
    this.chain = md.iv.slice();
  }

  protected compress(data: Uint8Array, offset: number, blocks: number): void {
    this.blocks(this.chain, data, offset, blocks);
  }

  protected override fresh(): MDHash {
    return new MDHash(this.spec, this.md, this.blocks);
  }

  protected finish(out: Uint8Array): void {
    compressTail(this.blocks, this.chain, this.buffer, 0, this.pos, this.spec.blockLength, this.md, this.length);
    putChain(this.chain, out.length, this.md.littleEndian, out, 0);
  }
}

const ONCE_CHAIN = new Int32Array(16);

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
  // big views in slices, as in BlockHash.update()
  if (full <= SLICE) md.compress(chain, data, 0, full / bl);
  else
    for (let off = 0; off < full; off += SLICE)
      md.compress(chain, data.subarray(off), 0, Math.min(SLICE, full - off) / bl);
  compressTail(md.compress, chain, data, full, n - full, bl, md, prior + n);
  return chain;
}

/** The digest's bytes from a chaining value: its 32-bit words little-endian (MD5) or big-endian (SHA). */
export function chainBytes(chain: Int32Array, length: number, littleEndian: boolean): Uint8Array {
  return putChain(chain, length, littleEndian, new Uint8Array(length), 0);
}

/**
 * Writes the digest's `length` bytes from a chaining value into `out` at `at`; returns `out`. Every digest length
 * is a whole number of 32-bit words (SHA-512/224 ends on the high half of a word).
 */
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
