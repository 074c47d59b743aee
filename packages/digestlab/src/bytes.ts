import { InvalidDataError } from './errors.js';

/**
 * What every digest function accepts. A string is encoded as UTF-8 exactly as `TextEncoder` does: a lone
 * surrogate (half of a UTF-16 pair) becomes U+FFFD, the bytes EF BF BD.
 */
export type Data = string | Uint8Array | ArrayBufferView | ArrayBuffer | SharedArrayBuffer;

/** A view of `data`'s bytes (no copy for binary data), or its UTF-8 encoding for a string. */
export function toBytes(data: Data): Uint8Array {
  if (typeof data === 'string') return utf8(data);
  if (data instanceof Uint8Array) return data;
  if (ArrayBuffer.isView(data)) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (typeof SharedArrayBuffer !== 'undefined' && data instanceof SharedArrayBuffer) return new Uint8Array(data);
  throw new InvalidDataError(data);
}

/** UTF-8 exactly as the WHATWG encoder writes it (lone surrogates become U+FFFD). */
export function utf8(s: string): Uint8Array {
  const n = s.length;
  // Short strings are the common case (the seed hashes 93 characters); a plain loop beats TextEncoder's
  // call overhead there. Long strings go to the native encoder.
  if (n > 256) return encoder.encode(s);
  const out = new Uint8Array(n * 3);
  let p = 0;
  for (let i = 0; i < n; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x80) {
      out[p++] = c;
    } else if (c < 0x800) {
      out[p++] = 0xc0 | (c >> 6);
      out[p++] = 0x80 | (c & 63);
    } else {
      if (c >= 0xd800 && c <= 0xdfff) {
        const next = i + 1 < n ? s.charCodeAt(i + 1) : 0;
        if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
          c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
          i++;
          out[p++] = 0xf0 | (c >> 18);
          out[p++] = 0x80 | ((c >> 12) & 63);
          out[p++] = 0x80 | ((c >> 6) & 63);
          out[p++] = 0x80 | (c & 63);
          continue;
        }
        c = 0xfffd;
      }
      out[p++] = 0xe0 | (c >> 12);
      out[p++] = 0x80 | ((c >> 6) & 63);
      out[p++] = 0x80 | (c & 63);
    }
  }
  return out.subarray(0, p);
}

const encoder = new TextEncoder();

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** Lowercase hexadecimal, two digits per byte. */
export function toHex(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += HEX[bytes[i]];
  return s;
}
