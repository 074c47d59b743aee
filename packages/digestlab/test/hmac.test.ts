/**
 * HMAC (RFC 2104) through every provider:
 *
 *   MD5, SHA-1        RFC 2202's test cases (vectors/hmac/rfc-2202-*.txt)
 *   SHA-224 ... 512   RFC 4231's test cases (vectors/hmac/rfc-4231-*.txt)
 *   RIPEMD-160        RFC 2286's test cases (vectors/hmac/rfc-2286-ripemd160.txt)
 *   MD4, RIPEMD-128, -256, -320   RFC 2104's formula over the test suite's own hashes (helpers/ripemd.ts)
 *   SM3, Whirlpool, Tiger  RFC 4231's keys and messages, MACs from BouncyCastle (vectors/hmac/bc-*.txt)
 *   every algorithm   node:crypto's createHmac, called directly, on random keys (0 to 300 bytes) and messages
 *                     (empty included), fed whole, at every split and in random chunks (fast-check)
 *   MD2               RFC 2104's formula computed here over the test suite's own MD2 (helpers/md2.ts)
 *
 * and the API: Java's Mac names, the Mac lifecycle (clone, reset to the keyed start), hmacVerify, and the errors.
 */
import { createHmac as nodeCreateHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { keccak_224, keccak_256, keccak_384, keccak_512 } from '@noble/hashes/sha3.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NODE_HASHED_MAX } from '../src/hmac/node.js';
import { HMAC_CROSSOVERS, HMAC_NODE_FROM } from '../src/hmac/providers.js';
import {
  type AlgorithmName,
  AlgorithmUnavailableError,
  AsyncOnlyError,
  algorithms,
  createHmac,
  type Data,
  FinalizedError,
  HmacUnsupportedError,
  hmac,
  hmacAsync,
  hmacHex,
  hmacHexAsync,
  hmacVerify,
  hmacVerifyAsync,
  InvalidDataError,
  Mac,
  type ProviderChoice,
  UnknownAlgorithmError,
  UnknownProviderError,
} from '../src/index.js';
import { NEVER } from '../src/providers/crossovers.js';
import { ENTRIES } from '../src/registry/registry.js';
import { INPUT_CAPACITY } from '../src/wasm/layout.js';
import {
  ALGORITHMS,
  CASE_PROVIDERS,
  MUTATION_PROFILE,
  NODE_HAS,
  NODE_NAMES,
  providerCases,
  readVector,
  reference,
  streamingProvider,
} from './helpers/common.js';
import { HOST } from './helpers/host.js';
import { md2Hex } from './helpers/md2.js';
import { MD4_FAMILY, md4FamilyHex } from './helpers/ripemd.js';
import { type MsgVector, parseRsp } from './helpers/rsp.js';

const INFO = new Map(CASE_PROVIDERS.map((p) => [p.id, p]));
const isSync = (p: ProviderChoice): boolean => INFO.get(p)?.sync === true;
const SIZES = new Map(algorithms().map((a) => [a.name, a]));
const blockLength = (alg: AlgorithmName): number => SIZES.get(alg)?.blockLength ?? Number.NaN;
const toHex = (b: Uint8Array): string => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('hex');
const encoder = new TextEncoder();

/**
 * node:crypto's createHmac called directly: the reference for every algorithm its createHash has; where createHmac
 * refuses one that createHash takes (Deno 2.9: md4, sm3), RFC 2104 over the suite's hash reference.
 */
function nodeMac(alg: AlgorithmName, key: Uint8Array, data: Uint8Array): string {
  try {
    return nodeCreateHmac(NODE_NAMES[alg], key).update(data).digest('hex');
  } catch {
    const hash = (b: Uint8Array) => Uint8Array.from(Buffer.from(reference(alg, b), 'hex'));
    return rfc2104(hash, blockLength(alg), key, data);
  }
}

/** The MAC through `provider` as hex, one-shot: synchronously where it can, else asynchronously. */
async function oneShot(provider: ProviderChoice, alg: string, key: Data, data: Data): Promise<string> {
  return isSync(provider) ? hmacHex(alg, key, data, { provider }) : hmacHexAsync(alg, key, data, { provider });
}

/** createHmac(...).update(piece)...digestHex(). */
function streamed(provider: ProviderChoice, alg: string, key: Data, pieces: Iterable<Data>): string {
  const mac = createHmac(alg, key, { provider });
  for (const piece of pieces) mac.update(piece);
  return mac.digestHex();
}

function* bytewise(msg: Uint8Array): Generator<Uint8Array> {
  for (let i = 0; i < msg.length; i++) yield msg.subarray(i, i + 1);
}

/** HMAC is defined over the fixed-length hashes: SHAKE is refused (tested under "errors"). */
const FIXED = new Set(algorithms().flatMap((a) => (a.xof ? [] : [a.name])));
/** Every provider case (webcrypto too) whose provider has the algorithm here, over the fixed-length hashes. */
const CASES = providerCases().filter(([, a]) => FIXED.has(a));
const SYNC_CASES = providerCases({ sync: true }).filter(([, a]) => FIXED.has(a));

// ---------------------------------------------------------------------------------------------------------
// RFC 2202 and RFC 4231

const RFC_FILES: [AlgorithmName, string, number][] = [
  ['MD5', 'hmac/rfc-2202-md5.txt', 7],
  ['SHA-1', 'hmac/rfc-2202-sha1.txt', 7],
  ['SHA-224', 'hmac/rfc-4231-sha224.txt', 6],
  ['SHA-256', 'hmac/rfc-4231-sha256.txt', 6],
  ['SHA-384', 'hmac/rfc-4231-sha384.txt', 6],
  ['SHA-512', 'hmac/rfc-4231-sha512.txt', 6],
  ['RIPEMD160', 'hmac/rfc-2286-ripemd160.txt', 7],
  // RFC 4231's keys and messages, MACed by BouncyCastle (HmacSM3, HmacWhirlpool, HmacTiger)
  ['SM3', 'hmac/bc-sm3.txt', 6],
  ['WHIRLPOOL', 'hmac/bc-whirlpool.txt', 6],
  ['TIGER', 'hmac/bc-tiger.txt', 6],
];

const RFC_VECTORS = new Map<AlgorithmName, (MsgVector & { key: Uint8Array })[]>(
  RFC_FILES.map(([alg, file]) => [
    alg,
    parseRsp(readVector(file), file).vectors.map((v) => {
      if (!v.key) throw new Error(`${file}: a vector without a key`);
      return { ...v, key: v.key };
    }),
  ]),
);

describe('RFC 2202 and RFC 4231 test cases', () => {
  it.each(RFC_FILES)('%s: %s has its %i vectors, keys longer than a block among them', (alg, _file, count) => {
    const vectors = RFC_VECTORS.get(alg) ?? [];
    expect(vectors).toHaveLength(count);
    expect(vectors.some((v) => v.key.length > blockLength(alg))).toBe(true);
    expect(vectors.some((v) => v.msg.length > blockLength(alg))).toBe(true);
  });

  const cases = CASES.filter(([, alg]) => RFC_VECTORS.has(alg));
  it.each(cases)('%s %s: one-shot, as bytes and as hex', async (provider, alg) => {
    for (const v of RFC_VECTORS.get(alg) ?? []) {
      expect(await oneShot(provider, alg, v.key, v.msg)).toBe(v.md);
      const bytes = isSync(provider)
        ? hmac(alg, v.key, v.msg, { provider })
        : await hmacAsync(alg, v.key, v.msg, { provider });
      expect(toHex(bytes)).toBe(v.md);
      expect(await hmacHexAsync(alg, v.key, v.msg, { provider })).toBe(v.md);
    }
  });

  it.each(cases.filter(([p]) => isSync(p)))('%s %s: streamed whole, at every split, byte by byte', (provider, alg) => {
    for (const v of RFC_VECTORS.get(alg) ?? []) {
      expect(streamed(provider, alg, v.key, [v.msg])).toBe(v.md);
      for (let i = 0; i <= v.msg.length; i++) {
        expect(streamed(provider, alg, v.key, [v.msg.subarray(0, i), v.msg.subarray(i)])).toBe(v.md);
      }
      expect(streamed(provider, alg, v.key, bytewise(v.msg))).toBe(v.md);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------
// Differentials against node:crypto

const RUNS = MUTATION_PROFILE ? 20 : 100;
const OPTIONS = { numRuns: RUNS, interruptAfterTimeLimit: 15_000, markInterruptAsFailure: true };

/** Keys of 0 to 300 bytes: empty, shorter than, exactly and longer than a block (16, 64, 128 bytes). */
const keyArb = fc.oneof(
  fc.uint8Array({ maxLength: 300 }),
  fc
    .tuple(fc.constantFrom(0, 16, 64, 128), fc.integer({ min: -1, max: 1 }))
    .chain(([b, d]) => fc.uint8Array({ minLength: Math.max(0, b + d), maxLength: Math.max(0, b + d) })),
);
/** Messages, empty ones often. */
const msgArb = fc.oneof(
  fc.constant(new Uint8Array(0)),
  fc.uint8Array({ maxLength: 400 }),
  fc.integer({ min: 0, max: 5000 }).map((n) => Uint8Array.from({ length: n }, (_, i) => (i * 131 + n) & 255)),
);

describe('differential: every provider against node:crypto createHmac', () => {
  const withNode = CASES.filter(([, alg]) => NODE_HAS.includes(alg));

  it.each(withNode)('%s %s: one-shot, random keys and messages', async (provider, alg) => {
    await fc.assert(
      fc.asyncProperty(keyArb, msgArb, async (key, msg) => {
        // WebCrypto refuses empty keys (a typed error, tested below)
        if (key.length === 0 && provider === 'webcrypto') return;
        expect(await oneShot(provider, alg, key, msg)).toBe(nodeMac(alg, key, msg));
      }),
      OPTIONS,
    );
  });

  it.each(withNode.filter(([p]) => isSync(p)))(
    '%s %s: streamed at every split of a message, and in random chunks',
    (provider, alg) => {
      fc.assert(
        fc.property(
          keyArb,
          fc.uint8Array({ maxLength: 300 }),
          fc.array(fc.nat(), { maxLength: 8 }),
          (key, msg, cuts) => {
            const want = nodeMac(alg, key, msg);
            for (let i = 0; i <= msg.length; i++) {
              expect(streamed(provider, alg, key, [msg.subarray(0, i), msg.subarray(i)])).toBe(want);
            }
            const points = [...new Set(cuts.map((c) => c % (msg.length + 1)))].sort((a, b) => a - b);
            const pieces = [0, ...points, msg.length]
              .slice(1)
              .map((end, k, all) => msg.subarray(k ? all[k - 1] : 0, end));
            expect(streamed(provider, alg, key, [new Uint8Array(0), ...pieces, new Uint8Array(0)])).toBe(want);
          },
        ),
        { ...OPTIONS, numRuns: MUTATION_PROFILE ? 5 : 25 },
      );
    },
  );

  // the one-shot paths switch at some lengths: WebAssembly memory to engines past the input area's room, node's
  // two one-shot hashes to createHmac past NODE_HASHED_MAX
  it.each(SYNC_CASES.filter(([, alg]) => NODE_HAS.includes(alg)))(
    '%s %s: messages around the lengths where the one-shot paths switch, as bytes and as strings',
    (provider, alg) => {
      const key = Uint8Array.from({ length: 40 }, (_, i) => i);
      const room = INPUT_CAPACITY - blockLength(alg);
      const nodeMax = NODE_HASHED_MAX;
      for (const n of [nodeMax - 1, nodeMax, nodeMax + 1, room - 1, room, room + 1, INPUT_CAPACITY + 1]) {
        const msg = Uint8Array.from({ length: n }, (_, i) => (i * 7) & 255);
        expect(hmacHex(alg, key, msg, { provider }), `${n} bytes`).toBe(nodeMac(alg, key, msg));
      }
      // a string's room is counted at 3 bytes per UTF-16 unit; 'é' is 2 bytes
      const unitCounts = [Math.floor(room / 3), Math.floor(room / 3) + 1, Math.floor(room / 2) + 1];
      unitCounts.push(Math.floor(nodeMax / 3), Math.floor(nodeMax / 3) + 1, Math.floor(nodeMax / 2) + 1);
      for (const units of unitCounts) {
        const s = 'é'.repeat(units);
        expect(hmacHex(alg, key, s, { provider }), `${units} units`).toBe(nodeMac(alg, key, encoder.encode(s)));
      }
    },
  );

  it.each(SYNC_CASES.filter(([, alg]) => NODE_HAS.includes(alg)))(
    '%s %s: string keys and messages are UTF-8 (TextEncoder), lone surrogates as U+FFFD',
    (provider, alg) => {
      fc.assert(
        fc.property(
          fc.string({ unit: 'binary', maxLength: 100 }),
          fc.string({ unit: 'binary', maxLength: 200 }),
          (k, m) => {
            const want = nodeMac(alg, encoder.encode(k), encoder.encode(m));
            expect(hmacHex(alg, k, m, { provider })).toBe(want);
            expect(createHmac(alg, k, { provider }).update(m).digestHex()).toBe(want);
          },
        ),
        { ...OPTIONS, numRuns: MUTATION_PROFILE ? 5 : 30 },
      );
    },
  );
});

// ---------------------------------------------------------------------------------------------------------
// MD2: RFC 2104's formula over an independent MD2

/**
 * H((K0 ^ opad) || H((K0 ^ ipad) || m)), written out from RFC 2104 §2 over an independent hash `H` with block length
 * `B` (here the test suite's MD2; any other hash node:crypto lacks fits the same way).
 */
function rfc2104(hash: (data: Uint8Array) => Uint8Array, B: number, key: Uint8Array, msg: Uint8Array): string {
  const k0 = new Uint8Array(B);
  k0.set(key.length > B ? hash(key) : key);
  const inner = hash(Uint8Array.from([...k0.map((b) => b ^ 0x36), ...msg]));
  return toHex(hash(Uint8Array.from([...k0.map((b) => b ^ 0x5c), ...inner])));
}

const md2 = (b: Uint8Array) => Uint8Array.from(Buffer.from(md2Hex(b), 'hex'));
const rfc2104Md2 = (key: Uint8Array, msg: Uint8Array): string => rfc2104(md2, 16, key, msg);

describe('HMAC-MD2 against RFC 2104 over the test suite’s MD2', () => {
  const md2Cases = SYNC_CASES.filter(([, alg]) => alg === 'MD2');
  it('runs on at least ts and auto', () => {
    expect(md2Cases.map(([p]) => p)).toEqual(expect.arrayContaining(['ts', 'auto']));
  });
  it.each(md2Cases)('%s: one-shot and streamed, random keys and messages', (provider) => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 60 }), fc.uint8Array({ maxLength: 100 }), fc.nat(), (key, msg, cut) => {
        const want = rfc2104Md2(key, msg);
        expect(hmacHex('MD2', key, msg, { provider })).toBe(want);
        const i = cut % (msg.length + 1);
        expect(streamed(provider, 'HmacMD2', key, [msg.subarray(0, i), msg.subarray(i)])).toBe(want);
      }),
      { ...OPTIONS, numRuns: MUTATION_PROFILE ? 10 : 60 },
    );
  });
});

describe("HMAC over MD4 and the RIPEMDs node:crypto lacks, against RFC 2104 over the test suite's own", () => {
  const cases = SYNC_CASES.filter(([, alg]) => MD4_FAMILY.includes(alg) && !NODE_HAS.includes(alg));
  it('runs those of MD4, RIPEMD128, RIPEMD256 and RIPEMD320 node:crypto lacks (Bun and Deno have MD4) on at least ts, wasm and auto', () => {
    const lacking = ['MD4', 'RIPEMD128', 'RIPEMD256', 'RIPEMD320'].filter(
      (a) => !NODE_HAS.includes(a as AlgorithmName),
    );
    expect(lacking).toEqual(expect.arrayContaining(['RIPEMD128', 'RIPEMD256', 'RIPEMD320']));
    for (const alg of lacking) {
      const providers = cases.filter(([, a]) => a === alg).map(([p]) => p);
      expect(providers, alg).toEqual(expect.arrayContaining(['ts', 'wasm', 'auto']));
    }
  });
  it.each(cases)('%s %s: one-shot and streamed, keys shorter and longer than a block', (provider, alg) => {
    const hash = (b: Uint8Array) => Uint8Array.from(Buffer.from(md4FamilyHex(alg, b), 'hex'));
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), fc.uint8Array({ maxLength: 150 }), fc.nat(), (key, msg, cut) => {
        const want = rfc2104(hash, 64, key, msg);
        // BouncyCastle's Mac names: HmacMD4, HmacRIPEMD128, ...
        expect(hmacHex(`Hmac${alg}`, key, msg, { provider })).toBe(want);
        const i = cut % (msg.length + 1);
        expect(streamed(provider, alg, key, [msg.subarray(0, i), msg.subarray(i)])).toBe(want);
      }),
      { ...OPTIONS, numRuns: MUTATION_PROFILE ? 5 : 25 },
    );
  });
});

describe("HMAC-Keccak against RFC 2104 over @noble/hashes' Keccak (no node:crypto here has Keccak)", () => {
  const NOBLE: [AlgorithmName, (b: Uint8Array) => Uint8Array][] = [
    ['KECCAK-224', keccak_224],
    ['KECCAK-256', keccak_256],
    ['KECCAK-384', keccak_384],
    ['KECCAK-512', keccak_512],
  ];
  const cases = SYNC_CASES.flatMap(([provider, alg]) => {
    const hash = NOBLE.find(([a]) => a === alg)?.[1];
    return hash ? [[provider, alg, hash] as const] : [];
  });
  it('runs each Keccak on at least ts, wasm and auto', () => {
    for (const [alg] of NOBLE) {
      const providers = cases.filter(([, a]) => a === alg).map(([p]) => p);
      expect(providers, alg).toEqual(expect.arrayContaining(['ts', 'wasm', 'auto']));
    }
  });
  it.each(cases)('%s %s: one-shot and streamed, keys shorter and longer than the rate', (provider, alg, hash) => {
    const rate = SIZES.get(alg)?.blockLength ?? Number.NaN;
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: rate + 40 }),
        fc.uint8Array({ maxLength: 2 * rate + 5 }),
        fc.nat(),
        (key, msg, cut) => {
          const want = rfc2104(hash, rate, key, msg);
          expect(hmacHex(alg, key, msg, { provider })).toBe(want);
          const i = cut % (msg.length + 1);
          expect(streamed(provider, alg, key, [msg.subarray(0, i), msg.subarray(i)])).toBe(want);
        },
      ),
      { ...OPTIONS, numRuns: MUTATION_PROFILE ? 10 : 40 },
    );
  });
});

// ---------------------------------------------------------------------------------------------------------
// Names

describe("auto's HMAC crossovers", () => {
  it(`are ${HOST.runtime}'s here, chosen at load`, () => {
    expect(HMAC_NODE_FROM).toBe(HMAC_CROSSOVERS[HOST.runtime]);
  });

  it("are crossovers.json's hmac tables: each pair as bytes and hex, null as never, no other algorithm", () => {
    const data = JSON.parse(readFileSync(new URL('../src/providers/crossovers.json', import.meta.url), 'utf8'));
    for (const runtime of ['node', 'bun', 'deno'] as const) {
      const pairs = Object.entries(data.hmac[runtime].crossovers as Record<string, [number | null, number | null]>);
      const size = (n: number | null) => n ?? Number.POSITIVE_INFINITY;
      const expected = Object.fromEntries(pairs.map(([name, [b, h]]) => [name, { bytes: size(b), hex: size(h) }]));
      expect(HMAC_CROSSOVERS[runtime]).toEqual(expected);
    }
    expect(HMAC_CROSSOVERS.node.MD5).toEqual({ bytes: 32768, hex: 4096 });
    expect(HMAC_CROSSOVERS.deno.SM3).toBe(NEVER);
    expect(HMAC_CROSSOVERS.browser).toEqual({});
  });

  it('name only fixed-length algorithms, and none negative', () => {
    const fixed = algorithms()
      .filter((a) => !a.xof)
      .map((a) => a.name as string);
    for (const table of Object.values(HMAC_CROSSOVERS)) {
      for (const [name, { bytes, hex }] of Object.entries(table)) {
        expect(fixed).toContain(name);
        expect(Math.min(bytes, hex)).toBeGreaterThanOrEqual(0);
      }
    }
  });
});

describe('names', () => {
  const KEY = encoder.encode('key');
  const MSG = 'The quick brown fox jumps over the lazy dog';

  it('takes Java’s Mac names in any case, and the digest’s names, aliases and OIDs', () => {
    const java: [string, AlgorithmName][] = [
      ['HmacMD5', 'MD5'],
      ['HmacSHA1', 'SHA-1'],
      ['HmacSHA224', 'SHA-224'],
      ['HmacSHA256', 'SHA-256'],
      ['HmacSHA384', 'SHA-384'],
      ['HmacSHA512', 'SHA-512'],
      ['HmacSHA512/224', 'SHA-512/224'],
      ['HmacSHA512/256', 'SHA-512/256'],
      ['hmacsha256', 'SHA-256'],
      ['HMACSHA512/256', 'SHA-512/256'],
      ['HMAC-SHA-256', 'SHA-256'],
      ['HmacMD2', 'MD2'],
    ];
    for (const [name, alg] of java) {
      const want = alg === 'MD2' ? rfc2104Md2(KEY, encoder.encode(MSG)) : nodeMac(alg, KEY, encoder.encode(MSG));
      expect(hmacHex(name, KEY, MSG), name).toBe(want);
      expect(createHmac(name, KEY).algorithm, name).toBe(alg);
    }
    expect(hmacHex('sha256', KEY, MSG)).toBe(hmacHex('SHA-256', KEY, MSG));
    expect(hmacHex('2.16.840.1.101.3.4.2.1', KEY, MSG)).toBe(hmacHex('SHA-256', KEY, MSG));
    // Wikipedia's HMAC example, a value from outside node:crypto
    expect(hmacHex('HmacSHA256', 'key', MSG)).toBe('f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8');
  });

  it('refuses unknown names, listing the known ones', () => {
    for (const name of ['HmacSHA999', 'Hmac', 'SHA-999', 'HmacHmacSHA256']) {
      const e = (() => {
        try {
          hmac(name, KEY, MSG);
        } catch (x) {
          return x;
        }
      })() as UnknownAlgorithmError;
      expect(e, name).toBeInstanceOf(UnknownAlgorithmError);
      expect(e.algorithm).toBe(name);
      expect(e.message).toContain('SHA-256');
    }
  });
});

// ---------------------------------------------------------------------------------------------------------
// The running Mac

describe('Mac', () => {
  const KEY = Uint8Array.from({ length: 100 }, (_, i) => i);
  const A = encoder.encode('first part, ');
  const B = encoder.encode('second part');
  const AB = new Uint8Array([...A, ...B]);

  it.each(SYNC_CASES.filter(([, a]) => NODE_HAS.includes(a)))('%s %s: describes itself', (provider, alg) => {
    const mac = createHmac(alg, KEY, { provider });
    expect(mac).toBeInstanceOf(Mac);
    expect(mac.algorithm).toBe(alg);
    expect(mac.provider).toBe(streamingProvider(provider, alg));
    expect(mac.digestLength).toBe(SIZES.get(alg)?.digestLength);
    expect(mac.blockLength).toBe(blockLength(alg));
    expect(mac.digest()).toHaveLength(SIZES.get(alg)?.digestLength ?? -1);
  });

  it.each(SYNC_CASES.filter(([, a]) => NODE_HAS.includes(a)))(
    '%s %s: clone() forks the running state; reset() goes back to the keyed start',
    (provider, alg) => {
      const mac = createHmac(alg, KEY, { provider });
      mac.update(A);
      const fork = mac.clone();
      expect(fork).not.toBe(mac);
      fork.update(encoder.encode('another ending'));
      expect(mac.update(B).digestHex()).toBe(nodeMac(alg, KEY, AB));
      expect(fork.digestHex()).toBe(nodeMac(alg, KEY, encoder.encode('first part, another ending')));
      // after digest(): finalized until reset(), which keeps the key and forgets the message
      expect(() => mac.update(A)).toThrow(FinalizedError);
      expect(() => mac.digest()).toThrow(FinalizedError);
      expect(() => mac.clone()).toThrow(FinalizedError);
      expect(mac.reset().update(B).digestHex()).toBe(nodeMac(alg, KEY, B));
      // reset() in mid-message forgets the message, too; a clone of a fresh MAC is a fresh MAC
      mac.reset().update(A);
      const fresh = createHmac(alg, KEY, { provider }).clone();
      expect(mac.reset().digestHex()).toBe(nodeMac(alg, KEY, new Uint8Array(0)));
      expect(fresh.digestHex()).toBe(nodeMac(alg, KEY, new Uint8Array(0)));
      // many messages from one keyed start
      for (const m of [A, B, AB]) expect(mac.reset().update(m).digestHex()).toBe(nodeMac(alg, KEY, m));
    },
  );

  it('says it is a finalized Mac', () => {
    const mac = createHmac('SHA-256', KEY);
    mac.digest();
    expect(() => mac.update(A)).toThrow(/this Mac is finalized/);
  });

  it('does not keep the caller’s key or message arrays: changing them afterwards changes nothing', () => {
    for (const [provider] of SYNC_CASES.filter(([, a]) => a === 'SHA-256')) {
      const key = KEY.slice();
      const msg = A.slice();
      const mac = createHmac('SHA-256', key, { provider });
      mac.update(msg);
      key.fill(0);
      msg.fill(0);
      expect(mac.update(B).digestHex(), provider).toBe(nodeMac('SHA-256', KEY, AB));
    }
  });
});

// ---------------------------------------------------------------------------------------------------------
// hmacVerify

describe('hmacVerify', () => {
  const KEY = encoder.encode('a key');
  const MSG = encoder.encode('a message');

  it.each(CASES.filter(([, a]) => NODE_HAS.includes(a)))(
    '%s %s: true for the MAC as bytes or hex (either case); false for any other',
    async (provider, alg) => {
      const verify = (mac: Data) =>
        isSync(provider)
          ? hmacVerify(alg, KEY, MSG, mac, { provider })
          : hmacVerifyAsync(alg, KEY, MSG, mac, { provider });
      const hex = nodeMac(alg, KEY, MSG);
      const bytes = Uint8Array.from(Buffer.from(hex, 'hex'));
      expect(await verify(bytes)).toBe(true);
      expect(await verify(bytes.buffer)).toBe(true);
      expect(await verify(hex)).toBe(true);
      expect(await verify(hex.toUpperCase())).toBe(true);
      expect(await hmacVerifyAsync(alg, KEY, MSG, hex, { provider })).toBe(true);
      for (let i = 0; i < bytes.length; i++) {
        const wrong = bytes.slice();
        wrong[i] ^= 1 << (i % 8);
        expect(await verify(wrong), `byte ${i}`).toBe(false);
        expect(await verify(toHex(wrong)), `hex byte ${i}`).toBe(false);
      }
      // another length: shorter, longer, truncated MACs (RFC 2104 §5 allows them, this API does not)
      expect(await verify(bytes.subarray(0, bytes.length - 1))).toBe(false);
      expect(await verify(new Uint8Array([...bytes, 0]))).toBe(false);
      expect(await verify(hex.slice(0, -2))).toBe(false);
      expect(await verify(`${hex}0`)).toBe(false);
      expect(await verify('')).toBe(false);
      // right length, not hex: every non-hex character
      for (const c of ['g', 'G', ' ', 'x', ':', '@', '`', '/', '\u0130', '\u{ff10}']) {
        expect(await verify(c + c + hex.slice(2)), JSON.stringify(c)).toBe(false);
      }
    },
  );

  it('refuses a MAC that is neither bytes nor a string', () => {
    for (const bad of [42, null, undefined, {}, [1, 2, 3]]) {
      expect(() => hmacVerify('SHA-256', KEY, MSG, bad as unknown as Data)).toThrow(InvalidDataError);
      expect(() => hmacVerify('SHA-256', KEY, MSG, bad as unknown as Data)).toThrow(/a MAC as a hex string/);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------
// Errors

describe('errors', () => {
  const KEY = encoder.encode('key');

  it('refuses a key that is not Data, like data, saying it is the key', async () => {
    for (const bad of [42, null, undefined, {}, [1, 2], true]) {
      const key = bad as unknown as Data;
      expect(() => hmac('SHA-256', key, 'x')).toThrow(InvalidDataError);
      expect(() => hmacHex('SHA-256', key, 'x')).toThrow(/Expected a key as a string/);
      expect(() => createHmac('SHA-256', key)).toThrow(InvalidDataError);
      await expect(hmacAsync('SHA-256', key, 'x')).rejects.toThrow(InvalidDataError);
      expect(() => hmac('SHA-256', KEY, bad as unknown as Data)).toThrow(/Expected data as a string/);
      expect(() => createHmac('SHA-256', KEY).update(bad as unknown as Data)).toThrow(InvalidDataError);
    }
  });

  it('webcrypto: asynchronous only, typed errors for what it refuses', async () => {
    if (!INFO.has('webcrypto')) throw new Error('this test needs crypto.subtle (Node 20 has it)');
    expect(() => hmac('SHA-256', KEY, 'x', { provider: 'webcrypto' })).toThrow(AsyncOnlyError);
    expect(() => hmacHex('SHA-256', KEY, 'x', { provider: 'webcrypto' })).toThrow(/hmacAsync\(\)/);
    expect(() => createHmac('SHA-256', KEY, { provider: 'webcrypto' })).toThrow(AsyncOnlyError);
    const empty = await hmacAsync('SHA-256', new Uint8Array(0), 'x', { provider: 'webcrypto' }).catch((e) => e);
    expect(empty).toBeInstanceOf(HmacUnsupportedError);
    expect(empty.code).toBe('ERR_HMAC_UNSUPPORTED');
    expect(empty.provider).toBe('webcrypto');
    expect(empty.message).toMatch(/"auto".*"ts"/);
    // the other providers take an empty key (RFC 2104 allows it; node:crypto agrees)
    expect(await hmacHexAsync('SHA-256', '', 'x')).toBe(nodeMac('SHA-256', new Uint8Array(0), encoder.encode('x')));
    await expect(hmacAsync('SHA-224', KEY, 'x', { provider: 'webcrypto' })).rejects.toThrow(AlgorithmUnavailableError);
  });

  it('refuses unknown providers with the digest calls’ error', () => {
    expect(() => hmac('SHA-256', KEY, 'x', { provider: 'openssl' as ProviderChoice })).toThrow(UnknownProviderError);
    expect(() => createHmac('MD2', KEY, { provider: 'node' })).toThrow(AlgorithmUnavailableError);
  });

  it('refuses HMAC over an extendable-output function (a registry entry with hmac: false)', () => {
    expect(ENTRIES.filter((e) => !e.hmac).map((e) => e.spec.name)).toEqual(['SHAKE128', 'SHAKE256', 'BLAKE3-256']);
    expect(ENTRIES.every((e) => e.hmac === (e.output !== 'xof'))).toBe(true);
    // SHAKE128, SHAKE256 and BLAKE3 (which has its own keyed mode), by every name, through every provider
    const xofs = algorithms().filter((a) => a.xof);
    expect(xofs.map((a) => a.name)).toEqual(['SHAKE128', 'SHAKE256', 'BLAKE3-256']);
    for (const a of xofs) {
      for (const name of [a.name, `Hmac${a.name}`, a.name.toLowerCase()]) {
        expect(() => hmac(name, KEY, 'x')).toThrow(HmacUnsupportedError);
        for (const provider of ['ts', 'wasm', 'node', 'auto'] as const) {
          expect(() => createHmac(name, KEY, { provider }), `${name} via ${provider}`).toThrow(HmacUnsupportedError);
        }
      }
    }
    // none of the fixed-length ones is refused
    for (const a of ALGORITHMS.filter((x) => FIXED.has(x))) {
      expect(hmac(a, KEY, 'x')).toHaveLength(SIZES.get(a)?.digestLength ?? -1);
    }
  });
});
