/**
 * Whirlpool (ISO/IEC 10118-3:2004, the 2003 revision of Barreto and Rijmen's design, as BouncyCastle and RHash
 * compute it): a 512-bit block cipher W in the Miyaguchi–Preneel mode. The compression is generated; its tables
 * are computed at load (whirlpool-tables.ts).
 */

import { MDHash } from '../constructions/merkle-damgard/merkle-damgard.js';
import type { AlgorithmSpec } from '../spec/algorithm.js';
import type { MDParams } from '../spec/constructions.js';
import { whirlpoolBlocks } from './generated/whirlpool.js';

/**
 * The initial value is zero. Padding (§3.2 of the specification): 0x80, zeros, the message length in bits in a
 * 256-bit big-endian field, written in full (its high bytes are zeros below 2^53 bytes); words big-endian.
 */
const MD: MDParams = {
  kind: 'merkle-damgard',
  compress: whirlpoolBlocks,
  core: 'whirlpool',
  iv: new Int32Array(16),
  padByte: 0x80,
  lengthBytes: 32,
  littleEndian: false,
};

export const WHIRLPOOL: AlgorithmSpec<MDParams> = {
  name: 'WHIRLPOOL',
  code: 41,
  digestLength: 64,
  blockLength: 64,
  create: () => new MDHash(WHIRLPOOL, MD),
  construction: MD,
};
