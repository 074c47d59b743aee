/**
 * Every error digestlab throws carries a stable `code`; match on it, not on the message, which may improve.
 * Messages say what to do next.
 */

export type DigestErrorCode =
  | 'ERR_UNKNOWN_ALGORITHM'
  | 'ERR_UNKNOWN_PROVIDER'
  | 'ERR_PROVIDER_UNAVAILABLE'
  | 'ERR_ALGORITHM_UNAVAILABLE'
  | 'ERR_ASYNC_ONLY'
  | 'ERR_NOT_STREAMING'
  | 'ERR_FINALIZED'
  | 'ERR_STATE_UNSUPPORTED'
  | 'ERR_BAD_STATE'
  | 'ERR_LENGTH_LIMIT'
  | 'ERR_HMAC_UNSUPPORTED'
  | 'ERR_INVALID_DATA'
  | 'ERR_INVALID_OPTION';

/** Base class of digestlab's errors other than invalid data (which is an {@link InvalidDataError}). */
export class DigestError extends Error {
  readonly code: DigestErrorCode;
  constructor(code: DigestErrorCode, message: string) {
    super(message);
    this.code = code;
    this.name = new.target.name;
  }
}

/** The algorithm name matches no canonical name, alias or OID. */
export class UnknownAlgorithmError extends DigestError {
  readonly algorithm: string;
  constructor(algorithm: string, known: readonly string[]) {
    super(
      'ERR_UNKNOWN_ALGORITHM',
      `Unknown digest algorithm ${JSON.stringify(algorithm)}. Known algorithms: ${known.join(', ')} ` +
        '(aliases such as "sha256", "SHA1" or "keccak256" and OIDs such as "2.16.840.1.101.3.4.2.1" work too).',
    );
    this.algorithm = algorithm;
  }
}

/** The provider id is not one digestlab knows. */
export class UnknownProviderError extends DigestError {
  readonly provider: string;
  constructor(provider: string, known: readonly string[]) {
    super(
      'ERR_UNKNOWN_PROVIDER',
      `Unknown provider ${JSON.stringify(provider)}. Known providers: ${known.join(', ')}.`,
    );
    this.provider = provider;
  }
}

/** The provider exists but cannot run on this runtime (no node:crypto in a browser, no crypto.subtle, ...). */
export class ProviderUnavailableError extends DigestError {
  readonly provider: string;
  constructor(provider: string, reason: string) {
    super(
      'ERR_PROVIDER_UNAVAILABLE',
      `Provider "${provider}" is not available on this runtime: ${reason}. ` +
        'Use provider "auto" (the default) or "ts", which run everywhere.',
    );
    this.provider = provider;
  }
}

/** The provider runs here but does not implement this algorithm. */
export class AlgorithmUnavailableError extends DigestError {
  readonly algorithm: string;
  readonly provider: string;
  /** `why`: the provider's reason, where it computes the algorithm elsewhere but not here. */
  constructor(algorithm: string, provider: string, providersWithIt: readonly string[], why?: string) {
    super(
      'ERR_ALGORITHM_UNAVAILABLE',
      `Provider "${provider}" has no ${algorithm} here${why === undefined ? '' : `: ${why}`}. ` +
        (providersWithIt.length > 0
          ? `Providers that have it: ${providersWithIt.join(', ')}.`
          : 'No provider on this runtime has it.'),
    );
    this.algorithm = algorithm;
    this.provider = provider;
  }
}

/** A synchronous call was made on a provider that only works asynchronously (WebCrypto). */
export class AsyncOnlyError extends DigestError {
  readonly provider: string;
  constructor(provider: string, call: string, instead = 'digestAsync() or digestHexAsync()') {
    super(
      'ERR_ASYNC_ONLY',
      `Provider "${provider}" is asynchronous and one-shot: ${call} cannot use it. ` +
        `Use ${instead}, or another provider ("ts", "auto").`,
    );
    this.provider = provider;
  }
}

/** Streaming was asked of a one-shot provider (WebCrypto hashes whole buffers only). */
export class NotStreamingError extends DigestError {
  readonly provider: string;
  constructor(provider: string) {
    super(
      'ERR_NOT_STREAMING',
      `Provider "${provider}" hashes whole buffers only and cannot stream in constant memory. ` +
        'Use a streaming provider ("ts", "node", "auto"), or read the data yourself and call digestAsync().',
    );
    this.provider = provider;
  }
}

/** update() or digest() after the digest (or MAC) was finalized. */
export class FinalizedError extends DigestError {
  constructor(call: string, what: 'Digest' | 'Mac' = 'Digest') {
    super(
      'ERR_FINALIZED',
      `${call} called after digest(): this ${what} is finalized. Call reset() to reuse it, or clone() before digest() to keep going.`,
    );
  }
}

/**
 * HMAC cannot be computed as asked: over an extendable-output function (SHAKE: RFC 2104 needs a fixed-length
 * hash), or with a key that the provider refuses (WebCrypto refuses an empty key).
 */
export class HmacUnsupportedError extends DigestError {
  readonly algorithm: string;
  /** The provider that refused, when the refusal is the provider's own (not the algorithm's). */
  readonly provider?: string;
  constructor(algorithm: string, reason: string, provider?: string) {
    super('ERR_HMAC_UNSUPPORTED', `HMAC-${algorithm} is not available: ${reason}.`);
    this.algorithm = algorithm;
    if (provider !== undefined) this.provider = provider;
  }
}

/** exportState() on a provider that cannot export its state. */
export class StateUnsupportedError extends DigestError {
  readonly provider: string;
  constructor(provider: string) {
    super(
      'ERR_STATE_UNSUPPORTED',
      `Provider "${provider}" cannot export its state. Create the digest with provider "ts" to use exportState().`,
    );
    this.provider = provider;
  }
}

/** importState() got bytes that are not a valid digestlab state: foreign, from another version, or corrupt. */
export class BadStateError extends DigestError {
  constructor(reason: string) {
    super(
      'ERR_BAD_STATE',
      `Not a valid digestlab state: ${reason}. Pass bytes exactly as exportState() returned them.`,
    );
  }
}

/** The total input would exceed what the API supports (2^53 − 1 bytes): refused rather than hashed wrongly. */
export class LengthLimitError extends DigestError {
  constructor(total: number, adding: number) {
    super(
      'ERR_LENGTH_LIMIT',
      `Input too long: ${total} bytes hashed so far plus ${adding} more exceeds the supported maximum of ` +
        `${Number.MAX_SAFE_INTEGER} bytes (2^53 - 1). Nothing was added.`,
    );
  }
}

/** `data` (or a stream source) is not of a type digestlab reads. A TypeError, with a stable code. */
export class InvalidDataError extends TypeError {
  readonly code = 'ERR_INVALID_DATA' as const;
  constructor(given: unknown, expected = 'data as a string, Uint8Array, other ArrayBufferView or ArrayBuffer') {
    super(`Expected ${expected}; got ${describe(given)}.`);
    this.name = 'InvalidDataError';
  }
}

/**
 * An option has a value it cannot take, or is given where it does not apply (`outputLength` for a fixed-length
 * algorithm). A RangeError, with a stable code.
 */
export class InvalidOptionError extends RangeError {
  readonly code = 'ERR_INVALID_OPTION' as const;
  readonly option: string;
  constructor(option: string, reason: string) {
    super(`Invalid option ${option}: ${reason}.`);
    this.name = 'InvalidOptionError';
    this.option = option;
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  switch (typeof value) {
    case 'number':
    case 'bigint':
    case 'boolean':
      return `${typeof value} ${String(value)}`;
    case 'symbol':
      return 'a symbol';
    case 'function':
      return 'a function';
    default: {
      const ctor = (value as { constructor?: { name?: unknown } }).constructor?.name;
      return typeof ctor === 'string' && ctor !== 'Object' ? `an instance of ${ctor}` : 'a plain object';
    }
  }
}
