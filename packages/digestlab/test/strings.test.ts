/**
 * strings.ts: every engine's codec writes what TextEncoder writes and reads what TextDecoder reads, whichever path
 * (our loops or the native call) a string's length and contents send it down. The loops run only in browsers, so
 * here each engine's codec is built by name.
 */
import { describe, expect, it } from 'vitest';
import { type BrowserEngine, runtime } from '../src/shared/runtime.js';
import { asciiString, codecFor, SHORT_HEX, SHORT_STRING, writeUtf8 } from '../src/shared/strings.js';

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

describe.each(ENGINES)('the string codec for %s', (engine) => {
  const codec = codecFor(engine);

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

  it("this runtime's codec is its engine's", () => {
    const here = codecFor(runtime().browser?.engine);
    expect([writeUtf8, asciiString]).toEqual([here.writeUtf8, here.asciiString]);
  });
});
