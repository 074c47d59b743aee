/**
 * Every family the tests know: each file of this folder but this one and known.ts holds one (its one export, a
 * {@link KnownFamily}), found here without a list to edit, and put in the registry's order (by its first algorithm).
 * A suite that goes over every algorithm reads these; a registered algorithm with no known answers here fails
 * families.test.ts.
 */
import { readdirSync } from 'node:fs';
import { type AlgorithmName, algorithms } from '../../src/index.js';
import type { KnownAlgorithm, KnownFamily } from './known.js';

export type { KnownAlgorithm, KnownFamily } from './known.js';

const FILES = readdirSync(new URL('./', import.meta.url)).filter(
  (f) => f.endsWith('.ts') && f !== 'index.ts' && f !== 'known.ts',
);
const ORDER = algorithms().map((a) => a.name);
/** Where a family's first algorithm is in the registry (unregistered ones last, for families.test.ts to name). */
const rank = (f: KnownFamily): number => {
  const i = ORDER.indexOf(Object.keys(f.algorithms)[0] as AlgorithmName);
  return i < 0 ? Number.POSITIVE_INFINITY : i;
};

export const FAMILIES: readonly KnownFamily[] =
  // the folder is listed above on purpose (no list to edit): vite need not resolve these imports itself
  (await Promise.all(FILES.map(async (f) => Object.values(await import(/* @vite-ignore */ `./${f}`)) as KnownFamily[])))
    .flat()
    .sort((a, b) => rank(a) - rank(b));

/** Each algorithm's known facts and answers, with its family, in the registry's order. */
export const KNOWN: ReadonlyMap<AlgorithmName, KnownAlgorithm & { family: KnownFamily }> = new Map(
  FAMILIES.flatMap((family) =>
    Object.entries(family.algorithms).map(([name, known]) => [name as AlgorithmName, { ...known, family }] as const),
  ),
);

/** The algorithms the tests know, in the registry's order. */
export const KNOWN_NAMES: readonly AlgorithmName[] = [...KNOWN.keys()];

/** What the tests know of `name`; throws for an algorithm they do not know (families.test.ts names every such one). */
export function known(name: AlgorithmName): KnownAlgorithm & { family: KnownFamily } {
  const k = KNOWN.get(name);
  if (k === undefined) throw new Error(`no known answers for ${name}: add it to its family's file in test/families/`);
  return k;
}
