/**
 * BLAKE2b and BLAKE2s (RFC 7693) in TypeScript: the compression functions and the specs. BLAKE2b's 64-bit words are
 * pairs of 32-bit halves (low at 2i, high at 2i + 1), added with an explicit carry and rotated by halves, as
 * @noble/hashes and hash-wasm's JavaScript do; BLAKE2s works on int32 words. The names are BouncyCastle's
 * (BLAKE2B-512, BLAKE2S-256, ...) and the length-free BLAKE2b and BLAKE2s, whose `outputLength` is any of 1 to 64
 * (32) bytes. The engine around the compression is haifa.ts's.
 */
import { Blake2Hash } from '../haifa.js';
import { blake2Options } from '../options.js';
import type { AlgorithmName, AlgorithmSpec, Blake2Compress, Blake2Params } from '../spec.js';
import { BLAKE2S_IV, g } from './blake2s-g.js';

/** The message schedule σ (RFC 7693 §2.7): BLAKE2b's rounds 10 and 11 read rows 0 and 1 again. */
const SIGMA = Uint8Array.of(
  ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
  ...[14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
  ...[11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
  ...[7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
  ...[9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
  ...[2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
  ...[12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
  ...[13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
  ...[6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
  ...[10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
);

/** BLAKE2s' IV: SHA-256's; BLAKE2b's: SHA-512's, as 32-bit halves, low first. */
const IV_S = BLAKE2S_IV;
const IV_B = Int32Array.of(
  0xf3bcc908 | 0,
  0x6a09e667,
  0x84caa73b | 0,
  0xbb67ae85 | 0,
  0xfe94f82b | 0,
  0x3c6ef372,
  0x5f1d36f1,
  0xa54ff53a | 0,
  0xade682d1 | 0,
  0x510e527f,
  0x2b3e6c1f,
  0x9b05688c | 0,
  0xfb41bd6b | 0,
  0x1f83d9ab,
  0x137e2179,
  0x5be0cd19,
);

/** BLAKE2b's 12 rounds of σ as offsets of 32-bit halves (2σ): rounds 10 and 11 are rows 0 and 1 again. */
const SIGMA_B = Uint8Array.from({ length: 192 }, (_, i) => 2 * SIGMA[i % 160]);

/** BLAKE2b's working vector and message words, 32-bit halves (scratch of every engine: hashing never calls out). */
const VB = new Int32Array(32);
const MB = new Int32Array(32);

/**
 * BLAKE2b's G (RFC 7693 §3.1) on words a, b, c, d of VB (indices of halves: 2a, 2a + 1, ...), with message words
 * at halves x and y: rotations by 32, 24, 16 and 63 bits.
 */
function gb(a: number, b: number, c: number, d: number, x: number, y: number): void {
  const v = VB;
  let al = v[a];
  let ah = v[a + 1];
  let bl = v[b];
  let bh = v[b + 1];
  let cl = v[c];
  let ch = v[c + 1];
  let dl = v[d];
  let dh = v[d + 1];
  let l = (al >>> 0) + (bl >>> 0) + (MB[x] >>> 0);
  ah = (ah + bh + MB[x + 1] + ((l / 2 ** 32) | 0)) | 0;
  al = l | 0;
  // d = (d ^ a) >>> 32: the halves swap
  let t = dh ^ ah;
  dh = dl ^ al;
  dl = t;
  l = (cl >>> 0) + (dl >>> 0);
  ch = (ch + dh + ((l / 2 ** 32) | 0)) | 0;
  cl = l | 0;
  // b = (b ^ c) >>> 24
  bl ^= cl;
  bh ^= ch;
  t = (bl >>> 24) | (bh << 8);
  bh = (bh >>> 24) | (bl << 8);
  bl = t;
  l = (al >>> 0) + (bl >>> 0) + (MB[y] >>> 0);
  ah = (ah + bh + MB[y + 1] + ((l / 2 ** 32) | 0)) | 0;
  al = l | 0;
  // d = (d ^ a) >>> 16
  dl ^= al;
  dh ^= ah;
  t = (dl >>> 16) | (dh << 16);
  dh = (dh >>> 16) | (dl << 16);
  dl = t;
  l = (cl >>> 0) + (dl >>> 0);
  ch = (ch + dh + ((l / 2 ** 32) | 0)) | 0;
  cl = l | 0;
  // b = (b ^ c) >>> 63: a rotation left by 1
  bl ^= cl;
  bh ^= ch;
  t = (bl << 1) | (bh >>> 31);
  bh = (bh << 1) | (bl >>> 31);
  bl = t;
  v[a] = al;
  v[a + 1] = ah;
  v[b] = bl;
  v[b + 1] = bh;
  v[c] = cl;
  v[c + 1] = ch;
  v[d] = dl;
  v[d + 1] = dh;
}

/** Reads `n` little-endian 32-bit words of `data` at `offset` into `m`. */
function load(m: Int32Array, data: Uint8Array, offset: number, n: number): void {
  for (let i = 0, p = offset; i < n; i++, p += 4) {
    m[i] = data[p] | (data[p + 1] << 8) | (data[p + 2] << 16) | (data[p + 3] << 24);
  }
}

/** BLAKE2b's F: 12 rounds; the counter's upper 64 bits (v13) stay zero below 2^64 bytes. */
export const compressB: Blake2Compress = (h, data, offset, t0, t1, last) => {
  const v = VB;
  load(MB, data, offset, 32);
  v.set(h);
  v.set(IV_B, 16);
  v[24] ^= t0;
  v[25] ^= t1;
  if (last) {
    v[28] = ~v[28];
    v[29] = ~v[29];
  }
  const sigma = SIGMA_B;
  for (let s = 0; s < 192; s += 16) {
    gb(0, 8, 16, 24, sigma[s], sigma[s + 1]);
    gb(2, 10, 18, 26, sigma[s + 2], sigma[s + 3]);
    gb(4, 12, 20, 28, sigma[s + 4], sigma[s + 5]);
    gb(6, 14, 22, 30, sigma[s + 6], sigma[s + 7]);
    gb(0, 10, 20, 30, sigma[s + 8], sigma[s + 9]);
    gb(2, 12, 22, 24, sigma[s + 10], sigma[s + 11]);
    gb(4, 14, 16, 26, sigma[s + 12], sigma[s + 13]);
    gb(6, 8, 18, 28, sigma[s + 14], sigma[s + 15]);
  }
  for (let i = 0; i < 16; i++) h[i] ^= v[i] ^ v[i + 16];
};

const VS = new Int32Array(16);
const MS = new Int32Array(16);

/** BLAKE2s' F: 10 rounds; the counter's two words are t0 and t1. */
export const compressS: Blake2Compress = (h, data, offset, t0, t1, last) => {
  const v = VS;
  const m = MS;
  load(m, data, offset, 16);
  v.set(h);
  v.set(IV_S, 8);
  v[12] ^= t0;
  v[13] ^= t1;
  if (last) v[14] = ~v[14];
  for (let s = 0; s < 160; s += 16) {
    g(v, 0, 4, 8, 12, m[SIGMA[s]], m[SIGMA[s + 1]]);
    g(v, 1, 5, 9, 13, m[SIGMA[s + 2]], m[SIGMA[s + 3]]);
    g(v, 2, 6, 10, 14, m[SIGMA[s + 4]], m[SIGMA[s + 5]]);
    g(v, 3, 7, 11, 15, m[SIGMA[s + 6]], m[SIGMA[s + 7]]);
    g(v, 0, 5, 10, 15, m[SIGMA[s + 8]], m[SIGMA[s + 9]]);
    g(v, 1, 6, 11, 12, m[SIGMA[s + 10]], m[SIGMA[s + 11]]);
    g(v, 2, 7, 8, 13, m[SIGMA[s + 12]], m[SIGMA[s + 13]]);
    g(v, 3, 4, 9, 14, m[SIGMA[s + 14]], m[SIGMA[s + 15]]);
  }
  for (let i = 0; i < 8; i++) h[i] ^= v[i] ^ v[i + 8];
};

/**
 * A BLAKE2 spec: BLAKE2b (`word` 8) or BLAKE2s (4), of the name's digest length, or length-free (`fixed` false:
 * the default is the longest, any of 1 to it by `outputLength`).
 */
function blake2(name: AlgorithmName, code: number, word: 8 | 4, digestLength: number, fixed = true): AlgorithmSpec {
  const params: Blake2Params = {
    word,
    iv: word === 8 ? IV_B : IV_S,
    options: blake2Options(word, fixed ? digestLength : null),
    core: word === 8 ? compressB : compressS,
  };
  const spec: AlgorithmSpec = {
    name,
    code,
    digestLength,
    blockLength: 16 * word,
    create: (outputLength = digestLength, p = {}) => new Blake2Hash(spec, outputLength, p),
    blake2: params,
  };
  return spec;
}

export const BLAKE2B_160 = blake2('BLAKE2B-160', 60, 8, 20);
export const BLAKE2B_256 = blake2('BLAKE2B-256', 61, 8, 32);
export const BLAKE2B_384 = blake2('BLAKE2B-384', 62, 8, 48);
export const BLAKE2B_512 = blake2('BLAKE2B-512', 63, 8, 64);
export const BLAKE2B = blake2('BLAKE2b', 64, 8, 64, false);
export const BLAKE2S_128 = blake2('BLAKE2S-128', 65, 4, 16);
export const BLAKE2S_160 = blake2('BLAKE2S-160', 66, 4, 20);
export const BLAKE2S_224 = blake2('BLAKE2S-224', 67, 4, 28);
export const BLAKE2S_256 = blake2('BLAKE2S-256', 68, 4, 32);
export const BLAKE2S = blake2('BLAKE2s', 69, 4, 32, false);
