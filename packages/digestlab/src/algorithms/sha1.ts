/** SHA-1 (FIPS 180-4 §6.1): compression function and initial value only. Broken for collision resistance. */
import { type AlgorithmSpec, MDHash } from '../block.js';
import { sha1Blocks } from './generated/sha1.js';

const IV = Int32Array.from([0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0]);

export const SHA1: AlgorithmSpec = {
  name: 'SHA-1',
  code: 3,
  digestLength: 20,
  blockLength: 64,
  create: () => new MDHash(SHA1, IV, sha1Blocks),
  md: { compress: sha1Blocks, core: 'sha1', iv: IV, littleEndian: false },
};
