import { InvalidDataError } from './errors.js';
import { encodeUtf8, writeUtf8 } from './strings.js';

/**
 * What every digest function accepts. A string is encoded as UTF-8 exactly as `TextEncoder` does: a lone
 * surrogate (half of a UTF-16 pair) becomes U+FFFD, the bytes EF BF BD.
 */
export type Data = string | Uint8Array | ArrayBufferView | ArrayBuffer | SharedArrayBuffer;

/** A view of `data`'s bytes (no copy for binary data), or its UTF-8 encoding for a string, which the caller owns. */
export function toBytes(data: Data, expected?: string): Uint8Array {
  return typeof data === 'string' ? encodeUtf8(data) : viewOf(data, expected);
}

/**
 * Like {@link toBytes}, but a string's encoding may live in a scratch buffer that the next call overwrites: for
 * callers that consume the bytes at once, synchronously (every `update` and one-shot digest). Allocating a fresh
 * array per short string costs more than hashing it, since V8 allocates typed arrays over 64 bytes off the heap.
 */
export function toBytesTransient(data: Data): Uint8Array {
  if (typeof data !== 'string') return viewOf(data);
  // UTF-8 takes at most 3 bytes per UTF-16 unit; long strings get their own array rather than a huge scratch.
  if (data.length > TRANSIENT_MAX_UNITS) return encodeUtf8(data);
  return scratch.subarray(0, writeUtf8(data, scratch));
}

/** Longest string (in UTF-16 units) encoded into the scratch buffer: at most 3 bytes per unit. */
export const TRANSIENT_MAX_UNITS = 16 * 1024;
const scratch = new Uint8Array(3 * TRANSIENT_MAX_UNITS);

/** `expected`: what the refusal says was expected, when it is not message data (a key, a MAC). */
function viewOf(data: Exclude<Data, string>, expected?: string): Uint8Array {
  if (data instanceof Uint8Array) return data;
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (typeof SharedArrayBuffer !== 'undefined' && data instanceof SharedArrayBuffer) return new Uint8Array(data);
  throw new InvalidDataError(data, expected);
}
