/**
 * MD2 (RFC 1319): an 18-round byte-wise compression and a 16-byte checksum, both in the chaining value.
 * MD2 pads by value (i bytes of value i) and appends its checksum instead of a length, so it has no length
 * counter to overflow. Broken for collision resistance; here because the seed measures it.
 */

import { BlockHash } from '../constructions/block/block.js';
import type { AlgorithmSpec } from '../spec/algorithm.js';

// The permutation of 0..255 "constructed from the digits of pi" (RFC 1319 §3.2).
// biome-ignore format: a 16 x 16 table reads better than one number per line
const S = Uint8Array.from([
  41, 46, 67, 201, 162, 216, 124, 1, 61, 54, 84, 161, 236, 240, 6, 19,
  98, 167, 5, 243, 192, 199, 115, 140, 152, 147, 43, 217, 188, 76, 130, 202,
  30, 155, 87, 60, 253, 212, 224, 22, 103, 66, 111, 24, 138, 23, 229, 18,
  190, 78, 196, 214, 218, 158, 222, 73, 160, 251, 245, 142, 187, 47, 238, 122,
  169, 104, 121, 145, 21, 178, 7, 63, 148, 194, 16, 137, 11, 34, 95, 33,
  128, 127, 93, 154, 90, 144, 50, 39, 53, 62, 204, 231, 191, 247, 151, 3,
  255, 25, 48, 179, 72, 165, 181, 209, 215, 94, 146, 42, 172, 86, 170, 198,
  79, 184, 56, 210, 150, 164, 125, 182, 118, 252, 107, 226, 156, 116, 4, 241,
  69, 157, 112, 89, 100, 113, 135, 32, 134, 91, 207, 101, 230, 45, 168, 2,
  27, 96, 37, 173, 174, 176, 185, 246, 28, 70, 97, 105, 52, 64, 126, 15,
  85, 71, 163, 35, 221, 81, 175, 58, 195, 92, 249, 206, 186, 197, 234, 38,
  44, 83, 13, 110, 133, 40, 132, 9, 211, 223, 205, 244, 65, 129, 77, 82,
  106, 220, 55, 200, 108, 193, 171, 250, 36, 225, 123, 8, 12, 189, 177, 74,
  120, 136, 149, 139, 227, 99, 232, 109, 233, 203, 213, 254, 59, 0, 29, 57,
  242, 239, 183, 14, 102, 88, 208, 228, 166, 119, 114, 248, 235, 117, 75, 10,
  49, 68, 80, 180, 143, 237, 31, 26, 219, 153, 141, 51, 159, 17, 131, 20,
]);

const IV = new Uint8Array(32);
const X = new Uint8Array(48);

class Md2Engine extends BlockHash {
  /** Bytes 0–15: the state X[0..15]; bytes 16–31: the checksum C. */
  readonly chain = new Uint8Array(32);
  protected readonly iv = IV;

  constructor() {
    super(MD2);
  }

  protected compress(d: Uint8Array, offset: number, blocks: number): void {
    const st = this.chain;
    for (let off = offset, end = offset + blocks * 16; off < end; off += 16) {
      // Checksum (RFC 1319 §3.2, with the 1992 erratum: C[j] ^= S[M[j] ^ L]).
      let l = st[31];
      for (let j = 0; j < 16; j++) {
        l = st[16 + j] ^= S[d[off + j] ^ l];
      }
      for (let j = 0; j < 16; j++) {
        const m = d[off + j];
        X[j] = st[j];
        X[16 + j] = m;
        X[32 + j] = m ^ st[j];
      }
      let t = 0;
      for (let r = 0; r < 18; r++) {
        for (let k = 0; k < 48; k++) t = X[k] ^= S[t];
        t = (t + r) & 255;
      }
      // a loop, not st.set(X.subarray(0, 16)): no view made per block (3% of a seed digest:
      // docs/decisions/ts-md2-core-shapes.md)
      for (let j = 0; j < 16; j++) st[j] = X[j];
    }
  }

  protected finish(out: Uint8Array): void {
    const pad = 16 - this.pos;
    this.buffer.fill(pad, this.pos);
    this.compress(this.buffer, 0, 1);
    // The checksum is hashed as one more block; copy it first, since compress updates it.
    this.compress(this.chain.slice(16), 0, 1);
    out.set(this.chain.subarray(0, 16));
  }
}

export const MD2: AlgorithmSpec = {
  name: 'MD2',
  code: 1,
  digestLength: 16,
  blockLength: 16,
  create: () => new Md2Engine(),
  construction: { kind: 'md2' },
};
