/**
 * UTF-8 in JavaScript alone, for engines without `TextEncoder`/`TextDecoder` (QuickJS, Hermes): the bytes
 * `TextEncoder` writes for every string, a lone surrogate (a high one not followed by a low one, or a low one alone)
 * written as U+FFFD's three bytes, as the Encoding standard says.
 */

/** The bytes `s` takes in UTF-8. */
export function utf8Length(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 2; // a pair: two units, four bytes
      i++;
    } else n += 2;
  }
  return n;
}

/** `s` as UTF-8 into `target` from 0 (room for {@link utf8Length} bytes): the bytes written. */
export function writeUtf8Portable(s: string, target: Uint8Array): number {
  let j = 0;
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x80) {
      target[j++] = c;
      continue;
    }
    if (c < 0x800) {
      target[j++] = 0xc0 | (c >> 6);
      target[j++] = 0x80 | (c & 0x3f);
      continue;
    }
    if ((c & 0xf800) === 0xd800) {
      const d = c <= 0xdbff && i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
      if ((d & 0xfc00) === 0xdc00) {
        const p = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        target[j++] = 0xf0 | (p >> 18);
        target[j++] = 0x80 | ((p >> 12) & 0x3f);
        target[j++] = 0x80 | ((p >> 6) & 0x3f);
        target[j++] = 0x80 | (p & 0x3f);
        i++;
        continue;
      }
      c = 0xfffd;
    }
    target[j++] = 0xe0 | (c >> 12);
    target[j++] = 0x80 | ((c >> 6) & 0x3f);
    target[j++] = 0x80 | (c & 0x3f);
  }
  return j;
}

/** `s` as UTF-8, in an array of exactly its length. */
export function encodeUtf8Portable(s: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(utf8Length(s));
  writeUtf8Portable(s, out);
  return out;
}

/** Units per `String.fromCharCode.apply` call: far below every engine's limit on arguments. */
const CHUNK = 4096;

/** The ASCII bytes of `view` as a string, as `TextDecoder.decode` makes it. */
export function asciiStringPortable(view: Uint8Array): string {
  let s = '';
  for (let i = 0; i < view.length; i += CHUNK) {
    s += String.fromCharCode.apply(null, Array.from(view.subarray(i, i + CHUNK)));
  }
  return s;
}
