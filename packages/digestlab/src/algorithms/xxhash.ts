/**
 * XXH32 and XXH64 (xxHash's specification, doc/xxhash_spec.md, version 0.1.1): four accumulators over stripes of
 * 16 (32) bytes, then the length and the remaining bytes folded in and an avalanche. XXH32 adds the length mod
 * 2^32, as the specification says (not a bug here: a 32-bit total that wraps early would be). XXH64's stripes run on
 * (low, high) word pairs; its end, a few operations, on bigints. Output big-endian, as xxhsum prints it.
 */
import { ChecksumHash } from '../constructions/checksum/checksum.js';
import type { AlgorithmSpec } from '../spec/algorithm.js';
import type { ChecksumCore } from '../spec/constructions.js';
import { seedOption } from '../spec/options.js';
import { putBE32 } from './crc.js';
import { le32, le64, M64, mulHi32, pairAt, putBE64, rotl64, seedOf } from './u64.js';

const P32_1 = 0x9e3779b1 | 0;
const P32_2 = 0x85ebca77 | 0;
const P32_3 = 0xc2b2ae3d | 0;
const P32_4 = 0x27d4eb2f;
const P32_5 = 0x165667b1;

const rotl32 = (x: number, r: number): number => (x << r) | (x >>> (32 - r));

const XXH32_CORE: ChecksumCore = {
  init: (s, seed) => {
    const v = seed[0];
    s[0] = (v + P32_1 + P32_2) | 0;
    s[1] = (v + P32_2) | 0;
    s[2] = v;
    s[3] = (v - P32_1) | 0;
  },
  blocks: (s, d, off, n) => {
    let a = s[0];
    let b = s[1];
    let c = s[2];
    let e = s[3];
    for (let i = off, end = off + 16 * n; i < end; i += 16) {
      a = Math.imul(rotl32((a + Math.imul(le32(d, i), P32_2)) | 0, 13), P32_1);
      b = Math.imul(rotl32((b + Math.imul(le32(d, i + 4), P32_2)) | 0, 13), P32_1);
      c = Math.imul(rotl32((c + Math.imul(le32(d, i + 8), P32_2)) | 0, 13), P32_1);
      e = Math.imul(rotl32((e + Math.imul(le32(d, i + 12), P32_2)) | 0, 13), P32_1);
    }
    s[0] = a;
    s[1] = b;
    s[2] = c;
    s[3] = e;
  },
  finish: (s, buf, pos, length, seed, _h, out) => {
    let h =
      length >= 16
        ? (rotl32(s[0], 1) + rotl32(s[1], 7) + rotl32(s[2], 12) + rotl32(s[3], 18)) | 0
        : (seed[0] + P32_5) | 0;
    // the length mod 2^32, by division: a JavaScript total past 2^32 is exact, and the algorithm takes its low word
    h = (h + (length % 2 ** 32)) | 0;
    let i = 0;
    for (; i + 4 <= pos; i += 4) h = Math.imul(rotl32((h + Math.imul(le32(buf, i), P32_3)) | 0, 17), P32_4);
    for (; i < pos; i++) h = Math.imul(rotl32((h + Math.imul(buf[i], P32_5)) | 0, 11), P32_1);
    h ^= h >>> 15;
    h = Math.imul(h, P32_2);
    h ^= h >>> 13;
    h = Math.imul(h, P32_3);
    h ^= h >>> 16;
    putBE32(out, 0, h);
  },
};

const P64_1 = 0x9e3779b185ebca87n;
const P64_2 = 0xc2b2ae3d27d4eb4fn;
const P64_3 = 0x165667b19e3779f9n;
const P64_4 = 0x85ebca77c2b2ae63n;
const P64_5 = 0x27d4eb2f165667c5n;
// P64_1 and P64_2 as (low, high) words, for the stripes
const P1L = 0x85ebca87 | 0;
const P1H = 0x9e3779b1 | 0;
const P2L = 0x27d4eb4f;
const P2H = 0xc2b2ae3d | 0;

/** One XXH64 round of the accumulator at `s[j]` (low), `s[j + 1]` (high) with the lane `d[i..i + 8]`. */
function round64(s: Int32Array, j: number, d: Uint8Array, i: number): void {
  const ll = le32(d, i);
  const lh = le32(d, i + 4);
  // lane * P64_2 (low 64 bits)
  const ml = Math.imul(ll, P2L);
  const mh = (mulHi32(ll >>> 0, P2L) + Math.imul(ll, P2H) + Math.imul(lh, P2L)) | 0;
  // acc + that
  const al = (s[j] + ml) | 0;
  const ah = (s[j + 1] + mh + (al >>> 0 < ml >>> 0 ? 1 : 0)) | 0;
  // rotate left by 31
  const rl = (al << 31) | (ah >>> 1);
  const rh = (ah << 31) | (al >>> 1);
  // times P64_1
  s[j] = Math.imul(rl, P1L);
  s[j + 1] = (mulHi32(rl >>> 0, P1L >>> 0) + Math.imul(rl, P1H) + Math.imul(rh, P1L)) | 0;
}

const round = (acc: bigint, lane: bigint): bigint => (rotl64((acc + lane * P64_2) & M64, 31) * P64_1) & M64;
const merge = (acc: bigint, v: bigint): bigint => (((acc ^ round(0n, v)) * P64_1 + P64_4) & M64) as bigint;

function converge(s: Int32Array): bigint {
  const v = [0, 2, 4, 6].map((j) => pairAt(s, j));
  let h = (rotl64(v[0], 1) + rotl64(v[1], 7) + rotl64(v[2], 12) + rotl64(v[3], 18)) & M64;
  for (const x of v) h = merge(h, x);
  return h;
}

function setPair(s: Int32Array, j: number, x: bigint): void {
  s[j] = Number(x & 0xffffffffn) | 0;
  s[j + 1] = Number(x >> 32n) | 0;
}

const XXH64_CORE: ChecksumCore = {
  init: (s, seedWords) => {
    const seed = seedOf(seedWords);
    setPair(s, 0, (seed + P64_1 + P64_2) & M64);
    setPair(s, 2, (seed + P64_2) & M64);
    setPair(s, 4, seed);
    setPair(s, 6, (seed - P64_1) & M64);
  },
  blocks: (s, d, off, n) => {
    for (let i = off, end = off + 32 * n; i < end; i += 32) {
      round64(s, 0, d, i);
      round64(s, 2, d, i + 8);
      round64(s, 4, d, i + 16);
      round64(s, 6, d, i + 24);
    }
  },
  finish: (s, buf, pos, length, seed, _h, out) => {
    let h = length >= 32 ? converge(s) : (seedOf(seed) + P64_5) & M64;
    h = (h + BigInt(length)) & M64;
    let i = 0;
    for (; i + 8 <= pos; i += 8) h = ((rotl64(h ^ round(0n, le64(buf, i)), 27) * P64_1 + P64_4) & M64) as bigint;
    if (i + 4 <= pos) {
      h = (rotl64(h ^ ((BigInt(le32(buf, i) >>> 0) * P64_1) & M64), 23) * P64_2 + P64_3) & M64;
      i += 4;
    }
    for (; i < pos; i++) h = (rotl64(h ^ ((BigInt(buf[i]) * P64_5) & M64), 11) * P64_1) & M64;
    h ^= h >> 33n;
    h = (h * P64_2) & M64;
    h ^= h >> 29n;
    h = (h * P64_3) & M64;
    h ^= h >> 32n;
    putBE64(out, 0, h);
  },
};

export const XXH32: AlgorithmSpec = {
  name: 'XXH32',
  code: 76,
  digestLength: 4,
  blockLength: 16,
  create: (_n, p) => new ChecksumHash(XXH32, p),
  construction: { kind: 'checksum', words: 4, lazy: false, history: 0, seedBits: 32, core: XXH32_CORE },
};

export const XXH64: AlgorithmSpec = {
  name: 'XXH64',
  code: 77,
  digestLength: 8,
  blockLength: 32,
  create: (_n, p) => new ChecksumHash(XXH64, p),
  construction: { kind: 'checksum', words: 8, lazy: false, history: 0, seedBits: 64, core: XXH64_CORE },
};

/** The seed option of each (registry/given.ts lists them). */
export const SEED32 = seedOption(32);
export const SEED64 = seedOption(64);
