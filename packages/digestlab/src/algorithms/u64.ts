/**
 * 64-bit arithmetic for xxHash and XXH3 in TypeScript: the hot loops on (low, high) pairs of 32-bit words, the
 * ends (a few operations a digest) on bigints, which are exact and easy to read.
 */

/** 2^64 − 1. */
export const M64 = (1n << 64n) - 1n;

/** The high 32 bits of the 64-bit product of two unsigned 32-bit words (by 16-bit halves: no double rounds). */
export function mulHi32(a: number, b: number): number {
  const a0 = a & 0xffff;
  const a1 = a >>> 16;
  const b0 = b & 0xffff;
  const b1 = b >>> 16;
  const p01 = a0 * b1;
  const p10 = a1 * b0;
  const mid = ((a0 * b0) >>> 16) + (p01 & 0xffff) + (p10 & 0xffff);
  return (a1 * b1 + (p01 >>> 16) + (p10 >>> 16) + (mid >>> 16)) | 0;
}

/** Little-endian 32-bit word of `d` at `i`. */
export function le32(d: Uint8Array, i: number): number {
  return d[i] | (d[i + 1] << 8) | (d[i + 2] << 16) | (d[i + 3] << 24);
}

/** Little-endian unsigned 64-bit word of `d` at `i`. */
export function le64(d: Uint8Array, i: number): bigint {
  return (BigInt(le32(d, i + 4) >>> 0) << 32n) | BigInt(le32(d, i) >>> 0);
}

export function rotl64(x: bigint, r: number): bigint {
  const s = BigInt(r);
  return ((x << s) | (x >> (64n - s))) & M64;
}

export function bswap64(x: bigint): bigint {
  let r = 0n;
  for (let i = 0; i < 8; i++) r = (r << 8n) | ((x >> BigInt(8 * i)) & 255n);
  return r;
}

/** The state word pair (low at `i`, high at `i + 1`) as an unsigned 64-bit integer. */
export function pairAt(s: Int32Array, i: number): bigint {
  return (BigInt(s[i + 1] >>> 0) << 32n) | BigInt(s[i] >>> 0);
}

/** Writes `x` (below 2^64) big-endian at `out[at..at + 8]`. */
export function putBE64(out: Uint8Array, at: number, x: bigint): void {
  for (let i = 7; i >= 0; i--) out[at + 7 - i] = Number((x >> BigInt(8 * i)) & 255n);
}

/** The seed's (low, high) words as an unsigned 64-bit integer. */
export function seedOf(seed: Int32Array): bigint {
  return pairAt(seed, 0);
}
