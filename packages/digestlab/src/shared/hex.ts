/**
 * Lowercase hexadecimal, the one encoder: of bytes ({@link toHex}) and straight from a Merkle–Damgård chaining
 * value ({@link chainHex}, the hot path of a one-shot digest to hex).
 *
 * Both write the digits as bytes and decode them at once, which gives a flat string. Concatenating two-digit
 * strings builds a rope that costs as much again when first read (measured: SHA-256 hex ~205 ns this way against
 * ~430 ns concatenated and then read). A byte's two digits are written at once (HEX_PAIRS): half the time of
 * writing them one nibble at a time.
 */

import { asciiString } from './strings.js';

const HEX_DIGITS = Uint8Array.from('0123456789abcdef', (c) => c.charCodeAt(0));
/**
 * Each byte's two hex digits as one 16-bit unit whose two bytes in memory are the digits' ASCII codes, in order on
 * any byte order (written through a byte view): one table read and one store per byte.
 */
const HEX_PAIRS = new Uint16Array(256);
{
  const bytes = new Uint8Array(HEX_PAIRS.buffer);
  for (let i = 0; i < 256; i++) {
    bytes[2 * i] = HEX_DIGITS[i >>> 4];
    bytes[2 * i + 1] = HEX_DIGITS[i & 15];
  }
}

/** The longest chain {@link chainHex} takes, in bytes (SHA-512's; SHA3-512's output is as long). */
export const CHAIN_HEX_MAX = 64;
/** The digits of up to CHAIN_HEX_MAX bytes, one unit per byte; {@link toHex} fills it a piece at a time. */
const units = new Uint16Array(CHAIN_HEX_MAX);
/** units' digits for n bytes, as bytes, one view per n: no view is allocated per call. */
const views: Uint8Array[] = [];

/** The digits of the first `n` bytes written to `units`, as a string. */
function digits(n: number): string {
  let view = views[n];
  if (view === undefined) {
    view = new Uint8Array(units.buffer, 0, 2 * n);
    views[n] = view;
  }
  return asciiString(view);
}

/** Lowercase hexadecimal, two digits per byte; long inputs in pieces of CHAIN_HEX_MAX bytes. */
export function toHex(bytes: Uint8Array): string {
  const pairs = HEX_PAIRS;
  const out = units;
  let s = '';
  for (let from = 0; from < bytes.length; from += CHAIN_HEX_MAX) {
    const to = Math.min(bytes.length, from + CHAIN_HEX_MAX);
    for (let i = from, k = 0; i < to; i++, k++) out[k] = pairs[bytes[i]];
    s += digits(to - from);
  }
  return s;
}

/**
 * The same as `toHex` of the digest's bytes, straight from the chaining value's 32-bit words, little-endian (MD5)
 * or big-endian (SHA): no byte array in between.
 */
export function chainHex(chain: Int32Array, length: number, littleEndian: boolean): string {
  const out = units;
  const pairs = HEX_PAIRS;
  const words = length / 4;
  if (littleEndian) {
    for (let i = 0, k = 0; i < words; i++, k += 4) {
      const w = chain[i];
      out[k] = pairs[w & 255];
      out[k + 1] = pairs[(w >>> 8) & 255];
      out[k + 2] = pairs[(w >>> 16) & 255];
      out[k + 3] = pairs[w >>> 24];
    }
  } else {
    for (let i = 0, k = 0; i < words; i++, k += 4) {
      const w = chain[i];
      out[k] = pairs[w >>> 24];
      out[k + 1] = pairs[(w >>> 16) & 255];
      out[k + 2] = pairs[(w >>> 8) & 255];
      out[k + 3] = pairs[w & 255];
    }
  }
  return digits(length);
}
