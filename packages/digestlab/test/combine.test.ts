/**
 * combineChecksums against the digest of the whole input, split at random points into two or more pieces
 * (fast-check), for every algorithm it takes; and what it refuses.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AlgorithmName,
  combineChecksums,
  digest,
  digestHex,
  InvalidDataError,
  InvalidOptionError,
  toHex,
} from '../src/index.js';
import { pseudoRandomBytes } from './helpers/common.js';

const COMBINABLE: AlgorithmName[] = ['CRC-32', 'CRC-32C', 'CRC-64/NVME', 'CRC-64/XZ', 'ADLER32'];
const INPUT = pseudoRandomBytes(70_000, 0xc0b1);

describe('combineChecksums', () => {
  it.each(COMBINABLE)('%s: the pieces combined equal the whole, at random splits', (algorithm) => {
    fc.assert(
      fc.property(fc.nat(INPUT.length), fc.array(fc.nat(INPUT.length), { maxLength: 4 }), (n, cuts) => {
        const at = [0, ...cuts.map((c) => c % (n + 1)).sort((a, b) => a - b), n];
        let value = digest(algorithm, INPUT.subarray(0, 0));
        for (let i = 1; i < at.length; i++) {
          const piece = INPUT.subarray(at[i - 1], at[i]);
          value = combineChecksums(algorithm, value, digest(algorithm, piece), piece.length);
        }
        expect(toHex(value), `${n} cut at ${at}`).toBe(digestHex(algorithm, INPUT.subarray(0, n)));
      }),
      { numRuns: 60 },
    );
  });

  // Adler-32's length term is taken mod 65521, and a CRC's shift by squaring reads every bit of the length: a
  // second piece of zeros longer than 2^32 bytes in one call, against the same zeros joined in two calls whose
  // lengths stay below 2^32
  it.each(COMBINABLE)('%s: a second piece longer than 2^32 bytes', (algorithm) => {
    // zeros of 65521·4·2^k bytes, by combining the value with itself: below 2^32 up to k = 14
    let zeros = digest(algorithm, new Uint8Array(65521 * 4));
    let length = 65521 * 4;
    for (let k = 0; k < 14; k++) {
      zeros = combineChecksums(algorithm, zeros, zeros, length);
      length *= 2;
    }
    expect(length).toBeLessThan(2 ** 32);
    const head = digest(algorithm, INPUT.subarray(0, 1000));
    const twice = combineChecksums(algorithm, combineChecksums(algorithm, head, zeros, length), zeros, length);
    const once = combineChecksums(algorithm, head, combineChecksums(algorithm, zeros, zeros, length), 2 * length);
    expect(toHex(once)).toBe(toHex(twice));
  });

  it('ADLER32: head then L zeros is (a, b + L·a mod 65521), from the definition, for L past 2^32 and 2^53 − 1', () => {
    const head = digest('ADLER32', INPUT.subarray(0, 1000));
    const v = new DataView(head.buffer).getUint32(0);
    const a = v & 0xffff;
    const b = v >>> 16;
    const zero = digest('ADLER32', new Uint8Array(0));
    for (const L of [2 ** 32 + 7, 2 ** 40 + 3, 2 ** 53 - 1]) {
      // the L zeros' own Adler-32: a = 1, b = L mod 65521
      const zeros = Uint8Array.of(0, 0, 0, 1);
      new DataView(zeros.buffer).setUint16(0, L % 65521);
      const want = ((b + Number((BigInt(L) * BigInt(a)) % 65521n)) % 65521) * 65536 + a;
      expect(toHex(combineChecksums('ADLER32', head, zeros, L)), String(L)).toBe(want.toString(16).padStart(8, '0'));
      expect(toHex(combineChecksums('ADLER32', zero, zeros, L))).toBe(toHex(zeros));
    }
  });

  it('refuses what cannot be combined, a wrong digest length, and a bad length, saying what it expected', () => {
    const four = new Uint8Array(4);
    const combinable = 'CRC-32, CRC-32C, CRC-64/NVME, CRC-64/XZ, ADLER32';
    for (const algorithm of ['CKSUM', 'XXH32', 'XXH3-64', 'SHA-256']) {
      expect(() => combineChecksums(algorithm, four, four, 1)).toThrow(InvalidOptionError);
    }
    expect(() => combineChecksums('xxh32', four, four, 1)).toThrow(
      `Invalid option algorithm: XXH32 cannot be combined; expected ${combinable}.`,
    );
    expect(() => combineChecksums('CRC-32', new Uint8Array(8), four, 1)).toThrow(InvalidDataError);
    expect(() => combineChecksums('CRC-32', new Uint8Array(8), four, 1)).toThrow(
      /^Expected the first piece's checksum: a Uint8Array of 4 bytes; got /,
    );
    expect(() => combineChecksums('CRC-64/NVME', new Uint8Array(8), four, 1)).toThrow(
      /^Expected the second piece's checksum: a Uint8Array of 8 bytes; got /,
    );
    for (const bad of [-1, 1.5, Number.NaN, 2 ** 53]) {
      expect(() => combineChecksums('crc32', four, four, bad)).toThrow(
        'Invalid option secondLength: expected a whole number of bytes from 0 to 2^53 - 1.',
      );
    }
  });
});
