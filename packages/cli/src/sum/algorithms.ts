/** The algorithms `sum` computes, with the tags their BSD-style lines carry. */
import { type AlgorithmName, algorithms, createDigest, UnknownAlgorithmError } from 'digestlab';
import { SumUsageError } from './args.js';

export interface SumAlgorithm {
  name: AlgorithmName;
  /** The word a tagged line starts with: coreutils' where it has the algorithm, ours for the others. */
  tag: string;
  hexLength: number;
}

/** Each algorithm's tag and hex length, from the library's registry (`sum`). */
const BY_NAME: ReadonlyMap<AlgorithmName, SumAlgorithm> = new Map(
  algorithms().map((a) => [a.name, { name: a.name, tag: a.sum.tag, hexLength: a.sum.hexLength }]),
);

function entry(name: AlgorithmName): SumAlgorithm {
  return BY_NAME.get(name) as SumAlgorithm;
}

export const DEFAULT_ALGORITHM: SumAlgorithm = entry('SHA-256');

/** Every algorithm by its tag, for tagged lines in `-c` without `-a`. */
export const BY_TAG: ReadonlyMap<string, SumAlgorithm> = new Map([...BY_NAME.values()].map((a) => [a.tag, a]));

/**
 * digestlab's rule for an untagged line without `-a` (coreutils has none): the algorithm by digest length, among
 * those coreutils has a program for (md5sum, sha1sum, sha224sum … sha512sum: their hex lengths differ).
 */
export const BY_HEX_LENGTH: ReadonlyMap<number, SumAlgorithm> = new Map(
  algorithms().flatMap((a) => (a.sum.command === null ? [] : [[a.sum.hexLength, entry(a.name)] as const])),
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
