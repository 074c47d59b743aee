/**
 * What is particular to the sponges (SHA-3, SHAKE, Keccak): the `outputLength` option on every call and its
 * refusals, boundaries around the rate (input) and around multiples of it (SHAKE's output), the sponge kind of
 * exported state, Keccak against @noble/hashes and the empty KECCAK-256 everyone knows, and fast-check
 * differentials with inputs around the rate, split everywhere. (The CAVP files run in kat.test.ts; the generic
 * suites, api, differential and default, run these algorithms like every other.)
 */
import { Buffer } from 'node:buffer';
import { keccak_224, keccak_256, keccak_384, keccak_512 } from '@noble/hashes/sha3.js';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type AlgorithmName,
  AlgorithmUnavailableError,
  algorithms,
  BadStateError,
  createDigest,
  type Digest,
  digest,
  digestAsync,
  digestHex,
  digestHexAsync,
  digestMany,
  digestStream,
  InvalidOptionError,
  importState,
  type ProviderChoice,
  providers,
  ready,
  UnknownAlgorithmError,
} from '../src/index.js';
import { crc32 } from '../src/shared/state-envelope.js';
import { INPUT_CAPACITY } from '../src/wasm/layout.js';
import { CASE_PROVIDERS, MUTATION_PROFILE, NODE_HAS, pseudoRandomBytes, reference } from './helpers/common.js';
import { HOST } from './helpers/host.js';

const hex = (b: Uint8Array): string => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('hex');
const bytes = (n: number, seed = n): Uint8Array => pseudoRandomBytes(n, seed + 1);

const SHA3: AlgorithmName[] = ['SHA3-224', 'SHA3-256', 'SHA3-384', 'SHA3-512'];
const SHAKE: AlgorithmName[] = ['SHAKE128', 'SHAKE256'];
const KECCAK: AlgorithmName[] = ['KECCAK-224', 'KECCAK-256', 'KECCAK-384', 'KECCAK-512'];
const SPONGES = [...SHA3, ...SHAKE, ...KECCAK];

/** The rate in bytes, from FIPS 202: 200 − capacity / 8, the capacity twice the security (SHAKE128: 256 bits). */
const RATE: Record<string, number> = {
  'SHA3-224': 144,
  'SHA3-256': 136,
  'SHA3-384': 104,
  'SHA3-512': 72,
  SHAKE128: 168,
  SHAKE256: 136,
  'KECCAK-224': 144,
  'KECCAK-256': 136,
  'KECCAK-384': 104,
  'KECCAK-512': 72,
};

const NOBLE: Partial<Record<AlgorithmName, (m: Uint8Array) => Uint8Array>> = {
  'KECCAK-224': keccak_224,
  'KECCAK-256': keccak_256,
  'KECCAK-384': keccak_384,
  'KECCAK-512': keccak_512,
};

/** The synchronous, streaming providers that have `algorithm` here, and `auto`. */
function syncProviders(algorithm: AlgorithmName): ProviderChoice[] {
  return CASE_PROVIDERS.filter((p) => p.sync && p.streaming && p.algorithms.includes(algorithm)).map((p) => p.id);
}

function caught(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw');
}

function expectInvalidOption(error: unknown, ...parts: string[]): void {
  expect(error).toBeInstanceOf(InvalidOptionError);
  expect(error).toBeInstanceOf(RangeError);
  expect((error as InvalidOptionError).code).toBe('ERR_INVALID_OPTION');
  expect((error as InvalidOptionError).option).toBe('outputLength');
  expect((error as Error).name).toBe('InvalidOptionError');
  for (const part of parts) expect((error as Error).message).toContain(part);
}

// ---------------------------------------------------------------------------------------------------------

describe('registry', () => {
  it('algorithms(): the rate is the block length, xof only for SHAKE (and BLAKE3), default output lengths 16 and 32', () => {
    const info = new Map(algorithms().map((a) => [a.name, a]));
    for (const name of SPONGES) {
      expect(info.get(name)?.blockLength, name).toBe(RATE[name]);
      expect(info.get(name)?.xof, name).toBe(name.startsWith('SHAKE'));
      expect(info.get(name)?.broken, name).toBe(false);
    }
    expect(info.get('SHAKE128')?.digestLength).toBe(16);
    expect(info.get('SHAKE256')?.digestLength).toBe(32);
    for (const a of algorithms()) if (!SPONGES.includes(a.name)) expect(a.xof, a.name).toBe(a.name === 'BLAKE3-256');
  });

  it('an unknown name lists the new algorithms among the known ones', () => {
    const error = caught(() => digest('SHA3-257', 'x'));
    expect(error).toBeInstanceOf(UnknownAlgorithmError);
    for (const name of SPONGES) expect((error as Error).message).toContain(name);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('providers, found by trying', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.resetModules();
  });

  it("node: SHA-3 and SHAKE where this node:crypto creates them (Node 20's OpenSSL 3.0: no Keccak)", () => {
    const node = providers().find((p) => p.id === 'node');
    expect(node?.algorithms.filter((a) => SPONGES.includes(a))).toEqual(SPONGES.filter((a) => NODE_HAS.includes(a)));
    expect(NODE_HAS).toEqual(expect.arrayContaining([...SHA3, ...SHAKE]));
  });

  // what each runtime's crypto.subtle.digest takes, as the runtimes test also finds: Bun 1.4 and Deno 2.9 take
  // SHA3-256/384/512, Node 20 none
  const SUBTLE_SHA3 = HOST.runtime === 'node' ? [] : ['SHA3-256', 'SHA3-384', 'SHA3-512'];
  it(`webcrypto on ${HOST.runtime}, once probed: ${SUBTLE_SHA3.join(', ') || 'no SHA-3'}; a SHA-3 call it lacks names the providers that have it`, async () => {
    await ready();
    expect(providers().find((p) => p.id === 'webcrypto')?.algorithms).toEqual([
      'SHA-1',
      'SHA-256',
      'SHA-384',
      'SHA-512',
      ...SUBTLE_SHA3,
    ]);
    for (const name of SUBTLE_SHA3 as AlgorithmName[]) {
      expect(hex(await digestAsync(name, 'x', { provider: 'webcrypto' })), name).toBe(
        reference(name, new TextEncoder().encode('x')),
      );
    }
    const error = await digestAsync('SHA3-224', 'x', { provider: 'webcrypto' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AlgorithmUnavailableError);
    expect((error as Error).message).toContain('ts, wasm, node');
  });

  it('webcrypto: a runtime whose crypto.subtle.digest takes SHA3-256 gets it (Bun and Deno do)', async () => {
    const real = crypto.subtle.digest.bind(crypto.subtle);
    // a runtime that takes SHA3-256 alone (the real one here may take more, or none)
    vi.spyOn(crypto.subtle, 'digest').mockImplementation((algorithm, data) =>
      algorithm === 'SHA3-256'
        ? Promise.resolve(new Uint8Array(32).fill(7).buffer)
        : String(algorithm).startsWith('SHA3')
          ? Promise.reject(new DOMException('Unrecognized name', 'NotSupportedError'))
          : real(algorithm, data),
    );
    const fresh = await import('../src/providers/webcrypto.js');
    expect(fresh.webcryptoProvider.has('SHA3-256')).toBe(false); // not asked yet
    await fresh.probeWebCrypto();
    expect(
      ['SHA3-224', 'SHA3-256', 'SHA3-384', 'SHA3-512', 'SHAKE128'].filter((a) =>
        fresh.webcryptoProvider.has(a as AlgorithmName),
      ),
    ).toEqual(['SHA3-256']);
    expect(hex(await fresh.webcryptoProvider.digestAsync('SHA3-256', new Uint8Array(3)))).toBe('07'.repeat(32));
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('outputLength', () => {
  const data = bytes(300);

  describe.each(SHAKE)('%s', (algorithm) => {
    const lengths = [
      0,
      1,
      31,
      32,
      RATE[algorithm] - 1,
      RATE[algorithm],
      RATE[algorithm] + 1,
      3 * RATE[algorithm],
      5000,
    ];

    it.each(syncProviders(algorithm))('every call takes it, provider %s', async (provider) => {
      for (const n of lengths) {
        const want = reference(algorithm, data, n);
        const options = { provider, outputLength: n };
        expect(digestHex(algorithm, data, options), `digestHex ${n}`).toBe(want);
        expect(hex(digest(algorithm, data, options)), `digest ${n}`).toBe(want);
        expect(hex(await digestAsync(algorithm, data, options)), `digestAsync ${n}`).toBe(want);
        expect(await digestHexAsync(algorithm, data, options), `digestHexAsync ${n}`).toBe(want);
        const d = createDigest(algorithm, options);
        expect(d.digestLength).toBe(n);
        expect(d.update(data.subarray(0, 100)).update(data.subarray(100)).digestHex(), `createDigest ${n}`).toBe(want);
        expect(hex(await digestStream(algorithm, [data.subarray(0, 7), data.subarray(7)], options))).toBe(want);
        const many = digestMany(algorithm, [data, data.subarray(0, 5), ''], options).map(hex);
        expect(many, `digestMany ${n}`).toEqual([
          want,
          reference(algorithm, data.subarray(0, 5), n),
          reference(algorithm, new Uint8Array(0), n),
        ]);
      }
    });

    it.each(syncProviders(algorithm))('clone(), reset() and exportState() keep it, provider %s', (provider) => {
      const d = createDigest(algorithm, { provider, outputLength: 77 }).update(data.subarray(0, 150));
      const c = d.clone();
      expect(c.digestLength).toBe(77);
      c.update(data.subarray(150));
      expect(c.digestHex()).toBe(reference(algorithm, data, 77));
      d.reset().update(data);
      expect(d.digestHex()).toBe(reference(algorithm, data, 77));
      if (provider !== 'node' && provider !== 'auto') {
        const s = createDigest(algorithm, { provider, outputLength: 77 }).update(data.subarray(0, 150)).exportState();
        for (const target of ['ts', 'wasm'] as const) {
          const r = importState(s, { provider: target });
          expect(r.digestLength).toBe(77);
          expect(r.update(data.subarray(150)).digestHex(), `into ${target}`).toBe(reference(algorithm, data, 77));
        }
      }
    });

    it('without the option, the default; undefined is no option', () => {
      expect(digestHex(algorithm, data, { outputLength: undefined })).toBe(reference(algorithm, data));
      expect(createDigest(algorithm).digestLength).toBe(algorithm === 'SHAKE128' ? 16 : 32);
    });

    it('bad values are refused on every call, before anything is hashed', async () => {
      for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, '16', null, 16n]) {
        const options = { outputLength: bad as number };
        expectInvalidOption(
          caught(() => digest(algorithm, data, options)),
          'non-negative safe integer',
        );
        expectInvalidOption(caught(() => digestHex(algorithm, data, options)));
        expectInvalidOption(caught(() => createDigest(algorithm, options)));
        expectInvalidOption(caught(() => digestMany(algorithm, [data], options)));
        await expect(digestAsync(algorithm, data, options)).rejects.toThrow(InvalidOptionError);
        await expect(digestHexAsync(algorithm, data, options)).rejects.toThrow(InvalidOptionError);
        await expect(digestStream(algorithm, [data], options)).rejects.toThrow(InvalidOptionError);
      }
    });
  });

  it.each([...SHA3, ...KECCAK, 'SHA-256', 'MD5', 'MD2'] as AlgorithmName[])(
    'is refused for %s, which has a fixed length (even its own length)',
    async (algorithm) => {
      const own = algorithms().find((a) => a.name === algorithm)?.digestLength ?? 0;
      for (const n of [0, 16, own]) {
        const options = { outputLength: n };
        expectInvalidOption(
          caught(() => digest(algorithm, data, options)),
          algorithm,
          'fixed digest length',
        );
        expectInvalidOption(caught(() => digestHex(algorithm, data, options)));
        expectInvalidOption(caught(() => createDigest(algorithm, options)));
        expectInvalidOption(caught(() => digestMany(algorithm, [data], options)));
        await expect(digestAsync(algorithm, data, options)).rejects.toThrow(InvalidOptionError);
        await expect(digestHexAsync(algorithm, data, options)).rejects.toThrow(InvalidOptionError);
        await expect(digestStream(algorithm, [data], options)).rejects.toThrow(InvalidOptionError);
      }
    },
  );
});

// ---------------------------------------------------------------------------------------------------------

describe.each(SPONGES)('around the rate, %s', (algorithm) => {
  const rate = RATE[algorithm];
  const lengths = [0, 1, rate - 2, rate - 1, rate, rate + 1, rate + 2, 2 * rate - 1, 2 * rate, 2 * rate + 1, 5 * rate];

  it.each(syncProviders(algorithm))('one-shot, and split at every point near a block edge, provider %s', (provider) => {
    for (const n of lengths) {
      const m = bytes(n);
      const want = reference(algorithm, m);
      expect(digestHex(algorithm, m, { provider }), `${n} bytes`).toBe(want);
      for (const k of [0, 1, rate - 1, rate, rate + 1, n - rate, n - 1, n].filter((x) => x >= 0 && x <= n)) {
        const d = createDigest(algorithm, { provider }).update(m.subarray(0, k)).update(m.subarray(k));
        expect(d.digestHex(), `${n} bytes split at ${k}`).toBe(want);
      }
    }
  });

  it.each(syncProviders(algorithm))('byte by byte over three rates, provider %s', (provider) => {
    const m = bytes(3 * rate + 1);
    const d = createDigest(algorithm, { provider });
    for (let i = 0; i < m.length; i++) {
      d.update(m.subarray(i, i + 1));
      if (i % rate === rate - 1 || i === m.length - 1) {
        expect(d.clone().digestHex(), `after ${i + 1} bytes`).toBe(reference(algorithm, m.subarray(0, i + 1)));
      }
    }
  });
});

describe.each(SPONGES)('wasm one-shots around its input area, %s', (algorithm) => {
  const wasm = { provider: 'wasm' } as const;
  const encoder = new TextEncoder();
  // the digest length, and for SHAKE lengths read from memory as words (32, the rate) or not (31, beyond the rate)
  const lengths = SHAKE.includes(algorithm) ? [32, 31, RATE[algorithm], 2 * RATE[algorithm] + 4] : [undefined];

  it('bytes: absorbed in place up to the area, streamed past it; hex and bytes agree with the reference', () => {
    for (const n of [INPUT_CAPACITY - 1, INPUT_CAPACITY, INPUT_CAPACITY + 1]) {
      const m = bytes(n);
      for (const outputLength of lengths) {
        const want = reference(algorithm, m, outputLength);
        expect(digestHex(algorithm, m, { ...wasm, outputLength }), `${n} bytes, ${outputLength} out`).toBe(want);
        expect(hex(digest(algorithm, m, { ...wasm, outputLength })), `${n} bytes, ${outputLength} out`).toBe(want);
      }
    }
  });

  it('strings of 3-byte characters: encoded in place when they surely fit, else streamed', () => {
    const most = Math.floor(INPUT_CAPACITY / 3);
    for (const units of [most, most + 1]) {
      const s = '€'.repeat(units);
      for (const outputLength of lengths) {
        const want = reference(algorithm, encoder.encode(s), outputLength);
        expect(digestHex(algorithm, s, { ...wasm, outputLength }), `${units} units, ${outputLength} out`).toBe(want);
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('exported state, sponge kind', () => {
  /** `state` with `edit` applied to its body and a fresh CRC. */
  function craft(state: Uint8Array, edit: (view: DataView, body: Uint8Array) => Uint8Array | undefined): Uint8Array {
    const body = state.slice(0, state.length - 4);
    const edited = edit(new DataView(body.buffer), body) ?? body;
    const out = new Uint8Array(edited.length + 4);
    out.set(edited);
    new DataView(out.buffer).setUint32(edited.length, crc32(edited));
    return out;
  }
  const expectBad = (state: Uint8Array, why: RegExp) => {
    const error = caught(() => importState(state));
    expect(error).toBeInstanceOf(BadStateError);
    expect((error as BadStateError).code).toBe('ERR_BAD_STATE');
    expect((error as Error).message).toMatch(why);
  };

  it('an output length past 2^32 bytes keeps its high word (SHAKE128 and SHAKE256, 2^40 + 3)', () => {
    for (const algorithm of ['SHAKE128', 'SHAKE256']) {
      const state = createDigest(algorithm, { outputLength: 2 ** 40 + 3 })
        .update('abc')
        .exportState();
      expect(new DataView(state.buffer).getUint32(16), algorithm).toBe(2 ** 8);
      expect(importState(state).digestLength, algorithm).toBe(2 ** 40 + 3);
    }
    // auto streamed that on ours; node:crypto, asked for it, refuses with the option's error, not its RangeError
    expect(createDigest('SHAKE128', { outputLength: 2 ** 32 }).provider).not.toBe('node');
    if (providers().some((p) => p.id === 'node' && p.available && p.algorithms.includes('SHAKE128'))) {
      expect(() => createDigest('SHAKE128', { provider: 'node', outputLength: 2 ** 32 })).toThrow(InvalidOptionError);
      expect(createDigest('SHAKE128', { provider: 'node', outputLength: 2 ** 32 - 1 }).digestLength).toBe(2 ** 32 - 1);
    }
  });

  it.each(SPONGES)('%s: output length, then FIPS 202 state bytes, then the buffered bytes', (algorithm) => {
    const rate = RATE[algorithm];
    const m = bytes(rate + 5);
    const s = createDigest(algorithm, { provider: 'ts' }).update(m).exportState();
    const view = new DataView(s.buffer);
    expect(s.length).toBe(16 + 8 + 200 + 5 + 4);
    expect(view.getUint32(16) * 2 ** 32 + view.getUint32(20)).toBe(
      algorithms().find((a) => a.name === algorithm)?.digestLength,
    );
    expect(hex(s.subarray(224, 229))).toBe(hex(m.subarray(rate)));
    // after one whole block of input the state is no longer zero; the wasm engine exports the same bytes
    expect(s.subarray(24, 224).some((b) => b !== 0)).toBe(true);
    expect(hex(createDigest(algorithm, { provider: 'wasm' }).update(m).exportState())).toBe(hex(s));
  });

  it('a Merkle–Damgård state relabelled as a sponge (and the reverse) is ERR_BAD_STATE, even with a valid CRC', () => {
    const md = createDigest('SHA-256', { provider: 'ts' }).update('abc').exportState();
    const sponge = createDigest('SHA3-256', { provider: 'ts' }).update('abc').exportState();
    expectBad(
      craft(md, (_, body) => {
        body[5] = 11; // SHA3-256
        return body;
      }),
      /does not fit a SHA3-256 state \(sponge kind\)/,
    );
    expectBad(
      craft(sponge, (_, body) => {
        body[5] = 5; // SHA-256
        return body;
      }),
      /does not fit a SHA-256 state \(Merkle–Damgård kind\)/,
    );
  });

  it('a fixed-length algorithm refuses another output length; any length is refused past 2^53 - 1', () => {
    const s = createDigest('KECCAK-256', { provider: 'ts' }).update('abc').exportState();
    expectBad(
      craft(s, (view) => {
        view.setUint32(20, 33);
        return undefined;
      }),
      /output length 33 is not KECCAK-256's 32 bytes/,
    );
    const shake = createDigest('SHAKE128', { provider: 'ts', outputLength: 5 }).exportState();
    expectBad(
      craft(shake, (view) => {
        view.setUint32(16, 2 ** 21);
        return undefined;
      }),
      /output length exceeds 2\^53 - 1/,
    );
    // the largest output length is accepted (nothing is allocated until digest())
    const max = craft(shake, (view) => {
      view.setUint32(16, 2 ** 21 - 1);
      view.setUint32(20, 0xffffffff);
      return undefined;
    });
    expect(importState(max).digestLength).toBe(Number.MAX_SAFE_INTEGER);
  });
});

// ---------------------------------------------------------------------------------------------------------

describe('Keccak (the submission padding, as Ethereum uses it)', () => {
  it.each(syncProviders('KECCAK-256'))("the empty KECCAK-256 is Ethereum's c5d24601..., provider %s", (provider) => {
    const empty = 'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470';
    expect(digestHex('KECCAK-256', '', { provider })).toBe(empty);
    expect(digestHex('keccak256', new Uint8Array(0), { provider })).toBe(empty);
    expect(createDigest('KECCAK-256', { provider }).digestHex()).toBe(empty);
    // and it is not SHA3-256's: only the padding differs
    expect(digestHex('SHA3-256', '', { provider })).toBe(
      'a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a',
    );
  });
});

// ---------------------------------------------------------------------------------------------------------
// fast-check: inputs around multiples of the rate, split anywhere, against node:crypto and @noble/hashes

const RUNS = MUTATION_PROFILE ? 20 : 100;
const OPTIONS = { numRuns: RUNS, interruptAfterTimeLimit: 15_000, markInterruptAsFailure: true };

/** A length within 3 bytes of k · rate (k ≤ 6), or any length up to 2 KiB. */
const lengthNear = (rate: number) =>
  fc.oneof(
    fc
      .tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: -3, max: 3 }))
      .map(([k, d]) => Math.max(0, k * rate + d)),
    fc.integer({ min: 0, max: 2048 }),
  );

/** A message and cut points into it (sorted, repeats allowed: empty pieces). */
const messageAndCuts = (rate: number) =>
  lengthNear(rate).chain((n) =>
    fc.tuple(
      fc.integer({ min: 1, max: 2 ** 31 - 1 }).map((seed) => bytes(n, seed)),
      fc.array(fc.integer({ min: 0, max: n }), { maxLength: 6 }).map((cuts) => [...cuts].sort((a, b) => a - b)),
    ),
  );

function pieces(m: Uint8Array, cuts: number[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  let from = 0;
  for (const c of [...cuts, m.length]) {
    out.push(m.subarray(from, c));
    from = c;
  }
  return out;
}

function fed(d: Digest, parts: Uint8Array[]): Digest {
  for (const p of parts) d.update(p);
  return d;
}

describe.each(SPONGES)('differential, %s', (algorithm) => {
  const rate = RATE[algorithm];
  const noble = NOBLE[algorithm];
  const expected = (m: Uint8Array, n?: number): string => (noble ? hex(noble(m)) : reference(algorithm, m, n));

  it('the references agree: node:crypto for SHA-3 and SHAKE, @noble/hashes for Keccak (Node 20 has none)', () => {
    expect(NODE_HAS.includes(algorithm)).toBe(noble === undefined);
  });

  it.each(syncProviders(algorithm))('one-shot and split anywhere, provider %s', (provider) => {
    const xof = algorithm.startsWith('SHAKE');
    fc.assert(
      fc.property(messageAndCuts(rate), fc.integer({ min: 0, max: 3 * rate + 2 }), ([m, cuts], n) => {
        const outputLength = xof ? n : undefined;
        const want = expected(m, outputLength);
        expect(digestHex(algorithm, m, { provider, outputLength })).toBe(want);
        const d = fed(createDigest(algorithm, { provider, outputLength }), pieces(m, cuts));
        expect(d.digestHex()).toBe(want);
      }),
      OPTIONS,
    );
  });
});
