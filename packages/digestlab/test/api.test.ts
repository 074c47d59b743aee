/**
 * The API contract: names, aliases and OIDs; algorithms() and providers(); what data is accepted and what is
 * refused; every typed error; the Digest lifecycle; the exported-state format and its validation; the length
 * limit; digestStream over every kind of source; the family subpath modules; and UTF-8 encoding of strings.
 */
import { createReadStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { crc32 as zlibCrc32 } from 'node:zlib';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeState } from '../src/constructions/state.js';
import {
  type AlgorithmName,
  AlgorithmUnavailableError,
  AsyncOnlyError,
  algorithms,
  BadStateError,
  createDigest,
  type Data,
  Digest,
  DigestError,
  digest,
  digestAsync,
  digestHex,
  digestHexAsync,
  digestStream,
  FinalizedError,
  InvalidDataError,
  InvalidOptionError,
  importState,
  LengthLimitError,
  MAX_LENGTH,
  NotStreamingError,
  type ProviderChoice,
  providers,
  ready,
  StateUnsupportedError,
  type StreamSource,
  UnknownAlgorithmError,
  UnknownProviderError,
} from '../src/index.js';
import * as md5m from '../src/md5.js';
import { lookup } from '../src/registry/registry.js';
import * as sha3m from '../src/sha3.js';
import * as sha256m from '../src/sha256.js';
import { TRANSIENT_MAX_UNITS, toBytes, toBytesTransient } from '../src/shared/bytes.js';
import { toHex } from '../src/shared/hex.js';
import { crc32, STATE_VERSION } from '../src/shared/state-envelope.js';
import type { AlgorithmSpec } from '../src/spec/algorithm.js';
import { KNOWN_NAMES, type KnownAlgorithm, known } from './families/index.js';
import {
  ALGORITHMS,
  CHECKSUM_NAMES,
  NEWER_IN_NODE,
  NODE_HAS,
  providerCases,
  reference,
  streamingProvider,
} from './helpers/common.js';
import { HOST } from './helpers/host.js';

const encoder = new TextEncoder();
const EMPTY = new Uint8Array(0);
const ABC = encoder.encode('abc');

/** The canonical names, in the registry's order: those test/families/ knows (families.test.ts holds them to the registry). */
const CANONICAL: AlgorithmName[] = [...KNOWN_NAMES];

/**
 * node:crypto's name (written out in test/families/, the one copy outside the registry: what the library must say,
 * never used to compute a reference), sizes (digest, block), OIDs, state code, bytes of a state before the buffered
 * ones, collision resistance, the spellings that name it and the providers that have it.
 */
const TABLE = Object.fromEntries(KNOWN_NAMES.map((a) => [a, known(a)])) as Partial<
  Record<string, KnownAlgorithm>
> as Record<AlgorithmName, KnownAlgorithm>;

/** Known digests, for the one algorithm node:crypto lacks here (RFC 1319 appendix A.5). */
const MD2_ABC = 'da853b0d3f88d99b30283a69e6ded6bb';
const MD2_EMPTY = '8350e5a3e24c153df2275c9f80692773';

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}

function bytesOf(n: number, seed = 1): Uint8Array {
  return Uint8Array.from({ length: n }, (_, i) => (i * 131 + seed * 17 + (i >> 8)) & 255);
}

function caught(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw');
}

async function rejected(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

// biome-ignore lint/suspicious/noExplicitAny: error classes take different constructor arguments
type ErrorClass = abstract new (...args: any[]) => Error;

/** A DigestError of exactly this class and code, whose message contains every one of `parts`. */
function expectDigestError(error: unknown, cls: ErrorClass, code: string, ...parts: string[]): void {
  expect(error).toBeInstanceOf(cls);
  expect(error).toBeInstanceOf(DigestError);
  expect(error).toBeInstanceOf(Error);
  expect(error).not.toBeInstanceOf(TypeError);
  expect((error as DigestError).code).toBe(code);
  expect((error as Error).name).toBe(cls.name);
  for (const part of parts) expect((error as Error).message).toContain(part);
}

function expectInvalidData(error: unknown, ...parts: string[]): void {
  expect(error).toBeInstanceOf(InvalidDataError);
  expect(error).toBeInstanceOf(TypeError);
  expect(error).not.toBeInstanceOf(DigestError);
  expect((error as InvalidDataError).code).toBe('ERR_INVALID_DATA');
  expect((error as Error).name).toBe('InvalidDataError');
  for (const part of parts) expect((error as Error).message).toContain(part);
}

/** package.json, whose `exports` name the family entry points. */
const PACKAGE = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
/** Every family entry point test/families/ names (src/<module>.ts), loaded. */
const ENTRY_MODULES: { name: string; module: Record<string, unknown> }[] = await Promise.all(
  [...new Set(CANONICAL.flatMap((a) => TABLE[a].entry?.module ?? []))].map(async (name) => ({
    name,
    module: await import(`../src/${name}.ts`),
  })),
);

const SYNC_CASES = providerCases({ sync: true });
const ALL_CASES = providerCases();

// ---------------------------------------------------------------------------------------------------------

describe('algorithm names, aliases and OIDs', () => {
  it('the canonical names are exactly the nine, in order', () => {
    expect(algorithms().map((a) => a.name)).toEqual(CANONICAL);
    expect(ALGORITHMS).toEqual(CANONICAL);
  });

  describe.each(CANONICAL)('%s', (name) => {
    const want = reference(name, ABC);

    it.each(TABLE[name].accepted)('%s names it, case-insensitively', (alias) => {
      for (const spelling of [alias, alias.toLowerCase(), alias.toUpperCase()]) {
        expect(createDigest(spelling).algorithm).toBe(name);
        expect(createDigest(spelling, { provider: 'ts' }).algorithm).toBe(name);
        expect(digestHex(spelling, 'abc', { provider: 'ts' })).toBe(want);
        expect(digestHex(spelling, 'abc')).toBe(want);
      }
    });

    it('algorithms() lists its OID (and its aliases resolve back to it)', () => {
      const info = algorithms().find((a) => a.name === name);
      expect(info?.oids).toEqual(TABLE[name].oids);
      for (const alias of info?.aliases ?? []) expect(createDigest(alias, { provider: 'ts' }).algorithm).toBe(name);
    });
  });

  it('the MD2 and SHA-1 anchors are right (so the alias checks compare against real digests)', () => {
    expect(digestHex('MD2', 'abc', { provider: 'ts' })).toBe(MD2_ABC);
    expect(digestHex('SHA-1', 'abc')).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
  });

  it.each([
    'SHA-3',
    'SHA3',
    'SHA3-257',
    'SHA-3-256',
    'SHAKE',
    'SHAKE512',
    'KECCAK',
    'KECCAK-1600',
    'MD3',
    'RIPEMD',
    'RIPEMD-512',
    'SHA-257',
    'SHA2',
    '',
    ' SHA-256',
    'SHA-256 ',
    'OID.',
    'OID',
    '2.16.840.1.101.3.4.2.13',
    '2.16.840.1.101.3.4.2',
    'OID.OID.1.3.14.3.2.26',
    'oid 1.3.14.3.2.26',
    '1.3.14.3.2.26.0',
  ])('%j is unknown', (name) => {
    expectDigestError(
      caught(() => createDigest(name)),
      UnknownAlgorithmError,
      'ERR_UNKNOWN_ALGORITHM',
    );
  });
});

describe('algorithms()', () => {
  it('marks exactly those broken that test/families/ says are (MD2, MD5, SHA-1, MD4 and the checksums)', () => {
    const broken = CANONICAL.filter((a) => TABLE[a].broken);
    expect(broken).toEqual(expect.arrayContaining(['MD2', 'MD5', 'SHA-1', 'MD4', ...CHECKSUM_NAMES]));
    expect(
      algorithms()
        .filter((a) => a.broken)
        .map((a) => a.name),
    ).toEqual(broken);
  });

  it.each(CANONICAL)('%s: digest and block length, agreeing with the digest itself and with Digest', (name) => {
    const info = algorithms().find((a) => a.name === name);
    expect(info?.digestLength).toBe(TABLE[name].digestLength);
    expect(info?.blockLength).toBe(TABLE[name].blockLength);
    expect(info?.broken).toBe(TABLE[name].broken);
    expect(digest(name, ABC).length).toBe(TABLE[name].digestLength);
    for (const [provider, algorithm] of SYNC_CASES.filter(([, a]) => a === name)) {
      const d = createDigest(algorithm, { provider: provider as ProviderChoice });
      expect(d.digestLength).toBe(TABLE[name].digestLength);
      expect(d.blockLength).toBe(TABLE[name].blockLength);
      expect(d.digest().length).toBe(TABLE[name].digestLength);
    }
  });

  it.each(CANONICAL)("%s: nodeName is node:crypto's name for it, which digestlab also takes", (name) => {
    const info = algorithms().find((a) => a.name === name);
    expect(info?.nodeName).toBe(TABLE[name].nodeName);
    expect(createDigest(TABLE[name].nodeName).algorithm).toBe(name);
  });

  it('lists the providers that have each algorithm here', () => {
    const byName = Object.fromEntries(algorithms().map((a) => [a.name, a.providers]));
    expect(byName).toEqual(Object.fromEntries(CANONICAL.map((a) => [a, providersHere(a)])));
  });

  it('returns fresh arrays: mutating one result does not change the next', () => {
    const first = algorithms();
    const sha1 = first.find((a) => a.name === 'SHA-1');
    sha1?.aliases.push('bogus');
    sha1?.oids.push('1.2.3');
    sha1?.providers.pop();
    const again = algorithms().find((a) => a.name === 'SHA-1');
    expect(again?.aliases).not.toContain('bogus');
    expect(again?.oids).toEqual(['1.3.14.3.2.26']);
    expect(again?.providers).toEqual(['ts', 'wasm', 'node', 'webcrypto']);
    expect(() => createDigest('bogus')).toThrow(UnknownAlgorithmError);
  });
});

/**
 * An algorithm's providers here: those its family's file lists (Node 20's), and node where this runtime's node:crypto
 * is newer and has it (NEWER_IN_NODE).
 */
function providersHere(a: AlgorithmName): string[] {
  const { providers, nodeWhereNewer } = TABLE[a];
  return nodeWhereNewer && NEWER_IN_NODE.includes(a) ? [...providers, 'node'] : providers;
}
const providing = (id: string) => CANONICAL.filter((a) => providersHere(a).includes(id));

describe('providers()', () => {
  it('describes ts, wasm, node and webcrypto', () => {
    const list = providers();
    expect(list.map((p) => p.id)).toEqual(['ts', 'wasm', 'node', 'webcrypto']);
    const [ts, wasm, node, webcrypto] = list;
    expect(ts).toEqual({
      id: 'ts',
      implementedIn: 'TypeScript',
      available: true,
      sync: true,
      streaming: true,
      exportState: true,
      algorithms: providing('ts'),
    });
    expect(wasm).toEqual({
      id: 'wasm',
      implementedIn: 'WebAssembly',
      available: true,
      sync: true,
      streaming: true,
      exportState: true,
      // our WebAssembly has every algorithm but MD2 and xxHash, which are TypeScript only
      algorithms: providing('wasm'),
    });
    expect(node).toEqual({
      id: 'node',
      implementedIn: HOST.implementedIn,
      // the library behind node:crypto, as the runtime names it (BoringSSL on Bun)
      library: HOST.cryptoLibrary,
      available: true,
      sync: true,
      streaming: true,
      exportState: false,
      // OpenSSL 3's default provider has no MD2, nor has BoringSSL; none of them has Keccak, nor BLAKE3, Whirlpool
      // (OpenSSL's legacy provider only) or Tiger, nor the checksums but CRC-32 (node:zlib's crc32); OpenSSL
      // has MD4 in its legacy provider only, and no RIPEMD but RIPEMD-160 (each family's file says which)
      algorithms: providing('node'),
    });
    expect(webcrypto).toEqual({
      id: 'webcrypto',
      implementedIn: 'WebCrypto',
      available: true,
      sync: false,
      streaming: false,
      exportState: false,
      algorithms: providing('webcrypto'),
    });
    for (const p of list) expect(p).not.toHaveProperty('reason');
  });

  it('agrees with what each provider actually does', async () => {
    await ready(); // webcrypto's SHA-3 is probed there (Bun and Deno take some): the list is then complete
    for (const p of providers()) {
      for (const name of CANONICAL) {
        const options = { provider: p.id };
        if (p.algorithms.includes(name)) {
          expect(hex(await digestAsync(name, ABC, options))).toBe(reference(name, ABC));
          if (p.sync) expect(digestHex(name, ABC, options)).toBe(reference(name, ABC));
          if (p.streaming) expect(createDigest(name, options).update(ABC).digestHex()).toBe(reference(name, ABC));
          if (p.exportState) expect(createDigest(name, options).exportState()).toBeInstanceOf(Uint8Array);
          else if (p.sync) expect(() => createDigest(name, options).exportState()).toThrow(StateUnsupportedError);
        } else {
          expect(() => createDigest(name, options)).toThrow(AlgorithmUnavailableError);
          await expect(digestAsync(name, ABC, options)).rejects.toThrow(AlgorithmUnavailableError);
        }
      }
    }
  });

  it.each(CANONICAL)('auto resolves %s to a concrete, synchronous provider that has it', (name) => {
    const info = algorithms().find((a) => a.name === name);
    for (const d of [createDigest(name), createDigest(name, { provider: 'auto' })]) {
      expect(['ts', 'wasm', 'node']).toContain(d.provider);
      expect(info?.providers).toContain(d.provider);
      expect(providers().find((p) => p.id === d.provider)?.sync).toBe(true);
      expect(d.update(ABC).digestHex()).toBe(reference(name, ABC));
    }
    expect(digestHex(name, ABC, { provider: 'auto' })).toBe(reference(name, ABC));
  });

  it('auto streams through node:crypto where it has the algorithm and wins on long inputs, else wasm, else ts', () => {
    expect(createDigest('MD2').provider).toBe('ts');
    for (const name of NODE_HAS) expect(createDigest(name).provider, name).toBe(streamingProvider('auto', name));
    // on Node and Bun every one node:crypto has but RIPEMD-160 (OpenSSL's is plain C, slower than our WebAssembly);
    // on Deno not MD5, SHA-3 or SHAKE either (slower there than ours)
    const nodeStreams = NODE_HAS.filter((a) => createDigest(a).provider === 'node');
    expect(createDigest('RIPEMD160').provider).toBe('wasm');
    if (HOST.runtime === 'deno') expect(nodeStreams).not.toContain('MD5');
    // MD4 (Bun's) streams through our WebAssembly too; BLAKE2's node:crypto wins long inputs on all three
    else expect(nodeStreams).toEqual(NODE_HAS.filter((a) => a !== 'RIPEMD160' && a !== 'MD4'));
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('data types', () => {
  // 48 bytes; each view below covers a known slice of them
  const base = bytesOf(48, 3);
  const ab = base.slice().buffer;
  const sab = new SharedArrayBuffer(48);
  new Uint8Array(sab).set(base);

  const INPUTS: [string, () => Data, Uint8Array][] = [
    ['Uint8Array', () => base.slice(), base],
    ['Uint8Array view with an offset', () => new Uint8Array(ab, 5, 30), base.subarray(5, 35)],
    ['Buffer', () => Buffer.from(base), base],
    ['Buffer slice of a pooled buffer', () => Buffer.from(base).subarray(7, 40), base.subarray(7, 40)],
    ['Int16Array view with an offset', () => new Int16Array(ab, 6, 9), base.subarray(6, 24)],
    ['Float64Array view with an offset', () => new Float64Array(ab, 8, 4), base.subarray(8, 40)],
    ['Uint32Array', () => new Uint32Array(ab), base],
    ['BigInt64Array view', () => new BigInt64Array(ab, 16, 2), base.subarray(16, 32)],
    ['Uint8ClampedArray', () => new Uint8ClampedArray(ab, 1, 46), base.subarray(1, 47)],
    ['DataView with an offset', () => new DataView(ab, 3, 40), base.subarray(3, 43)],
    ['DataView, empty', () => new DataView(ab, 10, 0), EMPTY],
    ['ArrayBuffer', () => ab, base],
    ['ArrayBuffer, empty', () => new ArrayBuffer(0), EMPTY],
    ['SharedArrayBuffer', () => sab, base],
    ['Uint8Array over a SharedArrayBuffer, with an offset', () => new Uint8Array(sab, 4, 20), base.subarray(4, 24)],
    ['DataView over a SharedArrayBuffer', () => new DataView(sab, 12), base.subarray(12)],
    ['string', () => 'h\u00e9llo \u{1F600}', encoder.encode('h\u00e9llo \u{1F600}')],
    ['empty string', () => '', EMPTY],
  ];

  describe.each(ALL_CASES)('provider %s, %s', (provider, algorithm) => {
    const sync = SYNC_CASES.some(([p, a]) => p === provider && a === algorithm);
    const options = { provider: provider as ProviderChoice };

    it.each(INPUTS)('%s hashes its bytes', async (_, make, bytes) => {
      const want = reference(algorithm, bytes);
      const data = make();
      expect(hex(await digestAsync(algorithm, data, options))).toBe(want);
      expect(await digestHexAsync(algorithm, data, options)).toBe(want);
      if (sync) {
        expect(hex(digest(algorithm, data, options))).toBe(want);
        expect(digestHex(algorithm, data, options)).toBe(want);
        expect(createDigest(algorithm, options).update(data).digestHex()).toBe(want);
        expect(createDigest(algorithm, options).update(data).update(EMPTY).update('').digestHex()).toBe(want);
      }
      // the input was only read
      if (typeof data !== 'string') {
        const view = ArrayBuffer.isView(data)
          ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
          : new Uint8Array(data);
        expect(hex(view)).toBe(hex(bytes));
      }
    });
  });

  it('returns a plain Uint8Array of the digest length, whatever the provider', async () => {
    for (const [provider, algorithm] of ALL_CASES) {
      const options = { provider: provider as ProviderChoice };
      const out = await digestAsync(algorithm, ABC, options);
      expect(out.constructor).toBe(Uint8Array);
      expect(out.length).toBe(TABLE[algorithm].digestLength);
      if (SYNC_CASES.some(([p, a]) => p === provider && a === algorithm)) {
        const sync = digest(algorithm, ABC, options);
        expect(sync.constructor).toBe(Uint8Array);
        expect(sync.length).toBe(TABLE[algorithm].digestLength);
        const d = createDigest(algorithm, options).digest();
        expect(d.constructor).toBe(Uint8Array);
        expect(d.length).toBe(TABLE[algorithm].digestLength);
      }
    }
  });

  const INVALID: [string, unknown, string][] = [
    ['a number', 42, 'number 42'],
    ['NaN', Number.NaN, 'number NaN'],
    ['null', null, 'null'],
    ['undefined', undefined, 'undefined'],
    ['a boolean', true, 'boolean true'],
    ['a bigint', 5n, 'bigint 5'],
    ['a plain object', { length: 3, 0: 1, 1: 2, 2: 3 }, 'a plain object'],
    ['an array of numbers', [1, 2, 3], 'an instance of Array'],
    ['a Date', new Date(0), 'an instance of Date'],
    ['a Map', new Map(), 'an instance of Map'],
    ['a symbol', Symbol('x'), 'a symbol'],
    ['a function', () => 1, 'a function'],
  ];

  it.each(INVALID)(
    '%s is refused with InvalidDataError (a TypeError) naming what was given',
    async (_, value, given) => {
      const data = value as Data;
      for (const [provider, algorithm] of ALL_CASES) {
        const options = { provider: provider as ProviderChoice };
        expectInvalidData(await rejected(digestAsync(algorithm, data, options)), given);
        expectInvalidData(await rejected(digestHexAsync(algorithm, data, options)), given);
        if (SYNC_CASES.some(([p, a]) => p === provider && a === algorithm)) {
          expectInvalidData(
            caught(() => digest(algorithm, data, options)),
            given,
          );
          expectInvalidData(
            caught(() => digestHex(algorithm, data, options)),
            given,
          );
          // a refused update leaves the digest as it was
          const d = createDigest(algorithm, options).update('ab');
          expectInvalidData(
            caught(() => d.update(data)),
            given,
          );
          expect(d.update('c').digestHex()).toBe(reference(algorithm, ABC));
        }
      }
      expectInvalidData(
        caught(() => sha256m.sha256(data)),
        given,
      );
      expectInvalidData(
        caught(() => md5m.createMd5().update(data)),
        given,
      );
    },
  );
});

// ---------------------------------------------------------------------------------------------------------

describe('typed errors', () => {
  it('unknown algorithm: every entry point, UnknownAlgorithmError listing the known names', async () => {
    for (const name of ['SHA-3', 'snefru', '']) {
      const errors = [
        caught(() => digest(name, ABC)),
        caught(() => digestHex(name, ABC, { provider: 'ts' })),
        caught(() => createDigest(name, { provider: 'node' })),
        await rejected(digestAsync(name, ABC, { provider: 'webcrypto' })),
        await rejected(digestHexAsync(name, ABC)),
        await rejected(digestStream(name, [ABC])),
      ];
      for (const error of errors) {
        expectDigestError(error, UnknownAlgorithmError, 'ERR_UNKNOWN_ALGORITHM', JSON.stringify(name), ...CANONICAL);
        expect((error as UnknownAlgorithmError).algorithm).toBe(name);
      }
    }
  });

  it('unknown algorithm wins over unknown provider, and a non-string name is unknown too', () => {
    expectDigestError(
      caught(() => digest('SHA-3', ABC, { provider: 'nope' as ProviderChoice })),
      UnknownAlgorithmError,
      'ERR_UNKNOWN_ALGORITHM',
    );
    expectDigestError(
      caught(() => createDigest(undefined as unknown as string)),
      UnknownAlgorithmError,
      'ERR_UNKNOWN_ALGORITHM',
    );
  });

  it('unknown provider: UnknownProviderError listing the known ones', async () => {
    for (const provider of ['openssl', '', 'subtle', 'auto ']) {
      const options = { provider: provider as ProviderChoice };
      const errors = [
        caught(() => digest('SHA-256', ABC, options)),
        caught(() => createDigest('MD5', options)),
        await rejected(digestAsync('SHA-1', ABC, options)),
        await rejected(digestStream('SHA-256', [ABC], options)),
      ];
      for (const error of errors) {
        expectDigestError(
          error,
          UnknownProviderError,
          'ERR_UNKNOWN_PROVIDER',
          JSON.stringify(provider),
          'auto',
          'ts',
          'node',
          'webcrypto',
        );
        expect((error as UnknownProviderError).provider).toBe(provider);
      }
    }
  });

  it('MD2 via node: AlgorithmUnavailableError naming the providers that have it', async () => {
    const errors = [
      caught(() => digest('MD2', ABC, { provider: 'node' })),
      caught(() => createDigest('md2', { provider: 'node' })),
      await rejected(digestAsync('MD2', ABC, { provider: 'node' })),
      await rejected(digestStream('MD2', [ABC], { provider: 'node' })),
    ];
    for (const error of errors) {
      expectDigestError(error, AlgorithmUnavailableError, 'ERR_ALGORITHM_UNAVAILABLE', 'MD2', '"node"');
      expect((error as Error).message).toMatch(/have it: ts\./);
      expect((error as AlgorithmUnavailableError).algorithm).toBe('MD2');
      expect((error as AlgorithmUnavailableError).provider).toBe('node');
    }
  });

  it.each(['MD2', 'MD5', 'SHA-224', 'SHA-512/224', 'SHA-512/256'] as AlgorithmName[])(
    '%s via webcrypto: AlgorithmUnavailableError naming the providers that have it',
    async (name) => {
      const errors = [
        await rejected(digestAsync(name, ABC, { provider: 'webcrypto' })),
        caught(() => digest(name, ABC, { provider: 'webcrypto' })),
        caught(() => createDigest(name, { provider: 'webcrypto' })),
        await rejected(digestStream(name, [ABC], { provider: 'webcrypto' })),
      ];
      const have = algorithms().find((a) => a.name === name)?.providers ?? [];
      for (const error of errors) {
        expectDigestError(error, AlgorithmUnavailableError, 'ERR_ALGORITHM_UNAVAILABLE', name, '"webcrypto"');
        expect((error as Error).message).toContain(`have it: ${have.join(', ')}.`);
        expect((error as AlgorithmUnavailableError).provider).toBe('webcrypto');
      }
    },
  );

  it.each(['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512'])(
    'sync calls with webcrypto (%s): AsyncOnlyError pointing to digestAsync',
    (name) => {
      const options = { provider: 'webcrypto' as const };
      for (const [call, error] of [
        ['digest()', caught(() => digest(name, ABC, options))],
        ['digestHex()', caught(() => digestHex(name, ABC, options))],
        ['createDigest()', caught(() => createDigest(name, options))],
      ] as const) {
        expectDigestError(error, AsyncOnlyError, 'ERR_ASYNC_ONLY', 'digestAsync', '"webcrypto"');
        expect((error as Error).message).toContain(`: ${call} cannot use it.`);
        expect((error as AsyncOnlyError).provider).toBe('webcrypto');
      }
    },
  );

  it('digestStream with webcrypto: NotStreamingError, and the source is not read', async () => {
    let pulled = 0;
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(ABC);
        controller.close();
      },
    });
    for (const name of ['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512']) {
      const error = await rejected(digestStream(name, [ABC], { provider: 'webcrypto' }));
      expectDigestError(error, NotStreamingError, 'ERR_NOT_STREAMING', '"webcrypto"');
      expect((error as NotStreamingError).provider).toBe('webcrypto');
    }
    const pulledBefore = pulled;
    expectDigestError(
      await rejected(digestStream('SHA-256', source, { provider: 'webcrypto' })),
      NotStreamingError,
      'ERR_NOT_STREAMING',
    );
    expect(source.locked).toBe(false);
    expect(pulled).toBe(pulledBefore);
  });

  it('exportState() on node: StateUnsupportedError, before and after digest()', () => {
    for (const name of NODE_HAS) {
      const d = createDigest(name, { provider: 'node' }).update(ABC);
      const errors = [caught(() => d.exportState()), caught(() => d.clone().exportState())];
      d.digest();
      errors.push(caught(() => d.exportState()));
      for (const error of errors) {
        expectDigestError(error, StateUnsupportedError, 'ERR_STATE_UNSUPPORTED', '"node"', '"ts"');
        expect((error as StateUnsupportedError).provider).toBe('node');
      }
    }
  });
});

describe.each(providerCases({ sync: true }))('Digest lifecycle, provider %s, %s', (provider, algorithm) => {
  const options = { provider: provider as ProviderChoice };
  const emptyHex = reference(algorithm, EMPTY);

  it('update() returns the same Digest; algorithm and provider are reported', () => {
    const d = createDigest(algorithm, options);
    expect(d).toBeInstanceOf(Digest);
    expect(d.update('a')).toBe(d);
    expect(
      d
        .update(EMPTY)
        .update('b')
        .update(new Uint8Array([0x63])),
    ).toBe(d);
    expect(d.algorithm).toBe(algorithm);
    expect(d.provider).toBe(streamingProvider(provider, algorithm));
    expect(d.digestHex()).toBe(reference(algorithm, ABC));
  });

  it('after digest(): update, digest, digestHex, clone (and exportState) throw FinalizedError', () => {
    const d = createDigest(algorithm, options).update(ABC);
    const first = d.digestHex();
    expect(first).toBe(reference(algorithm, ABC));
    const calls: [string, () => unknown][] = [
      ['update()', () => d.update(ABC)],
      ['update()', () => d.update(EMPTY)],
      ['digest()', () => d.digest()],
      ['digest()', () => d.digestHex()],
      ['clone()', () => d.clone()],
    ];
    if (provider === 'ts') calls.push(['exportState()', () => d.exportState()]);
    for (const [call, fn] of calls) {
      expectDigestError(caught(fn), FinalizedError, 'ERR_FINALIZED', call, 'reset()');
    }
  });

  it('reset() makes it usable again: the empty-input digest, then any input', () => {
    const d = createDigest(algorithm, options).update(ABC);
    d.digest();
    expect(() => d.update(ABC)).toThrow(FinalizedError);
    expect(d.reset()).toBe(d);
    expect(d.digestHex()).toBe(emptyHex);
    expect(d.reset().update(ABC).digestHex()).toBe(reference(algorithm, ABC));
    // reset() mid-stream discards what was fed, and reset() on a fresh digest is harmless
    expect(d.reset().update('xyz').reset().reset().update(ABC).digestHex()).toBe(reference(algorithm, ABC));
    if (provider === 'ts') {
      d.reset();
      expect(hex(d.exportState())).toBe(hex(createDigest(algorithm, options).exportState()));
    }
  });

  it('a clone is independent of the original, before and after either finalizes', () => {
    const d = createDigest(algorithm, options).update('ab');
    const c = d.clone();
    expect(c.algorithm).toBe(algorithm);
    expect(c.provider).toBe(streamingProvider(provider, algorithm));
    expect(d.update('c').digestHex()).toBe(reference(algorithm, ABC));
    expect(c.digestHex()).toBe(reference(algorithm, encoder.encode('ab')));
    expect(() => c.update('x')).toThrow(FinalizedError);
    expect(d.reset().clone().digestHex()).toBe(emptyHex);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Exported state

/** `body` and its CRC-32, as zlib computes it (not the code under test, which must agree). */
function withCrc(body: Uint8Array): Uint8Array {
  const out = new Uint8Array(body.length + 4);
  out.set(body);
  new DataView(out.buffer).setUint32(body.length, zlibCrc32(body));
  return out;
}

describe('the state checksum', () => {
  it('is zlib’s CRC-32, on every length to 100 and on a state', () => {
    const bytes = Uint8Array.from({ length: 100 }, (_, i) => (i * 131 + 7) & 0xff);
    for (let n = 0; n <= 100; n++)
      expect(crc32(bytes.subarray(0, n)), `${n} bytes`).toBe(zlibCrc32(bytes.subarray(0, n)));
    const s = createDigest('SHA-256', { provider: 'ts' }).update('abc').exportState();
    expect(new DataView(s.buffer, s.byteOffset).getUint32(s.length - 4)).toBe(zlibCrc32(s.subarray(0, s.length - 4)));
  });

  it('decodeState restores into a TypeScript engine unless told otherwise', () => {
    const s = createDigest('SHA-1', { provider: 'ts' }).update('ab').exportState();
    const engine = decodeState(s, lookup('SHA-1').spec);
    engine.update(encoder.encode('c'));
    expect(hex(engine.digest())).toBe(reference('SHA-1', encoder.encode('abc')));
  });

  it('decodeState has a branch for every construction kind; a kind without one throws, never restores as another', () => {
    const s = createDigest('SHA-1', { provider: 'ts' }).update('ab').exportState();
    const sha1 = lookup('SHA-1').spec;
    // a construction the type checker would have refused: what unknownConstruction guards at run time
    const stranger = { ...sha1, construction: { kind: 'stranger' } } as unknown as AlgorithmSpec;
    expect(() => decodeState(s, stranger)).toThrow('digestlab: no branch for stranger');
  });

  it('a 20-byte input (header and checksum, no chaining value) is refused for its size; 19 bytes for its header', () => {
    const header = [0x44, 0x4c, 0x53, 0x54, STATE_VERSION, 5];
    const twenty = withCrc(Uint8Array.from({ length: 16 }, (_, i) => header[i] ?? 0));
    expectBadState(twenty, /its size \(20 bytes\) does not fit a SHA-256 state/);
    expectBadState(withCrc(Uint8Array.from({ length: 15 }, (_, i) => header[i] ?? 0)), HEADER_REASON);
    // a foreign header with a valid checksum is refused for its header, not its checksum
    const foreign = twenty.slice(0, 16);
    foreign[0] = 0x45;
    expectBadState(withCrc(foreign), HEADER_REASON);
  });
});

/** A copy of `state` edited by `edit` (on the bytes before the CRC), with a valid CRC again. */
function craft(state: Uint8Array, edit: (view: DataView, body: Uint8Array) => unknown): Uint8Array {
  const body = state.slice(0, state.length - 4);
  const edited = edit(new DataView(body.buffer), body);
  return withCrc(edited instanceof Uint8Array ? edited : body);
}

function setTotal(view: DataView, total: number): void {
  view.setUint32(8, Math.floor(total / 2 ** 32));
  view.setUint32(12, total % 2 ** 32);
}

function stateAfter(algorithm: AlgorithmName, data: Uint8Array): Uint8Array {
  return createDigest(algorithm, { provider: 'ts' }).update(data).exportState();
}

/** importState(state) throws BadStateError; with `why`, its message also gives that reason (what went wrong). */
function expectBadState(state: unknown, why?: RegExp): void {
  const error = caught(() => importState(state as Uint8Array));
  expectDigestError(error, BadStateError, 'ERR_BAD_STATE', 'Not a valid digestlab state');
  if (why) expect((error as Error).message).toMatch(why);
}

const HEADER_REASON = /does not start with the digestlab state header/;
const CHECKSUM_REASON = /its checksum does not match/;

/**
 * The algorithms whose state buffers `total % blockLength` bytes; BLAKE3's tree kind is blake3.test.ts's, XXH3's
 * (whose last block waits for the end, as BLAKE2's) checksums.test.ts's.
 */
const BLOCK_STATES = CANONICAL.filter((a) => a !== 'BLAKE3-256' && !a.startsWith('BLAKE2') && !a.startsWith('XXH3'));

describe.each(BLOCK_STATES)('exported state, %s', (algorithm) => {
  const { blockLength: bl, chain, code } = TABLE[algorithm];

  it('has the documented layout', () => {
    for (const n of [0, 1, bl - 1, bl, bl + 3, 5 * bl + bl - 1]) {
      const data = bytesOf(n, n);
      const s = stateAfter(algorithm, data);
      const view = new DataView(s.buffer, s.byteOffset, s.byteLength);
      const pos = n % bl;
      expect([...s.subarray(0, 4)]).toEqual([0x44, 0x4c, 0x53, 0x54]);
      expect(s[4]).toBe(STATE_VERSION);
      expect(STATE_VERSION).toBe(1);
      expect(s[5]).toBe(code);
      expect(view.getUint16(6)).toBe(pos);
      expect(view.getUint32(8) * 2 ** 32 + view.getUint32(12)).toBe(n);
      expect(s.length).toBe(16 + chain + pos + 4);
      expect(hex(s.subarray(16 + chain, 16 + chain + pos))).toBe(hex(data.subarray(n - pos)));
      expect(view.getUint32(s.length - 4)).toBe(crc32(s.subarray(0, s.length - 4)));
    }
  });

  it('round-trips between fresh imports, keeping the algorithm; imports are independent', () => {
    const data = bytesOf(bl + 5);
    const s = stateAfter(algorithm, data);
    const a = importState(s);
    const b = importState(s.slice());
    for (const d of [a, b]) {
      expect(d).toBeInstanceOf(Digest);
      expect(d.algorithm).toBe(algorithm);
      expect(d.provider).toBe('ts');
      expect(d.digestLength).toBe(TABLE[algorithm].digestLength);
      expect(d.blockLength).toBe(bl);
      expect(hex(d.exportState())).toBe(hex(s));
    }
    // a chain of imports keeps it byte for byte
    expect(hex(importState(importState(importState(s).exportState()).exportState()).exportState())).toBe(hex(s));
    a.update('more');
    expect(hex(b.exportState())).toBe(hex(s));
    expect(a.digestHex()).toBe(reference(algorithm, new Uint8Array([...data, ...encoder.encode('more')])));
    expect(b.digestHex()).toBe(reference(algorithm, data));
    // the fresh state imports to the empty digest
    expect(importState(createDigest(algorithm, { provider: 'ts' }).exportState()).digestHex()).toBe(
      reference(algorithm, EMPTY),
    );
  });

  it('imports from a Buffer and from a view with an offset', () => {
    const data = bytesOf(bl + 2);
    const s = stateAfter(algorithm, data);
    const padded = new Uint8Array(s.length + 11);
    padded.set(s, 7);
    const want = reference(algorithm, data);
    expect(importState(Buffer.from(s)).digestHex()).toBe(want);
    expect(importState(padded.subarray(7, 7 + s.length)).digestHex()).toBe(want);
  });

  it('the crafting helpers make states that import (so the rejections below are meaningful)', () => {
    const s = stateAfter(algorithm, bytesOf(3));
    expect(hex(craft(s, () => undefined))).toBe(hex(s));
    // same buffered bytes, one more whole block counted: consistent, so accepted
    const later = craft(s, (view) => setTotal(view, 3 + 7 * bl));
    const d = importState(later);
    expect(d.algorithm).toBe(algorithm);
    expect(new DataView(d.exportState().buffer).getUint32(12)).toBe(3 + 7 * bl);
  });

  it('refuses every truncation and any extension', () => {
    const s = stateAfter(algorithm, bytesOf(bl + bl - 1));
    for (let n = 0; n < s.length; n++) expectBadState(s.slice(0, n));
    expectBadState(Uint8Array.from([...s, 0]));
    expectBadState(Uint8Array.from([...s, ...s]));
  });

  it('refuses a state with any one byte altered (every position, several flips)', () => {
    for (const n of [0, 2, bl - 1]) {
      const s = stateAfter(algorithm, bytesOf(bl * 2 + n, 9));
      for (let i = 0; i < s.length; i++) {
        for (const flip of [0x01, 0x80, 0xff]) {
          const bad = s.slice();
          bad[i] ^= flip;
          // the header is read first (magic, then version at byte 4), then the CRC over everything
          expectBadState(
            bad,
            i < 4 ? HEADER_REASON : i === 4 ? /format version \d+ is not supported/ : CHECKSUM_REASON,
          );
        }
      }
    }
  });

  it('refuses a wrong version, even with a valid CRC', () => {
    const s = stateAfter(algorithm, bytesOf(5));
    for (const version of [0, 2, 255]) {
      const bad = craft(s, (_, body) => {
        body[4] = version;
        return body;
      });
      expectBadState(bad);
      expect((caught(() => importState(bad)) as Error).message).toContain(`version ${version}`);
    }
  });

  it('refuses a buffered count that does not match the total, even with a valid CRC', () => {
    const s = stateAfter(algorithm, bytesOf(10 % bl || 1));
    const pos = new DataView(s.buffer).getUint16(6);
    for (const total of [pos + 1, pos + bl + 1, Math.max(0, pos - 1), pos + bl - 1]) {
      if (total % bl === pos) continue;
      expectBadState(
        craft(s, (view) => setTotal(view, total)),
        new RegExp(`^.*${pos} buffered bytes cannot follow ${total} bytes hashed`),
      );
    }
    // buffered count that disagrees with the bytes present
    expectBadState(
      craft(s, (view) => view.setUint16(6, pos + 1)),
      /its size \(\d+ bytes\) does not fit/,
    );
    expectBadState(
      craft(s, (view) => view.setUint16(6, pos - 1)),
      /its size \(\d+ bytes\) does not fit/,
    );
    // a whole block "buffered": size consistent, count impossible
    const full = craft(s, (_, body) => {
      const grown = new Uint8Array(16 + chain + bl);
      grown.set(body.subarray(0, 16 + chain));
      const v = new DataView(grown.buffer);
      v.setUint16(6, bl);
      setTotal(v, bl);
      return grown;
    });
    expectBadState(full, new RegExp(`${bl} buffered bytes cannot follow ${bl} bytes hashed`));
  });

  it('refuses a total above 2^53 - 1 and accepts exactly 2^53 - 1', () => {
    const atMax = MAX_LENGTH % bl;
    const s = stateAfter(algorithm, bytesOf(atMax));
    const max = craft(s, (view) => setTotal(view, MAX_LENGTH));
    expect(importState(max).algorithm).toBe(algorithm);
    expect(hex(importState(max).exportState())).toBe(hex(max));
    // 2^53 is a multiple of every block length: buffered 0 is consistent, only the limit refuses it
    const s0 = stateAfter(algorithm, EMPTY);
    expectBadState(
      craft(s0, (view) => setTotal(view, 2 ** 53)),
      /exceeds 2\^53 - 1 bytes/,
    );
    expectBadState(
      craft(s0, (view) => setTotal(view, 2 ** 60)),
      /exceeds 2\^53 - 1 bytes/,
    );
    expectBadState(
      craft(s0, (view) => {
        view.setUint32(8, 0xffffffff);
        view.setUint32(12, 0);
      }),
    );
  });

  it('refuses an unknown algorithm code and a state crafted for another algorithm’s size', () => {
    const s = stateAfter(algorithm, bytesOf(1));
    for (const c of [0, 20, 21, 127, 255]) {
      const bad = craft(s, (_, body) => {
        body[5] = c;
        return body;
      });
      expectBadState(bad);
    }
    // a code whose chaining value has another size
    for (const other of CANONICAL.filter((a) => TABLE[a].chain !== chain)) {
      expectBadState(
        craft(s, (_, body) => {
          body[5] = TABLE[other].code;
          return body;
        }),
        new RegExp(`its size \\(${s.length} bytes\\) does not fit a ${other.replace('/', '\\/')} state`),
      );
    }
  });
});

describe('foreign bytes are not a state', () => {
  it.each([
    ['empty', new Uint8Array(0)],
    ['zeros', new Uint8Array(64)],
    ['PNG header', Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Uint8Array(40)])],
    ['lowercase magic', withCrc(Uint8Array.from([0x64, 0x6c, 0x73, 0x74, 1, 5, 0, 0, ...new Uint8Array(40)]))],
    ['a SHA-256 digest', digest('SHA-256', ABC)],
    ['JSON', encoder.encode('{"algorithm":"SHA-256","state":"..."}')],
  ])('%s', (_, bytes) => {
    expectBadState(bytes, HEADER_REASON);
  });

  it('a magic-only prefix with a valid CRC but no body', () => {
    expectBadState(withCrc(Uint8Array.from([0x44, 0x4c, 0x53, 0x54, 1, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])));
  });

  it.each([
    ['an array of numbers', () => [...stateAfter('SHA-256', ABC)]],
    ['an ArrayBuffer', () => stateAfter('SHA-256', ABC).buffer],
    ['a string', () => 'DLST'],
    ['null', () => null],
    ['undefined', () => undefined],
  ])('%s is refused with BadStateError', (_, make) => {
    expectBadState(make(), /expected a Uint8Array/);
  });
});

describe.each(BLOCK_STATES)('length limit (2^53 - 1 bytes), %s', (algorithm) => {
  const { blockLength: bl } = TABLE[algorithm];

  /** A valid state that has hashed `room` bytes less than the maximum, with `p` bytes buffered. */
  function nearMax(p: number): { state: Uint8Array; room: number } {
    const total = Math.floor((MAX_LENGTH - p) / bl) * bl + p;
    const state = craft(stateAfter(algorithm, bytesOf(p, 4)), (view) => setTotal(view, total));
    return { state, room: MAX_LENGTH - total };
  }

  it('an update past the limit throws LengthLimitError and changes nothing', () => {
    for (const p of [0, 1, bl - 1]) {
      const { state, room } = nearMax(p);
      const d = importState(state);
      const before = d.clone().digestHex();
      const error = caught(() => d.update(new Uint8Array(room + 1)));
      expectDigestError(error, LengthLimitError, 'ERR_LENGTH_LIMIT', String(MAX_LENGTH), String(room + 1));
      expect(hex(d.exportState())).toBe(hex(state));
      // a clone carries the count too
      expect(() => d.clone().update(new Uint8Array(room + 1 + bl))).toThrow(LengthLimitError);
      expect(d.digestHex()).toBe(before);
    }
  });

  it('updates up to exactly 2^53 - 1 bytes are accepted; one more byte is not', () => {
    const { state, room } = nearMax(1);
    const d = importState(state);
    d.update(new Uint8Array(room));
    const view = new DataView(d.exportState().buffer);
    expect(view.getUint32(8) * 2 ** 32 + view.getUint32(12)).toBe(MAX_LENGTH);
    expect(d.update(EMPTY).update('')).toBe(d);
    const before = d.clone().digestHex();
    for (const more of [new Uint8Array(1), 'x', new ArrayBuffer(3)]) {
      expectDigestError(
        caught(() => d.update(more)),
        LengthLimitError,
        'ERR_LENGTH_LIMIT',
      );
    }
    expect(d.digestHex()).toBe(before);
    // and it can start over
    expect(d.reset().update(ABC).digestHex()).toBe(reference(algorithm, ABC));
  });
});

// ---------------------------------------------------------------------------------------------------------
// digestStream

describe('digestStream', () => {
  const data = bytesOf(200_003, 5);
  const sizes = [0, 1, 63, 64, 65, 1000, 0, 4096, 12345, 100_000];
  const pieces: Uint8Array[] = [];
  for (let off = 0, i = 0; off < data.length; i++) {
    const n = Math.min(sizes[i % sizes.length], data.length - off);
    pieces.push(data.subarray(off, off + n));
    off += n;
  }
  let dir = '';
  let file = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'digestlab-api-'));
    file = join(dir, 'data.bin');
    writeFileSync(file, data);
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const SOURCES: [string, () => StreamSource][] = [
    [
      'ReadableStream of Uint8Array chunks',
      () =>
        new ReadableStream<Uint8Array>({
          start(controller) {
            for (const p of pieces) controller.enqueue(p);
            controller.close();
          },
        }),
    ],
    [
      'ReadableStream pulled one chunk at a time, mixed chunk types',
      () => {
        let i = 0;
        return new ReadableStream<Data>({
          pull(controller) {
            if (i === pieces.length) return controller.close();
            const p = pieces[i];
            const kind = i++ % 3;
            controller.enqueue(kind === 0 ? p : kind === 1 ? p.slice().buffer : new DataView(p.slice().buffer));
          },
        });
      },
    ],
    [
      'async generator',
      () =>
        (async function* () {
          for (const p of pieces) {
            await Promise.resolve();
            yield p;
          }
        })(),
    ],
    ['node:stream Readable.from', () => Readable.from(pieces.map((p) => Buffer.from(p)))],
    ['fs.createReadStream of a temp file', () => createReadStream(file, { highWaterMark: 7000 })],
    ['Blob', () => new Blob(pieces as BlobPart[])],
    ['array of chunks (an iterable)', () => pieces],
    [
      'sync generator',
      () =>
        (function* () {
          yield* pieces;
        })(),
    ],
  ];

  const STREAMING = providerCases({ streaming: true });

  it.each(SOURCES)('%s: equals the one-shot digest, for every streaming provider', async (_, make) => {
    for (const [provider, algorithm] of STREAMING) {
      const options = { provider: provider as ProviderChoice };
      const got = await digestStream(algorithm, make(), options);
      expect(got).toBeInstanceOf(Uint8Array);
      expect(hex(got)).toBe(hex(digest(algorithm, data, options)));
      expect(hex(got)).toBe(reference(algorithm, data));
    }
    expect(hex(await digestStream('SHA-256', make()))).toBe(reference('SHA-256', data));
  });

  it.each([
    ['empty array', () => []],
    ['empty ReadableStream', () => new ReadableStream({ start: (c) => c.close() })],
    ['empty Blob', () => new Blob([])],
    ['Readable of empty chunks', () => Readable.from([Buffer.alloc(0), Buffer.alloc(0)])],
    ['string chunks', () => ['a', '', 'b', 'c']],
  ] as [string, () => StreamSource][])('%s', async (name, make) => {
    const want = name === 'string chunks' ? ABC : EMPTY;
    for (const algorithm of CANONICAL) {
      expect(hex(await digestStream(algorithm, make()))).toBe(reference(algorithm, want));
    }
  });

  it.each([
    ['a number', 42, 'number 42'],
    ['null', null, 'null'],
    ['undefined', undefined, 'undefined'],
    ['a plain object', { a: 1 }, 'a plain object'],
    ['a boolean', false, 'boolean false'],
  ])('%s as source: InvalidDataError', async (_, source, given) => {
    for (const provider of ['ts', 'node', 'auto'] as ProviderChoice[]) {
      expectInvalidData(
        await rejected(digestStream('SHA-256', source as unknown as StreamSource, { provider })),
        given,
        'ReadableStream',
      );
    }
  });

  it('a bad chunk: InvalidDataError, and a ReadableStream source is cancelled with it', async () => {
    expectInvalidData(await rejected(digestStream('SHA-1', [ABC, 42 as unknown as Data])), 'number 42');
    expectInvalidData(
      await rejected(
        digestStream(
          'MD5',
          (async function* () {
            yield ABC;
            yield null as unknown as Data;
          })(),
        ),
      ),
      'null',
    );
    let reason: unknown;
    const source = new ReadableStream<unknown>({
      start(controller) {
        controller.enqueue(ABC);
        controller.enqueue({});
      },
      cancel(r) {
        reason = r;
      },
    });
    const error = await rejected(digestStream('SHA-256', source as ReadableStream<Data>));
    expectInvalidData(error, 'a plain object');
    expect(reason).toBe(error);
    expect(source.locked).toBe(false);
  });

  it('a source that errors mid-way rejects with that very error', async () => {
    const boom = (label: string) => Object.assign(new Error(`boom: ${label}`), { label });

    const e1 = boom('readable stream');
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 3) controller.enqueue(pieces[sent]);
        else controller.error(e1);
      },
    });
    expect(await rejected(digestStream('SHA-256', stream))).toBe(e1);
    expect(sent).toBe(4);

    const e2 = boom('async generator');
    let yielded = 0;
    const gen = (async function* () {
      yield pieces[3];
      yielded++;
      yield pieces[4];
      yielded++;
      throw e2;
    })();
    expect(await rejected(digestStream('SHA-512', gen, { provider: 'ts' }))).toBe(e2);
    expect(yielded).toBe(2);

    const e3 = boom('node readable');
    const readable = new Readable({ read() {} });
    readable.push(Buffer.from(pieces[5]));
    setTimeout(() => readable.destroy(e3), 5);
    expect(await rejected(digestStream('MD5', readable, { provider: 'node' }))).toBe(e3);

    const e4 = boom('sync iterable');
    const iterable: Iterable<Data> = {
      *[Symbol.iterator]() {
        yield ABC;
        throw e4;
      },
    };
    expect(await rejected(digestStream('MD2', iterable))).toBe(e4);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Family subpath modules

describe('family subpath modules agree with digest()', () => {
  /** A family entry point's one-shot, hex one-shot and `create…`, by the names test/families/ gives. */
  type Functions = [(d: Data) => Uint8Array, (d: Data) => string, () => Digest];
  const MODULES = new Map(ENTRY_MODULES.map((m) => [m.name, m.module]));
  const FAMILY: [AlgorithmName, ...Functions][] = CANONICAL.flatMap((a) => {
    const entry = TABLE[a].entry;
    if (entry === undefined) return [];
    const m = MODULES.get(entry.module) ?? {};
    const create = `create${entry.name[0].toUpperCase()}${entry.name.slice(1)}`;
    // BLAKE2's and BLAKE3's take options (a key, a length): called here without
    const [f, fHex, fCreate] = [m[entry.name], m[`${entry.name}Hex`], m[create]] as [
      Functions[0],
      Functions[1],
      () => Digest,
    ];
    return [[a, (d: Data) => f(d), (d: Data) => fHex(d), () => fCreate()]];
  });

  it("covers every algorithm, and each of package.json's family entry points re-exports the same Digest class", () => {
    // the checksums have no family entry point
    expect(FAMILY.map(([a]) => a)).toEqual(CANONICAL.filter((a) => !CHECKSUM_NAMES.includes(a)));
    for (const [a, ...functions] of FAMILY) for (const f of functions) expect(f, a).toBeTypeOf('function');
    expect(ENTRY_MODULES.map((m) => m.name).sort()).toEqual(
      Object.keys(PACKAGE.exports)
        .filter((k) => k !== '.' && k !== './package.json' && !k.endsWith('.wasm'))
        .map((k) => k.slice(2))
        .sort(),
    );
    for (const { module } of ENTRY_MODULES) expect(module.Digest).toBe(Digest);
  });

  it("SHAKE's functions take an output length, checked as digest()'s option is", () => {
    const data = bytesOf(500);
    for (const [name, bytes, hexOf, create] of [
      ['SHAKE128', sha3m.shake128, sha3m.shake128Hex, sha3m.createShake128],
      ['SHAKE256', sha3m.shake256, sha3m.shake256Hex, sha3m.createShake256],
    ] as const) {
      for (const n of [0, 1, 167, 168, 169, 1000]) {
        const want = reference(name, data, n);
        expect(hex(bytes(data, n))).toBe(want);
        expect(hexOf(data, n)).toBe(want);
        const d = create(n);
        expect(d.digestLength).toBe(n);
        expect(d.update(data).digestHex()).toBe(want);
      }
      for (const bad of [-1, 1.5, Number.NaN, 2 ** 53]) {
        expect(() => hexOf(data, bad)).toThrow(InvalidOptionError);
        expect(() => create(bad)).toThrow(InvalidOptionError);
      }
    }
  });

  it.each(FAMILY)('%s', (algorithm, oneShot, oneShotHex, create) => {
    const inputs: Data[] = [
      '',
      'abc',
      '\u{1F600}\uD800x',
      bytesOf(1000),
      new Int16Array(bytesOf(300).buffer, 2, 77),
      new DataView(bytesOf(130).buffer, 1, 128),
      bytesOf(257).buffer,
    ];
    for (const data of inputs) {
      const want = digestHex(algorithm, data, { provider: 'ts' });
      expect(hex(oneShot(data))).toBe(want);
      expect(oneShotHex(data)).toBe(want);
      const d = create();
      expect(d).toBeInstanceOf(Digest);
      expect(d.algorithm).toBe(algorithm);
      expect(d.provider).toBe('ts');
      expect(d.update(data).digestHex()).toBe(want);
      expect(() => d.update('x')).toThrow(FinalizedError);
    }
    expect(oneShotHex('abc')).toBe(reference(algorithm, ABC));
    expect(oneShotHex('')).toBe(algorithm === 'MD2' ? MD2_EMPTY : reference(algorithm, EMPTY));
    // state from a family module continues through importState, and the reverse
    const s = create().update('ab').exportState();
    expect(importState(s).update('c').digestHex()).toBe(oneShotHex('abc'));
    expect(hex(s)).toBe(hex(createDigest(algorithm, { provider: 'ts' }).update('ab').exportState()));
    expectInvalidData(caught(() => oneShot(7 as unknown as Data)));
  });
});

// ---------------------------------------------------------------------------------------------------------
// UTF-8

describe('UTF-8: strings encode exactly as TextEncoder does', () => {
  const SPECIALS: [string, string][] = [
    ['lone high surrogate', '\uD800'],
    ['lone high surrogate DBFF', '\uDBFF'],
    ['lone low surrogate', '\uDC00'],
    ['lone low surrogate DFFF', '\uDFFF'],
    ['low then high (reversed pair)', '\uDC00\uD800'],
    ['two highs then a low', '\uD83D\uD83D\uDE00'],
    ['surrogate pair U+1F600', '\u{1F600}'],
    ['U+10000', '\u{10000}'],
    ['U+10FFFF', '\u{10FFFF}'],
    ['U+FFFF', '\uFFFF'],
    ['U+FFFD', '\uFFFD'],
    ['U+FEFF', '\uFEFF'],
    ['U+D7FF and U+E000', '\uD7FF\uE000'],
    ['U+0000', '\u0000'],
    ['U+007F U+0080', '\u007F\u0080'],
    ['U+07FF U+0800', '\u07FF\u0800'],
  ];

  function check(s: string): void {
    const want = encoder.encode(s);
    expect(hex(toBytes(s))).toBe(hex(want));
    expect(hex(toBytesTransient(s))).toBe(hex(want));
    expect(digestHex('SHA-256', s, { provider: 'ts' })).toBe(reference('SHA-256', want));
    expect(digestHex('MD5', s, { provider: 'node' })).toBe(reference('MD5', want));
    expect(createDigest('SHA-1', { provider: 'ts' }).update(s).digestHex()).toBe(reference('SHA-1', want));
  }

  describe.each(SPECIALS)('%s', (_, special) => {
    // strings up to TRANSIENT_MAX_UNITS are encoded into a shared scratch buffer, longer ones into their own array
    const M = TRANSIENT_MAX_UNITS;
    it.each([
      ['alone', 0],
      ['short', 40],
      ['just under the switch (M - 2 to M code units)', M - 3],
      ['across the switch (M to M + 2 code units)', M - 1],
      ['long (> M code units)', M + 700],
    ])('at the start, in the middle and at the end, %s', (__, pad) => {
      const filler = (n: number) => 'a\u00e9\u4e2d'.repeat(Math.ceil(n / 3)).slice(0, n);
      const cases = [special, `${special}${filler(pad)}`, `${filler(pad >> 1)}${special}${filler(pad - (pad >> 1))}`];
      cases.push(`${filler(pad)}${special}`);
      for (const s of cases) check(s);
    });
  });

  it('every length around the switch, with a surrogate pair or a lone surrogate across the boundary', () => {
    for (let n = TRANSIENT_MAX_UNITS - 6; n <= TRANSIENT_MAX_UNITS + 6; n++) {
      for (const special of ['\u{1F600}', '\uD800', '\uDC00', '\uDBFF\uDFFF', '\uFFFF']) {
        for (let at = n - 3; at <= n; at++) {
          const s = `${'x'.repeat(at)}${special}${'y'.repeat(Math.max(0, n - at - special.length))}`;
          check(s);
          check(s.slice(0, n));
        }
      }
    }
  });

  it('strings up to TRANSIENT_MAX_UNITS share one scratch buffer, longer ones get their own; toBytes’ are the caller’s', () => {
    const M = TRANSIENT_MAX_UNITS;
    const scratch = toBytesTransient('a').buffer;
    expect(toBytesTransient('x'.repeat(M)).buffer).toBe(scratch);
    expect(toBytesTransient('\u4e2d'.repeat(M)).buffer).toBe(scratch); // 3 bytes a unit: the most it takes
    const long = toBytesTransient('x'.repeat(M + 1));
    expect(long.buffer).not.toBe(scratch);
    expect(long).toEqual(encoder.encode('x'.repeat(M + 1)));
    expect(toBytes('a').buffer).not.toBe(toBytes('a').buffer);
  });

  it('toHex: lowercase, two digits a byte, at every length to 200 (past its 64-byte pieces)', () => {
    const all = Uint8Array.from({ length: 200 }, (_, i) => (i * 37 + 11) & 0xff);
    for (let n = 0; n <= 200; n++)
      expect(toHex(all.subarray(0, n))).toBe(Buffer.from(all.subarray(0, n)).toString('hex'));
  });

  it('a string of nothing but surrogates, short and long', () => {
    for (const n of [1, 2, 3, 600, TRANSIENT_MAX_UNITS - 1, TRANSIENT_MAX_UNITS, TRANSIENT_MAX_UNITS + 1]) {
      check('\uD800'.repeat(n));
      check('\uDC00'.repeat(n));
      check('\uDBFF\uDFFF'.repeat(n).slice(0, n));
      check(`\uDC00${'\uD83D\uDE00'.repeat(n)}`.slice(0, n));
    }
  });

  it('fast-check: any UTF-16 string up to 600 code units', () => {
    const unit = fc.oneof(
      { weight: 3, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
      { weight: 1, arbitrary: fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)) },
      { weight: 1, arbitrary: fc.constantFrom('\uFFFF', '\u{10FFFF}', '\u0080', '\u07FF', '\u0800', 'a') },
    );
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 600 }),
          fc.string({ unit, maxLength: 300 }),
          fc.string({ unit, minLength: 200, maxLength: 600 }),
        ),
        (s) => {
          const want = encoder.encode(s);
          expect(hex(toBytesTransient(s))).toBe(hex(want));
          expect(digestHex('SHA-256', s, { provider: 'ts' })).toBe(reference('SHA-256', want));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
