/** The options of a digest call that depend on the algorithm: SHAKE's output length. */

import { InvalidOptionError } from './errors.js';
import type { AlgorithmSpec } from './spec.js';

/**
 * The output length a call asked for, checked: undefined when it asked for none (the digest length), else a
 * non-negative safe integer, and only for an extendable-output function (SHAKE).
 */
export function outputLengthOf(spec: AlgorithmSpec, outputLength: unknown): number | undefined {
  if (outputLength === undefined) return undefined;
  if (!spec.sponge?.xof) {
    throw new InvalidOptionError(
      'outputLength',
      `${spec.name} has a fixed digest length (${spec.digestLength} bytes); outputLength is for SHAKE128 and SHAKE256 only`,
    );
  }
  if (typeof outputLength !== 'number' || !Number.isSafeInteger(outputLength) || outputLength < 0) {
    throw new InvalidOptionError(
      'outputLength',
      `expected a number of bytes, a non-negative safe integer; got ${typeof outputLength === 'number' ? outputLength : typeof outputLength}`,
    );
  }
  return outputLength;
}
