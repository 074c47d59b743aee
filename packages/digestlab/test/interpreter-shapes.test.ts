/**
 * The shapes of the TypeScript cores that engines with no JIT run (QuickJS, Hermes, `node --jitless`): `interpreted`
 * that chooses them, and BLAKE3's against the shape other JITs run, on the same inputs (SHA-512's, which V8 runs too:
 * sha2-shapes.test.ts). This process has a JIT: the library bound (V8) BLAKE3's unrolled rounds here; BLAKE3's loop
 * runs through the whole library in runtimes.test.ts (Bun's JavaScriptCore) and quickjs.edge.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { BLAKE3_256, blake3Shape, roundsLoop } from '../src/algorithms/blake3.js';
import { blake3RoundsUnrolled } from '../src/algorithms/generated/blake3.js';
import { digestHex } from '../src/index.js';
import { interpreted } from '../src/shared/runtime.js';
import { pseudoRandomBytes } from './helpers/common.js';

const words = (n: number, seed: number) => new Int32Array(pseudoRandomBytes(4 * n, seed).buffer);

describe('interpreted: no WebAssembly global, no JIT', () => {
  it('is false where WebAssembly is (this process), true where it is absent or not an object', () => {
    expect(interpreted()).toBe(false);
    expect(interpreted({ WebAssembly })).toBe(false);
    expect(interpreted({})).toBe(true);
    expect(interpreted({ WebAssembly: undefined })).toBe(true);
    expect(interpreted({ WebAssembly: null })).toBe(true);
  });
});

describe("BLAKE3's rounds written out (blake3RoundsUnrolled)", () => {
  it('blake3Shape: unrolled on V8 and where there is no JIT, the loop on the other JITs', () => {
    const browser = (engine: 'Blink' | 'Gecko' | 'WebKit' | 'unknown') => ({
      runtime: 'browser' as const,
      browser: { name: 'x', version: '1', engine },
    });
    for (const runtime of ['node', 'deno', 'workerd', 'edge-runtime'] as const) {
      expect(blake3Shape({ runtime }, false)).toBe('unrolled');
    }
    expect(blake3Shape(browser('Blink'), false)).toBe('unrolled');
    expect(blake3Shape(browser('Gecko'), false)).toBe('loop');
    expect(blake3Shape(browser('WebKit'), false)).toBe('loop');
    expect(blake3Shape({ runtime: 'bun' }, false)).toBe('loop');
    expect(blake3Shape({ runtime: 'unknown' }, false)).toBe('loop');
    expect(blake3Shape({ runtime: 'unknown' }, true)).toBe('unrolled');
    expect(blake3Shape({ runtime: 'hermes' }, true)).toBe('unrolled');
    expect(blake3Shape(browser('WebKit'), true)).toBe('unrolled');
  });

  it('the TypeScript BLAKE3 of this process (Node: the unrolled rounds) gives the digests of the loop', () => {
    const data = pseudoRandomBytes(3000, 77);
    const ours = BLAKE3_256.create();
    ours.update(data);
    const want = digestHex('BLAKE3-256', data, { provider: 'wasm' });
    expect(Buffer.from(ours.digest()).toString('hex')).toBe(want);
  });

  it('leave the working vector as the loop of G calls does, the message untouched', () => {
    for (let t = 0; t < 40; t++) {
      const m = words(16, 500 + t);
      const v = words(16, 900 + t);
      const w = v.slice();
      const m0 = m.slice();
      roundsLoop(v, m);
      blake3RoundsUnrolled(w, m);
      expect(w).toEqual(v);
      expect(m).toEqual(m0);
    }
  });
});
