/** The options of a digest call that depend on the algorithm: an XOF's output length, BLAKE3's key or context. */

import { InvalidOptionError } from './errors.js';
import type { OptionFact } from './registry.js';
import { type AlgorithmParams, type AlgorithmSpec, MAX_LENGTH } from './spec.js';

/** An XOF's output length: any number of bytes a safe integer holds. The registry lists it for the XOFs. */
export const OUTPUT_LENGTH: OptionFact = { name: 'outputLength', kind: 'length', min: 0, max: MAX_LENGTH };

/** BLAKE3's keyed_hash key: 32 bytes. */
export const KEY: OptionFact = { name: 'key', kind: 'bytes', min: 32, max: 32 };

/** BLAKE3's derive_key context: a string (hashed as UTF-8), of any length, empty included. */
export const CONTEXT: OptionFact = { name: 'context', kind: 'string', min: 0, max: MAX_LENGTH };

/**
 * The output length a call asked for, checked: undefined when it asked for none (the digest length), else a
 * non-negative safe integer ({@link OUTPUT_LENGTH}), and only for an extendable-output function (SHAKE, BLAKE3).
 */
export function outputLengthOf(spec: AlgorithmSpec, outputLength: unknown): number | undefined {
  if (outputLength === undefined) return undefined;
  if (!spec.sponge?.xof && !spec.tree) {
    throw new InvalidOptionError(
      'outputLength',
      `${spec.name} has a fixed digest length (${spec.digestLength} bytes); outputLength is for SHAKE128, SHAKE256 and BLAKE3 only`,
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

/** What a call may pass beyond the provider and the output length. */
export interface ParamOptions {
  key?: unknown;
  context?: unknown;
}

/** Whether `value` is what `fact` describes. */
function fits(fact: OptionFact, value: unknown): boolean {
  if (fact.kind === 'bytes') {
    return value instanceof Uint8Array && value.length >= fact.min && value.length <= fact.max;
  }
  return typeof value === 'string' && value.length >= fact.min && value.length <= fact.max;
}

function expected(fact: OptionFact): string {
  if (fact.kind === 'string') return 'a string';
  return fact.min === fact.max
    ? `a Uint8Array of ${fact.min} bytes`
    : `a Uint8Array of ${fact.min} to ${fact.max} bytes`;
}

/**
 * The key or context a call passed, checked against the options its algorithm accepts (the registry's `options`):
 * undefined when it passed neither; else a copy (a key changed by the caller later cannot change a running digest).
 * BLAKE3's derive_key takes no key: `key` and `context` together are refused.
 */
export function paramsOf(
  name: string,
  accepted: readonly OptionFact[],
  options: ParamOptions | undefined,
): AlgorithmParams | undefined {
  if (options === undefined || (options.key === undefined && options.context === undefined)) return undefined;
  for (const option of ['key', 'context'] as const) {
    const value = options[option];
    if (value === undefined) continue;
    const fact = accepted.find((f) => f.name === option);
    if (!fact) throw new InvalidOptionError(option, `${name} takes no ${option}`);
    if (!fits(fact, value)) {
      const got = value instanceof Uint8Array ? `${value.length} bytes` : typeof value;
      throw new InvalidOptionError(option, `expected ${expected(fact)}; got ${got}`);
    }
  }
  if (options.key !== undefined && options.context !== undefined) {
    throw new InvalidOptionError('context', `${name} takes a key (keyed_hash) or a context (derive_key), not both`);
  }
  const key = options.key as Uint8Array | undefined;
  return key === undefined ? { context: options.context as string } : { key: key.slice() };
}
