/** MD5 (RFC 1321): compression function and initial value only. Broken for collision resistance. */
import { type AlgorithmSpec, MDHash } from '../block.js';
import { md5Blocks } from './generated/md5.js';

const IV = Int32Array.from([0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476]);

export const MD5: AlgorithmSpec = {
  name: 'MD5',
  code: 2,
  digestLength: 16,
  blockLength: 64,
  create: () => new MDHash(MD5, IV, md5Blocks, true),
  md: { compress: md5Blocks, core: 'md5', iv: IV, littleEndian: true },
};
