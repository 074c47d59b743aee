/**
 * The algorithms `sum` computes, with the tags their BSD-style lines carry: from the registry's facts (facts.ts), so
 * that reading them loads nothing of the library; resolving a name given to `-a` loads it (hash.ts), as hashing will.
 */
import type { AlgorithmName } from 'digestlab';
import { type SumFlags, SumUsageError } from './args.js';
import { FACTS } from './facts.js';
import { type DigestRequest, digestlab } from './hash.js';
import { quoteLocale } from './names.js';

export interface SumAlgorithm {
  name: AlgorithmName;
  /** The word a tagged line starts with: coreutils' where it has the algorithm, ours for the others. */
  tag: string;
  hexLength: number;
  /** The `outputLength` (bytes) to hash with, where `-l` (or a `-c` line) sets one; absent for the default. */
  outputLength?: number;
}

/** Each algorithm's tag and hex length, from the library's registry (`sum`). */
const BY_NAME: ReadonlyMap<AlgorithmName, SumAlgorithm> = new Map(
  FACTS.map((a) => [a.name, { name: a.name, tag: a.sum.tag, hexLength: a.sum.hexLength }]),
);

/** The algorithms `-j` may split one file for (combineChecksums takes them), and their digest lengths. */
export const COMBINABLE: ReadonlyMap<AlgorithmName, number> = new Map(
  FACTS.filter((a) => a.combinable).map((a) => [a.name, a.digestLength]),
);

/** Whether every one of `algorithms` combines (at its default length): split-checksums.ts may split a file for them. */
export function splittable(algorithms: readonly DigestRequest[]): boolean {
  return algorithms.length > 0 && algorithms.every((a) => a.outputLength === undefined && COMBINABLE.has(a.name));
}

/** The registry's length-free BLAKE2b, whose facts b2sum's mode reads. */
const B2_ENTRY = FACTS.find((a) => a.name === 'BLAKE2b');

/**
 * b2sum's facts (GNU coreutils 9.1): `-a blake2b` (the length-free BLAKE2b; its tag, BLAKE2b, from the registry)
 * takes `-l BITS`, a multiple of 8 up to the registry's largest `outputLength`. A length below the largest is
 * written in the tag (`BLAKE2b-256 (name) = …`); `-c` reads it there, and from an untagged line's hex length
 * (2 to 128 digits, even). `minLine`: the shortest untagged line b2sum reads (a 2-digit digest, a blank, a name).
 */
export const B2SUM = {
  name: 'BLAKE2b' as AlgorithmName,
  maxBits: 8 * (B2_ENTRY?.options.find((o) => o.name === 'outputLength')?.max ?? 0),
  minLine: 3,
} as const;

/** b2sum's BLAKE2b of `bits` (0: the default, the largest). */
export function blake2bOfLength(bits: number): SumAlgorithm {
  const base = entry(B2SUM.name);
  if (bits === 0 || bits === B2SUM.maxBits) return base;
  return { name: base.name, tag: `${base.tag}-${bits}`, hexLength: bits / 4, outputLength: bits / 8 };
}

/** b2sum's lengths that the registry also names (BLAKE2B-256, BLAKE2B-512 ...): digest length in bytes, name. */
const B2_NAMED: ReadonlyMap<number, AlgorithmName> = new Map(
  FACTS.filter(
    (a) => a.family === B2_ENTRY?.family && a.blockLength === B2_ENTRY.blockLength && a.name !== B2SUM.name,
  ).map((a) => [a.digestLength, a.name]),
);

/**
 * What to hash for `a`: the name, with its `outputLength` where `-l` (or a line) sets one; for b2sum's BLAKE2b,
 * the registry's name of that length where it has one (the same parameter block, so the same digest: BLAKE2B-512
 * for the default), so that `auto` can take node:crypto's OpenSSL, which has BLAKE2b only as blake2b512.
 */
export function digestRequest(a: SumAlgorithm): DigestRequest {
  const named = a.name === B2SUM.name ? B2_NAMED.get(a.outputLength ?? B2SUM.maxBits / 8) : undefined;
  if (named) return { name: named };
  return a.outputLength === undefined ? { name: a.name } : { name: a.name, outputLength: a.outputLength };
}

/** The word a `-c` message names the algorithm by: the tag of its default length (b2sum says BLAKE2b at any). */
export function typeString(a: SumAlgorithm): string {
  return entry(a.name).tag;
}

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
  FACTS.flatMap((a) => (a.sum.command === null ? [] : [[a.sum.hexLength, entry(a.name)] as const])),
);

/**
 * `-l`'s length applied: to BLAKE2b (b2sum's refusal past its largest), or refused as coreutils' cksum refuses it
 * for another algorithm. Neither refusal is followed by "Try … --help", as in coreutils.
 */
function withLength(list: SumAlgorithm[], length: SumFlags['length']): SumAlgorithm[] {
  if (length === undefined) return list;
  if (!list.some((a) => a.name === B2SUM.name)) {
    if (length.bits === 0) return list;
    throw new SumUsageError('--length is only supported with --algorithm=blake2b', false);
  }
  if (length.bits > B2SUM.maxBits) {
    const max = `maximum digest length for ${quoteLocale(B2SUM.name)} is ${B2SUM.maxBits} bits`;
    throw new SumUsageError(`invalid length: ${quoteLocale(length.given)}\n${max}`, false);
  }
  return list.map((a) => (a.name === B2SUM.name ? blake2bOfLength(length.bits) : a));
}

/**
 * The algorithms `-a` names (any digestlab name or alias), in order, each once; the default when none; BLAKE2b
 * at `-l`'s length.
 */
export async function resolveAlgorithms(
  names: readonly string[],
  length?: SumFlags['length'],
): Promise<SumAlgorithm[]> {
  const out: SumAlgorithm[] = [];
  for (const given of names) {
    const { createDigest, UnknownAlgorithmError } = await digestlab();
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
  return withLength(out.length > 0 ? out : [DEFAULT_ALGORITHM], length);
}

/** BLAKE3's names and aliases, lowercased: `-a` selects b3sum's mode (b3sum.ts) when it names BLAKE3 alone. */
const B3SUM_NAMES = new Set(
  FACTS.filter((a) => a.family === 'BLAKE3').flatMap((a) => [a.name, ...a.aliases].map((n) => n.toLowerCase())),
);

/** The values of `-a`/`--algorithm` in `argv` (before `--`), as the coreutils parser would read them. */
function algorithmValues(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--') break;
    if (a === '-a' || a === '--algorithm') out.push(argv[++i] ?? '');
    else if (a.startsWith('--algorithm=')) out.push(a.slice(12));
    else if (/^-a./.test(a)) out.push(a.slice(2));
  }
  return out.flatMap((v) => v.split(','));
}

/** `-a` names BLAKE3 and nothing else: the run is b3sum's. */
export function isB3sum(argv: readonly string[]): boolean {
  const values = algorithmValues(argv);
  return values.length > 0 && values.every((v) => B3SUM_NAMES.has(v.toLowerCase()));
}

/** `-a`'s names that make the run xxhsum 0.8.1's, each to its `-H`. */
const XXHSUM_H: Readonly<Record<string, string>> = { xxh32: '-H0', xxh64: '-H1', xxh128: '-H2', xxh3: '-H3' };

/**
 * `-a` names one of xxhsum's hashes (`xxh32`, `xxh64`, `xxh128`, `xxh3`) and nothing else: the run is xxhsum's,
 * with these arguments (`-a` as `-H`, first, then the rest as xxhsum reads them); undefined otherwise.
 */
export function xxhsumArgs(argv: readonly string[]): string[] | undefined {
  const values = algorithmValues(argv);
  if (values.length !== 1 || !Object.hasOwn(XXHSUM_H, values[0] as string)) return undefined;
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === '--') {
      rest.push(...argv.slice(i));
      break;
    }
    if (a === '-a' || a === '--algorithm') i++;
    else if (!a.startsWith('--algorithm=') && !/^-a./.test(a)) rest.push(a);
  }
  return [XXHSUM_H[values[0] as string] as string, ...rest];
}
