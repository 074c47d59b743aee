/**
 * The registry's facts that `sum` reads (each algorithm's name, aliases, family, lengths, options and `sum` line
 * facts: the library's `algorithms()`, without its providers), as plain data. scripts/build/bundle-sum.mjs evaluates
 * this module when it builds and bundles its value in its place, so that `digestlab sum` knows every name and tag
 * without loading the library: loading all of it (every algorithm's core, every WebAssembly module, the providers'
 * probes) was most of the command's own start. Each mode then imports only what it hashes with: b3sum's (b3sum.ts)
 * BLAKE3's engines alone, the coreutils mode (hash.ts) the library when it starts a digest. Run from the sources
 * (tests), this module reads the library itself.
 */
import { type AlgorithmInfo, algorithms } from 'digestlab';

export type SumFacts = Pick<
  AlgorithmInfo,
  'name' | 'aliases' | 'family' | 'digestLength' | 'blockLength' | 'options' | 'sum'
>;

export const FACTS: readonly SumFacts[] = algorithms().map(
  ({ name, aliases, family, digestLength, blockLength, options, sum }) => ({
    name,
    aliases,
    family,
    digestLength,
    blockLength,
    options,
    sum,
  }),
);
