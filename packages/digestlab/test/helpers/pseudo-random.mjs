// The suite's deterministic pseudo-random bytes, in plain JavaScript so that the scripts that record outside
// programs' digests of the suite's inputs (scripts/vectors/rhash-vectors.mjs, scripts/vectors/b3sum-vectors.mjs) make
// the very bytes the tests make: common.ts re-exports it to the tests.

/** Deterministic pseudo-random bytes (xorshift32 seeded from `seed`): fast for MiBs. A shorter call is a prefix. */
export function pseudoRandomBytes(length, seed) {
  const out = new Uint8Array(length);
  let x = seed * 2654435761 || 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x;
  }
  return out;
}
