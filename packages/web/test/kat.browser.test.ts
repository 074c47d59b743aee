/**
 * The library's known answers in every engine (Chromium, Firefox, WebKit: DIGESTLAB_ENGINES): RFC 1321 and 1319, FIPS 180-4's examples, NIST CAVP ShortMsg and
 * LongMsg (SHA-1, SHA-2, SHA-3, SHAKE; SHAKE's VariableOut too), Keccak, the seed string under the seed's six
 * algorithms (Java's digests) and Java's MD2 vectors, RIPEMD-160's homepage, BouncyCastle's MD4, RIPEMD, SM3, Whirlpool
 * and Tiger vectors, GB/T 32905's SM3 examples, BLAKE3's official vectors and python3-cryptography-vectors' BLAKE2
 * files, through `ts`, `wasm`, `webcrypto` (where it has the algorithm)
 * and `auto`, on the main thread after `await ready()` and in a Worker without it. The vectors are read here, under
 * Node, by the parsers the Node suite uses, and sent to the self-test page.
 */
import { Buffer } from 'node:buffer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBCRYPTO_CROSSOVERS } from '../../digestlab/src/providers/auto.js';
import type { BrowserEngine } from '../../digestlab/src/shared/runtime.js';
import { readVector, reference } from '../../digestlab/test/helpers/common.js';
import { FIPS, RFC1319, SEED_STRING, seedJava } from '../../digestlab/test/helpers/known.js';
import { parseRsp } from '../../digestlab/test/helpers/rsp.js';
import { ASYNC_PROBES, type KatResult, type KatVector } from '../src/kat.js';
import type { SelfTest } from '../src/selftest.js';
import { DIST, type Engine, type EngineName, enginesToTest, type Tab } from './engines/engine.js';
import { launch } from './engines/launch.js';
import { waitForState } from './engines/tab.js';
import { type Served, serveDist } from './serve.js';

const hex = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('hex');

/** A file's vectors; SHAKE's VariableOut ones carry their own output length (the file's Outputlen, in bits). */
function rspVectors(file: string, algorithm: KatVector['algorithm'], name: string): KatVector[] {
  return parseRsp(readVector(file), file).vectors.map((v) => ({
    algorithm,
    name: `${name} Len = ${v.len}${v.outputLen === undefined ? '' : `, Outputlen = ${v.outputLen}`}`,
    hex: hex(v.msg),
    ...(v.outputLen === undefined ? {} : { outputLength: v.outputLen / 8 }),
    md: v.md,
  }));
}

const CAVP: [KatVector['algorithm'], string][] = [
  ['SHA-1', 'SHA1'],
  ['SHA-224', 'SHA224'],
  ['SHA-256', 'SHA256'],
  ['SHA-384', 'SHA384'],
  ['SHA-512', 'SHA512'],
  ['SHA-512/224', 'SHA512_224'],
  ['SHA-512/256', 'SHA512_256'],
  ['SHA3-224', 'SHA3_224'],
  ['SHA3-256', 'SHA3_256'],
  ['SHA3-384', 'SHA3_384'],
  ['SHA3-512', 'SHA3_512'],
  // at the default output length (16 and 32 bytes)
  ['SHAKE128', 'SHAKE128'],
  ['SHAKE256', 'SHAKE256'],
];

/** Each message with its own output length, 2 to 250 bytes (SHA3VS). */
const CAVP_VARIABLE_OUT: [KatVector['algorithm'], string][] = [
  ['SHAKE128', 'SHAKE128'],
  ['SHAKE256', 'SHAKE256'],
];

/** KECCAK-256 of nothing: Ethereum's well-known empty hash. */
const KECCAK_256_EMPTY = 'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470';
const KECCAK_RATES: [KatVector['algorithm'], number][] = [
  ['KECCAK-224', 144],
  ['KECCAK-256', 136],
  ['KECCAK-384', 104],
  ['KECCAK-512', 72],
];
/** Bytes 0, 1, 2, ... mod 251, `n` of them. */
const counting = (n: number) => Uint8Array.from({ length: n }, (_, i) => i % 251);

/**
 * Keccak (no NIST file): nothing, "abc", and one rate's length less one, exactly and plus one, the expected digests
 * from node:crypto where its OpenSSL has Keccak (3.2+), else from @noble/hashes (Node 20's OpenSSL 3.0 has none):
 * the test helper's reference(). KECCAK-256 of nothing also from the literal above.
 */
const KECCAK: KatVector[] = [
  { algorithm: 'KECCAK-256', name: 'Keccak-256 of nothing (Ethereum)', text: '', md: KECCAK_256_EMPTY },
  ...KECCAK_RATES.flatMap(([algorithm, rate]) => [
    { algorithm, name: `Keccak ""`, text: '', md: reference(algorithm, new Uint8Array(0)) },
    { algorithm, name: 'Keccak "abc"', text: 'abc', md: reference(algorithm, new TextEncoder().encode('abc')) },
    ...[rate - 1, rate, rate + 1].map((n) => ({
      algorithm,
      name: `Keccak ${n} bytes`,
      hex: hex(counting(n)),
      md: reference(algorithm, counting(n)),
    })),
  ]),
];

/**
 * BLAKE3's official vectors (vectors/blake3/test_vectors.json; hash mode: a vector carries no key): every input
 * length, `i % 251` bytes, at the 131-byte extended output the file gives and at the default 32 bytes. Through
 * `ts`, `wasm` (its 4-lane subtrees past 4 KiB) and `auto`; the one-chunk inputs take the wasm one-call path.
 */
const BLAKE3_OFFICIAL: KatVector[] = (
  JSON.parse(readVector('blake3/test_vectors.json')) as { cases: { input_len: number; hash: string }[] }
).cases.flatMap(({ input_len: n, hash }) => [
  {
    algorithm: 'BLAKE3-256' as const,
    name: `BLAKE3 official ${n} bytes`,
    hex: hex(counting(n)),
    md: hash.slice(0, 64),
  },
  {
    algorithm: 'BLAKE3-256' as const,
    name: `BLAKE3 official ${n} bytes, 131 out`,
    hex: hex(counting(n)),
    outputLength: 131,
    md: hash,
  },
]);

const VECTORS: KatVector[] = [
  ...rspVectors('rfc/rfc-1321.txt', 'MD5', 'RFC 1321'),
  ...RFC1319.map(([text, md]) => ({ algorithm: 'MD2' as const, name: `RFC 1319 ${JSON.stringify(text)}`, text, md })),
  ...Object.entries(FIPS).flatMap(([algorithm, pairs]) =>
    (pairs ?? []).map(([text, md]) => ({
      algorithm: algorithm as KatVector['algorithm'],
      name: `FIPS 180-4 ${text}`,
      text,
      md,
    })),
  ),
  ...CAVP.flatMap(([algorithm, file]) => [
    ...rspVectors(`cavp/${file}ShortMsg.rsp`, algorithm, `CAVP ${file}ShortMsg`),
    ...rspVectors(`cavp/${file}LongMsg.rsp`, algorithm, `CAVP ${file}LongMsg`),
  ]),
  ...[...seedJava()].map(([algorithm, md]) => ({
    algorithm: algorithm as KatVector['algorithm'],
    name: 'the seed string (Java)',
    text: SEED_STRING,
    md,
  })),
  ...rspVectors('md2-java.txt', 'MD2', 'Java SUN MD2'),
  ...CAVP_VARIABLE_OUT.flatMap(([algorithm, file]) =>
    rspVectors(`cavp/${file}VariableOut.rsp`, algorithm, `CAVP ${file}VariableOut`),
  ),
  ...KECCAK,
  ...rspVectors('ripemd/ripevectors.txt', 'RIPEMD160', "RIPEMD-160's homepage"),
  // BouncyCastle's, every 16th length to 300 bytes and the three long ones (1000, 4096, 65537)
  ...(['MD4', 'RIPEMD128', 'RIPEMD160', 'RIPEMD256', 'RIPEMD320'] as const).flatMap((algorithm) =>
    rspVectors(`bc/${algorithm}.txt`, algorithm, `BouncyCastle ${algorithm}`).filter((_, i) => i % 16 === 0 || i > 300),
  ),
  ...rspVectors('sm3/oscca.txt', 'SM3', 'GB/T 32905'),
  // the same for SM3, Whirlpool and Tiger, whose files are vectors/*-bc.txt
  ...(
    [
      ['SM3', 'sm3-bc.txt'],
      ['WHIRLPOOL', 'whirlpool-bc.txt'],
      ['TIGER', 'tiger-bc.txt'],
    ] as const
  ).flatMap(([algorithm, file]) =>
    rspVectors(file, algorithm, `BouncyCastle ${algorithm}`).filter((_, i) => i % 16 === 0 || i > 300),
  ),
  ...BLAKE3_OFFICIAL,
  // python3-cryptography-vectors' BLAKE2 files, under the named and the length-free forms
  ...(
    [
      ['BLAKE2B-512', 'BLAKE2b', 'blake2b.txt'],
      ['BLAKE2S-256', 'BLAKE2s', 'blake2s.txt'],
    ] as const
  ).flatMap(([named, free, file]) => [
    ...rspVectors(`blake2/${file}`, named, `Debian BLAKE2 ${named}`),
    ...rspVectors(`blake2/${file}`, free, `Debian BLAKE2 ${free}`),
  ]),
];

/** What `webcrypto` has in a browser: the SHA family, and the SHA-3 digests crypto.subtle accepts there. */
const WEBCRYPTO = ['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512'];

/** What `auto` must pick in a browser (no node:crypto): our WebAssembly, except MD2, which has only TypeScript. */
const AUTO_IN_A_BROWSER = (algorithm: string) => (algorithm === 'MD2' ? 'ts' : 'wasm');

/** The engine each browser is, as the library must detect it by what its JavaScript engine does. */
const ENGINE_OF: Record<EngineName, BrowserEngine> = { chromium: 'Blink', firefox: 'Gecko', webkit: 'WebKit' };

/**
 * Where `auto`'s digestAsync must call WebCrypto in a secure page of this engine, among ASYNC_PROBES: from the
 * engine's measured crossover on (WEBCRYPTO_CROSSOVERS, docs/decisions/webcrypto-crossovers.md), never for the
 * algorithms it does not list.
 */
function autoAsyncWebCrypto(engine: EngineName): Record<string, number[]> {
  const table = WEBCRYPTO_CROSSOVERS[ENGINE_OF[engine]];
  return Object.fromEntries(
    Object.entries(table).map(([algorithm, from]) => [algorithm, ASYNC_PROBES.filter((n) => n >= (from ?? Infinity))]),
  );
}

/**
 * No engine's WebCrypto has SHA-3 (found by trying: crypto.subtle.digest('SHA3-256', ...) rejects in Chromium,
 * Firefox and WebKit), so `webcrypto` checks no SHA-3 vector, and asked for one it refuses with a typed error, never
 * a wrong digest. Should an engine take SHA-3, this fails first: then `webcrypto` must have it (and the count below
 * includes its vectors).
 */
function expectNoWebCryptoSha3(r: KatResult, engine: EngineName) {
  expect(r.subtleSha3, `${engine}'s crypto.subtle.digest takes no SHA-3`).toEqual([]);
  expect(r.webcryptoSha3).toBe('ERR_ALGORITHM_UNAVAILABLE');
}

function expectAllPass(r: KatResult, engine: EngineName) {
  expect(r.failures).toEqual([]);
  // every vector through ts and auto; the SHA family through webcrypto (a secure context: 127.0.0.1)
  expect(r.checked.ts).toBe(VECTORS.length);
  expect(r.checked.auto).toBe(VECTORS.length);
  expect(r.checked.wasm).toBe(VECTORS.filter((v) => v.algorithm !== 'MD2').length);
  expect(r.checked.webcrypto).toBe(VECTORS.filter((v) => [...WEBCRYPTO, ...r.subtleSha3].includes(v.algorithm)).length);
  expectNoWebCryptoSha3(r, engine);
  expect(r.available.node).toMatch(/node:crypto|Node/);
  for (const [algorithm, picked] of Object.entries(r.autoPicks)) {
    expect(picked, `auto for ${algorithm}`).toBe(AUTO_IN_A_BROWSER(algorithm));
  }
  expect(r.engine, 'the engine the library detects').toBe(ENGINE_OF[engine]);
  const want = autoAsyncWebCrypto(engine);
  for (const [algorithm, at] of Object.entries(r.autoAsyncWebCrypto)) {
    expect(at, `${engine}: auto's digestAsync through WebCrypto, ${algorithm}`).toEqual(want[algorithm] ?? []);
  }
  expect(Object.keys(r.autoAsyncWebCrypto)).toContain('SHA-256');
}

describe("auto's WebCrypto crossovers", () => {
  it('each one, and one byte less, is among the lengths the page probes, in every engine', () => {
    for (const table of Object.values(WEBCRYPTO_CROSSOVERS)) {
      for (const from of Object.values(table)) {
        expect(ASYNC_PROBES).toContain(from);
        expect(ASYNC_PROBES).toContain((from as number) - 1);
      }
    }
  });
});

describe('the known answers', () => {
  it('cover every source the Node suite uses', () => {
    const names = new Set(VECTORS.map((v) => v.name.split(' ').slice(0, 2).join(' ')));
    for (const source of [
      'RFC 1321',
      'RFC 1319',
      'FIPS 180-4',
      'CAVP SHA256ShortMsg',
      'CAVP SHA512LongMsg',
      'CAVP SHA3_224ShortMsg',
      'CAVP SHA3_512LongMsg',
      'CAVP SHAKE128ShortMsg',
      'CAVP SHAKE256LongMsg',
      'CAVP SHAKE128VariableOut',
      'CAVP SHAKE256VariableOut',
      'Keccak-256 of',
      'Java SUN',
      "RIPEMD-160's homepage",
      'BouncyCastle MD4',
      'GB/T 32905',
      'BouncyCastle SM3',
      'BouncyCastle WHIRLPOOL',
      'BouncyCastle TIGER',
      'BLAKE3 official',
      'Debian BLAKE2',
    ]) {
      expect(
        [...names].some((n) => n.startsWith(source)),
        source,
      ).toBe(true);
    }
    expect(VECTORS.filter((v) => v.name.startsWith('the seed string'))).toHaveLength(6);
  });

  it('cover SHA-3, SHAKE at its default and at other output lengths, and Keccak', () => {
    const algorithms = new Set(VECTORS.map((v) => v.algorithm));
    for (const a of ['SHA3-224', 'SHA3-256', 'SHA3-384', 'SHA3-512', 'SHAKE128', 'SHAKE256'] as const) {
      expect(algorithms, a).toContain(a);
    }
    for (const [a] of KECCAK_RATES) expect(algorithms, a).toContain(a);
    for (const [a, byDefault] of [
      ['SHAKE128', 16],
      ['SHAKE256', 32],
    ] as const) {
      const shake = VECTORS.filter((v) => v.algorithm === a);
      expect(shake.some((v) => v.outputLength === undefined && v.md.length === 2 * byDefault)).toBe(true);
      const lengths = new Set(shake.flatMap((v) => (v.outputLength === undefined ? [] : [v.outputLength])));
      expect(lengths.size, `${a}: output lengths other than the default`).toBeGreaterThan(100);
      for (const v of shake) expect(v.md.length).toBe(2 * (v.outputLength ?? byDefault));
    }
    // the literal agrees with the independent implementation the other Keccak answers come from
    expect(reference('KECCAK-256', new Uint8Array(0))).toBe(KECCAK_256_EMPTY);
  });
});

let served: Served;
beforeAll(async () => {
  served = await serveDist(DIST);
});
afterAll(async () => {
  await served?.close();
});

const call = <K extends keyof SelfTest>(tab: Tab, name: K, vectors?: KatVector[]) =>
  tab.evaluate(
    ([n, v]) =>
      (window as unknown as { digestlabSelfTest: SelfTest }).digestlabSelfTest[n as K](v as KatVector[]) as unknown,
    [name, vectors ?? null] as const,
  ) as Promise<KatResult>;

for (const name of enginesToTest()) {
  describe(`known answers in ${name}`, () => {
    let engine: Engine;
    let tab: Tab;

    beforeAll(async () => {
      engine = await launch(name);
      tab = await engine.newTab();
      await tab.goto(`${served.url}selftest.html`);
      await waitForState(tab, 'ready');
    });

    afterAll(async () => {
      await engine?.close();
    });

    it('before ready() on the main thread, wasm waits for an asynchronous compile or already runs, and auto follows', async () => {
      const r = (await call(tab, 'beforeReady')) as Pick<KatResult, 'available' | 'autoPicks'>;
      // Chromium refuses synchronous compilation of large modules on the main thread; digestlab's core module is
      // small enough that some versions (and other engines) allow it. Either way auto must pick what is available.
      if (r.available.wasm === true) expect(r.autoPicks['SHA-256']).toBe('wasm');
      else {
        expect(r.available.wasm).toMatch(/ready\(\)/);
        expect(r.autoPicks['SHA-256']).toBe('ts');
      }
    });

    it('main thread, after await ready(): ts, wasm, webcrypto and auto agree with every vector', async () => {
      const r = await call(tab, 'main', VECTORS);
      expect(r.available.wasm).toBe(true);
      expectAllPass(r, name);
    });

    it('in a Worker, without ready(): wasm compiled synchronously; every provider agrees with every vector', async () => {
      const r = await call(tab, 'worker', VECTORS);
      expect(r.available.wasm).toBe(true);
      expectAllPass(r, name);
    });
  });
}
