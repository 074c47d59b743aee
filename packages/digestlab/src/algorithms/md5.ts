/** MD5 (RFC 1321): compression function and initial value only. Broken for collision resistance. */

import { MDHash } from '../constructions/merkle-damgard/merkle-damgard.js';
import type { AlgorithmSpec } from '../spec/algorithm.js';
import type { MDParams } from '../spec/constructions.js';
import { md5Blocks } from './generated/md5.js';

const IV = Int32Array.from([0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476]);

/** RFC 1321 §3.1–3.2: 0x80, zeros, the 64-bit bit length; words and length little-endian. */
const MD: MDParams = {
  kind: 'merkle-damgard',
  compress: md5Blocks,
  core: 'md5',
  iv: IV,
  padByte: 0x80,
  lengthBytes: 8,
  littleEndian: true,
};

export const MD5: AlgorithmSpec<MDParams> = {
  name: 'MD5',
  code: 2,
  digestLength: 16,
  blockLength: 64,
  create: () => new MDHash(MD5, MD),
  construction: MD,
};
