/**
 * A Merkle–Damgård hash written straight from the standards, for the tests: plain compression functions (RFC 1321,
 * FIPS 180-4), constants derived from first principles (integer roots of primes, the sine table), BigInt for
 * SHA-512's 64-bit words and for every bit length, and one slow, obvious buffering and padding. MD4 and the RIPEMDs
 * take their compression from helpers/ripemd.ts, SM3, Whirlpool and Tiger theirs from helpers/classic.ts (both
 * written from the papers). A family's file in test/families/ names its algorithms' references (`boundaryReference`);
 * boundaries.test.ts continues crafted states with them and proves them against node:crypto and stored digests.
 */
import { SM3_IV, sm3Compress, TIGER_IV, tigerCompress, whirlpoolCompress } from './classic.js';
import { type Name as Md4FamilyName, md4FamilyBlock } from './ripemd.js';

// ---- Constants from first principles -------------------------------------------------------------------------

/** floor(n^(1/k)), exactly: Newton's iteration from above. */
function iroot(n: bigint, k: bigint): bigint {
  if (n < 2n) return n;
  let x = 1n << (BigInt(n.toString(2).length) / k + 1n);
  for (;;) {
    const y = ((k - 1n) * x + n / x ** (k - 1n)) / k;
    if (y >= x) return x;
    x = y;
  }
}

const PRIMES: number[] = [];
for (let n = 2; PRIMES.length < 80; n++) if (PRIMES.every((p) => n % p !== 0)) PRIMES.push(n);

/** The first `bits` bits of the fractional part of the k-th root of p (FIPS 180-4 §4.2, §5.3). */
function rootFraction(p: number, k: number, bits: number): bigint {
  return iroot(BigInt(p) << BigInt(k * bits), BigInt(k)) & ((1n << BigInt(bits)) - 1n);
}

const SHA256_K = PRIMES.slice(0, 64).map((p) => Number(rootFraction(p, 3, 32)));
const SHA512_K = PRIMES.slice(0, 80).map((p) => rootFraction(p, 3, 64));
export const SHA256_IV = PRIMES.slice(0, 8).map((p) => rootFraction(p, 2, 32));
export const SHA512_IV = PRIMES.slice(0, 8).map((p) => rootFraction(p, 2, 64));
export const SHA384_IV = PRIMES.slice(8, 16).map((p) => rootFraction(p, 2, 64));
/** "the second 32 bits of the fractional parts of the square roots of the 9th through 16th prime numbers" */
export const SHA224_IV = SHA384_IV.map((w) => w & 0xffffffffn);
/** floor(2^30 * sqrt(n)) for n = 2, 3, 5, 10 (FIPS 180-4 §4.2.1). */
const SHA1_K = [2, 3, 5, 10].map((n) => Number(iroot(BigInt(n) << 60n, 2n)));
export const SHA1_IV = [0x67452301n, 0xefcdab89n, 0x98badcfen, 0x10325476n, 0xc3d2e1f0n];
/** RFC 1321 §3.3: word A = 01 23 45 67 (low-order byte first), B = 89 ab cd ef, C = fe dc ba 98, D = 76 54 32 10. */
export const MD5_IV = [0x67452301n, 0xefcdab89n, 0x98badcfen, 0x10325476n];
/** RFC 1321 §3.4: T[i] = floor(4294967296 * abs(sin(i))), i = 1..64. */
const MD5_T = Array.from({ length: 64 }, (_, i) => Math.floor(4294967296 * Math.abs(Math.sin(i + 1))));

// ---- Reference compression functions ---------------------------------------------------------------------------

const u32 = (x: number): number => x >>> 0;
const rotl32 = (x: number, n: number): number => u32((x << n) | (x >>> (32 - n)));
const rotr32 = (x: number, n: number): number => u32((x >>> n) | (x << (32 - n)));

function wordsBE(block: Uint8Array, count: number): number[] {
  return Array.from({ length: count }, (_, i) =>
    u32((block[4 * i] << 24) | (block[4 * i + 1] << 16) | (block[4 * i + 2] << 8) | block[4 * i + 3]),
  );
}

/** RFC 1321 §3.4, operation by operation: [abcd k s i] means a = b + ((a + F(b,c,d) + X[k] + T[i]) <<< s). */
export function md5Compress(h: number[], block: Uint8Array): number[] {
  const X = Array.from({ length: 16 }, (_, i) =>
    u32(block[4 * i] | (block[4 * i + 1] << 8) | (block[4 * i + 2] << 16) | (block[4 * i + 3] << 24)),
  );
  const F = (x: number, y: number, z: number) => (x & y) | (~x & z);
  const G = (x: number, y: number, z: number) => (x & z) | (y & ~z);
  const H = (x: number, y: number, z: number) => x ^ y ^ z;
  const I = (x: number, y: number, z: number) => y ^ (x | ~z);
  const rounds = [
    { f: F, k: (i: number) => i, s: [7, 12, 17, 22] },
    { f: G, k: (i: number) => (1 + 5 * i) % 16, s: [5, 9, 14, 20] },
    { f: H, k: (i: number) => (5 + 3 * i) % 16, s: [4, 11, 16, 23] },
    { f: I, k: (i: number) => (7 * i) % 16, s: [6, 10, 15, 21] },
  ];
  const v = [...h]; // A, B, C, D
  for (let r = 0; r < 4; r++) {
    for (let i = 0; i < 16; i++) {
      // The operations cycle through [ABCD], [DABC], [CDAB], [BCDA].
      const a = (4 - (i % 4)) % 4;
      const [b, c, d] = [(a + 1) % 4, (a + 2) % 4, (a + 3) % 4];
      const { f, k, s } = rounds[r];
      v[a] = u32(v[b] + rotl32(v[a] + f(v[b], v[c], v[d]) + X[k(i)] + MD5_T[16 * r + i], s[i % 4]));
    }
  }
  return h.map((x, i) => u32(x + v[i]));
}

/** FIPS 180-4 §6.1.2. */
export function sha1Compress(h: number[], block: Uint8Array): number[] {
  const W = wordsBE(block, 16);
  for (let t = 16; t < 80; t++) W[t] = rotl32(W[t - 3] ^ W[t - 8] ^ W[t - 14] ^ W[t - 16], 1);
  let [a, b, c, d, e] = h;
  for (let t = 0; t < 80; t++) {
    let f: number;
    if (t < 20) f = (b & c) ^ (~b & d);
    else if (t < 40 || t >= 60) f = b ^ c ^ d;
    else f = (b & c) ^ (b & d) ^ (c & d);
    const T = u32(rotl32(a, 5) + u32(f) + e + SHA1_K[Math.floor(t / 20)] + W[t]);
    e = d;
    d = c;
    c = rotl32(b, 30);
    b = a;
    a = T;
  }
  return [a, b, c, d, e].map((x, i) => u32(h[i] + x));
}

/** FIPS 180-4 §6.2.2 (and §6.3 for SHA-224, which differs only in its initial value and truncation). */
export function sha256Compress(h: number[], block: Uint8Array): number[] {
  const W = wordsBE(block, 16);
  const sigma0 = (x: number) => rotr32(x, 7) ^ rotr32(x, 18) ^ (x >>> 3);
  const sigma1 = (x: number) => rotr32(x, 17) ^ rotr32(x, 19) ^ (x >>> 10);
  for (let t = 16; t < 64; t++) W[t] = u32(sigma1(W[t - 2]) + W[t - 7] + sigma0(W[t - 15]) + W[t - 16]);
  let [a, b, c, d, e, f, g, hh] = h;
  for (let t = 0; t < 64; t++) {
    const S1 = rotr32(e, 6) ^ rotr32(e, 11) ^ rotr32(e, 25);
    const ch = (e & f) ^ (~e & g);
    const T1 = u32(hh + u32(S1) + u32(ch) + SHA256_K[t] + W[t]);
    const S0 = rotr32(a, 2) ^ rotr32(a, 13) ^ rotr32(a, 22);
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const T2 = u32(u32(S0) + u32(maj));
    hh = g;
    g = f;
    f = e;
    e = u32(d + T1);
    d = c;
    c = b;
    b = a;
    a = u32(T1 + T2);
  }
  return [a, b, c, d, e, f, g, hh].map((x, i) => u32(h[i] + x));
}

const MASK64 = (1n << 64n) - 1n;
const rotr64 = (x: bigint, n: bigint): bigint => ((x >> n) | (x << (64n - n))) & MASK64;

/** FIPS 180-4 §6.4.2 (and §6.5–6.7, which differ only in the initial value and truncation), in BigInt. */
function sha512Compress(h: bigint[], block: Uint8Array): bigint[] {
  const W: bigint[] = [];
  for (let t = 0; t < 16; t++) {
    let w = 0n;
    for (let j = 0; j < 8; j++) w = (w << 8n) | BigInt(block[8 * t + j]);
    W.push(w);
  }
  const sigma0 = (x: bigint) => rotr64(x, 1n) ^ rotr64(x, 8n) ^ (x >> 7n);
  const sigma1 = (x: bigint) => rotr64(x, 19n) ^ rotr64(x, 61n) ^ (x >> 6n);
  for (let t = 16; t < 80; t++) W[t] = (sigma1(W[t - 2]) + W[t - 7] + sigma0(W[t - 15]) + W[t - 16]) & MASK64;
  let [a, b, c, d, e, f, g, hh] = h;
  for (let t = 0; t < 80; t++) {
    const S1 = rotr64(e, 14n) ^ rotr64(e, 18n) ^ rotr64(e, 41n);
    const ch = (e & f) ^ (~e & MASK64 & g);
    const T1 = (hh + S1 + ch + SHA512_K[t] + W[t]) & MASK64;
    const S0 = rotr64(a, 28n) ^ rotr64(a, 34n) ^ rotr64(a, 39n);
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const T2 = (S0 + maj) & MASK64;
    hh = g;
    g = f;
    f = e;
    e = (d + T1) & MASK64;
    d = c;
    c = b;
    b = a;
    a = (T1 + T2) & MASK64;
  }
  return [a, b, c, d, e, f, g, hh].map((x, i) => (h[i] + x) & MASK64);
}

// ---- Reference Merkle–Damgård hash: buffering, padding, length, output ---------------------------------------

export interface MdReference {
  blockLength: number;
  /** 8 (a 64-bit bit count), 16 (128-bit, the SHA-512 family) or 32 (Whirlpool's 256-bit field). */
  lengthFieldBytes: number;
  /** The first padding byte: 0x80 (a one bit, then zeros), but Tiger's 0x01. */
  padByte?: number;
  /** MD5 writes its length and its words little-endian; SHA big-endian. */
  littleEndian: boolean;
  wordBytes: number;
  digestLength: number;
  iv: bigint[];
  compress(h: bigint[], block: Uint8Array): bigint[];
}

export const on32 =
  (f: (h: number[], block: Uint8Array) => number[]) =>
  (h: bigint[], block: Uint8Array): bigint[] =>
    f(h.map(Number), block).map(BigInt);

export const md32 = (iv: bigint[], digestLength: number, compress: MdReference['compress'], littleEndian = false) => ({
  blockLength: 64,
  lengthFieldBytes: 8,
  littleEndian,
  wordBytes: 4,
  digestLength,
  iv,
  compress,
});
export const md64 = (iv: bigint[], digestLength: number): MdReference => ({
  blockLength: 128,
  lengthFieldBytes: 16,
  littleEndian: false,
  wordBytes: 8,
  digestLength,
  iv,
  compress: sha512Compress,
});

/** A running reference hash: chaining value, the bytes not yet compressed, the total length in bytes. */
export class ReferenceMd {
  private pending: number[];
  constructor(
    private readonly alg: MdReference,
    private h: bigint[],
    buffered: Uint8Array,
    private total: bigint,
  ) {
    this.pending = [...buffered];
  }

  update(bytes: Uint8Array): this {
    const bl = this.alg.blockLength;
    this.total += BigInt(bytes.length);
    let at = 0;
    // fill the pending block first, then whole blocks straight from the input, then keep the rest
    while (this.pending.length > 0 && this.pending.length < bl && at < bytes.length) this.pending.push(bytes[at++]);
    if (this.pending.length === bl) {
      this.h = this.alg.compress(this.h, Uint8Array.from(this.pending));
      this.pending = [];
    }
    for (; at + bl <= bytes.length; at += bl) this.h = this.alg.compress(this.h, bytes.slice(at, at + bl));
    for (; at < bytes.length; at++) this.pending.push(bytes[at]);
    return this;
  }

  digest(): Uint8Array {
    const { blockLength: bl, lengthFieldBytes, littleEndian, wordBytes, digestLength } = this.alg;
    // A one bit, then zeros until the length field ends a block (FIPS 180-4 §5.1, RFC 1321 §3.1–3.2); Tiger's
    // first byte is 0x01 (its paper's reference code), Whirlpool's field 256 bits (its specification §3.2)
    const message = [...this.pending, this.alg.padByte ?? 0x80];
    while (message.length % bl !== bl - lengthFieldBytes) message.push(0);
    const bits = this.total * 8n;
    const field = Array.from({ length: lengthFieldBytes }, (_, i) => Number((bits >> BigInt(8 * i)) & 0xffn));
    message.push(...(littleEndian ? field : field.reverse()));
    let h = this.h;
    for (let i = 0; i < message.length; i += bl) h = this.alg.compress(h, Uint8Array.from(message.slice(i, i + bl)));
    const out: number[] = [];
    for (const w of h) {
      const bytes = Array.from({ length: wordBytes }, (_, i) => Number((w >> BigInt(8 * i)) & 0xffn));
      out.push(...(littleEndian ? bytes : bytes.reverse()));
    }
    return Uint8Array.from(out.slice(0, digestLength));
  }
}

/** FIPS 180-4 §5.3.6: SHA-512/t's initial value is SHA-512, started from IV ^ a5a5..., of the string "SHA-512/t". */
export function sha512tIv(t: number): bigint[] {
  const alg = md64(
    SHA512_IV.map((w) => w ^ 0xa5a5a5a5a5a5a5a5n),
    64,
  );
  const d = new ReferenceMd(alg, alg.iv, new Uint8Array(0), 0n)
    .update(new TextEncoder().encode(`SHA-512/${t}`))
    .digest();
  return Array.from({ length: 8 }, (_, i) => d.subarray(8 * i, 8 * i + 8).reduce((w, b) => (w << 8n) | BigInt(b), 0n));
}

/** MD4 and the RIPEMDs from the test suite's own compression functions (helpers/ripemd.ts): MD5's padding. */
export function md4Family(name: Md4FamilyName): MdReference {
  const { iv, compress } = md4FamilyBlock(name);
  return md32(iv.map(BigInt), 4 * iv.length, on32(compress), true);
}
/** Whirlpool's chaining value as sixteen 32-bit words, big-endian: its 8×8 byte matrix, row by row. */
export const WHIRLPOOL_REFERENCE: MdReference = {
  blockLength: 64,
  lengthFieldBytes: 32,
  littleEndian: false,
  wordBytes: 4,
  digestLength: 64,
  iv: Array<bigint>(16).fill(0n),
  compress(h, block) {
    const bytes = h.flatMap((w) => [24n, 16n, 8n, 0n].map((s) => Number((w >> s) & 0xffn)));
    const out = whirlpoolCompress(bytes, block);
    return Array.from({ length: 16 }, (_, i) =>
      out.slice(4 * i, 4 * i + 4).reduce((w, b) => (w << 8n) | BigInt(b), 0n),
    );
  },
};
/** Tiger: three 64-bit words a, b, c, written little-endian, as its length; the pad byte 0x01. */
export const TIGER_REFERENCE: MdReference = {
  blockLength: 64,
  lengthFieldBytes: 8,
  padByte: 0x01,
  littleEndian: true,
  wordBytes: 8,
  digestLength: 24,
  iv: TIGER_IV,
  compress(h, block) {
    const state = [...h];
    tigerCompress(state, [...block]);
    return state;
  },
};

/** SM3 (GB/T 32905): SHA-256's frame, its own compression and initial value (helpers/classic.ts). */
export const SM3_REFERENCE: MdReference = md32(SM3_IV.map(BigInt), 32, on32(sm3Compress));

/** The reference's digest of `data` from the initial value, as hex. */
export function referenceMdHex(alg: MdReference, data: Uint8Array): string {
  const d = new ReferenceMd(alg, alg.iv, new Uint8Array(0), 0n).update(data).digest();
  return Array.from(d, (b) => b.toString(16).padStart(2, '0')).join('');
}
