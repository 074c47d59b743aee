/**
 * The shapes of each TypeScript SHA-2 compression and the choice between them (sha2-shapes.ts): each shape
 * against the other on the same inputs and against node:crypto, and the shape the library bound in this process
 * (Node: V8 with its JIT). The other engines' shapes run through the whole library in runtimes.test.ts (Bun's
 * JavaScriptCore, `node --jitless`), quickjs.edge.test.ts and the browser tier.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Blocks, sha256BlocksJsc, sha256BlocksUnrolled } from '../src/algorithms/generated/sha256.js';
import { sha512Blocks, sha512BlocksInline } from '../src/algorithms/generated/sha512.js';
import { sha2Shapes } from '../src/algorithms/sha2-shapes.js';
import { SHA256 } from '../src/algorithms/sha256.js';
import { SHA384, SHA512 } from '../src/algorithms/sha512.js';
import { interpreted, runtime } from '../src/shared/runtime.js';
import { narrow } from '../src/spec/algorithm.js';
import { pseudoRandomBytes } from './helpers/common.js';

const words = (n: number, seed: number) => new Int32Array(pseudoRandomBytes(4 * n, seed).buffer);
const browser = (engine: 'Blink' | 'Gecko' | 'WebKit' | 'unknown') => ({
  runtime: 'browser' as const,
  browser: { name: 'x', version: '1', engine },
});
type Compress = (s: Int32Array, d: Uint8Array, offset: number, blocks: number) => void;

/** `abc` padded into one block of `size` bytes (FIPS 180-4 §5.1), compressed by `f` from `iv`, as hex. */
function abc(f: Compress, iv: Int32Array, size: 64 | 128): string {
  const block = new Uint8Array(size);
  block.set([0x61, 0x62, 0x63, 0x80]);
  block[size - 1] = 24;
  const s = Int32Array.from(iv);
  f(s, block, 0, 1);
  return [...s].map((w) => (w >>> 0).toString(16).padStart(8, '0')).join('');
}

/** `f` and `g` leave the same state: random states, 1 to 5 blocks at odd offsets. */
function sameStates(f: Compress, g: Compress, words32: number, blockBytes: number) {
  for (let t = 0; t < 40; t++) {
    const blocks = 1 + (t % 5);
    const offset = t % 7;
    const data = pseudoRandomBytes(offset + blockBytes * blocks, 3000 + t);
    const a = words(words32, t);
    const b = a.slice();
    f(a, data, offset, blocks);
    g(b, data, offset, blocks);
    expect(b).toEqual(a);
  }
}

describe('sha2Shapes', () => {
  it('SHA-256 unrolled on V8, a call a block on JavaScriptCore (JIT), the loop elsewhere; SHA-512 inline on V8 and interpreters', () => {
    for (const runtime of ['node', 'deno', 'workerd', 'edge-runtime'] as const) {
      expect(sha2Shapes({ runtime }, false)).toEqual({ sha256: 'unrolled', sha512: 'inline' });
      expect(sha2Shapes({ runtime }, true)).toEqual({ sha256: 'loop', sha512: 'inline' });
    }
    expect(sha2Shapes(browser('Blink'), false)).toEqual({ sha256: 'unrolled', sha512: 'inline' });
    for (const r of [browser('Gecko'), browser('unknown')]) {
      expect(sha2Shapes(r, false)).toEqual({ sha256: 'loop', sha512: 'calls' });
      expect(sha2Shapes(r, true)).toEqual({ sha256: 'loop', sha512: 'inline' });
    }
    for (const r of [browser('WebKit'), { runtime: 'bun' as const }]) {
      expect(sha2Shapes(r, false)).toEqual({ sha256: 'jsc', sha512: 'calls' });
      expect(sha2Shapes(r, true)).toEqual({ sha256: 'loop', sha512: 'inline' });
    }
    expect(sha2Shapes({ runtime: 'hermes' }, true)).toEqual({ sha256: 'loop', sha512: 'inline' });
  });

  it("the library bound the shapes named for the runtime running this suite (on Node, V8's)", () => {
    const here = runtime();
    const shapes = sha2Shapes(here, interpreted());
    if (here.runtime === 'node') expect(shapes).toEqual({ sha256: 'unrolled', sha512: 'inline' });
    const sha256 = { unrolled: sha256BlocksUnrolled, jsc: sha256BlocksJsc, loop: sha256Blocks }[shapes.sha256];
    const sha512 = shapes.sha512 === 'inline' ? sha512BlocksInline : sha512Blocks;
    expect(narrow(SHA256, 'merkle-damgard').construction.compress).toBe(sha256);
    expect(narrow(SHA512, 'merkle-damgard').construction.compress).toBe(sha512);
    expect(narrow(SHA384, 'merkle-damgard').construction.compress).toBe(sha512);
  });
});

describe('SHA-256 fully unrolled (sha256BlocksUnrolled)', () => {
  it('gives the state the loop gives', () => sameStates(sha256Blocks, sha256BlocksUnrolled, 8, 64));

  it("SHA-256('abc') from its IV, both shapes: node:crypto's digest", () => {
    const iv = narrow(SHA256, 'merkle-damgard').construction.iv;
    const want = createHash('sha256').update('abc').digest('hex');
    expect(abc(sha256BlocksUnrolled, iv, 64)).toBe(want);
    expect(abc(sha256Blocks, iv, 64)).toBe(want);
  });
});

describe('SHA-256 a call a block, for JavaScriptCore (sha256BlocksJsc)', () => {
  it('gives the state the loop gives', () => sameStates(sha256Blocks, sha256BlocksJsc, 8, 64));

  it("SHA-256('abc') from its IV: node:crypto's digest", () => {
    const iv = narrow(SHA256, 'merkle-damgard').construction.iv;
    expect(abc(sha256BlocksJsc, iv, 64)).toBe(createHash('sha256').update('abc').digest('hex'));
  });
});

describe('SHA-512 with its sums written out (sha512BlocksInline)', () => {
  it('gives the state the sums through lo/hi give', () => sameStates(sha512Blocks, sha512BlocksInline, 16, 128));

  it("SHA-512('abc') from its IV, both shapes: node:crypto's digest", () => {
    const iv = narrow(SHA512, 'merkle-damgard').construction.iv;
    const want = createHash('sha512').update('abc').digest('hex');
    expect(abc(sha512BlocksInline, iv, 128)).toBe(want);
    expect(abc(sha512Blocks, iv, 128)).toBe(want);
  });
});
