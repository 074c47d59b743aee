/**
 * Length boundaries far beyond what can be streamed (2^38, 257 GiB, 2^39, ..., 2^53 - 1 bytes), reached through
 * importState: a state is crafted with exportState on a fresh engine whose chaining value, buffered bytes and
 * total length are set to chosen values, imported, fed some bytes across the boundary and finalized. The digest
 * must equal a REFERENCE written here straight from the standards (RFC 1319, RFC 1321, FIPS 180-4): its own
 * plain compression functions, its constants derived from first principles (integer roots of primes, the sine
 * table, the digits of pi for MD2's S-box), BigInt for SHA-512's 64-bit words and for every bit length,
 * continuing from the same chaining value, buffered bytes and length. MD4 and the RIPEMDs take their compression
 * from helpers/ripemd.ts, SM3, Whirlpool and Tiger theirs from helpers/classic.ts (both written from the papers);
 * the padding here is each one's own: the pad byte (Tiger's 0x01), the length field's width (Whirlpool's 32 bytes)
 * and byte order.
 *
 * The reference is proven first: from the initial value it must equal node:crypto (OpenSSL) on random messages
 * of every interesting length, and MD2 (absent from OpenSSL 3) must give RFC 1319's test suite; SM3, Whirlpool
 * and Tiger must also give BouncyCastle's stored digests, OpenSSL's, run here, and RHash's, stored.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { BlockHash } from '../src/constructions/block/block.js';
import { mdOnce, paddedLength, padInPlace } from '../src/constructions/merkle-damgard/merkle-damgard.js';
import { type AlgorithmName, importState, MAX_LENGTH } from '../src/index.js';
import { ENTRIES, lookup } from '../src/registry/registry.js';
import { type AlgorithmSpec, narrow } from '../src/spec/algorithm.js';
import type { MDPadding, MDParams } from '../src/spec/constructions.js';
import { SM3_IV, sm3Compress, TIGER_IV, tigerCompress, whirlpoolCompress } from './helpers/classic.js';
import { RHASH_PREFIXES, readVector, reference, rhashPrefix } from './helpers/common.js';
import { RFC1319 } from './helpers/known.js';
import { ReferenceMd2 } from './helpers/md2.js';
import { type Name as Md4FamilyName, md4FamilyBlock } from './helpers/ripemd.js';
import { parseRsp } from './helpers/rsp.js';

// ---- Deterministic randomness ------------------------------------------------------------------------------

/** splitmix32: a small seeded generator, so every run checks the same cases. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

function randomBytes(next: () => number, n: number): Uint8Array {
  return Uint8Array.from({ length: n }, () => next() & 0xff);
}

function hex(bytes: Uint8Array | number[]): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

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
const SHA256_IV = PRIMES.slice(0, 8).map((p) => rootFraction(p, 2, 32));
const SHA512_IV = PRIMES.slice(0, 8).map((p) => rootFraction(p, 2, 64));
const SHA384_IV = PRIMES.slice(8, 16).map((p) => rootFraction(p, 2, 64));
/** "the second 32 bits of the fractional parts of the square roots of the 9th through 16th prime numbers" */
const SHA224_IV = SHA384_IV.map((w) => w & 0xffffffffn);
/** floor(2^30 * sqrt(n)) for n = 2, 3, 5, 10 (FIPS 180-4 §4.2.1). */
const SHA1_K = [2, 3, 5, 10].map((n) => Number(iroot(BigInt(n) << 60n, 2n)));
const SHA1_IV = [0x67452301n, 0xefcdab89n, 0x98badcfen, 0x10325476n, 0xc3d2e1f0n];
/** RFC 1321 §3.3: word A = 01 23 45 67 (low-order byte first), B = 89 ab cd ef, C = fe dc ba 98, D = 76 54 32 10. */
const MD5_IV = [0x67452301n, 0xefcdab89n, 0x98badcfen, 0x10325476n];
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
function md5Compress(h: number[], block: Uint8Array): number[] {
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
function sha1Compress(h: number[], block: Uint8Array): number[] {
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
function sha256Compress(h: number[], block: Uint8Array): number[] {
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

interface MdReference {
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

const on32 =
  (f: (h: number[], block: Uint8Array) => number[]) =>
  (h: bigint[], block: Uint8Array): bigint[] =>
    f(h.map(Number), block).map(BigInt);

const md32 = (iv: bigint[], digestLength: number, compress: MdReference['compress'], littleEndian = false) => ({
  blockLength: 64,
  lengthFieldBytes: 8,
  littleEndian,
  wordBytes: 4,
  digestLength,
  iv,
  compress,
});
const md64 = (iv: bigint[], digestLength: number): MdReference => ({
  blockLength: 128,
  lengthFieldBytes: 16,
  littleEndian: false,
  wordBytes: 8,
  digestLength,
  iv,
  compress: sha512Compress,
});

/** A running reference hash: chaining value, the bytes not yet compressed, the total length in bytes. */
class ReferenceMd {
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
    this.pending.push(...bytes);
    this.total += BigInt(bytes.length);
    while (this.pending.length >= bl) {
      this.h = this.alg.compress(this.h, Uint8Array.from(this.pending.splice(0, bl)));
    }
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
function sha512tIv(t: number): bigint[] {
  const alg = md64(
    SHA512_IV.map((w) => w ^ 0xa5a5a5a5a5a5a5a5n),
    64,
  );
  const d = new ReferenceMd(alg, alg.iv, new Uint8Array(0), 0n)
    .update(new TextEncoder().encode(`SHA-512/${t}`))
    .digest();
  return Array.from({ length: 8 }, (_, i) => d.subarray(8 * i, 8 * i + 8).reduce((w, b) => (w << 8n) | BigInt(b), 0n));
}

// BLAKE2's counters near 2^53 - 1 are blake2.test.ts's (a BigInt-counter reference from RFC 7693)
type MdName = Exclude<
  AlgorithmName,
  'MD2' | `SHA3-${string}` | `SHAKE${string}` | `KECCAK-${string}` | `BLAKE3-${string}` | `BLAKE2${string}`
>;

/** MD4 and the RIPEMDs from the test suite's own compression functions (helpers/ripemd.ts): MD5's padding. */
function md4Family(name: Md4FamilyName): MdReference {
  const { iv, compress } = md4FamilyBlock(name);
  return md32(iv.map(BigInt), 4 * iv.length, on32(compress), true);
}
/** Whirlpool's chaining value as sixteen 32-bit words, big-endian: its 8×8 byte matrix, row by row. */
const WHIRLPOOL_REFERENCE: MdReference = {
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
const TIGER_REFERENCE: MdReference = {
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
const MD_REFERENCES: Record<MdName, MdReference> = {
  MD5: md32(MD5_IV, 16, on32(md5Compress), true),
  'SHA-1': md32(SHA1_IV, 20, on32(sha1Compress)),
  'SHA-224': md32(SHA224_IV, 28, on32(sha256Compress)),
  'SHA-256': md32(SHA256_IV, 32, on32(sha256Compress)),
  'SHA-384': md64(SHA384_IV, 48),
  'SHA-512': md64(SHA512_IV, 64),
  'SHA-512/224': md64(sha512tIv(224), 28),
  'SHA-512/256': md64(sha512tIv(256), 32),
  MD4: md4Family('MD4'),
  RIPEMD128: md4Family('RIPEMD128'),
  RIPEMD160: md4Family('RIPEMD160'),
  RIPEMD256: md4Family('RIPEMD256'),
  RIPEMD320: md4Family('RIPEMD320'),
  SM3: md32(SM3_IV.map(BigInt), 32, on32(sm3Compress)),
  WHIRLPOOL: WHIRLPOOL_REFERENCE,
  TIGER: TIGER_REFERENCE,
};
const MD_NAMES = Object.keys(MD_REFERENCES) as MdName[];

// ---- Reference MD2 (RFC 1319) -------------------------------------------------------------------------------

// ---- Proof of the reference ---------------------------------------------------------------------------------

describe('the reference, from the initial value', () => {
  const next = rng(0x5eed);
  const lengths = [0, 1, 3, 55, 56, 57, 63, 64, 65, 111, 112, 113, 119, 120, 127, 128, 129, 200, 1000];

  // node:crypto's; for MD4 and the RIPEMDs it lacks, the suite's own (held to BouncyCastle's in kat.test.ts)
  test.each(MD_NAMES)('%s equals node:crypto (or the reference) on random messages, whole and in pieces', (name) => {
    const alg = MD_REFERENCES[name];
    for (const n of lengths) {
      const msg = randomBytes(next, n);
      const want = reference(name, msg);
      expect(hex(new ReferenceMd(alg, alg.iv, new Uint8Array(0), 0n).update(msg).digest()), `${name}, ${n} bytes`).toBe(
        want,
      );
      const pieces = new ReferenceMd(alg, alg.iv, new Uint8Array(0), 0n);
      for (let at = 0; at < n; ) {
        const take = Math.min(n - at, 1 + (next() % 70));
        pieces.update(msg.subarray(at, at + take));
        at += take;
      }
      expect(hex(pieces.digest()), `${name}, ${n} bytes in pieces`).toBe(want);
    }
  });

  const fresh = (name: MdName) => new ReferenceMd(MD_REFERENCES[name], MD_REFERENCES[name].iv, new Uint8Array(0), 0n);

  // their reference() above is OpenSSL's (SM3), hash-wasm's (Whirlpool), helpers/classic.ts' own padding (Tiger)
  test.each([
    ['SM3', 'sm3-bc.txt'],
    ['WHIRLPOOL', 'whirlpool-bc.txt'],
    ['TIGER', 'tiger-bc.txt'],
  ] as const)('%s gives BouncyCastle’s digests (vectors/%s), 0 to 300 bytes and 1000', (name, file) => {
    const vectors = parseRsp(readVector(file), file).vectors.filter((v) => v.len <= 8 * 1000);
    expect(vectors).toHaveLength(302);
    for (const v of vectors) expect(hex(fresh(name).update(v.msg).digest()), `${name}, ${v.len / 8} bytes`).toBe(v.md);
  });

  /**
   * OpenSSL, run here, one process a message (a new Debian has it: SM3, and Whirlpool through its legacy provider), and
   * RHash, which a new Debian lacks, as scripts/vectors/rhash-vectors.mjs stored its Whirlpool and Tiger (npm run
   * test:refs runs it again): the messages are that file's inputs, the first n bytes of the suite's pseudo-random
   * stream.
   */
  const OPENSSL: Partial<Record<MdName, string[]>> = {
    SM3: ['dgst', '-sm3', '-r'],
    WHIRLPOOL: ['dgst', '-whirlpool', '-provider', 'legacy', '-provider', 'default', '-r'],
  };
  test.each(['SM3', 'WHIRLPOOL', 'TIGER'] as const)(
    '%s equals OpenSSL (run here) and RHash (stored) where they have it: empty, one block, where the padding takes a second',
    (name) => {
      const edge = 64 - MD_REFERENCES[name].lengthFieldBytes; // the first tail whose padding takes a second block
      const lengths = [0, 1, edge - 1, edge, 63, 64, 65, 128];
      for (const n of lengths) {
        const msg = rhashPrefix(n);
        const want = hex(fresh(name).update(msg).digest());
        const openssl = OPENSSL[name];
        if (openssl !== undefined) {
          const out = execFileSync('openssl', openssl, { input: msg, encoding: 'utf8' });
          expect(out.match(/^[0-9a-f]+/)?.[0], `openssl ${openssl.join(' ')}, ${n} bytes`).toBe(want);
        }
        if (name !== 'SM3') expect(RHASH_PREFIXES.digests[n]?.[name], `RHash (stored), ${n} bytes`).toBe(want);
      }
    },
  );

  test('MD2 gives the test suite of RFC 1319 §A.5', () => {
    for (const [text, want] of RFC1319) {
      const d = new ReferenceMd2(new Uint8Array(16), new Uint8Array(16), new Uint8Array(0));
      expect(hex(d.update(new TextEncoder().encode(text)).digest()), JSON.stringify(text)).toBe(want);
    }
  });
});

// ---- The library, from crafted states near the boundaries -------------------------------------------------------

const GiB = 2 ** 30;

/** Boundaries B; the final lengths checked around each are B - 1, B, B + 1 (those up to 2^53 - 1). */
function boundaries(blockLength: number): [string, number][] {
  return [
    ['2^29 (the bit length passes 2^32)', 2 ** 29],
    ['2^31', 2 ** 31],
    ['2^32', 2 ** 32],
    ['2^38', 2 ** 38],
    ['257 GiB', 257 * GiB],
    ['2^39', 2 ** 39],
    ['2^40', 2 ** 40],
    ['2^45 + 13', 2 ** 45 + 13],
    ['2^52', 2 ** 52],
    ['2^53 - 1 - 3 blocks', MAX_LENGTH - 3 * blockLength],
    ['2^53 - 1 (the largest length)', MAX_LENGTH],
  ];
}

interface Crafted {
  state: Uint8Array;
  chain: Int32Array | Uint8Array;
  buffered: Uint8Array;
  length: number;
}

/** A state of `spec` with a random chaining value, `length % blockLength` random buffered bytes and `length`. */
function craft(spec: AlgorithmSpec, length: number, next: () => number): Crafted {
  const engine = spec.create();
  const chain = engine.chain;
  if (chain instanceof Int32Array) for (let i = 0; i < chain.length; i++) chain[i] = next() | 0;
  else chain.set(randomBytes(next, chain.length));
  engine.length = length;
  engine.pos = length % spec.blockLength;
  const buffered = randomBytes(next, engine.pos);
  engine.buffer.set(buffered);
  return { state: engine.exportState(), chain: chain.slice(), buffered, length };
}

/** The reference, continuing from a crafted state. */
function referenceFrom(name: AlgorithmName, c: Crafted): { update(b: Uint8Array): unknown; digest(): Uint8Array } {
  if (name === 'MD2')
    return new ReferenceMd2(c.chain.subarray(0, 16) as Uint8Array, c.chain.subarray(16, 32) as Uint8Array, c.buffered);
  const alg = MD_REFERENCES[name as MdName];
  const w = Array.from(c.chain as Int32Array, (x) => BigInt(x >>> 0));
  // a 64-bit word is two 32-bit ones, in the order its bytes are written: (high, low) big-endian, (low, high) not
  const [hi, lo] = alg.littleEndian ? [1, 0] : [0, 1];
  const h =
    alg.wordBytes === 4 ? w : Array.from({ length: w.length / 2 }, (_, i) => (w[2 * i + hi] << 32n) | w[2 * i + lo]);
  return new ReferenceMd(alg, h, c.buffered, BigInt(c.length));
}

/** How the last `fed` bytes reach the digest: piece lengths, given the block length. */
function feeds(bl: number): [string, number[]][] {
  return [
    ['no update (finalize the imported state)', []],
    ['one byte', [1]],
    ['one update of 200 bytes', [200]],
    ['150 single-byte updates', Array(150).fill(1)],
    ['3 whole blocks', [3 * bl]],
    ['pieces bl - 1, 1, bl + 3, 2', [bl - 1, 1, bl + 3, 2]],
  ];
}

const ALL_NAMES: AlgorithmName[] = ['MD2', ...MD_NAMES];

describe.each(ALL_NAMES)('%s, imported near a boundary, equals the reference', (name) => {
  const spec = lookup(name).spec;
  const bl = spec.blockLength;

  test.each(boundaries(bl))('around %s', (_label, boundary) => {
    const next = rng((boundary % 2 ** 32) ^ spec.code);
    const mismatches: string[] = [];
    const cases: [number, number[]][] = [];
    for (const final of [boundary - 1, boundary, boundary + 1].filter((f) => f <= MAX_LENGTH)) {
      for (const [, pieces] of feeds(bl)) cases.push([final, pieces]);
    }
    // Also across the boundary, ending past it: 100 bytes before, one update of 200.
    if (boundary + 100 <= MAX_LENGTH) cases.push([boundary + 100, [200]]);
    for (const [final, pieces] of cases) {
      const fed = pieces.reduce((a, b) => a + b, 0);
      const c = craft(spec, final - fed, next);
      const digest = importState(c.state);
      expect(digest.algorithm).toBe(name);
      expect(digest.exportState()).toStrictEqual(c.state);
      const ref = referenceFrom(name, c);
      for (const n of pieces) {
        const bytes = randomBytes(next, n);
        digest.update(bytes);
        ref.update(bytes);
      }
      const copy = digest.clone();
      const want = hex(ref.digest());
      const got = digest.digestHex();
      if (got !== want) mismatches.push(`from ${c.length} + [${pieces}] = ${final}: got ${got}, want ${want}`);
      if (copy.digestHex() !== want) mismatches.push(`clone, from ${c.length} + [${pieces}] = ${final}: differs`);
    }
    expect(cases.length).toBeGreaterThanOrEqual(12);
    expect(mismatches).toStrictEqual([]);
  });

  test('at 2^53 - 1 bytes one more byte is refused (ERR_LENGTH_LIMIT) and the state is left intact', () => {
    const next = rng(0xfeed ^ spec.code);
    const c = craft(spec, MAX_LENGTH - 5, next);
    const digest = importState(c.state);
    const ref = referenceFrom(name, c);
    const five = randomBytes(next, 5);
    digest.update(five);
    ref.update(five);
    expect(() => digest.update(new Uint8Array(1))).toThrow(expect.objectContaining({ code: 'ERR_LENGTH_LIMIT' }));
    digest.update(new Uint8Array(0));
    expect(digest.digestHex()).toBe(hex(ref.digest()));
  });
});

// ---- The one-shot padding, at every total the streaming finish is checked at -----------------------------------

describe('padInPlace (every Merkle–Damgård path): the length field at every boundary', () => {
  /**
   * FIPS 180-4 §5.1 / RFC 1321 §3.1–3.2, written the slow way: the pad byte, zeros until the length field, then
   * the bit length in the last `lengthBytes` bytes (Tiger pads with 0x01, Whirlpool has a 32-byte field).
   */
  function referencePadding(n: number, total: number, bl: number, padding: MDPadding): string {
    const { padByte, lengthBytes, littleEndian } = padding;
    const padded: number[] = [padByte];
    while ((n + padded.length) % bl !== bl - lengthBytes) padded.push(0);
    const bits = BigInt(total) * 8n;
    const field = Array.from({ length: lengthBytes }, (_, i) => Number((bits >> BigInt(8 * i)) & 0xffn));
    return hex([...padded, ...(littleEndian ? field : field.reverse())]);
  }

  const md = (padByte: number, lengthBytes: number, littleEndian: boolean): MDPadding => ({
    padByte,
    lengthBytes,
    littleEndian,
  });
  const layouts: [string, number, MDPadding][] = [
    ['64-byte blocks, big-endian (SHA-1, SHA-224, SHA-256)', 64, md(0x80, 8, false)],
    ['64-byte blocks, little-endian (MD5)', 64, md(0x80, 8, true)],
    ['128-byte blocks, big-endian (SHA-384, SHA-512, SHA-512/t)', 128, md(0x80, 16, false)],
    // the layouts of the algorithms to come: Tiger (pad byte 0x01, little-endian), Whirlpool (a 32-byte field)
    ['64-byte blocks, pad byte 0x01, little-endian (Tiger)', 64, md(0x01, 8, true)],
    ['64-byte blocks, a 32-byte length field, big-endian (Whirlpool)', 64, md(0x80, 32, false)],
    ['128-byte blocks, a 16-byte length field, little-endian', 128, md(0x80, 16, true)],
  ];

  test.each(layouts)('%s', (_, bl, padding) => {
    const totals = [...new Set(boundaries(bl).flatMap(([, b]) => [b - 1, b, b + 1]))].filter((t) => t <= MAX_LENGTH);
    expect(totals).toContain(2 ** 29 - 1);
    expect(totals).toContain(MAX_LENGTH);
    const lw = padding.lengthBytes;
    const mismatches: string[] = [];
    for (const total of totals) {
      // the tail the one-shot pads is total mod bl bytes; also the tails on each side of the one- or two-block edge
      const tails = [total % bl, 0, bl - lw - 1, bl - lw, bl - 1];
      for (const n of tails) {
        const at = 3;
        const bytes = new Uint8Array(at + 2 * bl + 8).fill(0xa5);
        const length = padInPlace(bytes, at, n, bl, padding, total);
        expect(length).toBe(paddedLength(n, bl, lw));
        const got = hex(bytes.subarray(at + n, at + length));
        const want = referencePadding(n, total, bl, padding);
        if (got !== want) mismatches.push(`total ${total}, tail ${n}: ${got} != ${want}`);
        if (bytes[at - 1] !== 0xa5 || bytes[at + length] !== 0xa5)
          mismatches.push(`total ${total}, tail ${n}: wrote outside`);
      }
    }
    expect(mismatches).toStrictEqual([]);
  });

  test('without a total, the length is the tail’s own', () => {
    const bytes = new Uint8Array(128);
    const sha = md(0x80, 8, false);
    const md5 = md(0x80, 8, true);
    expect(padInPlace(bytes, 0, 55, 64, sha)).toBe(64);
    expect(hex(bytes.subarray(55, 64))).toBe(referencePadding(55, 55, 64, sha));
    expect(padInPlace(bytes, 0, 56, 64, md5)).toBe(128);
    expect(hex(bytes.subarray(56, 128))).toBe(referencePadding(56, 56, 64, md5));
  });

  test('paddedLength: the message, the pad byte and the field, rounded up to whole blocks (up to 64 KiB)', () => {
    for (const [bl, lw] of [
      [64, 8],
      [128, 16],
      [64, 32],
    ]) {
      for (let n = 0; n <= 65536; n += n < 300 ? 1 : 997) {
        expect(paddedLength(n, bl, lw)).toBe(Math.ceil((n + 1 + lw) / bl) * bl);
      }
    }
  });

  test('every Merkle–Damgård algorithm pads as its standard says: 0x80 and a field of an eighth of a block, but two', () => {
    // Tiger pads with 0x01; Whirlpool writes a 256-bit length field
    const own: Record<string, [number, number]> = { TIGER: [0x01, 8], WHIRLPOOL: [0x80, 32] };
    for (const { spec } of ENTRIES) {
      const md = spec.construction;
      if (md.kind !== 'merkle-damgard') continue;
      const [pad, field] = own[spec.name] ?? [0x80, spec.blockLength / 8];
      expect([spec.name, md.padByte, md.lengthBytes]).toStrictEqual([spec.name, pad, field]);
      // MD5 and its forerunner MD4, RIPEMD, which builds on MD4, and Tiger
      const le = ['MD5', 'MD4', 'TIGER'].includes(spec.name) || spec.name.startsWith('RIPEMD');
      expect([spec.name, md.littleEndian]).toStrictEqual([spec.name, le]);
    }
  });
});

// ---- Views over 2^30 bytes: handed to the compression loop in slices ---------------------------------------------

/**
 * A stand-in for a view of `length` zero bytes that holds none, so a 3 GiB input costs nothing: update() and
 * mdOnce() read its length and its subarrays, and copy a tail's bytes from it (undefined reads as 0 when copied).
 */
function hugeView(length: number): Uint8Array {
  return {
    length,
    subarray: (from = 0, to = length) => hugeView(Math.min(to, length) - from),
  } as unknown as Uint8Array;
}

describe('views over 2^30 bytes go to the compression loop in slices of at most 2^30 bytes', () => {
  const SLICE = 2 ** 30;
  const sha256 = lookup('SHA-256').spec;

  /** A SHA-256-shaped engine whose compression function records (view length, offset, blocks) and does nothing. */
  class Recorder extends BlockHash {
    readonly chain = new Int32Array(8);
    protected readonly iv = new Int32Array(8);
    readonly calls: [number, number, number][] = [];
    protected compress(data: Uint8Array, offset: number, blocks: number): void {
      this.calls.push([data.length, offset, blocks]);
    }
    protected finish(): void {}
  }

  test('update: 2^31 + 100 bytes are two slices of 2^30 and the 100 left; every byte is counted', () => {
    const e = new Recorder(sha256);
    e.update(hugeView(2 * SLICE + 100));
    expect(e.calls).toEqual([
      [SLICE, 0, SLICE / 64],
      [SLICE, 0, SLICE / 64],
      [100, 0, 1],
    ]);
    expect([e.length, e.pos]).toEqual([2 * SLICE + 100, 36]);
  });

  test('update: after 10 buffered bytes, each slice first fills the block, so offsets stay below 2^30', () => {
    const e = new Recorder(sha256);
    e.update(new Uint8Array(10));
    e.update(hugeView(SLICE + 1));
    expect(e.calls).toEqual([
      [64, 0, 1], // the buffer: 10 + 54 bytes of the first slice
      [SLICE, 54, SLICE / 64 - 1],
    ]);
    // buffered: the first slice's last 10 bytes and the second slice's one
    expect([e.length, e.pos]).toEqual([SLICE + 11, 11]);
  });

  test('update: exactly 2^30 bytes are one piece', () => {
    const e = new Recorder(sha256);
    e.update(hugeView(SLICE));
    expect(e.calls).toEqual([[SLICE, 0, SLICE / 64]]);
  });

  test('mdOnce: 2^31 + 2^29 + 100 bytes in three slices, then the tail padded with the whole length', () => {
    const n = 2 * SLICE + SLICE / 2 + 100;
    const calls: [number, number, number][] = [];
    let tail = '';
    const md: MDParams = {
      ...narrow(sha256, 'merkle-damgard').construction,
      compress: (_chain, data, offset, blocks) => {
        calls.push([data.length, offset, blocks]);
        if (data instanceof Uint8Array) tail = hex(data.subarray(offset, offset + 64 * blocks));
      },
    };
    mdOnce(sha256, md, hugeView(n));
    expect(calls.slice(0, 3)).toEqual([
      [n, 0, SLICE / 64],
      [n - SLICE, 0, SLICE / 64],
      [n - 2 * SLICE, 0, (SLICE / 2 + 64) / 64],
    ]);
    expect(calls).toHaveLength(4);
    // the 36 bytes left (zeros), 0x80, zeros, and n * 8 bits as a 64-bit big-endian integer (FIPS 180-4 §5.1.1)
    const bits = (BigInt(n) * 8n).toString(16).padStart(16, '0');
    expect(tail).toBe(`${'00'.repeat(36)}80${'00'.repeat(64 - 36 - 1 - 8)}${bits}`);
  });
});
