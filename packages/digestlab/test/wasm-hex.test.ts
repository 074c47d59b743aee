/**
 * The `wasm` provider's one-shot digest to hex in one call (scripts/gen/wasm-oneshot.mjs): the padding and the
 * digits written by the module, for every algorithm on the MD5, SHA-1 and SHA-2 cores, against node:crypto at every
 * length across one to three blocks; the padding against padInPlace's byte for byte; each module's functions (the
 * core's scalar ones and shasimd's); the digits' view after the memory grows.
 */
import { describe, expect, it } from 'vitest';
import { padInPlace } from '../src/constructions/merkle-damgard/merkle-damgard.js';
import { type AlgorithmName, digestHex } from '../src/index.js';
import { wasmProvider } from '../src/providers/wasm.js';
import { lookup } from '../src/registry/registry.js';
import { narrow } from '../src/spec/algorithm.js';
import { HEX_OUT, type HexCore, INPUT, PAGE, STATE } from '../src/wasm/layout.js';
import { load, scalarCore, type Wasm } from '../src/wasm/module.js';
import { pseudoRandomBytes, reference } from './helpers/common.js';

const ALGORITHMS: AlgorithmName[] = [
  'MD5',
  'SHA-1',
  'SHA-224',
  'SHA-256',
  'SHA-384',
  'SHA-512',
  'SHA-512/224',
  'SHA-512/256',
];
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Every length over the first three blocks (every padding boundary of 64- and 128-byte blocks), and a few more. */
const LENGTHS = [...Array.from({ length: 3 * 128 + 2 }, (_, i) => i), 1000, 4095, 4096];

/** The digest of `data` by `w`'s Hex function for `algorithm`, its digits read as ASCII. */
function direct(w: Wasm, algorithm: string, data: Uint8Array): string {
  const { spec } = lookup(algorithm);
  const md = narrow(spec, 'merkle-damgard').construction;
  w.bytes.set(data, INPUT);
  w.words.set(md.iv, STATE >> 2);
  w.hex[md.core as HexCore](STATE, INPUT, data.length, HEX_OUT, spec.digestLength);
  return decoder.decode(w.hexDigits(spec.digestLength));
}

describe.each(ALGORITHMS)('%s', (algorithm) => {
  it('public and prepared calls, bytes and strings, at every length over three blocks', () => {
    const prepared = wasmProvider.prepareHex?.(algorithm);
    if (!prepared) throw new Error('wasm prepares no hex');
    for (const n of LENGTHS) {
      const data = pseudoRandomBytes(n, n + 7);
      const want = reference(algorithm, data);
      expect(digestHex(algorithm, data, { provider: 'wasm' }), `${n} bytes`).toBe(want);
      expect(prepared(data), `${n} bytes, prepared`).toBe(want);
      const s = 'ab€\u{1F600}c'.repeat(n >> 3) + 'x'.repeat(n & 7);
      expect(prepared(s), `${s.length} units`).toBe(reference(algorithm, encoder.encode(s)));
    }
  });

  it("each module's function (the core's scalar one, and the one load() gives)", () => {
    const scalar = scalarCore();
    const loaded = load() as Wasm;
    for (const n of [0, 55, 56, 63, 64, 111, 112, 119, 120, 127, 128, 200]) {
      const data = pseudoRandomBytes(n, 3 * n + 1);
      expect(direct(scalar, algorithm, data), `${n} bytes, scalar`).toBe(reference(algorithm, data));
      expect(direct(loaded, algorithm, data), `${n} bytes`).toBe(reference(algorithm, data));
    }
  });
});

describe('the module pads as padInPlace does', () => {
  it.each(['MD5', 'SHA-256', 'SHA-512'])('%s: the padded blocks, byte for byte', (algorithm) => {
    const { spec } = lookup(algorithm);
    const md = narrow(spec, 'merkle-damgard').construction;
    const w = scalarCore();
    for (const n of [0, 1, 55, 56, 64, 111, 112, 127, 128, 300]) {
      const data = pseudoRandomBytes(n, n);
      // the area dirty, as another call leaves it
      w.bytes.fill(0xa5, INPUT, INPUT + 1024);
      w.bytes.set(data, INPUT);
      w.words.set(md.iv, STATE >> 2);
      w.hex[md.core as HexCore](STATE, INPUT, n, HEX_OUT, spec.digestLength);
      const padded = new Uint8Array(1024);
      padded.set(data);
      const end = padInPlace(padded, 0, n, spec.blockLength, md);
      expect(w.bytes.subarray(INPUT, INPUT + end), `${n} bytes`).toEqual(padded.subarray(0, end));
    }
  });
});

it('the digits are read from the memory after it grows', () => {
  const w = scalarCore();
  const data = encoder.encode('abc');
  const before = w.hexDigits(32);
  w.ensure(w.memory.buffer.byteLength + PAGE);
  // the old view's buffer is detached by the growth
  expect(before.length).toBe(0);
  expect(w.hexDigits(32).length).toBe(64);
  expect(direct(w, 'SHA-256', data)).toBe(reference('SHA-256', data));
});
