/** The algorithms `sum` computes, with the tags their BSD-style lines carry. */
import { type AlgorithmName, createDigest, UnknownAlgorithmError } from 'digestlab';
import { SumUsageError } from './args.js';

export interface SumAlgorithm {
  name: AlgorithmName;
  /** The word a tagged line starts with: coreutils' where it has the algorithm, ours for the others. */
  tag: string;
  hexLength: number;
}

const TAGS: Readonly<Record<AlgorithmName, string>> = {
  MD2: 'MD2',
  MD5: 'MD5',
  'SHA-1': 'SHA1',
  'SHA-224': 'SHA224',
  'SHA-256': 'SHA256',
  'SHA-384': 'SHA384',
  'SHA-512': 'SHA512',
  'SHA-512/224': 'SHA512t224',
  'SHA-512/256': 'SHA512t256',
};

const HEX_LENGTH: Readonly<Record<AlgorithmName, number>> = {
  MD2: 32,
  MD5: 32,
  'SHA-1': 40,
  'SHA-224': 56,
  'SHA-256': 64,
  'SHA-384': 96,
  'SHA-512': 128,
  'SHA-512/224': 56,
  'SHA-512/256': 64,
};

function entry(name: AlgorithmName): SumAlgorithm {
  return { name, tag: TAGS[name], hexLength: HEX_LENGTH[name] };
}

export const DEFAULT_ALGORITHM: SumAlgorithm = entry('SHA-256');

/** Every algorithm by its tag, for tagged lines in `-c` without `-a`. */
export const BY_TAG: ReadonlyMap<string, SumAlgorithm> = new Map(
  (Object.keys(TAGS) as AlgorithmName[]).map((n) => [TAGS[n], entry(n)]),
);

/** digestlab's rule for an untagged line without `-a` (coreutils has none): the algorithm by digest length. */
export const BY_HEX_LENGTH: ReadonlyMap<number, SumAlgorithm> = new Map(
  (['MD5', 'SHA-1', 'SHA-224', 'SHA-256', 'SHA-384', 'SHA-512'] as const).map((n) => [HEX_LENGTH[n], entry(n)]),
);

/** The algorithms `-a` names (any digestlab name or alias), in order, each once; the default when none. */
export function resolveAlgorithms(names: readonly string[]): SumAlgorithm[] {
  const out: SumAlgorithm[] = [];
  for (const given of names) {
    let name: AlgorithmName;
    try {
      name = createDigest(given).algorithm;
    } catch (e) {
      if (e instanceof UnknownAlgorithmError) {
        throw new SumUsageError(`invalid argument '${given}' for '--algorithm'\n${e.message}`);
      }
      throw e;
    }
    if (!out.some((a) => a.name === name)) out.push(entry(name));
  }
  return out.length > 0 ? out : [DEFAULT_ALGORITHM];
}
