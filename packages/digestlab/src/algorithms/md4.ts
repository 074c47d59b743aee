/** MD4 (RFC 1320): compression function and initial value only. Broken: collisions by hand, preimages in theory. */

import { MDHash } from '../constructions/merkle-damgard/merkle-damgard.js';
import type { AlgorithmSpec } from '../spec/algorithm.js';
import type { MDParams } from '../spec/constructions.js';
import { md4Blocks } from './generated/md4.js';

/** RFC 1320 §3.3: MD5's initial value, which MD4's came first. */
const IV = Int32Array.from([0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476]);

/** RFC 1320 §3.1–3.2: 0x80, zeros, the 64-bit bit length; words and length little-endian, as MD5's. */
const MD: MDParams = {
  kind: 'merkle-damgard',
  compress: md4Blocks,
  core: 'md4',
  iv: IV,
  padByte: 0x80,
  lengthBytes: 8,
  littleEndian: true,
};

export const MD4: AlgorithmSpec<MDParams> = {
  name: 'MD4',
  code: 30,
  digestLength: 16,
  blockLength: 64,
  create: () => new MDHash(MD4, MD),
  construction: MD,
};
