/**
 * XXH3-64 and XXH3-128 (xxHash's specification, doc/xxhash_spec.md; xxHash 0.8): up to 240 bytes by
 * xxh3-short.ts, longer inputs by eight 64-bit accumulators over 64-byte stripes, 16 stripes (1024 bytes) a block
 * scrambled at its end; the last block, full or not, waits for the end (the engine is lazy), whose last stripe is
 * the input's last 64 bytes, reaching back into the block before when the last is shorter (the engine keeps them).
 * The stripes run on (low, high) word pairs; the end on bigints. A seed (0 to 2^64 − 1) derives the secret of long
 * inputs from the default one; short ones take it as it is, with the seed.
 */
import { ChecksumHash } from '../constructions/checksum/checksum.js';
import type { AlgorithmName, AlgorithmSpec } from '../spec/algorithm.js';
import type { ChecksumCore } from '../spec/constructions.js';
import { le32, le64, M64, mulHi32, pairAt, putBE64, seedOf } from './u64.js';
import { defaultSecret, type Secret, secretOf } from './xxh3-secret.js';
import { avalanche, fold64, P64_1, P64_2, xxh3Short64, xxh3Short128 } from './xxh3-short.js';

/** The accumulators' start, as (low, high) word pairs: PRIME32_3, PRIME64_1, _2, _3, _4, PRIME32_2, PRIME64_5, PRIME32_1. */
const INIT = Int32Array.of(
  0xc2b2ae3d | 0,
  0,
  0x85ebca87 | 0,
  0x9e3779b1 | 0,
  0x27d4eb4f,
  0xc2b2ae3d | 0,
  0x9e3779f9 | 0,
  0x165667b1,
  0xc2b2ae63 | 0,
  0x85ebca77 | 0,
  0x85ebca77 | 0,
  0,
  0x165667c5,
  0x27d4eb2f,
  0x9e3779b1 | 0,
  0,
);
const P32_1 = 0x9e3779b1 | 0;
const LITTLE_ENDIAN = new Uint8Array(Int32Array.of(1).buffer)[0] === 1;

/**
 * One stripe (`d[i..i + 64]`) into the accumulators with the secret's words from `k`: for each lane, the lane
 * added to its neighbour's accumulator, and the product of the (lane ^ secret)'s two halves to its own. With
 * `words` (the blocks as little-endian words), the stripe is `words[i..i + 16]` instead, `d` unread.
 */
function accumulate(acc: Int32Array, d: Uint8Array, i: number, key: Int32Array, k: number, words?: Int32Array): void {
  for (let lane = 0; lane < 8; lane++) {
    const dl = words ? words[i + 2 * lane] : le32(d, i + 8 * lane);
    const dh = words ? words[i + 2 * lane + 1] : le32(d, i + 8 * lane + 4);
    const vl = dl ^ key[k + 2 * lane];
    const vh = dh ^ key[k + 2 * lane + 1];
    const o = 2 * (lane ^ 1);
    let lo = (acc[o] + dl) | 0;
    acc[o + 1] = (acc[o + 1] + dh + (lo >>> 0 < dl >>> 0 ? 1 : 0)) | 0;
    acc[o] = lo;
    const pl = Math.imul(vl, vh);
    const ph = mulHi32(vl >>> 0, vh >>> 0);
    const a = 2 * lane;
    lo = (acc[a] + pl) | 0;
    acc[a + 1] = (acc[a + 1] + ph + (lo >>> 0 < pl >>> 0 ? 1 : 0)) | 0;
    acc[a] = lo;
  }
}

/** The end of a block: each accumulator xorshifted by 47, XORed with the secret's last 64 bytes, times PRIME32_1. */
function scramble(acc: Int32Array, key: Int32Array): void {
  for (let a = 0; a < 16; a += 2) {
    const l = (acc[a] ^ (acc[a + 1] >>> 15) ^ key[32 + a]) >>> 0;
    const h = acc[a + 1] ^ key[33 + a];
    acc[a] = Math.imul(l, P32_1);
    acc[a + 1] = (mulHi32(l, P32_1 >>> 0) + Math.imul(h, P32_1)) | 0;
  }
}

const CORE_BLOCKS = (s: Int32Array, d: Uint8Array, off: number, n: number, seed: Int32Array): void => {
  const key = secretOf(seed).words;
  // aligned input on a little-endian runtime: read as words
  const at = d.byteOffset + off;
  const words = LITTLE_ENDIAN && (at & 3) === 0 ? new Int32Array(d.buffer, at, 256 * n) : undefined;
  for (let b = 0; b < n; b++) {
    const base = words ? 256 * b : off + 1024 * b;
    const step = words ? 16 : 64;
    for (let stripe = 0; stripe < 16; stripe++) accumulate(s, d, base + step * stripe, key, 2 * stripe, words);
    scramble(s, key);
  }
};

/** The four products of the accumulators with the secret at byte `k`, added to `start`; then the avalanche. */
function merge(acc: Int32Array, secret: Uint8Array, k: number, start: bigint): bigint {
  let r = start;
  for (let i = 0; i < 4; i++) {
    r += fold64(pairAt(acc, 4 * i) ^ le64(secret, k + 16 * i), pairAt(acc, 4 * i + 2) ^ le64(secret, k + 16 * i + 8));
  }
  return avalanche(r & M64);
}

/** The accumulators of a long input at its end: the last block's stripes but the last, then its last 64 bytes. */
function lastBlock(s: Int32Array, buf: Uint8Array, pos: number, history: Uint8Array, sec: Secret): Int32Array {
  const acc = s.slice();
  const stripes = Math.floor((pos - 1) / 64);
  for (let i = 0; i < stripes; i++) accumulate(acc, buf, 64 * i, sec.words, 2 * i);
  let last = buf.subarray(pos - 64, pos);
  if (pos < 64) {
    last = new Uint8Array(64);
    last.set(history.subarray(pos), 0);
    last.set(buf.subarray(0, pos), 64 - pos);
  }
  accumulate(acc, last, 0, sec.lastStripe, 0);
  return acc;
}

/** XXH3's core for 64 bits of output (`wide` false) or 128. */
function xxh3Core(wide: boolean): ChecksumCore {
  return {
    init: (s) => s.set(INIT),
    blocks: CORE_BLOCKS,
    finish: (s, buf, pos, length, seedWords, history, out) => {
      const seed = seedOf(seedWords);
      if (length <= 240) {
        if (!wide) return putBE64(out, 0, xxh3Short64(buf, pos, defaultSecret.bytes, seed));
        const [lo, hi] = xxh3Short128(buf, pos, defaultSecret.bytes, seed);
        putBE64(out, 0, hi);
        return putBE64(out, 8, lo);
      }
      const sec = secretOf(seedWords);
      const acc = lastBlock(s, buf, pos, history, sec);
      // the length mod 2^64 is the length: MAX_LENGTH is below 2^53
      const len = BigInt(length);
      const lo = merge(acc, sec.bytes, 11, (len * P64_1) & M64);
      if (!wide) return putBE64(out, 0, lo);
      putBE64(out, 0, merge(acc, sec.bytes, 192 - 64 - 11, ~(len * P64_2) & M64));
      putBE64(out, 8, lo);
    },
  };
}

function xxh3(name: AlgorithmName, code: number, bytes: 8 | 16): AlgorithmSpec {
  const spec: AlgorithmSpec = {
    name,
    code,
    digestLength: bytes,
    blockLength: 1024,
    create: (_n, p) => new ChecksumHash(spec, p),
    construction: { kind: 'checksum', words: 16, lazy: true, history: 64, seedBits: 64, core: xxh3Core(bytes === 16) },
  };
  return spec;
}

export const XXH3_64 = xxh3('XXH3-64', 78, 8);
export const XXH3_128 = xxh3('XXH3-128', 79, 16);
