/**
 * RIPEMD-128, -160, -256 and -320 (Dobbertin, Bosselaers, Preneel 1996; ISO/IEC 10118-3 for -128 and -160):
 * compression functions and initial values only. MD4's padding and byte order: 0x80, zeros, the 64-bit bit
 * length, little-endian words. The double-width variants keep their two lines apart, the second from its own
 * initial value, and are no stronger than the single-width ones (their designers' note).
 */

import { MDHash } from '../constructions/merkle-damgard/merkle-damgard.js';
import type { AlgorithmSpec } from '../spec/algorithm.js';
import type { MDParams } from '../spec/constructions.js';
import { ripemd128Blocks, ripemd160Blocks, ripemd256Blocks, ripemd320Blocks } from './generated/ripemd.js';

/** MD4's initial value, and RIPEMD-160's fifth word. */
const LEFT = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0];
/** The second line's initial value in RIPEMD-256 (four words) and -320 (five). */
const RIGHT = [0x76543210, 0xfedcba98, 0x89abcdef, 0x01234567, 0x3c2d1e0f];

const PADDING = { padByte: 0x80, lengthBytes: 8, littleEndian: true } as const;

function params(compress: MDParams['compress'], core: MDParams['core'], iv: number[]): MDParams {
  return { kind: 'merkle-damgard', compress, core, iv: Int32Array.from(iv), ...PADDING };
}

function ripemd(name: AlgorithmSpec['name'], code: number, md: MDParams): AlgorithmSpec<MDParams> {
  const spec: AlgorithmSpec<MDParams> = {
    name,
    code,
    digestLength: 4 * md.iv.length,
    blockLength: 64,
    create: () => new MDHash(spec, md),
    construction: md,
  };
  return spec;
}

export const RIPEMD128 = ripemd('RIPEMD128', 31, params(ripemd128Blocks, 'ripemd128', LEFT.slice(0, 4)));
export const RIPEMD160 = ripemd('RIPEMD160', 32, params(ripemd160Blocks, 'ripemd160', LEFT));
export const RIPEMD256 = ripemd(
  'RIPEMD256',
  33,
  params(ripemd256Blocks, 'ripemd256', [...LEFT.slice(0, 4), ...RIGHT.slice(0, 4)]),
);
export const RIPEMD320 = ripemd('RIPEMD320', 34, params(ripemd320Blocks, 'ripemd320', [...LEFT, ...RIGHT]));
