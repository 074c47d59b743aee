/**
 * The registry's facts that `sum` reads (each algorithm's name, aliases, family, lengths, options and `sum` line
 * facts: the library's `algorithms()`, without its providers), as plain data. scripts/build/bundle-sum.mjs evaluates
 * this module when it builds and bundles its value in its place, so that `digestlab sum` knows every name and tag
 * without loading the library: loading all of it (every algorithm's core, every WebAssembly module, the providers'
 * probes) was most of the command's own start. Each mode then imports only what it hashes with: b3sum's (b3sum.ts)
 * BLAKE3's engines alone, the coreutils mode (hash.ts) the library when it starts a digest. Run from the sources
 * (tests), this module reads the library itself.
 */
import { type AlgorithmInfo, type AlgorithmName, algorithms, combineChecksums } from 'digestlab';

export type SumFacts = Pick<
  AlgorithmInfo,
  'name' | 'aliases' | 'family' | 'digestLength' | 'blockLength' | 'options' | 'sum'
> & {
  /** `combineChecksums` takes it (the CRCs but POSIX cksum's, Adler-32): `-j` may split one file for it. */
  combinable: boolean;
};

/** Whether the library combines `name`'s values: asked of `combineChecksums` itself, which refuses the others. */
function combinable(name: AlgorithmName, digestLength: number): boolean {
  try {
    combineChecksums(name, new Uint8Array(digestLength), new Uint8Array(digestLength), 0);
    return true;
  } catch {
    return false;
  }
}

export const FACTS: readonly SumFacts[] = algorithms().map(
  ({ name, aliases, family, digestLength, blockLength, options, sum }) => ({
    name,
    aliases,
    family,
    digestLength,
    blockLength,
    options,
    sum,
    combinable: combinable(name, digestLength),
  }),
);
