/**
 * SHA-384, SHA-512, SHA-512/224 and SHA-512/256 (FIPS 180-4 §6.4–6.7): compression and initial values.
 * 64-bit words are kept as (hi, lo) pairs of 32-bit integers: BigInt is far slower, and V8 keeps int32 locals
 * in registers.
 */
import { type AlgorithmSpec, MDHash } from '../block.js';

// First 64 bits of the fractional parts of the cube roots of the first 80 primes, as hi, lo (FIPS 180-4 §4.2.3).
const K = Int32Array.from([
  0x428a2f98, 0xd728ae22, 0x71374491, 0x23ef65cd, 0xb5c0fbcf, 0xec4d3b2f, 0xe9b5dba5, 0x8189dbbc, 0x3956c25b,
  0xf348b538, 0x59f111f1, 0xb605d019, 0x923f82a4, 0xaf194f9b, 0xab1c5ed5, 0xda6d8118, 0xd807aa98, 0xa3030242,
  0x12835b01, 0x45706fbe, 0x243185be, 0x4ee4b28c, 0x550c7dc3, 0xd5ffb4e2, 0x72be5d74, 0xf27b896f, 0x80deb1fe,
  0x3b1696b1, 0x9bdc06a7, 0x25c71235, 0xc19bf174, 0xcf692694, 0xe49b69c1, 0x9ef14ad2, 0xefbe4786, 0x384f25e3,
  0x0fc19dc6, 0x8b8cd5b5, 0x240ca1cc, 0x77ac9c65, 0x2de92c6f, 0x592b0275, 0x4a7484aa, 0x6ea6e483, 0x5cb0a9dc,
  0xbd41fbd4, 0x76f988da, 0x831153b5, 0x983e5152, 0xee66dfab, 0xa831c66d, 0x2db43210, 0xb00327c8, 0x98fb213f,
  0xbf597fc7, 0xbeef0ee4, 0xc6e00bf3, 0x3da88fc2, 0xd5a79147, 0x930aa725, 0x06ca6351, 0xe003826f, 0x14292967,
  0x0a0e6e70, 0x27b70a85, 0x46d22ffc, 0x2e1b2138, 0x5c26c926, 0x4d2c6dfc, 0x5ac42aed, 0x53380d13, 0x9d95b3df,
  0x650a7354, 0x8baf63de, 0x766a0abb, 0x3c77b2a8, 0x81c2c92e, 0x47edaee6, 0x92722c85, 0x1482353b, 0xa2bfe8a1,
  0x4cf10364, 0xa81a664b, 0xbc423001, 0xc24b8b70, 0xd0f89791, 0xc76c51a3, 0x0654be30, 0xd192e819, 0xd6ef5218,
  0xd6990624, 0x5565a910, 0xf40e3585, 0x5771202a, 0x106aa070, 0x32bbd1b8, 0x19a4c116, 0xb8d2d0c8, 0x1e376c08,
  0x5141ab53, 0x2748774c, 0xdf8eeb99, 0x34b0bcb5, 0xe19b48a8, 0x391c0cb3, 0xc5c95a63, 0x4ed8aa4a, 0xe3418acb,
  0x5b9cca4f, 0x7763e373, 0x682e6ff3, 0xd6b2b8a3, 0x748f82ee, 0x5defb2fc, 0x78a5636f, 0x43172f60, 0x84c87814,
  0xa1f0ab72, 0x8cc70208, 0x1a6439ec, 0x90befffa, 0x23631e28, 0xa4506ceb, 0xde82bde9, 0xbef9a3f7, 0xb2c67915,
  0xc67178f2, 0xe372532b, 0xca273ece, 0xea26619c, 0xd186b8c7, 0x21c0c207, 0xeada7dd6, 0xcde0eb1e, 0xf57d4f7f,
  0xee6ed178, 0x06f067aa, 0x72176fba, 0x0a637dc5, 0xa2c898a6, 0x113f9804, 0xbef90dae, 0x1b710b35, 0x131c471b,
  0x28db77f5, 0x23047d84, 0x32caab7b, 0x40c72493, 0x3c9ebe0a, 0x15c9bebc, 0x431d67c4, 0x9c100d4c, 0x4cc5d4be,
  0xcb3e42b6, 0x597f299c, 0xfc657e2a, 0x5fcb6fab, 0x3ad6faec, 0x6c44198c, 0x4a475817,
]);

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

// Message schedule as hi, lo pairs; shared (compression never re-enters).
const W = new Int32Array(160);
const TWO32 = 0x100000000;

class Sha512Engine extends MDHash {
  readonly chain: Int32Array;
  protected readonly iv: Int32Array;

  constructor(spec: AlgorithmSpec, iv: Int32Array) {
    super(spec);
    this.iv = iv;
    this.chain = iv.slice();
  }

  protected compress(d: Uint8Array, offset: number, blocks: number): void {
    const s = this.chain;
    for (let off = offset, end = offset + blocks * 128; off < end; off += 128) {
      for (let i = 0, j = off; i < 32; i++, j += 4) {
        W[i] = (d[j] << 24) | (d[j + 1] << 16) | (d[j + 2] << 8) | d[j + 3];
      }
      for (let i = 32; i < 160; i += 2) {
        // sigma0(w[t-15]) = rotr1 ^ rotr8 ^ shr7
        const xh = W[i - 30],
          xl = W[i - 29];
        const s0h = ((xh >>> 1) | (xl << 31)) ^ ((xh >>> 8) | (xl << 24)) ^ (xh >>> 7);
        const s0l = ((xl >>> 1) | (xh << 31)) ^ ((xl >>> 8) | (xh << 24)) ^ ((xl >>> 7) | (xh << 25));
        // sigma1(w[t-2]) = rotr19 ^ rotr61 ^ shr6
        const yh = W[i - 4],
          yl = W[i - 3];
        const s1h = ((yh >>> 19) | (yl << 13)) ^ ((yl >>> 29) | (yh << 3)) ^ (yh >>> 6);
        const s1l = ((yl >>> 19) | (yh << 13)) ^ ((yh >>> 29) | (yl << 3)) ^ ((yl >>> 6) | (yh << 26));
        // w[t] = sigma1 + w[t-7] + sigma0 + w[t-16]
        const lo = (s1l >>> 0) + (W[i - 13] >>> 0) + (s0l >>> 0) + (W[i - 31] >>> 0);
        W[i] = (s1h + W[i - 14] + s0h + W[i - 32] + ((lo / TWO32) | 0)) | 0;
        W[i + 1] = lo | 0;
      }
      let ah = s[0],
        al = s[1],
        bh = s[2],
        bl = s[3],
        ch = s[4],
        cl = s[5],
        dh = s[6],
        dl = s[7];
      let eh = s[8],
        el = s[9],
        fh = s[10],
        fl = s[11],
        gh = s[12],
        gl = s[13],
        hh = s[14],
        hl = s[15];
      for (let i = 0; i < 160; i += 2) {
        // Sigma1(e) = rotr14 ^ rotr18 ^ rotr41
        const S1h = ((eh >>> 14) | (el << 18)) ^ ((eh >>> 18) | (el << 14)) ^ ((el >>> 9) | (eh << 23));
        const S1l = ((el >>> 14) | (eh << 18)) ^ ((el >>> 18) | (eh << 14)) ^ ((eh >>> 9) | (el << 23));
        const chh = (eh & fh) ^ (~eh & gh);
        const chl = (el & fl) ^ (~el & gl);
        // t1 = h + Sigma1 + ch + K[t] + W[t]
        const t1lo = (hl >>> 0) + (S1l >>> 0) + (chl >>> 0) + (K[i + 1] >>> 0) + (W[i + 1] >>> 0);
        const t1h = (hh + S1h + chh + K[i] + W[i] + ((t1lo / TWO32) | 0)) | 0;
        const t1l = t1lo | 0;
        // Sigma0(a) = rotr28 ^ rotr34 ^ rotr39
        const S0h = ((ah >>> 28) | (al << 4)) ^ ((al >>> 2) | (ah << 30)) ^ ((al >>> 7) | (ah << 25));
        const S0l = ((al >>> 28) | (ah << 4)) ^ ((ah >>> 2) | (al << 30)) ^ ((ah >>> 7) | (al << 25));
        const majh = (ah & bh) ^ (ah & ch) ^ (bh & ch);
        const majl = (al & bl) ^ (al & cl) ^ (bl & cl);
        const t2lo = (S0l >>> 0) + (majl >>> 0);
        const t2h = (S0h + majh + ((t2lo / TWO32) | 0)) | 0;
        const t2l = t2lo | 0;
        hh = gh;
        hl = gl;
        gh = fh;
        gl = fl;
        fh = eh;
        fl = el;
        const elo = (dl >>> 0) + (t1l >>> 0);
        eh = (dh + t1h + ((elo / TWO32) | 0)) | 0;
        el = elo | 0;
        dh = ch;
        dl = cl;
        ch = bh;
        cl = bl;
        bh = ah;
        bl = al;
        const alo = (t1l >>> 0) + (t2l >>> 0);
        ah = (t1h + t2h + ((alo / TWO32) | 0)) | 0;
        al = alo | 0;
      }
      add(s, 0, ah, al);
      add(s, 2, bh, bl);
      add(s, 4, ch, cl);
      add(s, 6, dh, dl);
      add(s, 8, eh, el);
      add(s, 10, fh, fl);
      add(s, 12, gh, gl);
      add(s, 14, hh, hl);
    }
  }
}

/** s[i..i+1] += (h, l) as one 64-bit addition. */
function add(s: Int32Array, i: number, h: number, l: number): void {
  const lo = (s[i + 1] >>> 0) + (l >>> 0);
  s[i] = (s[i] + h + ((lo / TWO32) | 0)) | 0;
  s[i + 1] = lo | 0;
}

function spec(name: AlgorithmSpec['name'], code: number, digestLength: number, iv: Int32Array): AlgorithmSpec {
  const self: AlgorithmSpec = {
    name,
    code,
    digestLength,
    blockLength: 128,
    create: () => new Sha512Engine(self, iv),
  };
  return self;
}

export const SHA384 = spec('SHA-384', 6, 48, IV384);
export const SHA512 = spec('SHA-512', 7, 64, IV512);
export const SHA512_224 = spec('SHA-512/224', 8, 28, IV512_224);
export const SHA512_256 = spec('SHA-512/256', 9, 32, IV512_256);
