/** MD5 (RFC 1321): compression function and initial value only. Broken for collision resistance. */
import { type AlgorithmSpec, MDHash } from '../block.js';
import { md5Blocks } from './generated/md5.js';

const IV = Int32Array.from([0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476]);

class Md5Engine extends MDHash {
  readonly chain = IV.slice();
  protected readonly iv = IV;
  protected override readonly littleEndian = true;

  constructor() {
    super(MD5);
  }

  protected compress(d: Uint8Array, offset: number, blocks: number): void {
    md5Blocks(this.chain, d, offset, blocks);
  }
}

export const MD5: AlgorithmSpec = {
  name: 'MD5',
  code: 2,
  digestLength: 16,
  blockLength: 64,
  create: () => new Md5Engine(),
};
