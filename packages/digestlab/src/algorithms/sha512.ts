/**
 * SHA-384, SHA-512, SHA-512/224 and SHA-512/256 (FIPS 180-4 §6.4–6.7): compression and initial values.
 * 64-bit words are kept as (hi, lo) pairs of 32-bit integers: BigInt is far slower, and V8 keeps int32 locals
 * in registers.
 */

import { MDHash } from '../constructions/merkle-damgard/merkle-damgard.js';
import { interpreted, runtime } from '../shared/runtime.js';
import type { AlgorithmSpec } from '../spec/algorithm.js';
import type { MDParams } from '../spec/constructions.js';
import { sha512Blocks, sha512BlocksInline } from './generated/sha512.js';
import { sha2Shapes } from './sha2-shapes.js';

// Initial hash values (FIPS 180-4 §5.3.4–5.3.6), as hi, lo pairs.
const IV512 = Int32Array.from([
  0x6a09e667, 0xf3bcc908, 0xbb67ae85, 0x84caa73b, 0x3c6ef372, 0xfe94f82b, 0xa54ff53a, 0x5f1d36f1, 0x510e527f,
  0xade682d1, 0x9b05688c, 0x2b3e6c1f, 0x1f83d9ab, 0xfb41bd6b, 0x5be0cd19, 0x137e2179,
]);
const IV384 = Int32Array.from([
  0xcbbb9d5d, 0xc1059ed8, 0x629a292a, 0x367cd507, 0x9159015a, 0x3070dd17, 0x152fecd8, 0xf70e5939, 0x67332667,
  0xffc00b31, 0x8eb44a87, 0x68581511, 0xdb0c2e0d, 0x64f98fa7, 0x47b5481d, 0xbefa4fa4,
]);
const IV512_224 = Int32Array.from([
  0x8c3d37c8, 0x19544da2, 0x73e19966, 0x89dcd4d6, 0x1dfab7ae, 0x32ff9c82, 0x679dd514, 0x582f9fcf, 0x0f6d2b69,
  0x7bd44da8, 0x77e36f73, 0x04c48942, 0x3f9d85a8, 0x6a1d36c8, 0x1112e6ad, 0x91d692a1,
]);
const IV512_256 = Int32Array.from([
  0x22312194, 0xfc2bf72c, 0x9f555fa3, 0xc84c64c2, 0x2393b86b, 0x6f53b151, 0x96387719, 0x5940eabd, 0x96283ee2,
  0xa88effe3, 0xbe5e1e25, 0x53863992, 0x2b0199fc, 0x2c85b8aa, 0x0eb72ddc, 0x81c52ca2,
]);

/** The compression this engine runs: its 64-bit sums written out on V8 and interpreters, in `lo`/`hi` elsewhere. */
const COMPRESS = sha2Shapes(runtime(), interpreted()).sha512 === 'inline' ? sha512BlocksInline : sha512Blocks;

function spec(
  name: AlgorithmSpec['name'],
  code: number,
  digestLength: number,
  iv: Int32Array,
): AlgorithmSpec<MDParams> {
  // FIPS 180-4 §5.1.2: 0x80, zeros, the 128-bit bit length, big-endian
  const md: MDParams = {
    kind: 'merkle-damgard',
    compress: COMPRESS,
    core: 'sha512',
    iv,
    padByte: 0x80,
    lengthBytes: 16,
    littleEndian: false,
  };
  const self: AlgorithmSpec<MDParams> = {
    name,
    code,
    digestLength,
    blockLength: 128,
    create: () => new MDHash(self, md),
    construction: md,
  };
  return self;
}

export const SHA384 = spec('SHA-384', 6, 48, IV384);
export const SHA512 = spec('SHA-512', 7, 64, IV512);
export const SHA512_224 = spec('SHA-512/224', 8, 28, IV512_224);
export const SHA512_256 = spec('SHA-512/256', 9, 32, IV512_256);
