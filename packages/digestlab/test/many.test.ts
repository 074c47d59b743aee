/**
 * digestMany and its two WebAssembly paths (4-lane SIMD and scalar), against node:crypto called directly, on
 * batches built to hit every lane arrangement: equal lengths, mixed block counts inside a group of four, groups
 * cut short at the end of a batch, strings (grouped by an upper bound, so their lanes often differ), messages too
 * long for the batch, and batches larger than one chunk (so memory grows mid-call).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AlgorithmName,
  AsyncOnlyError,
  type Data,
  digest,
  digestMany,
  InvalidDataError,
  UnknownAlgorithmError,
} from '../src/index.js';
import { digestManyWasm } from '../src/many.js';
import { lookup } from '../src/registry.js';
import { load } from '../src/wasm/module.js';
import { NODE_HAS, pseudoRandomBytes, reference } from './helpers/common.js';

const encoder = new TextEncoder();
const ALGS = NODE_HAS.filter((a) => lookup(a).spec.md !== undefined);
const hex = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('hex');

function bytesOf(m: Data): Uint8Array {
  if (typeof m === 'string') return encoder.encode(m);
  if (m instanceof Uint8Array) return m;
  if (ArrayBuffer.isView(m)) return new Uint8Array(m.buffer, m.byteOffset, m.byteLength);
  return new Uint8Array(m);
}

function expectAll(algorithm: AlgorithmName, messages: readonly Data[], got: Uint8Array[]): void {
  expect(got).toHaveLength(messages.length);
  const want = messages.map((m) => reference(algorithm, bytesOf(m)));
  expect(got.map(hex)).toEqual(want);
}

const bytes = pseudoRandomBytes;

/** Lengths around every padding edge of 64- and 128-byte blocks, for one to four blocks. */
const EDGES = [0, 1, 55, 56, 63, 64, 65, 111, 112, 119, 120, 127, 128, 129, 183, 184, 191, 192, 255, 256];

const BATCHES: Record<string, () => Data[]> = {
  'equal lengths (64 bytes, 1001 messages: the last group has one lane)': () =>
    Array.from({ length: 1001 }, (_, i) => bytes(64, i)),
  'every padding edge, in order and shuffled into mixed groups': () => [
    ...EDGES.map((n, i) => bytes(n, i)),
    ...EDGES.map((_, i) => bytes(EDGES[(i * 7) % EDGES.length], 100 + i)),
  ],
  'one long lane per group (lanes run unequal block counts)': () =>
    Array.from({ length: 40 }, (_, i) => bytes(i % 4 === 3 ? 1000 + i : 10 + i, i)),
  'strings: ASCII, 2- 3- and 4-byte UTF-8, a lone surrogate, empty': () => [
    'abc',
    '',
    'é'.repeat(70),
    '€'.repeat(40),
    '😀'.repeat(33),
    'x\uD800y',
    'The quick brown fox jumps over the lazy dog',
    ...Array.from({ length: 30 }, (_, i) => 'a'.repeat(i * 9)),
  ],
  'every Data kind: Uint8Array view, DataView, ArrayBuffer, Int32Array': () => [
    bytes(300, 1).subarray(3, 250),
    new DataView(bytes(200, 2).buffer, 5, 100),
    bytes(77, 3).buffer,
    new Int32Array([1, 2, 3, -1]),
  ],
  'messages too long for the batch (64 KiB + 1, and a 30000-unit string) among short ones': () => [
    bytes(10, 1),
    bytes(64 * 1024 + 1, 2),
    bytes(10, 3),
    'z'.repeat(30000),
    bytes(10, 5),
  ],
  'more than one chunk (20000 messages of 300 bytes: 7.8 MiB padded)': () =>
    Array.from({ length: 20000 }, (_, i) => bytes(300, i)),
};

describe.each(ALGS)('%s', (algorithm) => {
  it.each(Object.keys(BATCHES))('digestMany: %s', (name) => {
    const messages = BATCHES[name]();
    expectAll(algorithm, messages, digestMany(algorithm, messages));
  });

  it.each([true, false])('WebAssembly path, simd=%s, every batch', (simd) => {
    const w = load();
    if (!w) throw new Error('WebAssembly did not load: Node 20 has it, so this is a bug');
    for (const make of Object.values(BATCHES)) {
      const messages = make();
      expectAll(algorithm, messages, digestManyWasm(w, lookup(algorithm).spec, messages, { simd }));
    }
  });

  it('random batches (fast-check): every provider that has it agrees with node:crypto', () => {
    const message = fc.oneof(
      fc.uint8Array({ maxLength: 300 }),
      fc.string({ unit: 'grapheme', maxLength: 80 }),
      fc.constantFrom(...EDGES).map((n) => bytes(n, n)),
    );
    fc.assert(
      fc.property(fc.array(message, { maxLength: 23 }), fc.constantFrom('auto', 'wasm', 'ts', 'node'), (ms, p) => {
        expectAll(algorithm, ms, digestMany(algorithm, ms, { provider: p as 'auto' }));
      }),
      { numRuns: 60 },
    );
  });
});

describe('digestMany: the contract', () => {
  it('returns one independent array per message, and [] for []', () => {
    expect(digestMany('SHA-256', [])).toEqual([]);
    const [a, b] = digestMany('SHA-256', ['a', 'b']);
    a.fill(0);
    expect(hex(b)).toBe(reference('SHA-256', encoder.encode('b')));
    expect(b.length).toBe(32);
  });

  it('MD2 (no WebAssembly) goes through the TypeScript provider', () => {
    const ms = ['', 'abc', bytes(100, 1)];
    expect(digestMany('MD2', ms).map(hex)).toEqual(ms.map((m) => hex(digest('MD2', m, { provider: 'ts' }))));
  });

  it('refuses bad input with a typed error, and no partial result', () => {
    expect(() => digestMany('SHA-1', ['ok', 42 as unknown as Data])).toThrow(InvalidDataError);
    expect(() => digestMany('SHA-3', ['x'])).toThrow(UnknownAlgorithmError);
    expect(() => digestMany('SHA-256', ['x'], { provider: 'webcrypto' })).toThrow(AsyncOnlyError);
  });

  it('leaves the single-message WebAssembly path correct after a batch grew memory', () => {
    const big = Array.from({ length: 20000 }, (_, i) => bytes(300, i));
    digestMany('SHA-256', big, { provider: 'wasm' });
    const m = bytes(1000, 9);
    expect(hex(digest('SHA-256', m, { provider: 'wasm' }))).toBe(reference('SHA-256', m));
  });
});
