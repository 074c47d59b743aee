/** SM3 (GB/T 32905-2016, ISO/IEC 10118-3:2018): initial value; the compression function is generated. */

import { MDHash } from '../constructions/merkle-damgard/merkle-damgard.js';
import type { AlgorithmSpec } from '../spec/algorithm.js';
import type { MDParams } from '../spec/constructions.js';
import { sm3Blocks } from './generated/sm3.js';

/** GB/T 32905 §4.1. */
const IV = Int32Array.from([
  0x7380166f, 0x4914b2b9, 0x172442d7, 0xda8a0600, 0xa96f30bc, 0x163138aa, 0xe38dee4d, 0xb0fb0e4e,
]);

/** §5.2: SHA-256's padding: 0x80, zeros, the 64-bit bit length, big-endian. */
const MD: MDParams = {
  kind: 'merkle-damgard',
  compress: sm3Blocks,
  core: 'sm3',
  iv: IV,
  padByte: 0x80,
  lengthBytes: 8,
  littleEndian: false,
};

export const SM3: AlgorithmSpec<MDParams> = {
  name: 'SM3',
  code: 40,
  digestLength: 32,
  blockLength: 64,
  create: () => new MDHash(SM3, MD),
  construction: MD,
};
