/** MD5 (RFC 1321): compression function and initial value only. Broken for collision resistance. */
import { type AlgorithmSpec, MDHash } from '../block.js';

const IV = Int32Array.from([0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476]);
// T[i] = floor(2^32 * |sin(i + 1)|) (RFC 1321 §3.4), as literals: Math.sin is not correctly rounded everywhere.
const T = Int32Array.from([
  0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501, 0x698098d8,
  0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821, 0xf61e2562, 0xc040b340,
  0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8, 0x21e1cde6, 0xc33707d6, 0xf4d50d87,
  0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a, 0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c,
  0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70, 0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039,
  0xe6db99e5, 0x1fa27cf8, 0xc4ac5665, 0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92,
  0xffeff47d, 0x85845dd1, 0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb,
  0xeb86d391,
]);
// Per-round rotation amounts, four per round.
const R = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
const X = new Int32Array(16);

class Md5Engine extends MDHash {
  readonly chain = IV.slice();
  protected readonly iv = IV;
  protected override readonly littleEndian = true;

  constructor() {
    super(MD5);
  }

  protected compress(d: Uint8Array, offset: number, blocks: number): void {
    const s = this.chain;
    let h0 = s[0],
      h1 = s[1],
      h2 = s[2],
      h3 = s[3];
    for (let off = offset, end = offset + blocks * 64; off < end; off += 64) {
      for (let i = 0, j = off; i < 16; i++, j += 4) {
        X[i] = d[j] | (d[j + 1] << 8) | (d[j + 2] << 16) | (d[j + 3] << 24);
      }
      let a = h0,
        b = h1,
        c = h2,
        dd = h3;
      for (let i = 0; i < 64; i++) {
        let f: number;
        let g: number;
        if (i < 16) {
          f = (b & c) | (~b & dd);
          g = i;
        } else if (i < 32) {
          f = (b & dd) | (c & ~dd);
          g = (5 * i + 1) & 15;
        } else if (i < 48) {
          f = b ^ c ^ dd;
          g = (3 * i + 5) & 15;
        } else {
          f = c ^ (b | ~dd);
          g = (7 * i) & 15;
        }
        const r = R[((i >> 4) << 2) | (i & 3)];
        const x = (a + f + T[i] + X[g]) | 0;
        a = dd;
        dd = c;
        c = b;
        b = (b + ((x << r) | (x >>> (32 - r)))) | 0;
      }
      h0 = (h0 + a) | 0;
      h1 = (h1 + b) | 0;
      h2 = (h2 + c) | 0;
      h3 = (h3 + dd) | 0;
    }
    s[0] = h0;
    s[1] = h1;
    s[2] = h2;
    s[3] = h3;
  }
}

export const MD5: AlgorithmSpec = {
  name: 'MD5',
  code: 2,
  digestLength: 16,
  blockLength: 64,
  create: () => new Md5Engine(),
};
