/**
 * How a short string gets into our code and a digest's hex out of it, chosen once at load by engine: the seed's
 * call is 93 ASCII characters in and 32-128 hex digits out, and a browser's native `TextEncoder.encodeInto` and
 * `TextDecoder.decode` cost more per call than the JavaScript that does the same for so few units (in Chromium,
 * Firefox and WebKit alike), where Node's, with V8's fast API calls, cost less. Measured by
 * `node scripts/measure/seed-call-ablation.mjs [--browser ENGINE]` (docs/decisions/string-codec-per-engine.md). On
 * Node the digits come out by Buffer's `latin1Slice`, which makes the string straight from the bytes.
 */
import { type BrowserEngine, runtime } from './runtime.js';
import { asciiStringPortable, encodeUtf8Portable, writeUtf8Portable } from './utf8.js';

/** Where our own loops beat a browser's native call: strings of up to this many UTF-16 units in, */
export const SHORT_STRING = 128;
/** and hex digits out: SHA-512's 128 in Gecko, whose TextDecoder costs the most; up to SHA-256's 64 in Blink. */
export const SHORT_HEX = { Blink: 64, Gecko: 128 } as const;

export interface StringCodec {
  /**
   * `s` as UTF-8 into `target` (room for 3 bytes a unit), as `TextEncoder.encodeInto` writes it: the bytes written.
   */
  writeUtf8(s: string, target: Uint8Array): number;
  /** The ASCII bytes of `view` as a flat string, as `TextDecoder.decode` makes it. */
  asciiString(view: Uint8Array): string;
}

/**
 * Whether this engine has `TextEncoder` and `TextDecoder` (every runtime but interpreters such as QuickJS and
 * Hermes, which get utf8.ts's loops: the same bytes).
 */
const NATIVE = typeof TextEncoder === 'function' && typeof TextDecoder === 'function';
const encoder = NATIVE ? new TextEncoder() : undefined;
const decoder = NATIVE ? new TextDecoder() : undefined;

const native: StringCodec = NATIVE
  ? {
      writeUtf8: (s, target) => (encoder as TextEncoder).encodeInto(s, target).written,
      asciiString: (view) => (decoder as TextDecoder).decode(view),
    }
  : { writeUtf8: writeUtf8Portable, asciiString: asciiStringPortable };

/** `s` as UTF-8 in an array of its own, as `TextEncoder.encode` makes it (utf8.ts's loop where there is none). */
export const encodeUtf8: (s: string) => Uint8Array<ArrayBuffer> = encoder
  ? (s) => (encoder as TextEncoder).encode(s)
  : encodeUtf8Portable;

/**
 * A short string copied unit by unit while it is ASCII (its UTF-8 is itself), handed to `encodeInto` at its first
 * other unit; a long one to `encodeInto` at once.
 */
function loopIn(s: string, target: Uint8Array): number {
  const n = s.length;
  if (n <= SHORT_STRING) {
    let i = 0;
    for (; i < n; i++) {
      const u = s.charCodeAt(i);
      if (u > 0x7f) break;
      target[i] = u;
    }
    if (i === n) return n;
  }
  return native.writeUtf8(s, target);
}

/** Digit codes of each short length, as plain arrays: what `String.fromCharCode.apply` takes fastest. */
const codes: number[][] = [];

/**
 * Up to `max` digits, their codes copied to a plain array and made a string by `String.fromCharCode.apply`; more,
 * by TextDecoder.
 */
function loopOut(max: number): StringCodec['asciiString'] {
  return (view) => {
    const n = view.length;
    if (n > max) return native.asciiString(view);
    let c = codes[n];
    if (c === undefined) {
      c = new Array<number>(n).fill(0);
      codes[n] = c;
    }
    for (let i = 0; i < n; i++) c[i] = view[i];
    return String.fromCharCode.apply(null, c);
  };
}

const LOOP_OUT = { Blink: loopOut(SHORT_HEX.Blink), Gecko: loopOut(SHORT_HEX.Gecko) };

type Latin1Slice = (this: Uint8Array, start: number, end: number) => string;

/**
 * On Node, `Buffer.prototype.latin1Slice` read through any Uint8Array: a one-byte string made straight from the
 * bytes, 30-50 ns less than `TextDecoder.decode` for 32-128 hex digits (Node 20). Undefined elsewhere (Bun and Deno
 * were not measured), or where it does not read back what it should.
 */
export function nodeLatin1(): StringCodec['asciiString'] | undefined {
  if (runtime().runtime !== 'node') return undefined;
  const slice = (globalThis as { Buffer?: { prototype?: { latin1Slice?: unknown } } }).Buffer?.prototype?.latin1Slice;
  if (typeof slice !== 'function') return undefined;
  const f = slice as Latin1Slice;
  try {
    if (f.call(Uint8Array.of(0x61, 0x30, 0x7e), 1, 3) !== '0~') return undefined;
  } catch {
    return undefined;
  }
  return (view) => f.call(view, 0, view.length);
}

/**
 * The codec for an engine (undefined: not a browser): the loops in where a browser's `encodeInto` costs more than
 * they do (all three engines), and out where its `TextDecoder` does (Blink to 64 digits, Gecko to 128; WebKit's is
 * level with them); out by `latin1` where given (Node's, {@link nodeLatin1}).
 */
export function codecFor(
  engine: BrowserEngine | undefined,
  hasNative = NATIVE,
  latin1?: StringCodec['asciiString'],
): StringCodec {
  if (!hasNative) return { writeUtf8: writeUtf8Portable, asciiString: latin1 ?? asciiStringPortable };
  if (engine === undefined && latin1) return { writeUtf8: native.writeUtf8, asciiString: latin1 };
  const known = engine === 'Blink' || engine === 'Gecko' || engine === 'WebKit';
  return {
    writeUtf8: known ? loopIn : native.writeUtf8,
    asciiString: engine === 'Blink' || engine === 'Gecko' ? LOOP_OUT[engine] : native.asciiString,
  };
}

/** This engine's, chosen once at load. */
export const { writeUtf8, asciiString } = codecFor(runtime().browser?.engine, NATIVE, nodeLatin1());
