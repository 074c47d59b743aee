/** SHA-224 and SHA-256 (FIPS 180-4 §6.2, §6.3): the compression function and initial values only. */
import { type AlgorithmSpec, MDHash } from '../block.js';

// First 32 bits of the fractional parts of the cube roots of the first 64 primes (FIPS 180-4 §4.2.2).
const K = Int32Array.from([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);
const IV256 = Int32Array.from([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);
const IV224 = Int32Array.from([
  0xc1059ed8, 0x367cd507, 0x3070dd17, 0xf70e5939, 0xffc00b31, 0x68581511, 0x64f98fa7, 0xbefa4fa4,
]);

// Message schedule, shared: compression never re-enters, and JavaScript runs one call at a time.
const W = new Int32Array(64);

class Sha256Engine extends MDHash {
  readonly chain: Int32Array;
  protected readonly iv: Int32Array;

  constructor(spec: AlgorithmSpec, iv: Int32Array) {
    super(spec);
    this.iv = iv;
    this.chain = iv.slice();
  }

  protected compress(d: Uint8Array, offset: number, blocks: number): void {
    const s = this.chain;
    let h0 = s[0],
      h1 = s[1],
      h2 = s[2],
      h3 = s[3],
      h4 = s[4],
      h5 = s[5],
      h6 = s[6],
      h7 = s[7];
    for (let off = offset, end = offset + blocks * 64; off < end; off += 64) {
      for (let i = 0, j = off; i < 16; i++, j += 4) {
        W[i] = (d[j] << 24) | (d[j + 1] << 16) | (d[j + 2] << 8) | d[j + 3];
      }
      for (let i = 16; i < 64; i++) {
        const x = W[i - 15];
        const y = W[i - 2];
        const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
        const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
        W[i] = (s1 + W[i - 7] + s0 + W[i - 16]) | 0;
      }
      let a = h0,
        b = h1,
        c = h2,
        dd = h3,
        e = h4,
        f = h5,
        g = h6,
        h = h7;
      for (let i = 0; i < 64; i++) {
        const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
        const t1 = (h + S1 + ((e & f) ^ (~e & g)) + K[i] + W[i]) | 0;
        const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
        const t2 = (S0 + ((a & b) ^ (a & c) ^ (b & c))) | 0;
        h = g;
        g = f;
        f = e;
        e = (dd + t1) | 0;
        dd = c;
        c = b;
        b = a;
        a = (t1 + t2) | 0;
      }
      h0 = (h0 + a) | 0;
      h1 = (h1 + b) | 0;
      h2 = (h2 + c) | 0;
      h3 = (h3 + dd) | 0;
      h4 = (h4 + e) | 0;
      h5 = (h5 + f) | 0;
      h6 = (h6 + g) | 0;
      h7 = (h7 + h) | 0;
    }
    s[0] = h0;
    s[1] = h1;
    s[2] = h2;
    s[3] = h3;
    s[4] = h4;
    s[5] = h5;
    s[6] = h6;
    s[7] = h7;
  }
}

export const SHA256: AlgorithmSpec = {
  name: 'SHA-256',
  code: 5,
  digestLength: 32,
  blockLength: 64,
  create: () => new Sha256Engine(SHA256, IV256),
};

export const SHA224: AlgorithmSpec = {
  name: 'SHA-224',
  code: 4,
  digestLength: 28,
  blockLength: 64,
  create: () => new Sha256Engine(SHA224, IV224),
};
