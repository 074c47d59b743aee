/** SHA-1 (FIPS 180-4 §6.1): compression function and initial value only. Broken for collision resistance. */

import { MDHash } from '../constructions/merkle-damgard/merkle-damgard.js';
import type { AlgorithmSpec } from '../spec/algorithm.js';
import type { MDParams } from '../spec/constructions.js';
import { sha1Blocks } from './generated/sha1.js';

const IV = Int32Array.from([0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0]);

/** FIPS 180-4 §5.1.1: 0x80, zeros, the 64-bit bit length, big-endian. */
const MD: MDParams = {
  kind: 'merkle-damgard',
  compress: sha1Blocks,
  core: 'sha1',
  iv: IV,
  padByte: 0x80,
  lengthBytes: 8,
  littleEndian: false,
};

export const SHA1: AlgorithmSpec<MDParams> = {
  name: 'SHA-1',
  code: 3,
  digestLength: 20,
  blockLength: 64,
  create: () => new MDHash(SHA1, MD),
  construction: MD,
};
