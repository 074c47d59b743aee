/**
 * Differential properties: every provider against node:crypto called directly (`reference()`), on random
 * inputs biased toward block boundaries, fed in random chunkings (empty chunks included), with clone(),
 * exportState()/importState() and reset() in mid-stream, and strings against TextEncoder's UTF-8.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AlgorithmName,
  createDigest,
  type Digest,
  digest,
  digestAsync,
  digestHex,
  digestHexAsync,
  importState,
  type ProviderChoice,
} from '../src/index.js';
import {
  MUTATION_PROFILE,
  NEWER_IN_NODE,
  NODE_HAS,
  providerCases,
  reference,
  streamingProvider,
} from './helpers/common.js';
import { MD4_FAMILY } from './helpers/ripemd.js';

const RUNS = MUTATION_PROFILE ? 25 : 200;
/**
 * 200 runs each; a run that fails is shrunk, and shrinking a 64 KiB input can take long: stop after 15 s and
 * report the smallest counterexample found by then (an interrupted run counts as a failure).
 */
const OPTIONS = { numRuns: RUNS, interruptAfterTimeLimit: 15_000, markInterruptAsFailure: true };
const encoder = new TextEncoder();

// ---------------------------------------------------------------------------------------------------------
// Inputs

/** Deterministic bytes from a seed (xorshift32), or a constant pattern: fast for tens of KiB. */
function fill(length: number, seed: number, pattern: 'random' | 'zeros' | 'ones'): Uint8Array {
  const out = new Uint8Array(length);
  if (pattern === 'zeros') return out;
  if (pattern === 'ones') return out.fill(0xff);
  let x = seed | 0 || 0x9e3779b9;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x;
  }
  return out;
}

const pattern = fc.constantFrom<'random' | 'zeros' | 'ones'>('random', 'random', 'random', 'zeros', 'ones');

/**
 * Lengths ± 0..2 around k · block (a block boundary) or around k · block + 55 / 111 (64- / 128-byte blocks: the
 * longest tail whose padding still fits in one block), with k small.
 */
const nearBlock = (maxK: number) =>
  fc
    .tuple(
      fc.integer({ min: 0, max: maxK }),
      fc.constantFrom(16, 64, 128),
      fc.boolean(),
      fc.integer({ min: -2, max: 2 }),
    )
    .map(([k, block, padEdge, delta]) => Math.max(0, k * block + (padEdge ? block - block / 8 - 1 : 0) + delta));

/** Mostly small, often right at a block boundary, sometimes up to 64 KiB. */
const bytesArb: fc.Arbitrary<Uint8Array> = fc.oneof(
  { weight: 4, arbitrary: fc.uint8Array({ maxLength: 300 }) },
  {
    weight: 4,
    arbitrary: nearBlock(8).chain((n) => fc.uint8Array({ minLength: n, maxLength: n })),
  },
  {
    weight: 2,
    arbitrary: fc.tuple(nearBlock(40), fc.integer(), pattern).map(([n, seed, p]) => fill(n, seed, p)),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.oneof(
          fc.integer({ min: 0, max: 65536 }),
          fc.tuple(fc.integer({ min: 1, max: 64 }), fc.integer({ min: -2, max: 0 })).map(([k, d]) => k * 1024 + d),
        ),
        fc.integer(),
        pattern,
      )
      .map(([n, seed, p]) => fill(n, seed, p)),
  },
);

/** Smaller inputs, for suffixes and the second message of reset(). */
const smallBytesArb: fc.Arbitrary<Uint8Array> = fc.oneof(
  fc.uint8Array({ maxLength: 200 }),
  fc.tuple(nearBlock(4), fc.integer(), pattern).map(([n, seed, p]) => fill(n, seed, p)),
);

/**
 * Where to cut: a fraction of the length, or the block multiple nearest to it ± 2; `empty` also yields an
 * empty chunk at that point.
 */
interface Cut {
  frac: number;
  atBlock: boolean;
  delta: number;
  empty: boolean;
}
const cutsArb: fc.Arbitrary<Cut[]> = fc.array(
  fc.record({
    frac: fc.integer({ min: 0, max: 1_000_000 }).map((v) => v / 1_000_000),
    atBlock: fc.boolean(),
    delta: fc.integer({ min: -2, max: 2 }),
    empty: fc.boolean(),
  }),
  { maxLength: 12 },
);

/** Splits `data` into views (byteOffset ≠ 0 for all but the first) at the cut points; empty chunks included. */
function chunk(data: Uint8Array, cuts: Cut[], block: number): Uint8Array[] {
  const n = data.length;
  const points = cuts.map((c) => {
    const at = c.frac * n;
    const p = c.atBlock ? Math.round(at / block) * block + c.delta : Math.round(at);
    return { p: Math.min(n, Math.max(0, p)), empty: c.empty };
  });
  points.sort((a, b) => a.p - b.p);
  const chunks: Uint8Array[] = [];
  let prev = 0;
  for (const { p, empty } of points) {
    chunks.push(data.subarray(prev, p));
    if (empty) chunks.push(data.subarray(p, p));
    prev = p;
  }
  chunks.push(data.subarray(prev));
  return chunks;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}

function blockOf(algorithm: AlgorithmName): number {
  return createDigest(algorithm, { provider: 'ts' }).blockLength;
}

function feed(d: Digest, chunks: Uint8Array[]): Digest {
  for (const c of chunks) expect(d.update(c)).toBe(d);
  return d;
}

// ---------------------------------------------------------------------------------------------------------
// Cases

const SYNC = providerCases({ sync: true }).filter(([, a]) => NODE_HAS.includes(a));
const ASYNC_ONLY = providerCases({ sync: false }).filter(([, a]) => NODE_HAS.includes(a));
const ALL = [...SYNC, ...ASYNC_ONLY];
const TS = SYNC.filter(([p]) => p === 'ts').map(([, a]) => a);
const MD2_PROVIDERS = providerCases({ sync: true })
  .filter(([, a]) => a === 'MD2')
  .map(([p]) => p);

/** MD4 and the RIPEMDs node:crypto lacks: against the test suite's own (helpers/ripemd.ts), below. */
const MD4_FAMILY_CASES = providerCases({ sync: true }).filter(
  ([, a]) => MD4_FAMILY.includes(a) && !NODE_HAS.includes(a),
);

describe('the cases cover what they should', () => {
  it('node:crypto has every algorithm but MD2 and Keccak, and every provider has cases', () => {
    expect(NODE_HAS).toEqual([
      'MD5',
      'SHA-1',
      'SHA-224',
      'SHA-256',
      'SHA-384',
      'SHA-512',
      'SHA-512/224',
      'SHA-512/256',
      'SHA3-224',
      'SHA3-256',
      'SHA3-384',
      'SHA3-512',
      'SHAKE128',
      'SHAKE256',
      // of the newer families, each runtime's node:crypto its own (runtimes.test.ts says the same of each)
      ...NEWER_IN_NODE,
    ]);
    expect(SYNC.filter(([p]) => p === 'ts').length).toBe(NODE_HAS.length);
    expect(SYNC.filter(([p]) => p === 'node').length).toBe(NODE_HAS.length);
    expect(SYNC.filter(([p]) => p === 'auto').length).toBe(NODE_HAS.length);
    const lacking = ['MD4', 'RIPEMD128', 'RIPEMD256', 'RIPEMD320'].filter(
      (a) => !NODE_HAS.includes(a as AlgorithmName),
    );
    expect(MD4_FAMILY_CASES.map(([p, a]) => `${p}:${a}`)).toEqual(
      ['ts', 'wasm', 'auto'].flatMap((p) => lacking.map((a) => `${p}:${a}`)),
    );
    expect(MD2_PROVIDERS).toEqual(['ts', 'auto']);
    expect(ASYNC_ONLY.map(([p, a]) => `${p}:${a}`)).toEqual([
      'webcrypto:SHA-1',
      'webcrypto:SHA-256',
      'webcrypto:SHA-384',
      'webcrypto:SHA-512',
    ]);
  });

  it('the input generator reaches block boundaries, empty input and 64 KiB', () => {
    const lengths = fc.sample(bytesArb, { numRuns: 2000, seed: 42 }).map((b) => b.length);
    expect(lengths).toContain(0);
    expect(lengths.some((n) => n > 32768)).toBe(true);
    for (const b of [64, 128]) {
      for (const d of [-2, -1, 0, 1, 2]) {
        expect(lengths.some((n) => n > b && n % b === (b + d) % b)).toBe(true);
        // around the padding edge: 55 / 56 bytes left in a 64-byte block, 111 / 112 in a 128-byte block
        expect(lengths.some((n) => n > b && n % b === b - b / 8 - 1 + d)).toBe(true);
      }
    }
  });

  it('chunk() keeps every byte in order and can yield empty chunks', () => {
    fc.assert(
      fc.property(bytesArb, cutsArb, (data, cuts) => {
        const chunks = chunk(data, cuts, 64);
        expect(hex(concat(...chunks))).toBe(hex(data));
        expect(chunks.length).toBe(1 + cuts.length + cuts.filter((c) => c.empty).length);
      }),
      { numRuns: 100 },
    );
  });
});

describe.each(ALL)('one-shot, provider %s, %s', (provider, algorithm) => {
  it('digest / digestAsync equal node:crypto', async () => {
    const sync = SYNC.some(([p, a]) => p === provider && a === algorithm);
    await fc.assert(
      fc.asyncProperty(bytesArb, async (data) => {
        const want = reference(algorithm, data);
        expect(hex(await digestAsync(algorithm, data, { provider: provider as ProviderChoice }))).toBe(want);
        if (sync) {
          const got = digest(algorithm, data, { provider: provider as ProviderChoice });
          expect(got).toBeInstanceOf(Uint8Array);
          expect(got.length).toBe(want.length / 2);
          expect(hex(got)).toBe(want);
          expect(digestHex(algorithm, data, { provider: provider as ProviderChoice })).toBe(want);
        } else {
          expect(await digestHexAsync(algorithm, data, { provider: provider as ProviderChoice })).toBe(want);
        }
      }),
      OPTIONS,
    );
  });
});

describe.each(SYNC)('streaming, provider %s, %s', (provider, algorithm) => {
  const block = blockOf(algorithm);
  const create = () => createDigest(algorithm, { provider: provider as ProviderChoice });

  it('random chunkings (empty chunks included) equal node:crypto', () => {
    fc.assert(
      fc.property(bytesArb, cutsArb, (data, cuts) => {
        const d = feed(create(), chunk(data, cuts, block));
        expect(d.provider).toBe(streamingProvider(provider, algorithm));
        expect(d.digestHex()).toBe(reference(algorithm, data));
      }),
      OPTIONS,
    );
  });

  it('clone() in mid-stream: original and clone continue independently', () => {
    fc.assert(
      fc.property(
        bytesArb,
        cutsArb,
        fc.integer({ min: 0, max: 1_000_000 }),
        smallBytesArb,
        fc.boolean(),
        fc.boolean(),
        (data, cuts, at, other, sameSuffix, cloneFirst) => {
          const chunks = chunk(data, cuts, block);
          const k = Math.floor((at / 1_000_001) * (chunks.length + 1));
          const prefix = concat(...chunks.slice(0, k));
          const suffixA = chunks.slice(k);
          const suffixB = sameSuffix ? suffixA : [other];
          const d = feed(create(), chunks.slice(0, k));
          const c = d.clone();
          expect(c).not.toBe(d);
          expect(c.algorithm).toBe(algorithm);
          expect(c.provider).toBe(streamingProvider(provider, algorithm));
          const wantA = reference(algorithm, concat(prefix, ...suffixA));
          const wantB = reference(algorithm, concat(prefix, ...suffixB));
          if (cloneFirst) {
            expect(feed(c, suffixB).digestHex()).toBe(wantB);
            expect(feed(d, suffixA).digestHex()).toBe(wantA);
          } else {
            expect(feed(d, suffixA).digestHex()).toBe(wantA);
            expect(feed(c, suffixB).digestHex()).toBe(wantB);
          }
        },
      ),
      OPTIONS,
    );
  });

  it('reset() after digest() (or mid-stream) gives a fresh, correct digest', () => {
    fc.assert(
      fc.property(
        smallBytesArb,
        cutsArb,
        bytesArb,
        cutsArb,
        fc.boolean(),
        (first, cuts1, second, cuts2, finalizeFirst) => {
          const d = feed(create(), chunk(first, cuts1, block));
          if (finalizeFirst) expect(d.digestHex()).toBe(reference(algorithm, first));
          expect(d.reset()).toBe(d);
          expect(feed(d, chunk(second, cuts2, block)).digestHex()).toBe(reference(algorithm, second));
          // and once more, from a finalized digest to the empty input
          expect(d.reset().digestHex()).toBe(reference(algorithm, new Uint8Array(0)));
        },
      ),
      OPTIONS,
    );
  });
});

describe.each(TS)('exportState()/importState() in mid-stream, provider ts, %s', (algorithm) => {
  const block = blockOf(algorithm);

  it('export at a random point, import, continue: same digest as uninterrupted; the original goes on too', () => {
    fc.assert(
      fc.property(bytesArb, cutsArb, fc.integer({ min: 0, max: 1_000_000 }), (data, cuts, at) => {
        const chunks = chunk(data, cuts, block);
        const k = Math.floor((at / 1_000_001) * (chunks.length + 1));
        const d = feed(createDigest(algorithm, { provider: 'ts' }), chunks.slice(0, k));
        const state = d.exportState();
        const copy = state.slice();
        const e = importState(state);
        expect(e.algorithm).toBe(algorithm);
        expect(e.provider).toBe('ts');
        // the state round-trips byte for byte, and importing did not alter it
        expect(hex(e.exportState())).toBe(hex(copy));
        expect(hex(state)).toBe(hex(copy));
        const want = reference(algorithm, data);
        expect(feed(e, chunks.slice(k)).digestHex()).toBe(want);
        expect(feed(d, chunks.slice(k)).digestHex()).toBe(want);
      }),
      OPTIONS,
    );
  });

  it('export/import at every chunk boundary (a chain of imports) gives the right digest', () => {
    fc.assert(
      fc.property(bytesArb, cutsArb, (data, cuts) => {
        let d = createDigest(algorithm, { provider: 'ts' });
        for (const c of chunk(data, cuts, block)) {
          d = importState(d.exportState());
          d.update(c);
        }
        expect(importState(d.exportState()).digestHex()).toBe(reference(algorithm, data));
      }),
      OPTIONS,
    );
  });
});

describe.each(MD2_PROVIDERS)('MD2 (not in node:crypto), provider %s: equals the RFC 1319 reference', (provider) => {
  // Anchors for the one-shot (RFC 1319 appendix A.5); the properties below compare against it.
  it.each([
    ['', '8350e5a3e24c153df2275c9f80692773'],
    ['abc', 'da853b0d3f88d99b30283a69e6ded6bb'],
    [
      '12345678901234567890123456789012345678901234567890123456789012345678901234567890',
      'd5976f79d83d3a0dc9806c3c66f3efd8',
    ],
  ])('MD2(%j)', (s, want) => {
    expect(digestHex('MD2', s, { provider })).toBe(want);
  });

  it('one-shot, chunked, cloned, exported/imported', () => {
    fc.assert(
      fc.property(bytesArb, cutsArb, fc.integer({ min: 0, max: 1_000_000 }), smallBytesArb, (data, cuts, at, other) => {
        const chunks = chunk(data, cuts, 16);
        const k = Math.floor((at / 1_000_001) * (chunks.length + 1));
        const prefix = concat(...chunks.slice(0, k));
        const want = reference('MD2', data);
        expect(digestHex('MD2', data, { provider })).toBe(want);
        const d = feed(createDigest('MD2', { provider }), chunks.slice(0, k));
        const c = d.clone();
        const e = importState(d.exportState());
        expect(feed(d, chunks.slice(k)).digestHex()).toBe(want);
        expect(feed(e, chunks.slice(k)).digestHex()).toBe(want);
        expect(c.update(other).digestHex()).toBe(reference('MD2', concat(prefix, other)));
        expect(d.reset().update(other).digestHex()).toBe(reference('MD2', other));
      }),
      OPTIONS,
    );
  });
});

describe('MD4 and the RIPEMDs node:crypto lacks: equal the reference written from their papers', () => {
  it.each(MD4_FAMILY_CASES)('%s %s: one-shot, chunked, cloned, exported and imported', (provider, alg) => {
    fc.assert(
      fc.property(bytesArb, cutsArb, fc.integer({ min: 0, max: 1_000_000 }), smallBytesArb, (data, cuts, at, other) => {
        const chunks = chunk(data, cuts, 64);
        const k = Math.floor((at / 1_000_001) * (chunks.length + 1));
        const prefix = concat(...chunks.slice(0, k));
        const want = reference(alg, data);
        expect(digestHex(alg, data, { provider })).toBe(want);
        const d = feed(createDigest(alg, { provider }), chunks.slice(0, k));
        const c = d.clone();
        // the state continues in the other engine: ts and wasm export the same bytes
        const e = importState(d.exportState(), { provider: provider === 'ts' ? 'wasm' : 'ts' });
        expect(feed(d, chunks.slice(k)).digestHex()).toBe(want);
        expect(feed(e, chunks.slice(k)).digestHex()).toBe(want);
        expect(c.update(other).digestHex()).toBe(reference(alg, concat(prefix, other)));
      }),
      { ...OPTIONS, numRuns: MUTATION_PROFILE ? 10 : 40 },
    );
  });
});

// ---------------------------------------------------------------------------------------------------------
// Strings

/** One UTF-16 code unit from the surrogate range: alone, it is not well-formed UTF-16. */
const surrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));

/** Strings of every kind, lone surrogates included (fc.string's 'binary' unit never yields them). */
const stringArb: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), surrogate), maxLength: 40 }),
  fc.string({
    unit: fc.oneof(
      { weight: 3, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }) },
      { weight: 1, arbitrary: surrogate },
    ),
    minLength: 250,
    maxLength: 600,
  }),
);

/** Well-formed UTF-16: no surrogate outside a high-low pair. */
const WELL_FORMED = /^(?:[^\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;

describe('the string generator', () => {
  it('yields lone surrogates and strings on both sides of 256 code units', () => {
    const sample = fc.sample(stringArb, { numRuns: 500, seed: 7 });
    expect(sample.some((s) => !WELL_FORMED.test(s))).toBe(true);
    expect(sample.some((s) => s.length > 256)).toBe(true);
    expect(sample.some((s) => s.length > 0 && s.length <= 256 && /[\u{10000}-\u{10FFFF}]/u.test(s))).toBe(true);
  });
});

describe.each(ALL)('strings are UTF-8 as TextEncoder writes it, provider %s, %s', (provider, algorithm) => {
  const sync = SYNC.some(([p, a]) => p === provider && a === algorithm);
  it('digest(alg, string) equals digest(alg, TextEncoder().encode(string)) and node:crypto', async () => {
    await fc.assert(
      fc.asyncProperty(stringArb, fc.integer({ min: 0, max: 1_000_000 }), async (s, at) => {
        const bytes = encoder.encode(s);
        const want = reference(algorithm, bytes);
        const options = { provider: provider as ProviderChoice };
        expect(hex(await digestAsync(algorithm, s, options))).toBe(want);
        expect(hex(await digestAsync(algorithm, bytes, options))).toBe(want);
        if (sync) {
          expect(hex(digest(algorithm, s, options))).toBe(hex(digest(algorithm, bytes, options)));
          expect(digestHex(algorithm, s, options)).toBe(want);
          // split anywhere, even inside a surrogate pair: each piece is encoded on its own
          const k = Math.floor((at / 1_000_001) * (s.length + 1));
          const a = s.slice(0, k);
          const b = s.slice(k);
          const d = createDigest(algorithm, options).update(a).update('').update(b);
          expect(d.digestHex()).toBe(reference(algorithm, concat(encoder.encode(a), encoder.encode(b))));
        }
      }),
      OPTIONS,
    );
  });
});
