/**
 * What each algorithm of an overflow run runs at: its sizes (a sponge has no length counter, so its boundaries stop
 * at 2^32+5) and its output lengths (SHAKE's, else one). The run's parameters keep them; the plan reads them back.
 */
import type { AlgorithmName } from 'digestlab';
import type { RunParams } from './checkpoint.js';
import { BOUNDARY_SIZES, boundarySizes, defaultOutputLength, defaultSize, isXof } from './references.js';

/**
 * The sizes of each algorithm without `--size` (its {@link defaultSize}) or with `--size boundaries` (its
 * {@link boundarySizes}), their union in order, and `sizesOf` when not every algorithm runs at every size.
 */
export function sizesByAlgorithm(
  algorithms: readonly AlgorithmName[],
  boundaries: boolean,
): { sizes: number[]; sizesOf?: Record<string, number[]> } {
  const of = Object.fromEntries(algorithms.map((a) => [a, boundaries ? boundarySizes(a) : [defaultSize(a)]]));
  const all = new Set(Object.values(of).flat());
  // the boundaries in ascending order; defaults in the order of the algorithms
  const sizes = boundaries ? BOUNDARY_SIZES.filter((n) => all.has(n)) : [...all];
  const uneven = Object.values(of).some((list) => list.length !== sizes.length);
  return uneven ? { sizes, sizesOf: of } : { sizes };
}

/** The sizes `algorithm` runs at in `run`. */
export function sizesFor(run: Pick<RunParams, 'sizes' | 'sizesOf'>, algorithm: string): readonly number[] {
  return run.sizesOf?.[algorithm] ?? run.sizes;
}

/** The output lengths `algorithm` runs at: `--output-length`'s for an XOF (SHAKE), else one, undefined. */
export function outputLengthsFor(
  run: Pick<RunParams, 'outputLengths'>,
  algorithm: AlgorithmName,
): (number | undefined)[] {
  if (!isXof(algorithm)) return [undefined];
  return run.outputLengths ?? [defaultOutputLength(algorithm)];
}
