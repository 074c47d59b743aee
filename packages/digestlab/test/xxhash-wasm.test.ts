/**
 * xxHash's WebAssembly (src/wasm/xxhash.ts) against the TypeScript cores: the scalar module and the SIMD one (the
 * path each runtime takes) give the TypeScript accumulators for the same blocks and seeds, block for block; the
 * `wasm` provider's digests, with seeds, equal the `ts` provider's across XXH3's 240-byte boundary and its block
 * boundaries; and its states continue under `ts` and back. The stored references are checksums.test.ts's (every
 * provider).
 */
import { describe, expect, it } from 'vitest';
import { XXH3_64 } from '../src/algorithms/xxh3.js';
import { secretOf } from '../src/algorithms/xxh3-secret.js';
import { XXH32, XXH64 } from '../src/algorithms/xxhash.js';
import { seedWords } from '../src/constructions/checksum/checksum.js';
import { createDigest, digest, digestHex, importState } from '../src/index.js';
import type { ChecksumParams } from '../src/spec/constructions.js';
import { INPUT, loadXxhash, OUT, SECRET, STATE, scalarXxhash, type XxhashWasm } from '../src/wasm/xxhash.js';
import { pseudoRandomBytes } from './helpers/common.js';

const bytesToHex = (b: Uint8Array): string => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
const SEED = 'The quick brown fox jumps over the lazy dog. Pack my box with five dozen liquor jugs, please!';

const DATA = pseudoRandomBytes(5 * 1024 + 77, 0x3c);
const SEEDS = [undefined, 1n, 0x9e3779b185ebca87n, 2n ** 64n - 1n];
const core = (spec: typeof XXH32) => (spec.construction as ChecksumParams).core;

/** The state words after `n` blocks through the module's function `run`, from the TypeScript core's start. */
function wasmState(w: XxhashWasm, words: number, block: number, n: number, seed: Int32Array, run: () => void) {
  const s = new Int32Array(words);
  core(words === 4 ? XXH32 : words === 8 ? XXH64 : XXH3_64).init(s, seed);
  w.words.set(s, STATE >> 2);
  w.bytes.set(DATA.subarray(0, n * block), INPUT);
  run();
  return Array.from(w.words.subarray(STATE >> 2, (STATE >> 2) + words));
}

function tsState(spec: typeof XXH32, words: number, n: number, seed: Int32Array) {
  const s = new Int32Array(words);
  core(spec).init(s, seed);
  core(spec).blocks(s, DATA, 0, n, seed);
  return Array.from(s);
}

const MODULES: [string, () => XxhashWasm][] = [
  ['scalar', scalarXxhash],
  ['loaded (SIMD where the runtime has it)', loadXxhash],
];

describe.each(MODULES)('xxHash module, %s', (_name, module) => {
  it.each(SEEDS)('XXH3 blocks equal the TypeScript core, seed %s', (seed) => {
    const w = module();
    const sw = seedWords(seed);
    w.bytes.set(secretOf(sw).bytes, SECRET);
    w.secret = undefined;
    for (const n of [1, 2, 5]) {
      const got = wasmState(w, 16, 1024, n, sw, () => w.xxh3(STATE, SECRET, INPUT, n));
      expect(got).toEqual(tsState(XXH3_64, 16, n, sw));
    }
  });

  it.each(SEEDS)('XXH32 and XXH64 stripes equal the TypeScript cores, seed %s', (seed) => {
    const w = module();
    const sw = seedWords(seed === undefined ? undefined : seed & 0xffffffffn);
    for (const n of [1, 3, 64]) {
      expect(wasmState(w, 4, 16, n, sw, () => w.xxh32(STATE, INPUT, n))).toEqual(tsState(XXH32, 4, n, sw));
      expect(wasmState(w, 8, 32, n, sw, () => w.xxh64(STATE, INPUT, n))).toEqual(tsState(XXH64, 8, n, sw));
    }
  });
});

describe('wasm provider for xxHash', () => {
  // XXH3's short paths end at 240; 1024 is a block, 1025 the first with a block hashed before the end
  const LENGTHS = [0, 1, 15, 16, 31, 32, 64, 239, 240, 241, 1023, 1024, 1025, 2048, 2049, 5 * 1024 + 77];
  it.each(['XXH32', 'XXH64', 'XXH3-64', 'XXH3-128'] as const)('%s one-shot with seeds equals ts', (algorithm) => {
    for (const seed of SEEDS) {
      const s = algorithm === 'XXH32' && seed !== undefined ? seed & 0xffffffffn : seed;
      for (const n of LENGTHS) {
        const data = DATA.subarray(0, n);
        const want = digestHex(algorithm, data, { provider: 'ts', seed: s });
        expect(digestHex(algorithm, data, { provider: 'wasm', seed: s }), `${n} bytes`).toBe(want);
      }
    }
  });

  it.each(['XXH64', 'XXH3-64', 'XXH3-128'] as const)('%s state moves between wasm and ts midway', (algorithm) => {
    const seed = 0x1234567890abcdefn;
    const want = digestHex(algorithm, DATA, { provider: 'ts', seed });
    for (const cut of [100, 1024, 1500, 4096]) {
      const d = createDigest(algorithm, { provider: 'wasm', seed });
      d.update(DATA.subarray(0, cut));
      const c = d.clone();
      const t = importState(d.exportState(), { provider: 'ts' });
      t.update(DATA.subarray(cut));
      c.update(DATA.subarray(cut));
      expect(t.digestHex()).toBe(want);
      expect(c.digestHex()).toBe(want);
      const back = importState(
        createDigest(algorithm, { provider: 'ts', seed }).update(DATA.subarray(0, cut)).exportState(),
        {
          provider: 'wasm',
        },
      );
      expect(back.provider).toBe('wasm');
      expect(back.update(DATA.subarray(cut)).digestHex()).toBe(want);
    }
  });
});

describe('wasm provider for xxHash: the ends and short inputs in the module', () => {
  const ALGORITHMS = ['XXH32', 'XXH64', 'XXH3-64', 'XXH3-128'] as const;
  // every length through XXH3's short paths (0, 1-3, 4-8, 9-16, 17-128, 129-240) and XXH32's/XXH64's stripes
  const EVERY = Array.from({ length: 301 }, (_, n) => n);

  it.each(ALGORITHMS)('%s: every length to 300, with seeds, equals ts (the end in the module)', (algorithm) => {
    for (const seed of SEEDS) {
      const s = algorithm === 'XXH32' && seed !== undefined ? seed & 0xffffffffn : seed;
      for (const n of EVERY) {
        const data = DATA.subarray(n % 7, (n % 7) + n);
        const want = digestHex(algorithm, data, { provider: 'ts', seed: s });
        expect(digestHex(algorithm, data, { provider: 'wasm', seed: s }), `${n} bytes, seed ${s}`).toBe(want);
      }
    }
  });

  it.each(ALGORITHMS)('%s: the unseeded one-shot in place (bytes, hex, strings) equals ts', (algorithm) => {
    for (const n of [...EVERY, 1023, 1024, 1025, 5 * 1024 + 77]) {
      const data = DATA.subarray(3, 3 + n);
      const want = digestHex(algorithm, data, { provider: 'ts' });
      expect(digestHex(algorithm, data, { provider: 'wasm' }), `${n} bytes`).toBe(want);
      expect(bytesToHex(digest(algorithm, data, { provider: 'wasm' })), `${n} bytes, as bytes`).toBe(want);
    }
    // ASCII and multi-byte strings on both sides of XXH3's 240 bytes (a 100-unit string of 3-byte units is 300)
    for (const text of ['', 'abc', SEED, 'é'.repeat(120), '€'.repeat(80), '€'.repeat(100), 'x'.repeat(5000)]) {
      const want = digestHex(algorithm, text, { provider: 'ts' });
      expect(digestHex(algorithm, text, { provider: 'wasm' }), JSON.stringify(text.slice(0, 8))).toBe(want);
      expect(bytesToHex(digest(algorithm, text, { provider: 'wasm' }))).toBe(want);
    }
  });

  it.each(ALGORITHMS)('%s: a streamed input of every chunking ends in the module as ts does', (algorithm) => {
    const seed = 0xfedcba9876543210n;
    const s = algorithm === 'XXH32' ? seed & 0xffffffffn : seed;
    for (const n of [17, 100, 240, 241, 300]) {
      const data = DATA.subarray(0, n);
      const want = digestHex(algorithm, data, { provider: 'ts', seed: s });
      for (const chunk of [1, 3, 16, 33, 64]) {
        const d = createDigest(algorithm, { provider: 'wasm', seed: s });
        for (let i = 0; i < n; i += chunk) d.update(data.subarray(i, i + chunk));
        expect(d.digestHex(), `${n} bytes in ${chunk}-byte chunks`).toBe(want);
      }
    }
  });
});

describe('wasm provider for xxHash: the module does the work', () => {
  const w = loadXxhash();
  const hexOf = (words: Int32Array, at: number, n: number): string =>
    Array.from(words.subarray(at, at + n), (x) => (x >>> 0).toString(16).padStart(8, '0'))
      .reverse()
      .join('');
  const clear = () => w.bytes.fill(0, 0, INPUT);

  it.each(['XXH64', 'XXH3-64', 'XXH3-128'] as const)('%s: the end is the module result at OUT', (algorithm) => {
    const words = algorithm === 'XXH3-128' ? 4 : 2;
    for (const [n, seed] of [
      [93, undefined],
      [93, 5n],
      [240, 7n],
      [1000, undefined],
    ] as const) {
      clear();
      const got = digestHex(algorithm, DATA.subarray(0, n), { provider: 'wasm', seed });
      // XXH3 past 240 bytes ends in TypeScript: OUT stays clear
      const want = algorithm !== 'XXH64' && n > 240 ? '0'.repeat(8 * words) : got;
      expect(hexOf(w.words, OUT >> 2, words), `${n} bytes, seed ${seed}`).toBe(want);
    }
  });

  it.each([
    ['XXH32', 4, 16],
    ['XXH64', 8, 32],
  ] as const)('%s: the stripes run in the module (its accumulators at STATE)', (algorithm, words, stripe) => {
    const spec = algorithm === 'XXH32' ? XXH32 : XXH64;
    const sw = seedWords(3n);
    for (const n of [stripe, 64 * stripe, 2000]) {
      clear();
      createDigest(algorithm, { provider: 'wasm', seed: 3n }).update(DATA.subarray(0, n)).digest();
      expect(Array.from(w.words.subarray(STATE >> 2, (STATE >> 2) + words)), `${n} bytes`).toEqual(
        tsState(spec, words, Math.floor(n / stripe), sw),
      );
    }
  });

  it.each(['XXH32', 'XXH64', 'XXH3-64', 'XXH3-128'] as const)("%s: input past the module's input area", (algorithm) => {
    // 256 KiB is the input area: 600 KiB and an odd tail go through it in three runs
    const big = pseudoRandomBytes(600 * 1024 + 77, 0x5a);
    const want = digestHex(algorithm, big, { provider: 'ts', seed: 9n });
    expect(digestHex(algorithm, big, { provider: 'wasm', seed: 9n })).toBe(want);
    expect(digestHex(algorithm, big, { provider: 'wasm' })).toBe(digestHex(algorithm, big, { provider: 'ts' }));
  });
});
