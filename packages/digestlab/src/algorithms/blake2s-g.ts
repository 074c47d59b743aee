/**
 * What BLAKE3 took from BLAKE2s unchanged (the BLAKE3 paper, §2.2): the IV and the quarter-round G on 32-bit words.
 * One copy for both families: algorithms/blake2.ts (BLAKE2s) and algorithms/blake3.ts (BLAKE3).
 */

/**
 * BLAKE2s' IV (RFC 7693 §2.6): SHA-256's, which BLAKE3 took unchanged. BLAKE3's copy is the tree's
 * (constructions/tree/constants.ts), which a construction needs as its hash-mode key and cannot import from an
 * algorithm; this one keeps BLAKE2's bundle free of BLAKE3's tree. The known answers of both check every word.
 */
export const BLAKE2S_IV = Int32Array.of(
  0x6a09e667,
  0xbb67ae85 | 0,
  0x3c6ef372,
  0xa54ff53a | 0,
  0x510e527f,
  0x9b05688c | 0,
  0x1f83d9ab,
  0x5be0cd19,
);

/** G (RFC 7693 §3.1; BLAKE3 §2.2) on words a, b, c, d of `v`, with message words x and y: rotations 16, 12, 8, 7. */
export function g(v: Int32Array, a: number, b: number, c: number, d: number, x: number, y: number): void {
  let va = v[a];
  let vb = v[b];
  let vc = v[c];
  let vd = v[d];
  va = (va + vb + x) | 0;
  vd ^= va;
  vd = (vd >>> 16) | (vd << 16);
  vc = (vc + vd) | 0;
  vb ^= vc;
  vb = (vb >>> 12) | (vb << 20);
  va = (va + vb + y) | 0;
  vd ^= va;
  vd = (vd >>> 8) | (vd << 24);
  vc = (vc + vd) | 0;
  vb ^= vc;
  vb = (vb >>> 7) | (vb << 25);
  v[a] = va;
  v[b] = vb;
  v[c] = vc;
  v[d] = vd;
}
