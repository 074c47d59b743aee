// The round constants of MD5 and SHA-2, derived as the standards define them, for both core generators
// (gen-cores.mjs: TypeScript, gen-wasm.mjs: WebAssembly).

/** MD5's T[i] = floor(2^32 · |sin(i + 1)|) and its per-round shift amounts (RFC 1321 §3.4). */
export const MD5_T = Array.from({ length: 64 }, (_, i) => Math.floor(2 ** 32 * Math.abs(Math.sin(i + 1))));
export const MD5_S = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];

function primes(n) {
  const ps = [];
  for (let k = 2; ps.length < n; k++) if (ps.every((q) => k % q !== 0)) ps.push(k);
  return ps;
}
/** floor(x^(1/k)) for a BigInt x. */
function iroot(x, k) {
  let lo = 0n;
  let hi = 1n;
  while (hi ** k <= x) hi *= 2n;
  while (lo < hi) {
    const m = (lo + hi + 1n) / 2n;
    if (m ** k <= x) lo = m;
    else hi = m - 1n;
  }
  return lo;
}
/** The first `bits` bits of the fractional part of the cube root of p (FIPS 180-4 §4.2.2, §4.2.3). */
const cubeRootFraction = (p, bits) => iroot(BigInt(p) << BigInt(3 * bits), 3n) & ((1n << BigInt(bits)) - 1n);

/** SHA-256's K[t] (32-bit numbers) and SHA-512's (64-bit BigInts). */
export const K256 = primes(64).map((p) => Number(cubeRootFraction(p, 32)));
export const K512 = primes(80).map((p) => cubeRootFraction(p, 64));

// ---- Keccak-f[1600] (FIPS 202 §3.2) -----------------------------------------------------------------------

/** rc(t) of FIPS 202 Algorithm 5: a bit of the linear feedback shift register over GF(2)[x] / (x^8+x^6+x^5+x^4+1). */
function rc(t) {
  if (t % 255 === 0) return 1;
  let R = [1, 0, 0, 0, 0, 0, 0, 0];
  for (let i = 1; i <= t % 255; i++) {
    R = [0, ...R];
    R[0] ^= R[8];
    R[4] ^= R[8];
    R[5] ^= R[8];
    R[6] ^= R[8];
    R = R.slice(0, 8);
  }
  return R[0];
}

/** The 24 round constants of ι (FIPS 202 Algorithm 6) as 64-bit BigInts: bit 2^j − 1 of RC[i] is rc(j + 7i). */
export const KECCAK_RC = Array.from({ length: 24 }, (_, i) => {
  let c = 0n;
  for (let j = 0; j <= 6; j++) if (rc(j + 7 * i)) c |= 1n << BigInt(2 ** j - 1);
  return c;
});

/**
 * ρ's rotation of lane (x, y), indexed x + 5y (FIPS 202 Algorithm 2): (t + 1)(t + 2) / 2 mod 64 along the walk
 * (x, y) ← (y, 2x + 3y mod 5) from (1, 0); lane (0, 0) is not rotated.
 */
export const KECCAK_RHO = (() => {
  const r = new Array(25).fill(0);
  for (let t = 0, x = 1, y = 0; t < 24; t++) {
    r[x + 5 * y] = (((t + 1) * (t + 2)) / 2) % 64;
    [x, y] = [y, (2 * x + 3 * y) % 5];
  }
  return r;
})();

/** π (FIPS 202 Algorithm 3): lane (x, y) moves to (y, 2x + 3y mod 5); the destination index of each lane. */
export const KECCAK_PI = Array.from({ length: 25 }, (_, i) => {
  const [x, y] = [i % 5, Math.floor(i / 5)];
  return y + 5 * ((2 * x + 3 * y) % 5);
});

/** BLAKE2's message schedule σ (RFC 7693 §2.7): ten permutations of the block's 16 words; BLAKE2b's rounds 10 and 11
 * read rows 0 and 1 again. */
export const BLAKE2_SIGMA = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
  [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
  [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
  [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
  [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
  [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
  [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
  [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
  [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
  [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
];

/** BLAKE2's and BLAKE3's G, on state words a, b, c, d: four columns, then four diagonals (RFC 7693 §3.2). */
export const COLUMNS_DIAGONALS = [
  [0, 4, 8, 12],
  [1, 5, 9, 13],
  [2, 6, 10, 14],
  [3, 7, 11, 15],
  [0, 5, 10, 15],
  [1, 6, 11, 12],
  [2, 7, 8, 13],
  [3, 4, 9, 14],
];
