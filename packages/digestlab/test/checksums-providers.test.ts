/**
 * The CRCs' and Adler-32's providers against each other and against node:zlib's `crc32` (zlib's C, Node >= 20.15):
 * random lengths past the WebAssembly's 128 KiB input area and random chunkings (fast-check); states exported by one
 * provider continued by another; Adler-32 where its sums come nearest to overflowing (all-0xff runs after a prefix
 * that leaves both sums high), against the definition reduced at every byte. checksums.test.ts holds the stored
 * references (every length to 1 KiB, every provider).
 */
import zlib from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AlgorithmName, createDigest, digestHex, importState, providers } from '../src/index.js';
import { crc32, HEADER } from '../src/shared/state-envelope.js';
import { pseudoRandomBytes } from './helpers/common.js';

const CRCS: AlgorithmName[] = ['CRC-32', 'CRC-32C', 'CRC-64/NVME', 'CRC-64/XZ', 'CKSUM', 'ADLER32'];
const INPUT = pseudoRandomBytes(400_000, 0xc0c0);
const ids = (algorithm: AlgorithmName, exporting = false) =>
  providers()
    .filter((p) => p.available && p.algorithms.includes(algorithm) && (p.exportState || !exporting))
    .map((p) => p.id);

/** The input cut at sorted random points. */
function pieces(n: number, cuts: number[]): Uint8Array[] {
  const at = [0, ...cuts.map((c) => c % (n + 1)).sort((a, b) => a - b), n];
  return at.slice(1).map((end, i) => INPUT.subarray(at[i], end));
}

/** Adler-32 from RFC 1950's definition, reduced at every byte, from sums a and b. */
function adlerByDefinition(data: Uint8Array, a0 = 1, b0 = 0): string {
  let a = a0;
  let b = b0;
  for (const x of data) {
    a = (a + x) % 65521;
    b = (b + a) % 65521;
  }
  return (b * 65536 + a).toString(16).padStart(8, '0');
}

describe('the CRCs and Adler-32: every provider', () => {
  it('the wasm provider has each of them; node has CRC-32 where node:zlib has crc32 (Node >= 20.15)', () => {
    for (const algorithm of CRCS) expect(ids(algorithm), algorithm).toContain('wasm');
    expect(ids('CRC-32').includes('node')).toBe(typeof zlib.crc32 === 'function');
  });

  // Node 20.20's zlib.crc32(empty, value) returns 0 when the view's ArrayBuffer is empty too
  it('an empty update, of any kind, leaves a CRC-32 as it was', () => {
    for (const provider of ids('CRC-32')) {
      const d = createDigest('CRC-32', { provider }).update('abc');
      d.update(new Uint8Array(0)).update(new Uint8Array(8).subarray(3, 3)).update(new ArrayBuffer(0)).update('');
      expect(d.digestHex(), provider).toBe('352441c2');
    }
  });

  it('CRC-32 equals node:zlib crc32 at random lengths and chunkings', () => {
    fc.assert(
      fc.property(fc.nat(INPUT.length), fc.array(fc.nat(INPUT.length), { maxLength: 6 }), (n, cuts) => {
        const want = zlib.crc32(INPUT.subarray(0, n)).toString(16).padStart(8, '0');
        for (const provider of ids('CRC-32')) {
          expect(digestHex('CRC-32', INPUT.subarray(0, n), { provider }), `${provider} ${n}`).toBe(want);
          const d = createDigest('CRC-32', { provider });
          for (const p of pieces(n, cuts)) d.update(p);
          expect(d.digestHex(), `${provider} ${n} cut at ${cuts}`).toBe(want);
        }
      }),
      { numRuns: 40 },
    );
  });

  it.each(CRCS)('%s: a string is its UTF-8 bytes, every provider, short and past 128 KiB of UTF-8', (algorithm) => {
    const strings = [
      '',
      'a',
      'h\u00e9llo \u{1F600}',
      'lone \ud800 surrogate',
      'x'.repeat(43_690),
      '\u20ac'.repeat(43_691),
    ];
    for (const text of strings) {
      const want = digestHex(algorithm, new TextEncoder().encode(text), { provider: 'ts' });
      for (const provider of ids(algorithm)) {
        expect(digestHex(algorithm, text, { provider }), `${provider} ${text.length}`).toBe(want);
        expect(createDigest(algorithm, { provider }).update(text).digestHex(), `${provider} ${text.length}`).toBe(want);
      }
    }
  });

  it.each(CRCS)('%s: providers agree at random lengths; a state exported by one is continued by each', (algorithm) => {
    fc.assert(
      fc.property(fc.nat(INPUT.length), fc.nat(INPUT.length), (n, cut) => {
        const data = INPUT.subarray(0, n);
        const want = digestHex(algorithm, data, { provider: 'ts' });
        const at = cut % (n + 1);
        for (const from of ids(algorithm)) {
          expect(digestHex(algorithm, data, { provider: from }), `${from} ${n}`).toBe(want);
          const d = createDigest(algorithm, { provider: from }).update(data.subarray(0, at));
          const copy = d.clone();
          expect(d.update(data.subarray(at)).digestHex(), `${from} ${n} at ${at}`).toBe(want);
          expect(copy.update(data.subarray(at)).digestHex(), `${from} clone ${n} at ${at}`).toBe(want);
          if (!ids(algorithm, true).includes(from)) continue;
          const state = createDigest(algorithm, { provider: from }).update(data.subarray(0, at)).exportState();
          for (const to of ids(algorithm, true)) {
            const restored = importState(state, { provider: to }).update(data.subarray(at));
            expect(restored.digestHex(), `${from} -> ${to} ${n} at ${at}`).toBe(want);
          }
        }
      }),
      { numRuns: 12 },
    );
  });

  // zlib's NMAX (5552) is the most bytes of 0xff that sums of 65520 can take before b passes 2^32: a state with
  // both sums at 65520 (crafted: the words after the seed, resealed) then runs of 0xff around it
  it('Adler-32 where its sums come nearest to overflowing: 0xff runs from sums of 65520', () => {
    const state = createDigest('ADLER32', { provider: 'ts' }).exportState();
    const view = new DataView(state.buffer);
    view.setUint32(HEADER + 8, 65520);
    view.setUint32(HEADER + 12, 65520);
    view.setUint32(state.length - 4, crc32(state.subarray(0, state.length - 4)));
    for (const ones of [1, 5551, 5552, 5553, 5568, 11104, 16 * 5552 + 5]) {
      const data = new Uint8Array(ones).fill(0xff);
      const want = adlerByDefinition(data, 65520, 65520);
      for (const provider of ids('ADLER32', true)) {
        expect(importState(state, { provider }).update(data).digestHex(), `${provider} ${ones}`).toBe(want);
      }
    }
    expect(digestHex('ADLER32', INPUT.subarray(0, 9999))).toBe(adlerByDefinition(INPUT.subarray(0, 9999)));
  });
});
