/** The options of a digest call that depend on the algorithm: SHAKE's output length. */

import { InvalidOptionError } from './errors.js';
import type { OptionFact } from './registry.js';
import { type AlgorithmSpec, MAX_LENGTH } from './spec.js';

/** SHAKE's output length: any number of bytes a safe integer holds. The registry lists it for the XOFs. */
export const OUTPUT_LENGTH: OptionFact = { name: 'outputLength', kind: 'length', min: 0, max: MAX_LENGTH };

/**
 * The output length a call asked for, checked: undefined when it asked for none (the digest length), else a
 * non-negative safe integer ({@link OUTPUT_LENGTH}), and only for an extendable-output function (SHAKE).
 */
export function outputLengthOf(spec: AlgorithmSpec, outputLength: unknown): number | undefined {
  if (outputLength === undefined) return undefined;
  if (!spec.sponge?.xof) {
    throw new InvalidOptionError(
      'outputLength',
      `${spec.name} has a fixed digest length (${spec.digestLength} bytes); outputLength is for SHAKE128 and SHAKE256 only`,
    );
  }
  const { min, max } = OUTPUT_LENGTH;
  if (typeof outputLength !== 'number' || !Number.isInteger(outputLength) || outputLength < min || outputLength > max) {
    throw new InvalidOptionError(
      'outputLength',
      `expected a number of bytes, a non-negative safe integer; got ${typeof outputLength === 'number' ? outputLength : typeof outputLength}`,
    );
  }
  return outputLength;
}
