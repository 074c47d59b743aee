/**
 * The shapes of the TypeScript cores that engines with no JIT run (QuickJS, Hermes, `node --jitless`): `interpreted`
 * that chooses them, and each against the shape JITs run, on the same inputs. This process has a JIT: the library
 * bound SHA-512's JIT shape and (V8) BLAKE3's unrolled rounds here; SHA-512's interpreter shape and BLAKE3's loop run
 * through the whole library in runtimes.test.ts (`node --jitless`; Bun's JavaScriptCore) and quickjs.edge.test.ts.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { BLAKE3_256, blake3Shape, roundsLoop } from '../src/algorithms/blake3.js';
import { blake3RoundsUnrolled } from '../src/algorithms/generated/blake3.js';
import { sha512Blocks, sha512BlocksInline } from '../src/algorithms/generated/sha512.js';
import { SHA512 } from '../src/algorithms/sha512.js';
import { digestHex } from '../src/index.js';
import { interpreted } from '../src/shared/runtime.js';
import { narrow } from '../src/spec/algorithm.js';
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

describe('SHA-512 with its sums written out (sha512BlocksInline)', () => {
  it('gives the state sha512Blocks gives: random states, 1 to 3 blocks at odd offsets', () => {
    for (let t = 0; t < 40; t++) {
      const blocks = 1 + (t % 3);
      const offset = t % 7;
      const data = pseudoRandomBytes(offset + 128 * blocks, 1000 + t);
      const a = words(16, t);
      const b = a.slice();
      sha512Blocks(a, data, offset, blocks);
      sha512BlocksInline(b, data, offset, blocks);
      expect(b).toEqual(a);
    }
  });

  it("SHA-512('abc') from its IV in one padded block: node:crypto's digest", () => {
    const block = new Uint8Array(128);
    block.set([0x61, 0x62, 0x63, 0x80]);
    block[127] = 24;
    const s = Int32Array.from(narrow(SHA512, 'merkle-damgard').construction.iv);
    sha512BlocksInline(s, block, 0, 1);
    const hex = [...s].map((w) => (w >>> 0).toString(16).padStart(8, '0')).join('');
    expect(hex).toBe(createHash('sha512').update('abc').digest('hex'));
    // the library here ran the other shape: the same digest
    expect(digestHex('SHA-512', 'abc', { provider: 'ts' })).toBe(hex);
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
