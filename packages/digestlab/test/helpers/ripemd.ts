/**
 * MD4 and the RIPEMDs written here straight from their papers, independent of the library's generated cores
 * (scripts/gen/md4-family.mjs derives its word orders from ρ and π and unrolls with rotating roles; this one reads the
 * papers' tables as printed and moves values, step by step, on plain arrays). node:crypto has only RIPEMD-160 (no
 * MD4 without OpenSSL's legacy provider), so this is the reference every other result of these algorithms is
 * compared with; kat.test.ts holds it to BouncyCastle's vectors (vectors/bc).
 */
import { Buffer } from 'node:buffer';

// RIPEMD-160 (Dobbertin, Bosselaers, Preneel 1996), Table: message word r(j) and shift s(j) of step j, left line,
// and r'(j), s'(j), right line; RIPEMD-128 uses their first 64.
const R = [
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 7, 4, 13, 1, 10, 6, 15, 3, 12, 0, 9, 5, 2, 14, 11, 8, 3, 10, 14,
  4, 9, 15, 8, 1, 2, 7, 0, 6, 13, 11, 5, 12, 1, 9, 11, 10, 0, 8, 12, 4, 13, 3, 7, 15, 14, 5, 6, 2, 4, 0, 5, 9, 7, 12, 2,
  10, 14, 1, 3, 8, 11, 6, 15, 13,
];
const RP = [
  5, 14, 7, 0, 9, 2, 11, 4, 13, 6, 15, 8, 1, 10, 3, 12, 6, 11, 3, 7, 0, 13, 5, 10, 14, 15, 8, 12, 4, 9, 1, 2, 15, 5, 1,
  3, 7, 14, 6, 9, 11, 8, 12, 2, 10, 0, 4, 13, 8, 6, 4, 1, 3, 11, 15, 0, 5, 12, 2, 13, 9, 7, 10, 14, 12, 15, 10, 4, 1, 5,
  8, 7, 6, 2, 13, 14, 0, 3, 9, 11,
];
const S = [
  11, 14, 15, 12, 5, 8, 7, 9, 11, 13, 14, 15, 6, 7, 9, 8, 7, 6, 8, 13, 11, 9, 7, 15, 7, 12, 15, 9, 11, 7, 13, 12, 11,
  13, 6, 7, 14, 9, 13, 15, 14, 8, 13, 6, 5, 12, 7, 5, 11, 12, 14, 15, 14, 15, 9, 8, 9, 14, 5, 6, 8, 6, 5, 12, 9, 15, 5,
  11, 6, 8, 13, 12, 5, 12, 13, 14, 11, 8, 5, 6,
];
const SP = [
  8, 9, 9, 11, 13, 15, 15, 5, 7, 7, 8, 11, 14, 14, 12, 6, 9, 13, 15, 7, 12, 8, 9, 11, 7, 7, 12, 7, 6, 15, 13, 11, 9, 7,
  15, 11, 8, 6, 6, 14, 12, 13, 5, 14, 13, 13, 7, 5, 15, 5, 8, 11, 14, 14, 6, 14, 6, 9, 12, 9, 12, 5, 15, 8, 8, 5, 12, 9,
  12, 5, 14, 6, 8, 13, 6, 5, 15, 13, 11, 11,
];
const K160 = [0x00000000, 0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xa953fd4e];
const K160P = [0x50a28be6, 0x5c4dd124, 0x6d703ef3, 0x7a6d76e9, 0x00000000];
const K128P = [0x50a28be6, 0x5c4dd124, 0x6d703ef3, 0x00000000];

const IV = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0];
const IV2 = [0x76543210, 0xfedcba98, 0x89abcdef, 0x01234567, 0x3c2d1e0f];

const rol = (x: number, n: number): number => (x << n) | (x >>> (32 - n));

/** f(j, x, y, z) of RIPEMD-160: f1 for steps 0-15, ... f5 for 64-79. */
function f(j: number, x: number, y: number, z: number): number {
  const r = j >> 4;
  const v =
    r === 0
      ? x ^ y ^ z
      : r === 1
        ? (x & y) | (~x & z)
        : r === 2
          ? (x | ~y) ^ z
          : r === 3
            ? (x & z) | (y & ~z)
            : x ^ (y | ~z);
  return v;
}

/**
 * One step on v = [A, B, C, D, E] (five words) or [A, B, C, D], in place: the words move as the papers write them
 * (A = E, E = D, D = rol(C, 10), C = B, B = T; or A = D, D = C, C = B, B = T). In place on int32s, not a new array
 * of doubles a step: the default provider's sweep hashes some 25 MiB through this reference per algorithm.
 */
function step(v: Int32Array, fj: number, x: number, k: number, s: number): void {
  const a = v[0] as number;
  const b = v[1] as number;
  const c = v[2] as number;
  const d = v[3] as number;
  const e = v[4] as number;
  const sum = rol((a + f(fj, b, c, d) + x + k) | 0, s);
  if (v.length === 5) {
    v[0] = e;
    v[1] = (sum + e) | 0;
    v[3] = rol(c, 10);
    v[4] = d;
  } else {
    v[0] = d;
    v[1] = sum;
    v[3] = c;
  }
  v[2] = b;
}

/**
 * The two lines of a RIPEMD over block words x: `rounds` rounds of 16 steps from `left` and `right`; with `swaps`
 * (the double-width variants), after round r the words at index swaps[r] change lines. Returns both lines.
 */
function lines(h0: number[], h1: number[], x: number[], rounds: number, swaps?: number[]): number[][] {
  const left = Int32Array.from(h0);
  const right = Int32Array.from(h1);
  const last = 16 * rounds - 1;
  const kp = rounds === 5 ? K160P : K128P;
  for (let j = 0; j <= last; j++) {
    step(left, j, x[R[j] as number] as number, K160[j >> 4] as number, S[j] as number);
    step(right, last - j, x[RP[j] as number] as number, kp[j >> 4] as number, SP[j] as number);
    if (swaps && j % 16 === 15) {
      const i = swaps[j >> 4] as number;
      [left[i], right[i]] = [right[i] as number, left[i] as number];
    }
  }
  return [[...left], [...right]];
}

const add = (...xs: number[]): number => xs.reduce((a, b) => (a + b) | 0, 0);

/** RIPEMD-128 and -160: h_i = h_(i+1) + left_(i+2) + right_(i+3), indices mod the width. */
function crosswise(h: number[], x: number[], rounds: number): number[] {
  const [l, r] = lines(h, h, x, rounds) as [number[], number[]];
  const n = h.length;
  return h.map((_, i) => add(h[(i + 1) % n] as number, l[(i + 2) % n] as number, r[(i + 3) % n] as number));
}

/** RIPEMD-256 and -320: each line's words added into its own half of the chaining value. */
function apart(h: number[], x: number[], rounds: number, swaps: number[]): number[] {
  const n = h.length / 2;
  const [l, r] = lines(h.slice(0, n), h.slice(n), x, rounds, swaps) as [number[], number[]];
  return [...l, ...r].map((w, i) => add(w, h[i] as number));
}

/** RFC 1320 §3.4's three rounds: the function, the constant, [abcd k s]'s k in order and the four shifts. */
const MD4_ROUNDS: [(b: number, c: number, d: number) => number, number, number[], number[]][] = [
  [(b, c, d) => (b & c) | (~b & d), 0, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15], [3, 7, 11, 19]],
  [
    (b, c, d) => (b & c) | (b & d) | (c & d),
    0x5a827999,
    [0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15],
    [3, 5, 9, 13],
  ],
  [(b, c, d) => b ^ c ^ d, 0x6ed9eba1, [0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15], [3, 9, 11, 15]],
];

/** MD4 (RFC 1320 §3.4): three rounds of 16 steps, [abcd k s] as the RFC lists them. */
function md4(h: number[], x: number[]): number[] {
  const v = Int32Array.from(h);
  for (const [g, k, order, shifts] of MD4_ROUNDS) {
    for (const [i, w] of order.entries()) {
      const a = v[0] as number;
      const b = v[1] as number;
      const c = v[2] as number;
      const d = v[3] as number;
      v[0] = d;
      v[1] = rol((a + g(b, c, d) + (x[w] as number) + k) | 0, shifts[i % 4] as number);
      v[2] = b;
      v[3] = c;
    }
  }
  return Array.from(v, (w, i) => add(w, h[i] as number));
}

export type Name = 'MD4' | 'RIPEMD128' | 'RIPEMD160' | 'RIPEMD256' | 'RIPEMD320';

const VARIANTS: Record<Name, { iv: number[]; compress: (h: number[], x: number[]) => number[] }> = {
  MD4: { iv: IV.slice(0, 4), compress: md4 },
  RIPEMD128: { iv: IV.slice(0, 4), compress: (h, x) => crosswise(h, x, 4) },
  RIPEMD160: { iv: IV, compress: (h, x) => crosswise(h, x, 5) },
  // after round r the words A, B, C, D (RIPEMD-256), or B, D, A, C, E (RIPEMD-320), change lines
  RIPEMD256: { iv: [...IV.slice(0, 4), ...IV2.slice(0, 4)], compress: (h, x) => apart(h, x, 4, [0, 1, 2, 3]) },
  RIPEMD320: { iv: [...IV, ...IV2], compress: (h, x) => apart(h, x, 5, [1, 3, 0, 2, 4]) },
};

export const MD4_FAMILY: readonly string[] = Object.keys(VARIANTS);

/** The initial value and the compression of one 64-byte block (little-endian words), for boundaries.test.ts. */
export function md4FamilyBlock(name: Name): { iv: number[]; compress(h: number[], block: Uint8Array): number[] } {
  const variant = VARIANTS[name];
  return {
    iv: variant.iv,
    compress: (h, block) => {
      const view = new DataView(block.buffer, block.byteOffset, 64);
      const x = Array.from({ length: 16 }, (_, i) => view.getInt32(4 * i, true));
      // as uint32s, the words the BigInt finalizer keeps
      return variant.compress(h, x).map((w) => w >>> 0);
    },
  };
}

/** The digest of `data`, as hex: RFC 1320's padding (0x80, zeros, the 64-bit bit length little-endian). */
export function md4FamilyHex(name: string, data: Uint8Array): string {
  const variant = VARIANTS[name as Name];
  const n = data.length;
  const padded = new Uint8Array((n + 8 + 64) & -64);
  padded.set(data);
  padded[n] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, (n % 2 ** 29) * 8, true);
  view.setUint32(padded.length - 4, Math.floor(n / 2 ** 29), true);
  let h = variant.iv;
  for (let p = 0; p < padded.length; p += 64) {
    h = variant.compress(
      h,
      Array.from({ length: 16 }, (_, i) => view.getInt32(p + 4 * i, true)),
    );
  }
  const out = new DataView(new ArrayBuffer(4 * h.length));
  for (const [i, w] of h.entries()) out.setInt32(4 * i, w, true);
  return Buffer.from(out.buffer).toString('hex');
}
