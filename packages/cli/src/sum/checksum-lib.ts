/**
 * The library as the split checksums (split-checksums.ts, b3-subtree.ts) hash with: loaded once, before the first
 * piece (a worker loads it before it says it is ready), so that a piece is hashed synchronously. BLAKE3's workers
 * never load it: b3sum's mode keeps to BLAKE3's part of the library (b3-lib.ts).
 */
import type { AlgorithmName, Digest } from 'digestlab';
import { digestlab } from './hash.js';

let library: typeof import('digestlab') | undefined;

export async function loadChecksums(): Promise<typeof import('digestlab')> {
  library ??= await digestlab();
  return library;
}

/** A running digest per algorithm, in order (after {@link loadChecksums}). */
export function checksumsOf(names: readonly AlgorithmName[]): Digest[] {
  if (library === undefined) throw new Error('digestlab: the checksums were hashed before the library loaded');
  const { createDigest } = library;
  return names.map((name) => createDigest(name));
}
