/**
 * What is particular to the `wasm` provider and to `auto`: the one-shot path that pads in WebAssembly memory and
 * its fallback for input that does not fit (bytes, and strings whose UTF-8 might not fit), clone and state
 * export of the WebAssembly engine, ready(), and the sizes at which `auto` hands one-shots to node:crypto.
 * (The CAVP, differential and large-tier suites run `wasm` like every other provider.)
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
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
import { nodeProvider } from '../src/providers/node.js';
import { wasmProvider } from '../src/providers/wasm.js';
import { lookup } from '../src/registry.js';
import { INPUT_CAPACITY } from '../src/wasm/module.js';
import { NODE_HAS, pseudoRandomBytes, reference } from './helpers/common.js';

const WASM_HAS = NODE_HAS.filter((a) => lookup(a).spec.md !== undefined);
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
  });

  it.each(WASM_HAS)('%s: one-shots below the crossover go to wasm, from it on to node:crypto', (algorithm) => {
    const from = NODE_FROM[algorithm as AlgorithmName];
    const calls = (p: { digestOnce: unknown; digestHexOnce: unknown }) => [
      vi.spyOn(p as typeof wasmProvider, 'digestOnce'),
      vi.spyOn(p as typeof wasmProvider, 'digestHexOnce'),
    ];
    const [wasmBytes, wasmHex] = calls(wasmProvider);
    const [nodeBytes, nodeHex] = calls(nodeProvider);
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
