/**
 * What is particular to the `wasm` provider and to `auto`: the one-shot path that pads in WebAssembly memory and
 * its fallback for input that does not fit (bytes, and strings whose UTF-8 might not fit), clone and state
 * export of the WebAssembly engine, ready(), and the sizes at which `auto` hands one-shots to node:crypto.
 * (The CAVP, differential and large-tier suites run `wasm` like every other provider.)
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { padInPlace } from '../src/constructions/merkle-damgard/merkle-damgard.js';
import {
  type AlgorithmName,
  createDigest,
  digest,
  digestHex,
  importState,
  ready,
  StateUnsupportedError,
} from '../src/index.js';
import { NODE_FROM } from '../src/providers/auto.js';
import { forgetResolutions } from '../src/providers/index.js';
import { nodeProvider } from '../src/providers/node.js';
import { wasmProvider } from '../src/providers/wasm.js';
import { lookup } from '../src/registry/registry.js';
import { narrow } from '../src/spec/algorithm.js';
import { type Blocks, type Hex, INPUT, INPUT_CAPACITY, SCRATCH, STATE } from '../src/wasm/layout.js';
import { load, scalarCore, type Wasm } from '../src/wasm/module.js';
import { NODE_HAS, pseudoRandomBytes, reference } from './helpers/common.js';

const WASM_HAS = NODE_HAS.filter((a) => lookup(a).spec.construction.kind === 'merkle-damgard');
const encoder = new TextEncoder();

const bytes = (length: number, seed = length): Uint8Array => pseudoRandomBytes(length, seed);

describe.each(WASM_HAS)('wasm, %s', (algorithm) => {
  const wasm = { provider: 'wasm' } as const;

  it('one-shot bytes around the input area (padded in place; streamed when too long)', () => {
    for (const n of [
      INPUT_CAPACITY - 129,
      INPUT_CAPACITY - 1,
      INPUT_CAPACITY,
      INPUT_CAPACITY + 1,
      3 * INPUT_CAPACITY,
    ]) {
      const data = bytes(n);
      expect(digestHex(algorithm, data, wasm), `${n} bytes`).toBe(reference(algorithm, data));
      expect(Buffer.from(digest(algorithm, data, wasm)).toString('hex')).toBe(reference(algorithm, data));
    }
  });

  it('one-shot strings around the area: 3-byte characters, encoded in place or streamed', () => {
    const most = Math.floor(INPUT_CAPACITY / 3);
    for (const units of [most - 1, most, most + 1]) {
      const s = '€'.repeat(units);
      expect(digestHex(algorithm, s, wasm), `${units} units`).toBe(reference(algorithm, encoder.encode(s)));
    }
  });

  it('clone() stays in WebAssembly and forks the state', () => {
    const d = createDigest(algorithm, wasm).update(bytes(1000));
    const c = d.clone();
    expect(c.provider).toBe('wasm');
    d.update('tail one');
    c.update('tail two');
    const whole = (tail: string) => new Uint8Array([...bytes(1000), ...encoder.encode(tail)]);
    expect(d.digestHex()).toBe(reference(algorithm, whole('tail one')));
    expect(c.digestHex()).toBe(reference(algorithm, whole('tail two')));
  });

  it('exported state continues elsewhere, and the same bytes come from ts', () => {
    const data = bytes(777);
    const fromWasm = createDigest(algorithm, wasm).update(data.subarray(0, 300)).exportState();
    const fromTs = createDigest(algorithm, { provider: 'ts' }).update(data.subarray(0, 300)).exportState();
    expect(fromWasm).toEqual(fromTs);
    expect(importState(fromWasm).update(data.subarray(300)).digestHex()).toBe(reference(algorithm, data));
    for (const provider of ['wasm', 'auto'] as const) {
      const d = importState(fromTs, { provider });
      expect(d.provider).toBe('wasm');
      expect(d.update(data.subarray(300)).digestHex()).toBe(reference(algorithm, data));
    }
    expect(importState(fromWasm, { provider: 'ts' }).provider).toBe('ts');
    expect(() => importState(fromWasm, { provider: 'node' })).toThrow(StateUnsupportedError);
  });
});

describe('auto', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    // the public calls keep the functions prepared while spied on: forget them
    forgetResolutions();
  });

  /** Counts the calls of the one-shots `p` prepares (what the public calls run) from now on. */
  function calls(p: typeof wasmProvider) {
    const counted = <F extends (data: Uint8Array | string) => unknown>(f: F, count: () => void) =>
      ((data: Uint8Array | string) => {
        count();
        return f(data);
      }) as F;
    const bytes = vi.fn();
    const hex = vi.fn();
    const prepareBytes = p.prepareBytes?.bind(p);
    const prepareHex = p.prepareHex?.bind(p);
    if (!prepareBytes || !prepareHex) throw new Error(`${p.id} prepares no one-shots`);
    vi.spyOn(p, 'prepareBytes').mockImplementation((a) => counted(prepareBytes(a), bytes));
    vi.spyOn(p, 'prepareHex').mockImplementation((a) => counted(prepareHex(a), hex));
    return [bytes, hex];
  }

  it.each(WASM_HAS)('%s: one-shots below the crossover go to wasm, from it on to node:crypto', (algorithm) => {
    const from = NODE_FROM[algorithm as AlgorithmName];
    const [wasmBytes, wasmHex] = calls(wasmProvider);
    const [nodeBytes, nodeHex] = calls(nodeProvider);
    forgetResolutions();
    const sizes = (f: number) => [0, 1, f - 1, f, f + 1, 1 << 20].filter((x) => x >= 0 && Number.isFinite(x));
    for (const n of sizes(from.bytes)) {
      const data = bytes(n);
      vi.clearAllMocks();
      expect(Buffer.from(digest(algorithm, data)).toString('hex')).toBe(reference(algorithm, data));
      expect([wasmBytes.mock.calls.length, nodeBytes.mock.calls.length], `${n} bytes`).toEqual(
        n < from.bytes ? [1, 0] : [0, 1],
      );
    }
    for (const n of sizes(from.hex)) {
      const data = bytes(n);
      vi.clearAllMocks();
      expect(digestHex(algorithm, data)).toBe(reference(algorithm, data));
      expect([wasmHex.mock.calls.length, nodeHex.mock.calls.length], `${n} bytes, hex`).toEqual(
        n < from.hex ? [1, 0] : [0, 1],
      );
    }
  });

  it('streams go to node:crypto where it wins on long inputs here, else to wasm, and say so', () => {
    for (const a of WASM_HAS) {
      const nodeWins = NODE_FROM[a as AlgorithmName].bytes !== Number.POSITIVE_INFINITY;
      expect(createDigest(a).provider, a).toBe(nodeWins ? 'node' : 'wasm');
    }
    expect(createDigest('MD2').provider).toBe('ts');
  });
});

describe('ready()', () => {
  it('resolves (more than once), and the wasm provider works after it', async () => {
    await ready();
    await ready();
    expect(digestHex('SHA-256', 'abc', { provider: 'wasm' })).toBe(reference('SHA-256', encoder.encode('abc')));
  });
});

describe('wasm: the calls into WebAssembly (each route gives the same digest, so these watch the route)', () => {
  /** Runs `f` with every call into the scalar cores (and the one-shots to hex) recorded as its block count. */
  function blockCalls(f: () => void): number[] {
    const w = load();
    if (!w) throw new Error('WebAssembly did not load: Node 20 has it, so this is a bug');
    const cores = w.blocks as Record<string, Blocks>;
    const saved = { ...cores };
    const calls: number[] = [];
    for (const [name, core] of Object.entries(saved)) {
      cores[name] = (state, data, blocks) => {
        calls.push(blocks);
        core(state, data, blocks);
      };
    }
    // the one-shots to hex pad and compress in one call: its block count, from the length it is given
    const hex = w.hex as Record<string, Hex>;
    const savedHex = { ...hex };
    for (const [name, one] of Object.entries(savedHex)) {
      const bl = name === 'sha512' ? 128 : 64;
      hex[name] = (state, data, len, out, dl) => {
        calls.push(Math.ceil((len + 1 + bl / 8) / bl));
        one(state, data, len, out, dl);
      };
    }
    try {
      f();
    } finally {
      Object.assign(cores, saved);
      Object.assign(hex, savedHex);
    }
    return calls;
  }

  const ascii = (n: number) => 'x'.repeat(n);

  it.each([
    ['SHA-256', 64],
    ['SHA-512', 128],
  ] as const)('%s: input that fits the area is padded in place and hashed in one call; more is streamed', (a, bl) => {
    const blocksOf = (n: number) => Math.ceil((n + 1 + bl / 8) / bl);
    const most = INPUT_CAPACITY / bl; // blocks the area holds
    const cases: [string, Uint8Array | string, number[]][] = [
      ['64 KiB', bytes(INPUT_CAPACITY), [blocksOf(INPUT_CAPACITY)]],
      // streamed: the area's worth of whole blocks, then the last block padded
      ['64 KiB + 1', bytes(INPUT_CAPACITY + 1), [most, 1]],
      // three areas and a half: the streaming engine copies at most an area at a time
      ['3.5 areas', bytes(3.5 * INPUT_CAPACITY), [most, most, most, most / 2, 1]],
      // a string fits when 3 bytes a UTF-16 unit would: 21845 units; 21846 are streamed
      ['21845 units', ascii(21845), [blocksOf(21845)]],
      ['21846 units', ascii(21846), [Math.floor(21846 / bl), 1]],
    ];
    for (const [name, data, want] of cases) {
      const expected = reference(a, typeof data === 'string' ? encoder.encode(data) : data);
      let hex = '';
      expect(
        blockCalls(() => (hex = Buffer.from(wasmProvider.digestOnce(a, data)).toString('hex'))),
        name,
      ).toEqual(want);
      expect(hex, name).toBe(expected);
      expect(
        blockCalls(() => (hex = wasmProvider.digestHexOnce(a, data))),
        name,
      ).toEqual(want);
      expect(hex, name).toBe(expected);
    }
  });
});

describe('wasm: SHA-1, SHA-256 and SHA-512 with the message schedule in SIMD128 (module shasimd), and without', () => {
  const simd = (): Wasm => {
    const w = load();
    if (!w) throw new Error('WebAssembly did not load: Node 20 has it, so this is a bug');
    return w;
  };

  it('the SIMD schedule is what this runtime runs, so every test of the wasm provider here runs it', () => {
    expect(simd().simdSchedule).toBe(true);
    expect(scalarCore().simdSchedule).toBe(false);
  });

  it.each(['sha1', 'sha256', 'sha512'] as const)('%s: the same chaining values as the scalar core', (core) => {
    const scalar = scalarCore();
    const words = { sha1: 5, sha256: 8, sha512: 16 }[core];
    const block = core === 'sha512' ? 128 : 64;
    // the schedule's vectors cross every block and every group of words; the last count fills the input area
    for (const blocks of [1, 2, 3, 4, 5, 16, 17, INPUT_CAPACITY / block - 1, INPUT_CAPACITY / block]) {
      const data = bytes(block * blocks, blocks);
      const chain = new Int32Array(pseudoRandomBytes(4 * words, 7 * blocks).buffer);
      const after = [simd(), scalar].map((w) => {
        w.words.set(chain, STATE >> 2);
        w.bytes.set(data, INPUT);
        w.blocks[core](STATE, INPUT, blocks);
        return Array.from(w.words.subarray(STATE >> 2, (STATE >> 2) + words));
      });
      expect(after[0], `${blocks} blocks`).toEqual(after[1]);
    }
  });

  it.each(['sha1', 'sha256', 'sha512'] as const)('%s: writes its chaining value and the scratch only', (core) => {
    const w = simd();
    const words = { sha1: 5, sha256: 8, sha512: 16 }[core];
    // the Keccak constants (512-703) and the lanes' initial value live below the scratch, the input above it
    const before = pseudoRandomBytes(INPUT + 256, 11);
    w.bytes.set(before, 0);
    w.blocks[core](STATE, INPUT, 3);
    const after = w.bytes.slice(0, INPUT + 256);
    const changed = [...after.keys()].filter((i) => after[i] !== before[i]);
    const outside = changed.filter((i) => i >= 4 * words && (i < SCRATCH || i >= INPUT));
    expect(outside).toEqual([]);
    expect(changed.some((i) => i >= SCRATCH && i < INPUT)).toBe(true);
  });

  /** A message's digest through one core's compression function alone, padded in that core's memory. */
  function digestIn(w: Wasm, algorithm: AlgorithmName, data: Uint8Array): string {
    const { spec } = lookup(algorithm);
    const md = narrow(spec, 'merkle-damgard').construction;
    w.bytes.set(data, INPUT);
    const padded = padInPlace(w.bytes, INPUT, data.length, spec.blockLength, md);
    w.words.set(md.iv, STATE >> 2);
    w.blocksOf(md.core)(STATE, INPUT, padded / spec.blockLength);
    const out = Array.from(w.words.subarray(STATE >> 2, (STATE >> 2) + spec.digestLength / 4));
    return out.map((x) => (x >>> 0).toString(16).padStart(8, '0')).join('');
  }

  it.each(['SHA-1', 'SHA-224', 'SHA-256', 'SHA-384', 'SHA-512', 'SHA-512/256'] as const)(
    "%s: both give node:crypto's digests",
    (algorithm) => {
      const scalar = scalarCore();
      for (const n of [0, 1, 55, 56, 63, 64, 65, 111, 112, 119, 127, 128, 129, 1000, INPUT_CAPACITY - 256]) {
        const data = bytes(n);
        const want = reference(algorithm, data);
        expect(digestIn(simd(), algorithm, data), `${n} bytes, SIMD schedule`).toBe(want);
        expect(digestIn(scalar, algorithm, data), `${n} bytes, scalar core`).toBe(want);
      }
    },
  );
});

describe('wasm: MD2, which has no WebAssembly core', () => {
  it('is not among its algorithms, and a direct call says why rather than computing something else', () => {
    expect(wasmProvider.has('MD2')).toBe(false);
    const why = new Error('digestlab: MD2 has no WebAssembly core');
    expect(() => wasmProvider.create('MD2')).toThrow(why);
    expect(() => wasmProvider.digestOnce('MD2', 'abc')).toThrow(why);
    expect(() => wasmProvider.digestHexOnce('MD2', new Uint8Array(3))).toThrow(why);
  });
});
