/**
 * `combineChecksums`: the checksum of one input from its two pieces' checksums and the second piece's length
 * (algorithms/combine.ts), for the CRCs but POSIX cksum's, and Adler-32.
 */
import { COMBINABLE_CRCS, combineAdler32, combineCrc } from '../algorithms/combine.js';
import { lookup } from '../registry/registry.js';
import { InvalidDataError, InvalidOptionError } from '../shared/errors.js';
import type { AlgorithmName } from '../spec/algorithm.js';

/** The algorithms {@link combineChecksums} takes. */
export const COMBINABLE: readonly AlgorithmName[] = [...(Object.keys(COMBINABLE_CRCS) as AlgorithmName[]), 'ADLER32'];

/** A digest's bytes (big-endian, as `digest()` gives them) as an integer, checked against the digest length. */
function integerOf(digest: Uint8Array, length: number, which: string): bigint {
  if (!(digest instanceof Uint8Array) || digest.length !== length) {
    throw new InvalidDataError(digest, `the ${which} piece's checksum: a Uint8Array of ${length} bytes`);
  }
  let v = 0n;
  for (const b of digest) v = (v << 8n) | BigInt(b);
  return v;
}

/**
 * The checksum of A followed by B, from `first` (A's), `second` (B's), both as `digest()` returns them, and the
 * length of B in bytes: what a digest of the whole would give, without reading it again. For CRC-32, CRC-32C,
 * CRC-64/NVME, CRC-64/XZ and ADLER32; POSIX cksum's value (length folded in) and xxHash's (not linear in its
 * input) cannot be combined, and are refused with InvalidOptionError, as is a length that is not a whole number of
 * bytes from 0 to 2^53 − 1.
 */
export function combineChecksums(
  algorithm: string,
  first: Uint8Array,
  second: Uint8Array,
  secondLength: number,
): Uint8Array {
  const { spec } = lookup(algorithm);
  if (!COMBINABLE.includes(spec.name)) {
    throw new InvalidOptionError('algorithm', `${spec.name} cannot be combined; expected ${COMBINABLE.join(', ')}`);
  }
  if (!Number.isSafeInteger(secondLength) || secondLength < 0) {
    throw new InvalidOptionError('secondLength', 'expected a whole number of bytes from 0 to 2^53 - 1');
  }
  const n = spec.digestLength;
  const a = integerOf(first, n, 'first');
  const b = integerOf(second, n, 'second');
  const shape = COMBINABLE_CRCS[spec.name];
  const v = shape ? combineCrc(shape, a, b, secondLength) : BigInt(combineAdler32(Number(a), Number(b), secondLength));
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = Number((v >> BigInt(8 * (n - 1 - i))) & 255n);
  return out;
}
