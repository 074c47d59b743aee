/**
 * strings.ts: every engine's codec writes what TextEncoder writes and reads what TextDecoder reads, whichever path
 * (our loops or the native call) a string's length and contents send it down. The loops run only in browsers, so
 * here each engine's codec is built by name.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type BrowserEngine, runtime } from '../src/shared/runtime.js';
import {
  asciiString,
  codecFor,
  encodeUtf8,
  nodeLatin1,
  SHORT_HEX,
  SHORT_STRING,
  writeUtf8,
} from '../src/shared/strings.js';
import { encodeUtf8Portable, utf8Length } from '../src/shared/utf8.js';

const ascii = (n: number) => Array.from({ length: n }, (_, i) => String.fromCharCode(32 + ((i * 7) % 95))).join('');
const SEED = "!QAZ@WSX#EDC$RFV%TGB^YHN&UJM*IK<(OL>)P:?_{\"+}|1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik,9ol.0p;/-['=]']";

/** Short and long, ASCII and not, with the first other unit at the start, inside, last, and just past the bound. */
const STRINGS = [
  '',
  'a',
  '\x7f',
  SEED,
  ascii(SHORT_STRING - 1),
  ascii(SHORT_STRING),
  ascii(SHORT_STRING + 1),
  ascii(1000),
  'é',
  `é${ascii(40)}`,
  `${ascii(40)}€${ascii(3)}`,
  `${ascii(SHORT_STRING - 1)}😀`,
  `${ascii(SHORT_STRING)}\u0080`,
  '\ud800',
  `${ascii(5)}\udc00${ascii(5)}`,
  '\u0000\u0001',
];

const ENGINES: (BrowserEngine | undefined)[] = [undefined, 'Blink', 'Gecko', 'WebKit', 'unknown'];
/** Each engine's codec, and the one of an engine without TextEncoder and TextDecoder (QuickJS, Hermes). */
const CODECS = [
  ...ENGINES.map((engine) => [engine ?? 'a server runtime', codecFor(engine)] as const),
  ['an engine without TextEncoder', codecFor(undefined, false)] as const,
  ["Node's, Buffer's latin1Slice out", codecFor(undefined, true, nodeLatin1())] as const,
];

it("on Node the digits come out by Buffer's latin1Slice, not TextDecoder; elsewhere by the engine's codec", () => {
  if (runtime().runtime !== 'node') {
    expect(nodeLatin1()).toBeUndefined();
    expect(asciiString(Uint8Array.of(0x30, 0x61, 0x66))).toBe('0af');
    return;
  }
  expect(nodeLatin1()).toBeTypeOf('function');
  expect(asciiString).not.toBe(codecFor(undefined).asciiString);
  expect(asciiString(Uint8Array.of(0x30, 0x61, 0x66))).toBe('0af');
  expect(codecFor(undefined, false, nodeLatin1()).writeUtf8).toBe(codecFor(undefined, false).writeUtf8);
});

describe.each(CODECS)('the string codec for %s', (_, codec) => {
  it('writes every string as TextEncoder does, over whatever the target held, and says how many bytes', () => {
    for (const s of STRINGS) {
      const want = new TextEncoder().encode(s);
      const target = new Uint8Array(3 * s.length + 8).fill(0xa5);
      const n = codec.writeUtf8(s, target);
      expect([n, Buffer.from(target.subarray(0, n)).toString('hex')]).toEqual([
        want.length,
        Buffer.from(want).toString('hex'),
      ]);
      expect(target.subarray(n).every((b) => b === 0xa5)).toBe(true);
    }
  });

  it('reads hex digits of every length as TextDecoder does', () => {
    const digits = new TextEncoder().encode('0123456789abcdef'.repeat(20));
    for (let n = 0; n <= 2 * SHORT_HEX.Gecko + 2; n++) {
      const view = digits.subarray(3, 3 + n);
      expect(codec.asciiString(view)).toBe(new TextDecoder().decode(view));
    }
  });
});

describe('which engine gets the loops', () => {
  const native = codecFor(undefined);

  it.each(['Blink', 'Gecko', 'WebKit'] as const)('%s writes short strings with them', (engine) => {
    expect(codecFor(engine).writeUtf8).not.toBe(native.writeUtf8);
  });

  it('Blink and Gecko read short hex with them; WebKit, an engine not measured and a server runtime do not', () => {
    expect(codecFor('Blink').asciiString).not.toBe(native.asciiString);
    expect(codecFor('Gecko').asciiString).not.toBe(native.asciiString);
    expect(codecFor('Gecko').asciiString).not.toBe(codecFor('Blink').asciiString);
    expect(codecFor('WebKit').asciiString).toBe(native.asciiString);
    expect(codecFor('unknown')).toEqual(native);
  });

  it("this runtime's codec is its engine's (strings in; out, Node's is said above)", () => {
    expect(writeUtf8).toBe(codecFor(runtime().browser?.engine).writeUtf8);
  });
});

/** Any UTF-16 unit, lone surrogates included, weighted towards the units where UTF-8's length changes. */
const unit = fc.oneof(
  fc.integer({ min: 0, max: 0xffff }),
  fc.constantFrom(0, 0x7f, 0x80, 0x7ff, 0x800, 0xd7ff, 0xd800, 0xdbff, 0xdc00, 0xdfff, 0xe000, 0xfffd, 0xffff),
);
const utf16 = fc.array(unit, { maxLength: 64 }).map((units) => String.fromCharCode(...units));
/** Well-formed text too: whole code points, astral ones as pairs. */
const text = fc.oneof(utf16, fc.string({ unit: 'binary', maxLength: 64 }));

describe('UTF-8 without TextEncoder (utf8.ts)', () => {
  const portable = codecFor(undefined, false);

  it('writes the bytes TextEncoder writes for any string, lone surrogates as U+FFFD', () => {
    fc.assert(
      fc.property(text, (s) => {
        const want = new TextEncoder().encode(s);
        const target = new Uint8Array(3 * s.length);
        const n = portable.writeUtf8(s, target);
        expect(Buffer.from(target.subarray(0, n)).toString('hex')).toBe(Buffer.from(want).toString('hex'));
        expect(Buffer.from(encodeUtf8Portable(s)).toString('hex')).toBe(Buffer.from(want).toString('hex'));
        expect(utf8Length(s)).toBe(want.length);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads ASCII of any length as TextDecoder does, past its chunks of 4096', () => {
    const bytes = new TextEncoder().encode('0123456789abcdef'.repeat(700));
    for (const n of [0, 1, 4095, 4096, 4097, 11_200]) {
      expect(portable.asciiString(bytes.subarray(0, n))).toBe(new TextDecoder().decode(bytes.subarray(0, n)));
    }
  });

  it('a pair split at the end stays lone, and the library encodes with TextEncoder where it has one', () => {
    expect([...encodeUtf8Portable('a\ud83d')]).toEqual([0x61, 0xef, 0xbf, 0xbd]);
    expect([...encodeUtf8Portable('\ud83d\ude00')]).toEqual([0xf0, 0x9f, 0x98, 0x80]);
    expect([...encodeUtf8('\udc00\ud800')]).toEqual([0xef, 0xbf, 0xbd, 0xef, 0xbf, 0xbd]);
  });
});
