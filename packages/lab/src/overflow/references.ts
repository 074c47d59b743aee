/**
 * Where an expected digest comes from, in order: a digest known from outside (the seed), the stored zero vectors
 * (vectors/zeros.json, made by scripts/vectors/zero-vectors.mjs with node:crypto), else the host's reference computed
 * in the same run (node:crypto under Node), else none (UNCHECKED).
 */
import { type AlgorithmName, algorithms as libraryAlgorithms } from 'digestlab';
import type { Pattern } from './patterns.js';

const GiB = 2 ** 30;

/** A digest whose value is known from a source outside this repository. */
export interface KnownDigest {
  algorithm: AlgorithmName;
  pattern: Pattern;
  size: number;
  hex: string;
  source: string;
}

/** The seed's run: 257 GiB of zeros. */
export const SEED_SIZE = 257 * GiB;

export const KNOWN_DIGESTS: readonly KnownDigest[] = [
  {
    algorithm: 'SHA-1',
    pattern: 'zeros',
    size: SEED_SIZE, // 275951648768
    hex: '6938f23e29e7d3dcd100d0ed2df9d6593113718f',
    // Bernd Eckenfels, "SHA-1 correctness and speed" (../shared/seeds/001_6c219afc2958bff5.txt): Java SunJCE and BouncyCastle agree on it,
    // hashing 257 x 1024 zeroed 1 MiB buffers; libgcrypt < 1.6.0 got it wrong (its block counter overflowed).
    source: 'seed 001 (Java SunJCE and BouncyCastle)',
  },
];

/** The library's facts of each algorithm (registry.ts), by name: construction, output, boundaries. */
const FACTS = new Map(libraryAlgorithms().map((a) => [a.name as string, a]));

function factsOf(algorithm: string) {
  const facts = FACTS.get(algorithm);
  if (!facts) throw new Error(`digestlab has no ${algorithm}`);
  return facts;
}

/**
 * The boundary sizes that matter to `algorithm`: where a 32-bit count of its bits, bytes or blocks wraps (the
 * library's `boundaries`: 2^28±1 … 2^39±1; a sponge, which keeps no length counter, stops at 2^32 + 5), and the
 * seed's 257 GiB among those that reach past it.
 */
export function boundarySizes(algorithm: string): number[] {
  const sizes = factsOf(algorithm).boundaries;
  if (sizes.every((n) => n < SEED_SIZE)) return [...sizes];
  return [...sizes.filter((n) => n < SEED_SIZE), SEED_SIZE, ...sizes.filter((n) => n > SEED_SIZE)];
}

/**
 * Every boundary size, ascending: what scripts/vectors/zero-vectors.mjs computes and `--size boundaries` runs, 2^28±1,
 * 2^29±1, 2^31±1, 2^32−1, 2^32, 2^32+5, 2^38±1, 257 GiB, 2^39±1.
 */
export const BOUNDARY_SIZES: readonly number[] = [...new Set([...FACTS.keys()].flatMap(boundarySizes))].sort(
  (a, b) => a - b,
);

/**
 * The size `--size` defaults to: the seed's 257 GiB where the algorithm's boundaries reach it, else its largest
 * boundary (a sponge: 2^32 + 5, having no counter at 2^38).
 */
export function defaultSize(algorithm: string): number {
  return Math.min(SEED_SIZE, Math.max(...factsOf(algorithm).boundaries));
}

/** Whether `algorithm` is an extendable-output function (SHAKE128, SHAKE256): it takes an output length. */
export function isXof(algorithm: string): boolean {
  return FACTS.get(algorithm)?.xof === true;
}

/** An XOF's default output length in bytes (SHAKE128: 16, SHAKE256: 32, as node:crypto's); undefined otherwise. */
export function defaultOutputLength(algorithm: string): number | undefined {
  const facts = FACTS.get(algorithm);
  return facts?.xof ? facts.digestLength : undefined;
}

/**
 * What a digest is named by where a run keys it (job keys, summary columns, zeros.json): the algorithm, and for an
 * XOF at another output length than its default, that length in bytes: `SHAKE128/32B`, `SHAKE256/16B`.
 */
export function digestLabel(algorithm: string, outputLength?: number | null): string {
  if (outputLength == null || outputLength === defaultOutputLength(algorithm)) return algorithm;
  return `${algorithm}/${outputLength}B`;
}

/**
 * vectors/zeros.json: `digests[name][String(size)]` = lowercase hex of `size` zero bytes; `name` is the algorithm, or
 * for SHAKE at another output length than its default, {@link digestLabel}'s `SHAKE128/32B`.
 */
export interface ZeroVectors {
  digests: Partial<Record<string, Record<string, string>>>;
}

export interface Expected {
  hex: string;
  /** Human-readable origin, e.g. "vectors/zeros.json" or "node:crypto (same run)". */
  source: string;
  /** When the expected digest is one job's result in this run: that job's provider id. */
  from?: string;
}

/** Reads and checks the shape of a zero-vectors file's text; throws with the reason. */
export function parseZeroVectors(text: string, name = 'vectors/zeros.json'): ZeroVectors {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new Error(`${name} is not JSON: ${(e as Error).message}`);
  }
  const digests = (data as { digests?: unknown })?.digests;
  if (typeof digests !== 'object' || digests === null) throw new Error(`${name} has no "digests" object`);
  for (const [alg, table] of Object.entries(digests)) {
    if (typeof table !== 'object' || table === null) throw new Error(`${name}: digests["${alg}"] is not an object`);
    for (const [size, hex] of Object.entries(table)) {
      if (!/^\d+$/.test(size) || typeof hex !== 'string' || !/^[0-9a-f]+$/.test(hex)) {
        throw new Error(`${name}: digests["${alg}"]["${size}"] is not a size and a lowercase hex digest`);
      }
    }
  }
  return { digests: digests as ZeroVectors['digests'] };
}

/**
 * The expected digest known before anything runs, or undefined. A stored vector that contradicts a known digest
 * throws: one of them is wrong and no verdict can be trusted.
 */
export function storedReference(
  algorithm: AlgorithmName,
  pattern: Pattern,
  size: number,
  vectors: ZeroVectors | undefined,
  vectorsName = 'vectors/zeros.json',
  outputLength?: number,
): Expected | undefined {
  const label = digestLabel(algorithm, outputLength);
  const known = KNOWN_DIGESTS.find((k) => k.algorithm === label && k.pattern === pattern && k.size === size);
  const stored = pattern === 'zeros' ? vectors?.digests[label]?.[String(size)] : undefined;
  if (known && stored && stored !== known.hex) {
    throw new Error(
      `${vectorsName} gives ${stored} for ${algorithm} of ${size} zero bytes, but ${known.source} gives ${known.hex}`,
    );
  }
  if (known) return { hex: known.hex, source: stored ? `${known.source}; also ${vectorsName}` : known.source };
  if (stored) return { hex: stored, source: vectorsName };
  return undefined;
}
