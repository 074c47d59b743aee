/** SHA-1 (FIPS 180-4 §6.1): compression function and initial value only. Broken for collision resistance. */
import { type AlgorithmSpec, MDHash } from '../block.js';

const IV = Int32Array.from([0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0]);
const W = new Int32Array(80);

class Sha1Engine extends MDHash {
  readonly chain = IV.slice();
  protected readonly iv = IV;

  constructor() {
    super(SHA1);
  }

  protected compress(d: Uint8Array, offset: number, blocks: number): void {
    const s = this.chain;
    let h0 = s[0],
      h1 = s[1],
      h2 = s[2],
      h3 = s[3],
      h4 = s[4];
    for (let off = offset, end = offset + blocks * 64; off < end; off += 64) {
      for (let i = 0, j = off; i < 16; i++, j += 4) {
        W[i] = (d[j] << 24) | (d[j + 1] << 16) | (d[j + 2] << 8) | d[j + 3];
      }
      for (let i = 16; i < 80; i++) {
        const x = W[i - 3] ^ W[i - 8] ^ W[i - 14] ^ W[i - 16];
        W[i] = (x << 1) | (x >>> 31);
      }
      let a = h0,
        b = h1,
        c = h2,
        dd = h3,
        e = h4;
      for (let i = 0; i < 80; i++) {
        let f: number;
        let k: number;
        if (i < 20) {
          f = (b & c) | (~b & dd);
          k = 0x5a827999;
        } else if (i < 40) {
          f = b ^ c ^ dd;
          k = 0x6ed9eba1;
        } else if (i < 60) {
          f = (b & c) | (b & dd) | (c & dd);
          k = 0x8f1bbcdc;
        } else {
          f = b ^ c ^ dd;
          k = 0xca62c1d6;
        }
        const t = (((a << 5) | (a >>> 27)) + f + e + k + W[i]) | 0;
        e = dd;
        dd = c;
        c = (b << 30) | (b >>> 2);
        b = a;
        a = t;
      }
      h0 = (h0 + a) | 0;
      h1 = (h1 + b) | 0;
      h2 = (h2 + c) | 0;
      h3 = (h3 + dd) | 0;
      h4 = (h4 + e) | 0;
    }
    s[0] = h0;
    s[1] = h1;
    s[2] = h2;
    s[3] = h3;
    s[4] = h4;
  }
}

export const SHA1: AlgorithmSpec = {
  name: 'SHA-1',
  code: 3,
  digestLength: 20,
  blockLength: 64,
  create: () => new Sha1Engine(),
};
