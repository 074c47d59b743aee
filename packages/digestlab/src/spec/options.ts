/**
 * The options of a digest call that depend on the algorithm: an XOF's output length, BLAKE3's key or context,
 * BLAKE2's output length, key, salt and personalization.
 */

import { InvalidOptionError } from '../shared/errors.js';
import { type AlgorithmParams, type AlgorithmSpec, MAX_LENGTH } from './algorithm.js';
import type { ConstructionParams, OptionFact, OutputKind } from './constructions.js';

/** An XOF's output length: any number of bytes a safe integer holds. The registry lists it for the XOFs. */
export const OUTPUT_LENGTH: OptionFact = { name: 'outputLength', kind: 'length', min: 0, max: MAX_LENGTH };

/** BLAKE3's keyed_hash key: 32 bytes. */
export const KEY: OptionFact = { name: 'key', kind: 'bytes', min: 32, max: 32 };

/** BLAKE3's derive_key context: a string (hashed as UTF-8), of any length, empty included. */
export const CONTEXT: OptionFact = { name: 'context', kind: 'string', min: 0, max: MAX_LENGTH };

/**
 * BLAKE2's parameters (RFC 7693 §2.5, the BLAKE2 paper's parameter block), for BLAKE2b (`word` 8: 64-byte digest
 * and key, 16-byte salt and personalization) or BLAKE2s (`word` 4: half of each). `digestLength` is the name's:
 * BLAKE2B-256's output length is 32 bytes and no other; the length-free BLAKE2b's (null) is 1 to 64 bytes. Empty
 * key, salt and personalization are none (as Python's hashlib: the shorter are zero-padded).
 */
export function blake2Options(word: 4 | 8, digestLength: number | null): readonly OptionFact[] {
  const most = 8 * word;
  return [
    { name: 'outputLength', kind: 'length', min: digestLength ?? 1, max: digestLength ?? most },
    { name: 'key', kind: 'bytes', min: 0, max: most },
    { name: 'salt', kind: 'bytes', min: 0, max: 2 * word },
    { name: 'personalization', kind: 'bytes', min: 0, max: 2 * word },
  ];
}

/** A BLAKE2 output length: within its name's range (blake2Options), a name with a length taking only its own. */
function blake2OutputLength(spec: AlgorithmSpec, fact: OptionFact, outputLength: unknown): number {
  if (typeof outputLength !== 'number' || !Number.isInteger(outputLength)) {
    throw new InvalidOptionError('outputLength', `expected a whole number of bytes; got ${typeof outputLength}`);
  }
  if (fact.min === fact.max && outputLength !== fact.min) {
    throw new InvalidOptionError(
      'outputLength',
      `${spec.name} is ${fact.min} bytes long, not ${outputLength} (its length is part of the digest: use the length-free BLAKE2b or BLAKE2s with outputLength)`,
    );
  }
  if (outputLength < fact.min || outputLength > fact.max) {
    throw new InvalidOptionError('outputLength', `expected ${fact.min} to ${fact.max} bytes; got ${outputLength}`);
  }
  return outputLength;
}

/**
 * How long `spec`'s output is ({@link OutputKind}): an XOF's (SHAKE, BLAKE3) as the caller asks, BLAKE2's set by
 * its parameter, the others' fixed. The registry lists it; {@link outputLengthOf} checks a call against it.
 */
export function outputKindOf(spec: AlgorithmSpec): OutputKind {
  return isXof(spec.construction) ? 'xof' : spec.construction.kind === 'haifa' ? 'parameter' : 'fixed';
}

/** An extendable-output function's construction: BLAKE3's tree, SHAKE's sponge. A new one is fixed unless said here. */
const isXof = (c: ConstructionParams): boolean => c.kind === 'tree' || (c.kind === 'sponge' && c.xof);

/**
 * The output length a call asked for, checked: undefined when it asked for none (the digest length), else a
 * non-negative safe integer ({@link OUTPUT_LENGTH}), and only for an extendable-output function (SHAKE, BLAKE3);
 * BLAKE2's within its parameter's range ({@link blake2Options}).
 */
export function outputLengthOf(spec: AlgorithmSpec, outputLength: unknown): number | undefined {
  if (outputLength === undefined) return undefined;
  const c = spec.construction;
  const blake2 = c.kind === 'haifa' && c.options.find((f) => f.name === 'outputLength');
  if (blake2) return blake2OutputLength(spec, blake2, outputLength);
  if (!isXof(c)) {
    throw new InvalidOptionError(
      'outputLength',
      `${spec.name} has a fixed digest length (${spec.digestLength} bytes); outputLength is for SHAKE128, SHAKE256, BLAKE3 and BLAKE2 only`,
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
  salt?: unknown;
  personalization?: unknown;
}

/** The options {@link paramsOf} reads, in the order it checks them. */
const PARAMS = ['key', 'context', 'salt', 'personalization'] as const;

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
 * The key, context, salt or personalization a call passed, checked against the options its algorithm accepts (the
 * registry's `options`): undefined when it passed none; else copies (bytes changed by the caller later cannot
 * change a running digest). BLAKE3's derive_key takes no key: `key` and `context` together are refused.
 */
export function paramsOf(
  name: string,
  accepted: readonly OptionFact[],
  options: ParamOptions | undefined,
): AlgorithmParams | undefined {
  if (options === undefined || PARAMS.every((p) => options[p] === undefined)) return undefined;
  const params: { key?: Uint8Array; context?: string; salt?: Uint8Array; personalization?: Uint8Array } = {};
  for (const option of PARAMS) {
    const value = options[option];
    if (value === undefined) continue;
    const fact = accepted.find((f) => f.name === option);
    if (!fact) throw new InvalidOptionError(option, `${name} takes no ${option}`);
    if (!fits(fact, value)) {
      const got = value instanceof Uint8Array ? `${value.length} bytes` : typeof value;
      throw new InvalidOptionError(option, `expected ${expected(fact)}; got ${got}`);
    }
    if (option === 'context') params.context = value as string;
    else params[option] = (value as Uint8Array).slice();
  }
  if (options.key !== undefined && options.context !== undefined) {
    throw new InvalidOptionError('context', `${name} takes a key (keyed_hash) or a context (derive_key), not both`);
  }
  return params;
}
