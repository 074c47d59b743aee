/**
 * XXH3-64 and XXH3-128 of inputs up to 240 bytes (xxHash's specification, "small" and "medium" inputs), and the
 * mixing both share with the long inputs' end: on bigints, a few dozen operations a digest. `secret` is the
 * default one (these lengths never use a derived secret); `seed` an unsigned 64-bit integer.
 */
import { bswap64, le32, le64, M64, rotl64 } from './u64.js';

export const P32_1 = 0x9e3779b1n;
export const P32_2 = 0x85ebca77n;
export const P32_3 = 0xc2b2ae3dn;
export const P64_1 = 0x9e3779b185ebca87n;
export const P64_2 = 0xc2b2ae3d27d4eb4fn;
export const P64_3 = 0x165667b19e3779f9n;
export const P64_4 = 0x85ebca77c2b2ae63n;
export const P64_5 = 0x27d4eb2f165667c5n;
const MX1 = 0x165667919e3779f9n;
const MX2 = 0x9fb21c651e98df25n;

/** The 128-bit product of two 64-bit words, its halves XORed. */
export function fold64(a: bigint, b: bigint): bigint {
  const p = a * b;
  return (p ^ (p >> 64n)) & M64;
}

export function avalanche(x: bigint): bigint {
  let h = x ^ (x >> 37n);
  h = (h * MX1) & M64;
  return h ^ (h >> 32n);
}

export function avalancheXxh64(x: bigint): bigint {
  let h = x ^ (x >> 33n);
  h = (h * P64_2) & M64;
  h ^= h >> 29n;
  h = (h * P64_3) & M64;
  return h ^ (h >> 32n);
}

const bswap32 = (x: number): number => ((x << 24) | ((x << 8) & 0xff0000) | ((x >>> 8) & 0xff00) | (x >>> 24)) >>> 0;
const sec32 = (s: Uint8Array, i: number): bigint => BigInt(le32(s, i) >>> 0);

/** One 16-byte chunk of `d` at `i` mixed with the secret at `k` and the seed. */
function mix16(d: Uint8Array, i: number, s: Uint8Array, k: number, seed: bigint): bigint {
  return fold64(le64(d, i) ^ ((le64(s, k) + seed) & M64), le64(d, i + 8) ^ ((le64(s, k + 8) - seed) & M64));
}

/** 1 to 3 bytes: the combined word (both widths start from it). */
function combined(d: Uint8Array, n: number): number {
  return ((d[n - 1] | (n << 8) | (d[0] << 16) | (d[n >> 1] << 24)) >>> 0) as number;
}

function upTo16x64(d: Uint8Array, n: number, s: Uint8Array, seed: bigint): bigint {
  if (n > 8) {
    const lo = le64(d, 0) ^ (((le64(s, 24) ^ le64(s, 32)) + seed) & M64);
    const hi = le64(d, n - 8) ^ (((le64(s, 40) ^ le64(s, 48)) - seed) & M64);
    return avalanche((BigInt(n) + bswap64(lo) + hi + fold64(lo, hi)) & M64);
  }
  if (n >= 4) {
    const sd = seed ^ (BigInt(bswap32(Number(seed & 0xffffffffn))) << 32n);
    const input = (BigInt(le32(d, n - 4) >>> 0) | (BigInt(le32(d, 0) >>> 0) << 32n)) as bigint;
    let h = input ^ (((le64(s, 8) ^ le64(s, 16)) - sd) & M64);
    h ^= rotl64(h, 49) ^ rotl64(h, 24);
    h = (h * MX2) & M64;
    h ^= (h >> 35n) + BigInt(n);
    h = (h * MX2) & M64;
    return h ^ (h >> 28n);
  }
  if (n > 0) return avalancheXxh64(BigInt(combined(d, n)) ^ (((sec32(s, 0) ^ sec32(s, 4)) + seed) & M64));
  return avalancheXxh64(seed ^ le64(s, 56) ^ le64(s, 64));
}

/** XXH3-64 of `n` (at most 240) bytes of `d`. */
export function xxh3Short64(d: Uint8Array, n: number, s: Uint8Array, seed: bigint): bigint {
  if (n <= 16) return upTo16x64(d, n, s, seed);
  let acc = (BigInt(n) * P64_1) & M64;
  if (n <= 128) {
    for (let i = ((n - 1) >> 5) + 1 - 1; i >= 0; i--) {
      acc += mix16(d, 16 * i, s, 32 * i, seed) + mix16(d, n - 16 * i - 16, s, 32 * i + 16, seed);
    }
    return avalanche(acc & M64);
  }
  for (let i = 0; i < 8; i++) acc += mix16(d, 16 * i, s, 16 * i, seed);
  acc = avalanche(acc & M64);
  for (let i = 8; i < n >> 4; i++) acc += mix16(d, 16 * i, s, 16 * (i - 8) + 3, seed);
  acc += mix16(d, n - 16, s, 119, seed);
  return avalanche(acc & M64);
}

/** XXH3-128's two accumulators after mixing two chunks (at `i` and `j`) with the secret at `k`. */
function mix32(acc: bigint[], d: Uint8Array, i: number, j: number, s: Uint8Array, k: number, seed: bigint): void {
  acc[0] = ((acc[0] + mix16(d, i, s, k, seed)) & M64) ^ ((le64(d, j) + le64(d, j + 8)) & M64);
  acc[1] = ((acc[1] + mix16(d, j, s, k + 16, seed)) & M64) ^ ((le64(d, i) + le64(d, i + 8)) & M64);
}

function upTo16x128(d: Uint8Array, n: number, s: Uint8Array, seed: bigint): [bigint, bigint] {
  if (n > 8) {
    const first = le64(d, 0);
    const last = le64(d, n - 8);
    const v1 = (((le64(s, 32) ^ le64(s, 40)) - seed) & M64) ^ first ^ last;
    const v2 = (((le64(s, 48) ^ le64(s, 56)) + seed) & M64) ^ last;
    const m = v1 * P64_1;
    let lo = ((m & M64) + (BigInt(n - 1) << 54n)) & M64;
    let hi = ((m >> 64n) + ((v2 >> 32n) << 32n) + (v2 & 0xffffffffn) * P32_2) & M64;
    lo ^= bswap64(hi);
    const m2 = lo * P64_2;
    lo = m2 & M64;
    hi = ((m2 >> 64n) + hi * P64_2) & M64;
    return [avalanche(lo), avalanche(hi)];
  }
  if (n >= 4) {
    const sd = seed ^ (BigInt(bswap32(Number(seed & 0xffffffffn))) << 32n);
    const input = BigInt(le32(d, 0) >>> 0) | (BigInt(le32(d, n - 4) >>> 0) << 32n);
    const keyed = input ^ (((le64(s, 16) ^ le64(s, 24)) + sd) & M64);
    const m = keyed * ((P64_1 + (BigInt(n) << 2n)) & M64);
    let lo = m & M64;
    const hi = ((m >> 64n) + (lo << 1n)) & M64;
    lo ^= hi >> 3n;
    lo ^= lo >> 35n;
    lo = (lo * MX2) & M64;
    lo ^= lo >> 28n;
    return [lo, avalanche(hi)];
  }
  if (n > 0) {
    const c = combined(d, n);
    const ch = BigInt(((((bswap32(c) << 13) | (bswap32(c) >>> 19)) >>> 0) as number) >>> 0);
    const lo = BigInt(c) ^ (((sec32(s, 0) ^ sec32(s, 4)) + seed) & M64);
    const hi = ch ^ (((sec32(s, 8) ^ sec32(s, 12)) - seed) & M64);
    return [avalancheXxh64(lo), avalancheXxh64(hi)];
  }
  return [avalancheXxh64(seed ^ le64(s, 64) ^ le64(s, 72)), avalancheXxh64(seed ^ le64(s, 80) ^ le64(s, 88))];
}

/** XXH3-128 of `n` (at most 240) bytes of `d`: [low, high]. */
export function xxh3Short128(d: Uint8Array, n: number, s: Uint8Array, seed: bigint): [bigint, bigint] {
  if (n <= 16) return upTo16x128(d, n, s, seed);
  const acc = [(BigInt(n) * P64_1) & M64, 0n];
  if (n <= 128) {
    for (let i = ((n - 1) >> 5) + 1 - 1; i >= 0; i--) mix32(acc, d, 16 * i, n - 16 * i - 16, s, 32 * i, seed);
  } else {
    for (let i = 0; i < 4; i++) mix32(acc, d, 32 * i, 32 * i + 16, s, 32 * i, seed);
    acc[0] = avalanche(acc[0]);
    acc[1] = avalanche(acc[1]);
    for (let i = 4; i < n >> 5; i++) mix32(acc, d, 32 * i, 32 * i + 16, s, 32 * (i - 4) + 3, seed);
    mix32(acc, d, n - 16, n - 32, s, 103, (0n - seed) & M64);
  }
  const lo = (acc[0] + acc[1]) & M64;
  const hi = (acc[0] * P64_1 + acc[1] * P64_4 + ((BigInt(n) - seed) & M64) * P64_2) & M64;
  return [avalanche(lo), (0n - avalanche(hi)) & M64];
}
