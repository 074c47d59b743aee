/**
 * SHA3-224/256/384/512 and SHAKE128/256 (FIPS 202), and Keccak with the padding of its submission (KECCAK-224 to
 * KECCAK-512, as BouncyCastle names them; Ethereum's keccak256 is KECCAK-256): the same permutation and sponge,
 * other rates, padding bytes and output lengths. The permutation is generated (generated/sha3.ts).
 */

import { SpongeHash } from '../constructions/sponge/sponge.js';
import type { AlgorithmSpec } from '../spec/algorithm.js';
import type { KeccakCore, SpongeParams } from '../spec/constructions.js';
import { keccakP } from './generated/sha3.js';

/**
 * Bit interleaving of one 32-bit word (Hacker's Delight §7-2, "unshuffle"): its even bits to the low 16 bits, its
 * odd bits to the high 16, by four delta swaps.
 */
function unshuffle(x: number): number {
  let t = (x ^ (x >>> 1)) & 0x22222222;
  x ^= t ^ (t << 1);
  t = (x ^ (x >>> 2)) & 0x0c0c0c0c;
  x ^= t ^ (t << 2);
  t = (x ^ (x >>> 4)) & 0x00f000f0;
  x ^= t ^ (t << 4);
  t = (x ^ (x >>> 8)) & 0x0000ff00;
  return x ^ t ^ (t << 8);
}

/** The inverse of {@link unshuffle}: the same swaps in reverse order. */
function shuffle(x: number): number {
  let t = (x ^ (x >>> 8)) & 0x0000ff00;
  x ^= t ^ (t << 8);
  t = (x ^ (x >>> 4)) & 0x00f000f0;
  x ^= t ^ (t << 4);
  t = (x ^ (x >>> 2)) & 0x0c0c0c0c;
  x ^= t ^ (t << 2);
  t = (x ^ (x >>> 1)) & 0x22222222;
  return x ^ t ^ (t << 1);
}

/** The plain lane (lo, hi) XORed into the interleaved state at lane i: even bits to word 2i, odd to 2i + 1. */
function xorLane(s: Int32Array, i: number, lo: number, hi: number): void {
  const l = unshuffle(lo);
  const h = unshuffle(hi);
  s[2 * i] ^= (l & 0xffff) | (h << 16);
  s[2 * i + 1] ^= (l >>> 16) | (h & 0xffff0000);
}

/** Lane i of the interleaved state as its plain low and high words, into `out` at 2k, 2k + 1. */
function plainLane(s: Int32Array, i: number, out: Int32Array, k: number): void {
  const e = s[2 * i];
  const o = s[2 * i + 1];
  out[2 * k] = shuffle((e & 0xffff) | (o << 16));
  out[2 * k + 1] = shuffle((e >>> 16) | (o & 0xffff0000));
}

const LANE = new Int32Array(2);

/**
 * Keccak in TypeScript on the bit-interleaved state (generated/sha3.ts): input lanes are interleaved as they are
 * absorbed, output lanes taken apart as they are squeezed.
 */
export const TS_KECCAK: KeccakCore = {
  absorb(s, d, offset, blocks, rate) {
    const lanes = rate >> 3;
    for (let p = offset, end = offset + blocks * rate; p < end; p += rate) {
      for (let i = 0, q = p; i < lanes; i++, q += 8) {
        const lo = d[q] | (d[q + 1] << 8) | (d[q + 2] << 16) | (d[q + 3] << 24);
        const hi = d[q + 4] | (d[q + 5] << 8) | (d[q + 6] << 16) | (d[q + 7] << 24);
        xorLane(s, i, lo, hi);
      }
      keccakP(s);
    }
  },
  permute: keccakP,
  extract(s, out, offset, n) {
    for (let k = 0; k < n; k += 8) {
      plainLane(s, k >> 3, LANE, 0);
      for (let j = 0; j < 8 && k + j < n; j++) out[offset + k + j] = LANE[j >> 2] >>> ((j & 3) << 3);
    }
  },
  toLanes(s, lanes) {
    for (let i = 0; i < 25; i++) plainLane(s, i, lanes, i);
  },
  fromLanes(lanes, s) {
    s.fill(0);
    for (let i = 0; i < 25; i++) xorLane(s, i, lanes[2 * i], lanes[2 * i + 1]);
  },
};

/**
 * A sponge of capacity 2 × `bits` (rate 200 − bits / 4 bytes): SHA3-n and KECCAK-n with `bits` n and an n-bit
 * digest; SHAKE128/256 with a default output of 128 or 256 bits, as node:crypto has it.
 */
function spec(
  name: AlgorithmSpec['name'],
  code: number,
  bits: number,
  suffix: number,
  xof = false,
): AlgorithmSpec<SpongeParams> {
  const self: AlgorithmSpec<SpongeParams> = {
    name,
    code,
    digestLength: bits / 8,
    blockLength: 200 - bits / 4,
    create: (outputLength = bits / 8) => new SpongeHash(self, outputLength, TS_KECCAK),
    construction: { kind: 'sponge', suffix, xof, core: TS_KECCAK },
  };
  return self;
}

const SHA3 = 0x06;
const SHAKE = 0x1f;
const KECCAK = 0x01;

export const SHA3_224 = spec('SHA3-224', 10, 224, SHA3);
export const SHA3_256 = spec('SHA3-256', 11, 256, SHA3);
export const SHA3_384 = spec('SHA3-384', 12, 384, SHA3);
export const SHA3_512 = spec('SHA3-512', 13, 512, SHA3);
export const SHAKE128 = spec('SHAKE128', 14, 128, SHAKE, true);
export const SHAKE256 = spec('SHAKE256', 15, 256, SHAKE, true);
export const KECCAK_224 = spec('KECCAK-224', 16, 224, KECCAK);
export const KECCAK_256 = spec('KECCAK-256', 17, 256, KECCAK);
export const KECCAK_384 = spec('KECCAK-384', 18, 384, KECCAK);
export const KECCAK_512 = spec('KECCAK-512', 19, 512, KECCAK);
