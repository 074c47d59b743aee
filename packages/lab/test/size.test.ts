/** The one size grammar (lab/src/size.ts) and its three notations out: what each face reads and writes. */
import { describe, expect, it } from 'vitest';
import { BOUNDARY_SIZES } from '../src/overflow/references.js';
import {
  describeSize,
  formatSize,
  parseSize,
  roughSize,
  SIZE_EXAMPLES,
  SIZE_HELP,
  SIZE_UNITS,
  SizeError,
  sizeLabel,
} from '../src/size.js';

const GiB = 2 ** 30;
const MiB = 2 ** 20;

describe('parseSize', () => {
  it.each([
    ['275951648768', 275951648768],
    ['257GiB', 257 * GiB],
    ['257 GiB', 257 * GiB],
    ['257GIB', 257 * GiB],
    ['4GiB+5', 4 * GiB + 5],
    ['4GiB + 5', 4 * GiB + 5],
    ['2^38-1', 2 ** 38 - 1],
    ['2**38+1', 2 ** 38 + 1],
    ['512MiB', 512 * 2 ** 20],
    ['1KiB', 1024],
    ['1TiB', 2 ** 40],
    ['1kB', 1000],
    ['1KB', 1000],
    ['10MB', 10_000_000],
    ['2GB', 2_000_000_000],
    ['1TB', 1e12],
    ['1.5GiB', 1.5 * GiB],
    ['257*1024*1MiB', 257 * GiB],
    ['(2^32+5)', 2 ** 32 + 5],
    ['2^32 - 1MiB', 2 ** 32 - 2 ** 20],
    ['275_951_648_768', 275951648768],
    ['0', 0],
    ['100B', 100],
    ['2^53-1', Number.MAX_SAFE_INTEGER],
    // the bare letters, binary as --sizes has always read them (and GNU coreutils' 1K, 1M)
    ['1k', 1024],
    ['1K', 1024],
    ['16 k', 16 * 1024],
    ['1M', 2 ** 20],
    ['512M', 512 * 2 ** 20],
    ['4G', 4 * GiB],
    ['1T', 2 ** 40],
    ['1.5k', 1536],
    ['0.5M', 2 ** 19],
    ['1k+1', 1025],
    ['1M-1k', 2 ** 20 - 1024],
    ['2*1G', 2 * GiB],
    ['8191T', 8191 * 2 ** 40],
  ])('%s = %d', (text, bytes) => {
    expect(parseSize(text)).toBe(bytes);
  });

  it.each([
    ['4g', /ambiguous or unknown unit "g".*GiB.*GB.*e\.g\. 275951648768, 257GiB/],
    ['4 g', /unit "g"/],
    ['512m', /unit "m"/],
    ['1t', /unit "t"/],
    ['64b', /unit "b"/],
    ['1kb', /lowercase b means bits/],
    ['1Ki', /unit "Ki"/],
    ['1kk', /unit "kk"/],
    ['1constructor', /unit "constructor"/],
    ['1toString', /unit "toString"/],
    ['1hasOwnProperty', /unit "hasOwnProperty"/],
    ['-1k', /unexpected "-"/],
    ['0.1k', /not a whole number of bytes/],
    ['8192T', /larger than 2\^53-1/],
    ['2^43*1k', /larger than 2\^53-1/],
    ['4Gb', /lowercase b means bits/],
    ['4Mib', /lowercase b means bits/],
    ['4 bytes', /unit "bytes"/],
    ['', /empty/],
    ['abc', /unexpected "a"/],
    ['4GiB+', /ends too early/],
    ['2^', /ends too early/],
    ['1.5', /not a whole number of bytes/],
    ['0.5+1', /not a whole number/],
    ['257gib', /lowercase b means bits/],
    ['-5', /unexpected "-"/],
    ['1-2', /at least 0/],
    ['2^53', /larger than 2\^53-1/],
    ['2^65', /exponent/],
    ['(1', /missing "\)"/],
    ['1__0', /"_" goes between digits/],
    ['4GiB 5', /unexpected "5"/],
  ])('rejects %j', (text, message) => {
    expect(() => parseSize(text)).toThrow(SizeError);
    expect(() => parseSize(text)).toThrow(message);
  });

  it('minimum: one byte, or bytes in the plural', () => {
    expect(() => parseSize('0', 1)).toThrow(/^size "0" must be at least 1 byte$/);
    expect(() => parseSize('1', 2)).toThrow(/^size "1" must be at least 2 bytes$/);
    expect(parseSize('1', 1)).toBe(1);
    expect(parseSize('2', 2)).toBe(2);
  });

  it('says which unit was meant: the binary and decimal spellings of that prefix, or the list', () => {
    const message = (text: string) => {
      try {
        parseSize(text);
      } catch (e) {
        expect(e).toBeInstanceOf(SizeError);
        expect((e as Error).name).toBe('SizeError');
        return (e as Error).message;
      }
      throw new Error(`${text} was read`);
    };
    expect(message('4g')).toContain('"4g": write G or GiB (powers of 2, e.g. 4GiB) or GB (powers of 10);');
    expect(message('4Gx')).toContain('"4Gx": write G or GiB (powers of 2, e.g. 4GiB) or GB (powers of 10);');
    expect(message('1kx')).toContain('write k or KiB (powers of 2, e.g. 4KiB) or kB (powers of 10)');
    expect(message('1Kx')).toContain('write k or KiB (powers of 2, e.g. 4KiB) or kB (powers of 10)');
    expect(message('2m')).toContain('write M or MiB (powers of 2, e.g. 4MiB) or MB (powers of 10)');
    expect(message('2t')).toContain('write T or TiB (powers of 2, e.g. 4TiB) or TB (powers of 10)');
    expect(message('4 bytes')).toBe(
      'ambiguous or unknown unit "bytes" in "4 bytes": units are B; k, M, G, T or KiB, MiB, GiB, TiB (powers of 2); ' +
        'kB, MB, GB, TB (powers of 10); e.g. 275951648768, 257GiB, 4GiB+5, 2^38-1, 512MiB, 10GB, 1k, 1M',
    );
    expect(message('4 bytes')).toContain(SIZE_UNITS);
    expect(message('4 bytes').endsWith(SIZE_EXAMPLES)).toBe(true);
    // bits only when the whole unit is a prefix and a lowercase b
    expect(message('4Gb')).toContain('"4Gb" (a lowercase b means bits): write G or GiB');
    expect(message('4kib')).toContain('"4kib" (a lowercase b means bits): write k or KiB');
    expect(message('4xGb')).not.toContain('bits');
    expect(message('4Gbx')).not.toContain('bits');
  });

  it('exponents are whole numbers from 0 to 64, and only whole numbers are raised', () => {
    expect(parseSize('2^0')).toBe(1);
    expect(parseSize('1^64')).toBe(1);
    expect(parseSize(' 2^10 ')).toBe(1024);
    for (const text of ['2^65', '2^(0-1)', '2^0.5', '2^1.5']) {
      expect(() => parseSize(text), text).toThrow(/an exponent must be a whole number from 0 to 64/);
    }
    expect(() => parseSize('1.5^2')).toThrow(/only whole numbers can be raised to a power/);
    expect(() => parseSize('_1')).toThrow(/unexpected "_1"|unexpected "_"/);
    expect(() => parseSize('1_')).toThrow(/"_" goes between digits/);
    expect(() => parseSize('   ')).toThrow(/it is empty/);
  });

  it('arithmetic is exact with fractions: products, sums and differences of them', () => {
    expect(parseSize('1.5*1.5*4')).toBe(9);
    expect(parseSize('0.25GiB+0.75GiB')).toBe(GiB);
    expect(parseSize('1.25KiB-0.25KiB')).toBe(1024);
    expect(parseSize('2.5*2')).toBe(5);
    expect(parseSize('1.75+1.25')).toBe(3);
  });

  it('formatSize is exact and reads back', () => {
    const cases = [...BOUNDARY_SIZES, 0, 1, 1000, 2 ** 20, 4 * GiB + 5, 12345678901, 3 * 2 ** 20 - 7];
    for (const n of cases) expect(parseSize(formatSize(n))).toBe(n);
    expect(formatSize(257 * GiB)).toBe('257GiB');
    expect(formatSize(4 * GiB + 5)).toBe('4GiB+5');
    expect(formatSize(2 ** 38 - 1)).toBe('2^38-1');
    expect(formatSize(2 ** 20)).toBe('1MiB');
  });

  it('formatSize: units for whole multiples, ± at most 64 bytes off a unit or a power of two, else the digits', () => {
    expect(formatSize(3 * 2 ** 20 - 7)).toBe('3MiB-7');
    expect(formatSize(GiB + 64)).toBe('1GiB+64');
    expect(formatSize(GiB + 65)).toBe(String(GiB + 65));
    expect(formatSize(2 ** 45 + 13)).toBe('2^45+13'); // shorter than 32TiB+13
    expect(formatSize(2 ** 53 - 1)).toBe('2^53-1');
    expect(formatSize(2 ** 10 - 64)).toBe('960');
    expect(formatSize(512)).toBe('512');
    expect(formatSize(2 ** 11 + 1)).toBe('2049'); // shorter than 2KiB+1
    expect(formatSize(2 * GiB + 1)).toBe('2GiB+1'); // as short as 2^31+1: the unit comes first
    // not a byte count: as it is
    expect(formatSize(-1)).toBe('-1');
    expect(formatSize(0.5)).toBe('0.5');
    expect(formatSize(2 ** 53)).toBe(String(2 ** 53));
    expect(formatSize(2 ** 53 + 2)).toBe(String(2 ** 53 + 2)); // not 8192TiB+2: past 2^53 no form is exact
  });

  it('formatSize: a unit or power-of-two form only when it is at most 64 bytes off and at least one unit', () => {
    // 1TiB+1000000 and 2^40+1000000 are shorter than the digits, but a million bytes off is not "near" either
    expect(formatSize(2 ** 40 + 1_000_000)).toBe(String(2 ** 40 + 1_000_000));
    expect(formatSize(2 ** 38 + 64)).toBe('2^38+64'); // the edge itself, shorter than 256GiB+64
    expect(formatSize(2 ** 38 + 65)).toBe(String(2 ** 38 + 65));
    expect(formatSize(2 ** 50)).toBe('1024TiB'); // a whole multiple keeps its unit though 2^50 is shorter
    expect(formatSize(5 * 2 ** 40)).toBe('5TiB');
    expect(describeSize(257 * GiB)).toBe('275951648768 bytes (257GiB)');
    expect(describeSize(1000)).toBe('1000 bytes');
  });
});

describe('sizeLabel: a bench table label', () => {
  it.each([
    [0, '0 B'],
    [1, '1 B'],
    [64, '64 B'],
    [1000, '1000 B'],
    [1023, '1023 B'],
    [1024, '1 KiB'],
    [1536, '1536 B'], // not a whole KiB: bytes, never a fraction
    [16 * 1024, '16 KiB'],
    [MiB - 1024, '1023 KiB'],
    [MiB, '1 MiB'],
    [MiB + 1024, '1025 KiB'],
    [3 * MiB, '3 MiB'],
    [GiB, '1024 MiB'], // the tables stop at MiB, as they always have
  ])('%d: %s', (bytes, label) => {
    expect(sizeLabel(bytes)).toBe(label);
  });
});

describe('roughSize: progress, rounded', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1.0 KiB'],
    [1024 + 51, '1.0 KiB'],
    [1024 + 52, '1.1 KiB'],
    [MiB - 1, '1024.0 KiB'],
    [MiB, '1.0 MiB'],
    [12.34 * MiB, '12.3 MiB'],
    [GiB - 1, '1024.0 MiB'],
    [GiB, '1.00 GiB'], // two decimals from GiB on: a long run moves slowly there
    [1.5 * GiB, '1.50 GiB'],
    [257 * GiB, '257.00 GiB'],
    [2 ** 40, '1.00 TiB'],
    [3.25 * 2 ** 40, '3.25 TiB'],
    [2 ** 50, '1024.00 TiB'],
  ])('%d: %s', (bytes, text) => {
    expect(roughSize(bytes)).toBe(text);
  });
});

describe('SIZE_HELP: the grammar said once', () => {
  it('every example it gives reads', () => {
    const examples = /e\.g\. (.*) \(/.exec(SIZE_HELP)?.[1].split(', ') ?? [];
    expect(examples).toEqual(['64', '1k', '1M', '10MB', '512MiB', '4GiB+5', '2^38-1']);
    for (const e of examples) expect(() => parseSize(e), e).not.toThrow();
    for (const e of SIZE_EXAMPLES.replace('e.g. ', '').split(', ')) expect(() => parseSize(e), e).not.toThrow();
  });
});
