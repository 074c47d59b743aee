/**
 * Tiger (Anderson and Biham, 1996), Tiger/192 as BouncyCastle and RHash compute it: the original padding byte 0x01
 * (Tiger2 uses 0x80), the 64-bit bit length little-endian, the three 64-bit words of the result little-endian.
 * The compression is generated; its S-boxes are generated on first use (tiger-tables.ts).
 */

import { MDHash } from '../constructions/merkle-damgard/merkle-damgard.js';
import type { AlgorithmSpec } from '../spec/algorithm.js';
import type { Compress, MDParams } from '../spec/constructions.js';
import { tigerBlocks } from './generated/tiger.js';
import { makeTables } from './tiger-tables.js';

/** a, b, c (Tiger's §3), as (lo, hi) pairs. */
const IV = Int32Array.from([0x89abcdef, 0x01234567, 0x76543210, 0xfedcba98, 0xc3b2e187, 0xf096a5b4]);

/** The compression, once the S-boxes are made (their generator runs the compression itself, on the boxes so far). */
const compress: Compress = (chain, data, offset, blocks) => {
  makeTables(tigerBlocks);
  tigerBlocks(chain, data, offset, blocks);
};

const MD: MDParams = {
  kind: 'merkle-damgard',
  compress,
  core: 'tiger',
  iv: IV,
  padByte: 0x01,
  lengthBytes: 8,
  littleEndian: true,
};

export const TIGER: AlgorithmSpec<MDParams> = {
  name: 'TIGER',
  code: 42,
  digestLength: 24,
  blockLength: 64,
  create: () => new MDHash(TIGER, MD),
  construction: MD,
};
