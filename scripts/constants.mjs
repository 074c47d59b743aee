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
