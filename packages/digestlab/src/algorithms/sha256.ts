/**
 * SHA-224 and SHA-256 (FIPS 180-4 §6.2, §6.3): initial values; the compression function is generated, in three
 * shapes, and this engine's is chosen at load (sha2-shapes.ts).
 */

import { MDHash } from '../constructions/merkle-damgard/merkle-damgard.js';
import { interpreted, runtime } from '../shared/runtime.js';
import type { AlgorithmSpec } from '../spec/algorithm.js';
import type { MDParams } from '../spec/constructions.js';
import { sha256Blocks, sha256BlocksJsc, sha256BlocksUnrolled } from './generated/sha256.js';
import { sha2Shapes } from './sha2-shapes.js';

/** The compression this engine runs: fully unrolled on V8, a call a block on JavaScriptCore, else the loop. */
const COMPRESS = { unrolled: sha256BlocksUnrolled, jsc: sha256BlocksJsc, loop: sha256Blocks }[
  sha2Shapes(runtime(), interpreted()).sha256
];

const IV256 = Int32Array.from([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);
const IV224 = Int32Array.from([
  0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939, 0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4,
]);

/** FIPS 180-4 §5.1.1: 0x80, zeros, the 64-bit bit length, big-endian. */
const md = (iv: Int32Array): MDParams => ({
  kind: 'merkle-damgard',
  compress: COMPRESS,
  core: 'sha256',
  iv,
  padByte: 0x80,
  lengthBytes: 8,
  littleEndian: false,
});
const MD256 = md(IV256);
const MD224 = md(IV224);

export const SHA256: AlgorithmSpec<MDParams> = {
  name: 'SHA-256',
  code: 5,
  digestLength: 32,
  blockLength: 64,
  create: () => new MDHash(SHA256, MD256),
  construction: MD256,
};

export const SHA224: AlgorithmSpec<MDParams> = {
  name: 'SHA-224',
  code: 4,
  digestLength: 28,
  blockLength: 64,
  create: () => new MDHash(SHA224, MD224),
  construction: MD224,
};
