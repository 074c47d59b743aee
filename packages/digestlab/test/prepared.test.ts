/**
 * The public one-shots' prepared path (issue 20): `digest` and `digestHex` with no output length look the name up
 * once per exact spelling and call a function prepared for it (crypto.hash itself, the wasm core with its spec
 * bound, or `auto`'s length test). What could go wrong there: a spelling cached for the wrong algorithm, a failure
 * cached, options ignored, a string's UTF-16 length against the crossover, a non-ASCII string or a lone surrogate
 * encoded wrongly by a path that only ever saw ASCII.
 */
import { describe, expect, it } from 'vitest';
import {
  type AlgorithmName,
  AlgorithmUnavailableError,
  digest,
  digestHex,
  InvalidOptionError,
  providers,
  ready,
  UnknownAlgorithmError,
} from '../src/index.js';
import { NODE_FROM } from '../src/providers/auto.js';
import { bytesOnceFor, forgetResolutions, hexOnceFor } from '../src/providers/index.js';
import { NODE_HAS, reference } from './helpers/common.js';

const encoder = new TextEncoder();
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
/** The providers that run here and compute `algorithm`, `auto` first. */
const choicesFor = (algorithm: AlgorithmName) => [
  'auto' as const,
  ...providers()
    .filter((p) => p.available && p.sync && p.algorithms.includes(algorithm))
    .map((p) => p.id),
];

const SEED = "!QAZ@WSX#EDC$RFV%TGB^YHN&UJM*IK<(OL>)P:?_{\"+}|1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik,9ol.0p;/-['=]']";
const STRINGS = [
  '',
  SEED,
  // non-ASCII at the start, the middle and the end: a fast path that stops at the first one must not lose the rest
  `é${SEED}`,
  `${SEED.slice(0, 40)}€${SEED.slice(40)}`,
  `${SEED}😀`,
  // lone surrogates become U+FFFD (EF BF BD), as TextEncoder does
  `${SEED}\ud800`,
  `\udc00${SEED}`,
  'a\ud800b',
  // Latin-1 is not UTF-8: ÿ is two bytes
  'ÿ'.repeat(100),
];

describe('digestHex and digest with no output length', () => {
  it.each(NODE_HAS)('%s: every string, every provider, with and without options, as TextEncoder encodes', (a) => {
    for (const s of STRINGS) {
      const want = reference(a, encoder.encode(s));
      expect(digestHex(a, s), JSON.stringify(s)).toBe(want);
      expect(hex(digest(a, s)), JSON.stringify(s)).toBe(want);
      expect(digestHex(a, s, {}), JSON.stringify(s)).toBe(want);
      for (const provider of choicesFor(a)) {
        expect(digestHex(a, s, { provider }), `${provider} ${JSON.stringify(s)}`).toBe(want);
        expect(hex(digest(a, s, { provider })), `${provider} ${JSON.stringify(s)}`).toBe(want);
      }
    }
  });

  it('a name in another case or an alias is the same algorithm; each spelling its own', () => {
    const spellings: [AlgorithmName, string[]][] = [
      ['SHA-256', ['SHA-256', 'sha-256', 'SHA256', 'sha256', '2.16.840.1.101.3.4.2.1', 'OID.2.16.840.1.101.3.4.2.1']],
      ['SHA-1', ['SHA-1', 'sha-1', 'SHA1', 'SHA']],
      ['MD5', ['MD5', 'md5']],
      ['SHA-512', ['SHA-512', 'sha512']],
    ];
    for (const [name, names] of spellings) {
      const want = reference(name, encoder.encode(SEED));
      // twice: the first call prepares, the second runs what was prepared
      for (const round of [1, 2]) {
        for (const n of names) {
          expect(digestHex(n, SEED), `${n} (${round})`).toBe(want);
          expect(hex(digest(n, SEED)), `${n} (${round})`).toBe(want);
        }
      }
    }
    // another algorithm after them is not served from their cache
    expect(digestHex('SHA-384', SEED)).toBe(reference('SHA-384', encoder.encode(SEED)));
  });

  it('a refusal is not remembered as a success: asked again, it refuses again', () => {
    // MD2 prepared through auto (our TypeScript) first: a cache that ignored the provider would answer for node
    expect(digestHex('MD2', SEED)).toBe(reference('MD2', encoder.encode(SEED)));
    for (const round of [1, 2]) {
      expect(() => digestHex('SHA-257', SEED), String(round)).toThrow(UnknownAlgorithmError);
      expect(() => digest('SHA-257', SEED), String(round)).toThrow(UnknownAlgorithmError);
      expect(() => digestHex(42 as unknown as string, SEED), String(round)).toThrow(UnknownAlgorithmError);
      expect(() => digestHex('MD2', SEED, { provider: 'node' }), String(round)).toThrow(AlgorithmUnavailableError);
    }
  });

  it('an output length still goes through the options check: SHAKE sized, anything else refused', () => {
    const data = encoder.encode(SEED);
    expect(digestHex('SHAKE128', SEED)).toBe(reference('SHAKE128', data));
    expect(digestHex('SHAKE128', SEED, { outputLength: 7 })).toBe(reference('SHAKE128', data, 7));
    expect(hex(digest('SHAKE256', SEED, { outputLength: 100 }))).toBe(reference('SHAKE256', data, 100));
    expect(() => digestHex('SHA-256', SEED, { outputLength: 32 })).toThrow(InvalidOptionError);
    expect(() => digest('SHA-256', SEED, { outputLength: 32 })).toThrow(InvalidOptionError);
    // and the same name without it is still the plain digest
    expect(digestHex('SHAKE128', SEED)).toBe(reference('SHAKE128', data));
  });

  it('binary data of every kind, through the same prepared call', () => {
    const bytes = encoder.encode(SEED);
    const want = reference('SHA-256', bytes);
    for (const d of [bytes, bytes.buffer, new DataView(bytes.buffer), new Uint16Array(bytes.buffer.slice(0, 92))]) {
      const w = d instanceof Uint16Array ? reference('SHA-256', bytes.subarray(0, 92)) : want;
      expect(digestHex('SHA-256', d)).toBe(w);
      expect(hex(digest('SHA-256', d))).toBe(w);
    }
  });

  it.each(NODE_HAS.filter((a) => Number.isFinite(NODE_FROM[a].hex) && NODE_FROM[a].hex > 0))(
    '%s: a string at each side of the hex crossover (UTF-16 units), ASCII and not',
    (a) => {
      const from = NODE_FROM[a].hex;
      for (const n of [from - 1, from, from + 1]) {
        for (const s of ['x'.repeat(n), `${'é'.repeat(n - 1)}z`]) {
          expect(digestHex(a, s), `${n} units`).toBe(reference(a, encoder.encode(s)));
        }
      }
    },
  );

  it('works the same after ready(), which forgets what was prepared', async () => {
    const want = reference('MD5', encoder.encode(SEED));
    expect(digestHex('MD5', SEED)).toBe(want);
    await ready();
    expect(digestHex('MD5', SEED)).toBe(want);
    expect(digestHex('md5', SEED, { provider: 'wasm' })).toBe(want);
  });

  it.each(['MD5', 'SHA-256'])(
    '%s: the last name asked is remembered, and forgotten with the rest (ready() may make a provider available)',
    (a) => {
      const [hexCall, bytesCall] = [hexOnceFor(a), bytesOnceFor(a)];
      hexOnceFor('SHA-1');
      bytesOnceFor('SHA-1');
      expect([hexOnceFor(a), bytesOnceFor(a)]).toEqual([hexCall, bytesCall]);
      expect([hexOnceFor(a), bytesOnceFor(a)]).toEqual([hexCall, bytesCall]);
      forgetResolutions();
      const [hexAfter, bytesAfter] = [hexOnceFor(a), bytesOnceFor(a)];
      expect(hexAfter).not.toBe(hexCall);
      expect(bytesAfter).not.toBe(bytesCall);
      expect(hexAfter(SEED)).toBe(reference(a as AlgorithmName, encoder.encode(SEED)));
      expect(hex(bytesAfter(SEED))).toBe(reference(a as AlgorithmName, encoder.encode(SEED)));
    },
  );

  it('with a provider named, the last name and choice are remembered, told apart, and forgotten with the rest', () => {
    const want = reference('MD5', encoder.encode(SEED));
    const wasm = hexOnceFor('MD5', 'wasm');
    expect(hexOnceFor('MD5', 'wasm')).toBe(wasm);
    const ts = hexOnceFor('MD5', 'ts');
    expect(ts).not.toBe(wasm);
    expect(hexOnceFor('SHA-1', 'wasm')).not.toBe(wasm);
    expect(hexOnceFor('MD5', 'wasm')).toBe(wasm);
    expect([wasm(SEED), ts(SEED)]).toEqual([want, want]);
    forgetResolutions();
    expect(hexOnceFor('MD5', 'wasm')).not.toBe(wasm);
  });
});
