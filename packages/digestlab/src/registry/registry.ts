/**
 * The one table of what digestlab knows about each algorithm: its canonical name (as Java's MessageDigest spells
 * it), aliases and OIDs, node:crypto's name, its construction and output, the options it takes, whether HMAC
 * applies, its `sum` tag, and the input lengths where an implementation's counters wrap. Every other package reads
 * these through `algorithms()` (api/catalog.ts) rather than keeping a copy. What is written by hand is given.ts's;
 * what follows from the spec is derived (facts.ts), not written twice.
 * Lookup is case-insensitive and accepts the canonical name, any alias, an OID, or "OID." followed by an OID.
 */

import { UnknownAlgorithmError } from '../shared/errors.js';
import type { AlgorithmName, AlgorithmSpec } from '../spec/algorithm.js';
import { type AlgorithmEntry, define } from './facts.js';
import { GIVEN } from './given.js';

/** The block lengths a block count is checked at: those of the Merkle–Damgård hashes (64, 128). */
const COUNTED_BLOCKS = [
  ...new Set(GIVEN.flatMap((g) => (g.spec.construction.kind === 'merkle-damgard' ? [g.spec.blockLength] : []))),
].sort((a, b) => a - b);

export const ENTRIES: readonly AlgorithmEntry[] = GIVEN.map((g) => define(g, COUNTED_BLOCKS));

export const ALGORITHM_NAMES: readonly AlgorithmName[] = ENTRIES.map((e) => e.spec.name);

const byKey = new Map<string, AlgorithmEntry>();
/** The same keys as written: most calls name an algorithm exactly so, and skip lowercasing (an allocation). */
const byExactKey = new Map<string, AlgorithmEntry>();
for (const entry of ENTRIES) {
  for (const key of [entry.spec.name, ...entry.aliases, ...entry.oids, ...entry.oids.map((o) => `OID.${o}`)]) {
    const k = key.toLowerCase();
    if (byKey.has(k)) throw new Error(`digestlab registry: ${key} names two algorithms`);
    byKey.set(k, entry);
    byExactKey.set(key, entry);
  }
}

/** The entry for a name, alias or OID, case-insensitively; throws {@link UnknownAlgorithmError}. */
export function lookup(algorithm: string): AlgorithmEntry {
  const entry =
    typeof algorithm === 'string' ? (byExactKey.get(algorithm) ?? byKey.get(algorithm.toLowerCase())) : undefined;
  if (!entry) throw new UnknownAlgorithmError(String(algorithm), ALGORITHM_NAMES);
  return entry;
}

/** The spec with this state code, if any. */
export function byCode(code: number): AlgorithmSpec | undefined {
  return ENTRIES.find((e) => e.spec.code === code)?.spec;
}
