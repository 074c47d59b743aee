/**
 * HMAC (RFC 2104) over every fixed-length digest, through the same providers:
 *
 *   hmacHex('SHA-256', key, 'message')                 // or Java's name: hmacHex('HmacSHA256', key, 'message')
 *   createHmac('SHA-512', key).update(a).update(b).digest()
 *   hmacVerify('SHA-256', key, message, receivedMac)    // constant-time comparison
 *
 * Keys are {@link Data} of any length (a string as UTF-8); a key longer than the hash's block is hashed first.
 */

import type { ProviderChoice } from '../providers/index.js';
import { type Data, toBytes, toBytesTransient } from '../shared/bytes.js';
import { InvalidDataError } from '../shared/errors.js';
import { toHex } from '../shared/hex.js';
import type { HmacAlgorithm } from '../spec/algorithm.js';
import { Mac } from './mac.js';
import { resolveHmac } from './resolve.js';

/** Options of every HMAC call: which provider computes it (default `auto`). */
export interface HmacOptions {
  provider?: ProviderChoice;
}

const KEY_EXPECTED = 'a key as a string, Uint8Array, other ArrayBufferView or ArrayBuffer';
const MAC_EXPECTED = 'a MAC as a hex string, Uint8Array, other ArrayBufferView or ArrayBuffer';

/** The key's bytes, which the caller owns (a string's UTF-8 in a fresh array: message data may reuse scratch). */
function keyBytes(key: Data): Uint8Array {
  return toBytes(key, KEY_EXPECTED);
}

/** The HMAC of `data` (bytes as they are, a string as UTF-8) with `key`. Synchronous providers only. */
export function hmac(algorithm: HmacAlgorithm, key: Data, data: Data, options?: HmacOptions): Uint8Array {
  const { spec, once } = resolveHmac(algorithm, options?.provider);
  return once.once(spec, keyBytes(key), typeof data === 'string' ? data : toBytesTransient(data));
}

/** {@link hmac} as lowercase hex. */
export function hmacHex(algorithm: HmacAlgorithm, key: Data, data: Data, options?: HmacOptions): string {
  const { spec, once } = resolveHmac(algorithm, options?.provider);
  return once.onceHex(spec, keyBytes(key), typeof data === 'string' ? data : toBytesTransient(data));
}

/** The HMAC of `data` through any provider, WebCrypto included. */
export async function hmacAsync(
  algorithm: HmacAlgorithm,
  key: Data,
  data: Data,
  options?: HmacOptions,
): Promise<Uint8Array> {
  const { spec, once } = resolveHmac(algorithm, options?.provider);
  // fresh arrays, not scratch: an asynchronous provider may read them after this call returns
  return once.async(spec, keyBytes(key), toBytes(data));
}

/** {@link hmacAsync} as lowercase hex. */
export async function hmacHexAsync(
  algorithm: HmacAlgorithm,
  key: Data,
  data: Data,
  options?: HmacOptions,
): Promise<string> {
  return toHex(await hmacAsync(algorithm, key, data, options));
}

/** A running HMAC keyed with `key`, to feed piece by piece. Synchronous providers only. */
export function createHmac(algorithm: HmacAlgorithm, key: Data, options?: HmacOptions): Mac {
  const { spec, streaming } = resolveHmac(algorithm, options?.provider);
  return new Mac(spec, streaming.id, streaming.create(spec, keyBytes(key)));
}

/**
 * `data`'s HMAC with `key` equals `mac` (bytes, or hex in either case): compared without stopping at the first
 * difference, so the time taken does not tell how much of a forged MAC was right. A MAC of another length (or a
 * string that is not hex) is `false`; a `mac` that is neither bytes nor a string is refused.
 */
export function hmacVerify(algorithm: HmacAlgorithm, key: Data, data: Data, mac: Data, options?: HmacOptions): boolean {
  const received = receivedMac(mac);
  return sameMac(hmac(algorithm, key, data, options), received);
}

/** {@link hmacVerify} through any provider, WebCrypto included. */
export async function hmacVerifyAsync(
  algorithm: HmacAlgorithm,
  key: Data,
  data: Data,
  mac: Data,
  options?: HmacOptions,
): Promise<boolean> {
  const received = receivedMac(mac);
  return sameMac(await hmacAsync(algorithm, key, data, options), received);
}

/** The MAC to compare: a hex string as it is, bytes copied (the caller may change them while an async MAC runs). */
function receivedMac(mac: Data): string | Uint8Array {
  if (typeof mac === 'string') return mac;
  if (mac === null || typeof mac !== 'object') throw new InvalidDataError(mac, MAC_EXPECTED);
  return toBytes(mac, MAC_EXPECTED).slice();
}

/** Constant-time in the MAC's content: every byte (or hex digit pair) is compared, differences OR-ed together. */
function sameMac(expected: Uint8Array, received: string | Uint8Array): boolean {
  const n = expected.length;
  if (typeof received === 'string') {
    if (received.length !== 2 * n) return false;
    let diff = 0;
    for (let i = 0; i < n; i++) {
      const byte = (nibble(received.charCodeAt(2 * i)) << 4) | nibble(received.charCodeAt(2 * i + 1));
      diff |= byte ^ expected[i];
    }
    return diff === 0;
  }
  if (received.length !== n) return false;
  let diff = 0;
  for (let i = 0; i < n; i++) diff |= received[i] ^ expected[i];
  return diff === 0;
}

/**
 * A hex digit's value (either case), without branching on the character; anything else gives 0x100, a bit no byte
 * has, so the comparison fails.
 */
function nibble(c: number): number {
  const d = c - 48; // '0'..'9' -> 0..9
  const l = (c | 0x20) - 87; // 'a'..'f', 'A'..'F' -> 10..15
  const isDigit = ((d | (9 - d)) >>> 31) ^ 1;
  const isLetter = (((l - 10) | (15 - l)) >>> 31) ^ 1;
  return (-isDigit & d) | (-isLetter & l) | ((1 ^ (isDigit | isLetter)) << 8);
}
