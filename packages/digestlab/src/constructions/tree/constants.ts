/** BLAKE3's constants (the BLAKE3 paper §2.1, §2.6, Table 3) and the sizes of our tree: what every tree module shares. */

/** The IV: SHA-256's, as BLAKE2s' (algorithms/blake2s-g.ts holds BLAKE2's copy). */
export const BLAKE3_IV = Int32Array.of(
  0x6a09e667,
  0xbb67ae85 | 0,
  0x3c6ef372,
  0xa54ff53a | 0,
  0x510e527f,
  0x9b05688c | 0,
  0x1f83d9ab,
  0x5be0cd19,
);

/** The domain flags (§2.1, Table 3). */
export const CHUNK_START = 1;
export const CHUNK_END = 2;
export const PARENT = 4;
export const ROOT = 8;
export const KEYED_HASH = 16;
export const DERIVE_KEY_CONTEXT = 32;
export const DERIVE_KEY_MATERIAL = 64;

export const CHUNK_LENGTH = 1024;
/** Bytes of a block: a chunk is 16 of them. */
export const BLOCK = 64;
/** Most chunks handed to the core at once: 64 KiB, the WebAssembly input area. A power of two. */
export const SUBTREE_CHUNKS = 64;
/** Deepest the stack gets: one CV per bit of a 2^43 chunk count, one more before merging, with room. */
export const MAX_DEPTH = 54;

/** 1 bits of a non-negative safe integer: its two 32-bit halves counted apart. */
export function popcount(n: number): number {
  let count = 0;
  for (let x of [n % 2 ** 32, Math.floor(n / 2 ** 32)]) {
    for (; x !== 0; x = Math.floor(x / 2)) count += x % 2;
  }
  return count;
}
