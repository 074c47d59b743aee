/**
 * Whirlpool's tables, computed at load from their definitions (Barreto and Rijmen, "The WHIRLPOOL Hashing
 * Function", 2003 revision, as in ISO/IEC 10118-3:2004): the S-box from its 4-bit mini-boxes E, E^-1 and R
 * (§6.1), the diffusion layer θ as the circulant matrix cir(1, 1, 4, 1, 8, 5, 2, 9) over GF(2^8) modulo
 * x^8 + x^4 + x^3 + x^2 + 1 (§4, 0x11d), and the round constants from the S-box (§3.4). Some 256 multiplications:
 * cheaper than the 16 KiB of literals a pasted table would add to the bundle. The WebAssembly core copies the same
 * tables into its memory (wasm/module.ts).
 */

/** E and R of §6.1 (E^-1 is E's inverse). */
const E = [0x1, 0xb, 0x9, 0xc, 0xd, 0x6, 0xf, 0x3, 0xe, 0x8, 0x7, 0x4, 0xa, 0x2, 0x5, 0x0];
const R = [0x7, 0xc, 0xb, 0xd, 0xe, 0x4, 0x9, 0xf, 0x6, 0x3, 0x8, 0xa, 0x2, 0x5, 0x1, 0x0];

/** The S-box: the high nibble through E, the low through E^-1, both mixed through R, then E and E^-1 again. */
export const SBOX: Uint8Array = (() => {
  const inv = new Array<number>(16);
  for (let i = 0; i < 16; i++) inv[E[i]] = i;
  const s = new Uint8Array(256);
  for (let u = 0; u < 256; u++) {
    const a = E[u >>> 4];
    const b = inv[u & 15];
    const r = R[a ^ b];
    s[u] = (E[a ^ r] << 4) | inv[b ^ r];
  }
  return s;
})();

/** x times y in GF(2^8) modulo x^8 + x^4 + x^3 + x^2 + 1. */
function mul(x: number, y: number): number {
  let p = 0;
  for (; y > 0; y >>>= 1) {
    if (y & 1) p ^= x;
    x = x & 0x80 ? ((x << 1) ^ 0x11d) & 0xff : x << 1;
  }
  return p;
}

/** The first row of θ's circulant matrix (§4). */
const ROW = [1, 1, 4, 1, 8, 5, 2, 9];

/**
 * C_t[x] for t = 0..7 as 64-bit words in (hi, lo) pairs: C_t[x] at index 512 t + 2 x (hi) and + 1 (lo). C_0[x]
 * is S[x] times ROW, most significant byte first; C_t is C_0 rotated right by 8 t bits. One round's 64 lookups a
 * word compute γ, π and θ at once (the reference implementation's tables).
 */
export const C: Int32Array = (() => {
  const c = new Int32Array(8 * 512);
  for (let x = 0; x < 256; x++) {
    const bytes = ROW.map((m) => mul(SBOX[x], m));
    for (let t = 0; t < 8; t++) {
      // byte j of C_t[x] (most significant first) is byte (j - t) mod 8 of C_0[x]
      const b = (j: number) => bytes[(j - t + 8) & 7];
      c[512 * t + 2 * x] = (b(0) << 24) | (b(1) << 16) | (b(2) << 8) | b(3);
      c[512 * t + 2 * x + 1] = (b(4) << 24) | (b(5) << 16) | (b(6) << 8) | b(7);
    }
  }
  return c;
})();

/** The ten round constants (§3.4): row 0 of round r's is S[8(r - 1) .. 8r - 1]; (hi, lo) of that word, per round. */
export const RC: Int32Array = (() => {
  const rc = new Int32Array(20);
  for (let r = 0; r < 10; r++) {
    const b = (j: number) => SBOX[8 * r + j];
    rc[2 * r] = (b(0) << 24) | (b(1) << 16) | (b(2) << 8) | b(3);
    rc[2 * r + 1] = (b(4) << 24) | (b(5) << 16) | (b(6) << 8) | b(7);
  }
  return rc;
})();
