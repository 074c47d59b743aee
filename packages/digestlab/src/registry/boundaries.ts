/**
 * The input lengths at which an implementation's length bookkeeping goes wrong, if it does: where a count it keeps
 * in one 32-bit word reaches the sign bit (2^31 units) or carries out (2^32 units). Each is checked one byte short,
 * on it and one byte past, against stored digests (vectors/zeros.json, scripts/vectors/zero-vectors.mjs) and by
 * `digestlab overflow --size boundaries`. Which counts matter follows from the construction (facts.ts).
 *
 * Not among them: the length field's own limit (2^64 bits, 2^61 bytes, for SHA-256; 2^128 bits for SHA-512),
 * far past the longest input a JavaScript number counts exactly (MAX_LENGTH, 2^53 − 1).
 */

/**
 * What an implementation counts, each in 32-bit words as the buggy ones do:
 * - `bits`: the bit length (bytes × 8) that Merkle–Damgård padding encodes, and that some keep for any hash;
 * - `bytes`: the running byte total;
 * - `blocks`: compressed blocks (libgcrypt's counter behind the seed's wrong SHA-1 at 257 GiB).
 */
export type Counter = 'bits' | 'bytes' | 'blocks';

const SIGN = 2 ** 31;
const CARRY = 2 ** 32;

/** One byte short of `n`, `n`, one byte past. */
const around = (n: number): number[] => [n - 1, n, n + 1];

/**
 * The lengths where `counter` wraps. `blockLengths` are the block lengths a block count is checked for.
 * - bits: 2^28 (2^31 bits, the sign bit) and 2^29 bytes (2^32 bits);
 * - bytes: 2^31 and 2^32, and past 2^32 at 2^32 + 5 rather than + 1: past every bit and byte boundary at once, on
 *   no word or block edge (the one size to run when only one is run: the sponges' default);
 * - blocks: 2^32 blocks of each block length (2^38 bytes for 64-byte blocks, 2^39 for 128-byte ones).
 */
export function wrapsOf(counter: Counter, blockLengths: readonly number[]): number[] {
  switch (counter) {
    case 'bits':
      return [...around(SIGN / 8), ...around(CARRY / 8)];
    case 'bytes':
      return [...around(SIGN), CARRY - 1, CARRY, CARRY + 5];
    case 'blocks':
      return blockLengths.flatMap((b) => around(CARRY * b));
  }
}

/** The lengths where any of `counters` wraps, ascending, each once. */
export function boundariesOf(counters: readonly Counter[], blockLengths: readonly number[]): number[] {
  const all = new Set(counters.flatMap((c) => wrapsOf(c, blockLengths)));
  return [...all].sort((a, b) => a - b);
}
