/**
 * digestMany and its two WebAssembly paths (4-lane SIMD and scalar), against node:crypto called directly, on
 * batches built to hit every lane arrangement: equal lengths, mixed block counts inside a group of four, groups
 * cut short at the end of a batch, strings (grouped by an upper bound, so their lanes often differ), messages too
 * long for the batch, and batches larger than one chunk (so memory grows mid-call).
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { digestManyWasm } from '../src/api/many.js';
import {
  type AlgorithmName,
  AsyncOnlyError,
  type Data,
  digest,
  digestMany,
  InvalidDataError,
  UnknownAlgorithmError,
} from '../src/index.js';
import { tsProvider } from '../src/providers/ts.js';
import { wasmProvider } from '../src/providers/wasm.js';
import { lookup } from '../src/registry/registry.js';
import { narrow } from '../src/spec/algorithm.js';
import type { Many } from '../src/wasm/layout.js';
import { load, type Wasm } from '../src/wasm/module.js';
import { hexToBytes, NODE_HAS, pseudoRandomBytes, reference } from './helpers/common.js';

const encoder = new TextEncoder();
const ALGS = NODE_HAS.filter((a) => lookup(a).spec.construction.kind === 'merkle-damgard');
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

// ---------------------------------------------------------------------------------------------------------
// The route each message takes. Every route gives the same digest, so the tests above cannot tell them apart;
// these watch the route: the 4-lane driver's calls (through a Wasm whose `many` functions record what they are
// given), the wasm provider's one-shot (spied on), and the caller's `alone`.

/** Restated from many.ts's documentation: a batch is run in chunks of at most this many messages and bytes. */
const CHUNK_MESSAGES = 8192;
const CHUNK_BYTES = 4 * 1024 * 1024;
/** Longest message copied into a batch (INPUT_CAPACITY); longer ones are hashed on their own. */
const BATCH_MAX = 64 * 1024;
/** The algorithms with 4-lane functions (SHA-224 runs on the SHA-256 core); SHA-512 and its kin have none. */
const LANES: readonly AlgorithmName[] = ['MD5', 'SHA-1', 'SHA-224', 'SHA-256'];

/** Bytes a message of n bytes takes padded: n, the 0x80 byte and the length field, in whole blocks. */
const padded = (n: number, blockLength: number) => Math.ceil((n + 1 + blockLength / 8) / blockLength) * blockLength;

interface Routes {
  /** Each call into the 4-lane driver: the byte length of each message it is given, in the order laid out. */
  lanes: number[][];
  /** Byte lengths hashed one at a time by the wasm provider's one-shot. */
  scalar: number[];
  /** Byte lengths handed to the caller's `alone`. */
  alone: number[];
  /** Layout faults seen by the driver: messages overlapping each other, the table or the digests. */
  faults: string[];
}

/**
 * A Wasm that forwards to the real one, recording every call into the 4-lane drivers in `routes` and checking
 * the memory layout each is given (Many's contract: a table of (address, length), every message with room for
 * its padding, the digests after the table). With `simd: false`, a runtime without WebAssembly SIMD.
 */
function recordingWasm(w: Wasm, routes: Routes, blockLength: number, simd = true): Wasm {
  const real = w.simd;
  if (!real) throw new Error('WebAssembly SIMD did not load: Node 20 has it, so this is a bug');
  const record =
    (f: Many): Many =>
    (state, iv, table, count, out, dl) => {
      const spans: [string, number, number][] = [
        ['the table', table, table + 8 * count],
        ['the digests', out, out + dl * count],
      ];
      const lengths: number[] = [];
      for (let k = 0; k < count; k++) {
        const at = w.words[(table >> 2) + 2 * k];
        const n = w.words[(table >> 2) + 2 * k + 1];
        lengths.push(n);
        spans.push([`message ${k}`, at, at + padded(n, blockLength)]);
      }
      for (const [name, , to] of spans) if (to > w.bytes.length) routes.faults.push(`${name} ends past memory`);
      // in address order, each span must end before the next begins
      spans.sort((a, b) => a[1] - b[1]);
      for (const [i, [name, , to]] of spans.entries()) {
        const next = spans[i + 1];
        if (next && next[1] < to) routes.faults.push(`${name} overlaps ${next[0]}`);
      }
      routes.lanes.push(lengths);
      f(state, iv, table, count, out, dl);
    };
  const many = {
    md5: record(real.many.md5),
    sha1: record(real.many.sha1),
    sha256: record(real.many.sha256),
  };
  return {
    ensure: (size: number) => w.ensure(size),
    get bytes() {
      return w.bytes;
    },
    get words() {
      return w.words;
    },
    simd: simd ? { lanes: real.lanes, many } : undefined,
  } as unknown as Wasm;
}

/**
 * Runs digestManyWasm with every route recorded, checks the digests against node:crypto, and returns the routes.
 * With `alone`, long messages go to a caller's function (node:crypto here) as digestMany's own callers may do.
 */
function routesOf(
  algorithm: AlgorithmName,
  messages: readonly Data[],
  options: { simd: boolean; alone?: boolean; wasmSimd?: boolean },
): Routes {
  const w = load();
  if (!w) throw new Error('WebAssembly did not load: Node 20 has it, so this is a bug');
  const spec = lookup(algorithm).spec;
  const routes: Routes = { lanes: [], scalar: [], alone: [], faults: [] };
  const once = wasmProvider.digestOnce;
  const spy = vi.spyOn(wasmProvider, 'digestOnce').mockImplementation((a, data) => {
    routes.scalar.push(typeof data === 'string' ? encoder.encode(data).length : data.length);
    return once.call(wasmProvider, a, data);
  });
  const alone = (data: Uint8Array) => {
    routes.alone.push(data.length);
    return hexToBytes(reference(algorithm, data));
  };
  try {
    const got = digestManyWasm(recordingWasm(w, routes, spec.blockLength, options.wasmSimd ?? true), spec, messages, {
      simd: options.simd,
      ...(options.alone ? { alone } : {}),
    });
    expectAll(algorithm, messages, got);
  } finally {
    spy.mockRestore();
  }
  return routes;
}

const lengthOf = (m: Data) => bytesOf(m).length;

describe('digestManyWasm: the route each message takes', () => {
  const w = load();

  it('refuses an algorithm without a WebAssembly core (MD2), saying so', () => {
    if (!w) throw new Error('WebAssembly did not load: Node 20 has it, so this is a bug');
    expect(() => digestManyWasm(w, lookup('MD2').spec, ['x'], { simd: true })).toThrow(
      new Error('digestlab: MD2 has no WebAssembly core'),
    );
  });

  const SHORT = [bytes(0, 1), bytes(10, 2), bytes(100, 3), 'abc'];

  it.each(ALGS)('%s: the 4 lanes with SIMD where it has them, else one by one', (a) => {
    const lengths = SHORT.map(lengthOf);
    const simd = routesOf(a, SHORT, { simd: true });
    if (LANES.includes(a)) {
      expect(simd.lanes.flat().sort((x, y) => x - y)).toEqual([...lengths].sort((x, y) => x - y));
      expect(simd.scalar).toEqual([]);
    } else {
      expect(simd).toMatchObject({ lanes: [], scalar: lengths });
    }
    expect(routesOf(a, SHORT, { simd: false })).toMatchObject({ lanes: [], scalar: lengths, alone: [] });
  });

  it('one by one where the runtime has no WebAssembly SIMD, even when asked for it', () => {
    expect(routesOf('SHA-256', SHORT, { simd: true, wasmSimd: false })).toMatchObject({
      lanes: [],
      scalar: SHORT.map(lengthOf),
    });
  });

  // 64 KiB goes in the batch, 64 KiB + 1 does not; a string goes in when its UTF-16 length is at most a third of
  // 64 KiB (it cannot take more than 3 bytes a unit), so 21846 ASCII characters go alone to the one-shot, and
  // 21846 euro signs (65538 bytes) to the caller's `alone`.
  const LONG: Data[] = [
    bytes(10, 1),
    bytes(BATCH_MAX, 2),
    bytes(BATCH_MAX + 1, 3),
    'a'.repeat(21845),
    'b'.repeat(21846),
    '€'.repeat(21846),
    bytes(20, 4),
  ];

  it('long messages go on their own: to the caller’s `alone` when given and over 64 KiB, else the one-shot', () => {
    const batched = [10, BATCH_MAX, 21845, 20];
    const withAlone = routesOf('SHA-256', LONG, { simd: true, alone: true });
    expect(withAlone.lanes.flat().sort((x, y) => x - y)).toEqual(batched.sort((x, y) => x - y));
    expect(withAlone).toMatchObject({ scalar: [21846], alone: [BATCH_MAX + 1, 65538], faults: [] });

    expect(routesOf('SHA-256', LONG, { simd: true })).toMatchObject({ scalar: [BATCH_MAX + 1, 21846, 65538] });
    expect(routesOf('SHA-256', LONG, { simd: false, alone: true })).toMatchObject({
      lanes: [],
      scalar: [10, BATCH_MAX, 21845, 21846, 20],
      alone: [BATCH_MAX + 1, 65538],
    });
  });

  /** The group of a message: its block count padded, or one group for every string. */
  const groupOf = (m: Data) => (typeof m === 'string' ? 'string' : String(padded(lengthOf(m), 64) / 64));

  it.each([
    ['block counts 2, 1, 3, 1', [bytes(100, 1), bytes(10, 2), bytes(130, 3), bytes(11, 4)]],
    ['strings among one-block messages', ['abc', bytes(10, 1), 'de']],
    ['strings among one- and two-block messages', ['abc', bytes(10, 1), 'de', bytes(100, 2), bytes(11, 3)]],
    ['a long message among short ones of two block counts', [bytes(10, 1), bytes(BATCH_MAX + 1, 2), bytes(100, 3)]],
  ] as const)('messages of one block count, and strings, are neighbours in the lanes: %s', (_, messages) => {
    const routes = routesOf('SHA-256', messages, { simd: true });
    const byLength = new Map(messages.map((m) => [lengthOf(m), groupOf(m)]));
    const groups = routes.lanes.flat().map((n) => byLength.get(n));
    // each group is one run: it does not come back once another began
    const runs = groups.filter((g, i) => g !== groups[i - 1]);
    expect(new Set(runs).size, `groups in the order laid out: ${groups}`).toBe(runs.length);
    expect(routes.lanes.flat()).toHaveLength(messages.filter((m) => lengthOf(m) <= BATCH_MAX).length);
  });

  it.each([
    ['17000 empty messages', 17000, 0, [8192, 8192, 616]],
    ['4097 messages of 1000 bytes (1 KiB padded: 4096 fill 4 MiB)', 4097, 1000, [4096, 1]],
    ['one message', 1, 5, [1]],
    ['none', 0, 5, []],
  ])('chunks of at most 8192 messages and 4 MiB, each as full as that allows: %s', (_, count, length, want) => {
    const messages = Array.from({ length: count }, (_, i) => bytes(length, i));
    const routes = routesOf('SHA-256', messages, { simd: true });
    expect(routes.lanes.map((c) => c.length)).toEqual(want);
    const size = (c: number[]) => c.reduce((sum, n) => sum + padded(n, 64), 0);
    for (const [i, c] of routes.lanes.entries()) {
      expect(c.length).toBeLessThanOrEqual(CHUNK_MESSAGES);
      expect(size(c)).toBeLessThanOrEqual(CHUNK_BYTES);
      const next = routes.lanes[i + 1]?.[0];
      if (next !== undefined) {
        expect(c.length === CHUNK_MESSAGES || size(c) + padded(next, 64) > CHUNK_BYTES).toBe(true);
      }
    }
    expect(routes.faults).toEqual([]);
  });

  it('makes no call into the lanes when every message goes alone', () => {
    expect(routesOf('SHA-256', [bytes(BATCH_MAX + 1, 1)], { simd: true })).toMatchObject({ lanes: [] });
  });
});

describe('the WebAssembly batch pads as padInPlace does (its $pad_le/$pad_be are gen-wasm.mjs’s own copy)', () => {
  const w = load();
  // the lane cores: the batch pads in WebAssembly only for them (the others go one by one through padInPlace)
  it.each(LANES)(
    '%s: every tail length on each side of the padding edges, one to four blocks, four lanes each',
    (a) => {
      if (!w?.simd) throw new Error('WebAssembly SIMD did not load: Node 20 has it, so this is a bug');
      const spec = lookup(a).spec;
      const md = narrow(spec, 'merkle-damgard').construction;
      const bl = spec.blockLength;
      const lw = md.lengthBytes;
      // n mod bl: the last one-block tail, the first two-block one, a block's last byte and a whole block
      const tails = [bl - lw - 1, bl - lw, bl - 1, 0];
      const lengths = [0, 1, 2, 3].flatMap((blocks) => tails.map((t) => blocks * bl + t)).filter((n) => n >= 0);
      // four messages of each length, so the four lanes of a group pad the same length; after a batch of 0xa5 bytes,
      // so the padding overwrites what the last batch left in memory
      digestManyWasm(w, spec, [bytes(8 * bl, 9).fill(0xa5)], { simd: true });
      const messages = lengths.flatMap((n) => [0, 1, 2, 3].map((k) => bytes(n, 10 * n + k)));
      const got = digestManyWasm(w, spec, messages, { simd: true }).map(hex);
      expect(got).toEqual(messages.map((m) => hex(tsProvider.digestOnce(a, m))));
    },
  );
});
