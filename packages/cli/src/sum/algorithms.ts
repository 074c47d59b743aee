/** The algorithms `sum` computes, with the tags their BSD-style lines carry. */
import { type AlgorithmName, algorithms, createDigest, UnknownAlgorithmError } from 'digestlab';
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
  // as newer coreutils' cksum and OpenSSL name them; SHAKE at its default output length (16 and 32 bytes)
  'SHA3-224': 'SHA3-224',
  'SHA3-256': 'SHA3-256',
  'SHA3-384': 'SHA3-384',
  'SHA3-512': 'SHA3-512',
  SHAKE128: 'SHAKE128',
  SHAKE256: 'SHAKE256',
  'KECCAK-224': 'KECCAK-224',
  'KECCAK-256': 'KECCAK-256',
  'KECCAK-384': 'KECCAK-384',
  'KECCAK-512': 'KECCAK-512',
};

/** Hex digits of each algorithm's digest (SHAKE: of its default output length), from the library's registry. */
const HEX_LENGTH: ReadonlyMap<AlgorithmName, number> = new Map(algorithms().map((a) => [a.name, 2 * a.digestLength]));

function entry(name: AlgorithmName): SumAlgorithm {
  return { name, tag: TAGS[name], hexLength: HEX_LENGTH.get(name) ?? 0 };
}

export const DEFAULT_ALGORITHM: SumAlgorithm = entry('SHA-256');

/** Every algorithm by its tag, for tagged lines in `-c` without `-a`. */
export const BY_TAG: ReadonlyMap<string, SumAlgorithm> = new Map(
  (Object.keys(TAGS) as AlgorithmName[]).map((n) => [TAGS[n], entry(n)]),
);

/** digestlab's rule for an untagged line without `-a` (coreutils has none): the algorithm by digest length. */
export const BY_HEX_LENGTH: ReadonlyMap<number, SumAlgorithm> = new Map(
  (['MD5', 'SHA-1', 'SHA-224', 'SHA-256', 'SHA-384', 'SHA-512'] as const).map((n) => [entry(n).hexLength, entry(n)]),
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
