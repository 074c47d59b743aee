/** lab/src/params.ts: the size options of bench and the page, in the one grammar, with the option's name on a mistake. */
import { describe, expect, it } from 'vitest';
import { parseNumber, parseSizeList, parseSizeOption, parseWorkloads } from '../src/params.js';
import { UsageError } from '../src/select.js';

const MiB = 2 ** 20;

describe('parseSizeOption', () => {
  it('reads the grammar: bare letters binary, kB/MB/GB decimal, KiB/MiB/GiB binary, arithmetic', () => {
    expect(parseSizeOption('--many-size', '64')).toBe(64);
    expect(parseSizeOption('--many-size', '1k')).toBe(1024);
    expect(parseSizeOption('--many-size', '1M')).toBe(MiB);
    expect(parseSizeOption('--many-size', '10MB')).toBe(10_000_000);
    expect(parseSizeOption('--many-size', '4GiB+5')).toBe(2 ** 32 + 5);
  });

  it('0 by default, and the minimum asked for', () => {
    expect(parseSizeOption('--many-size', '0')).toBe(0);
    expect(parseSizeOption('--sizes', '1', 1)).toBe(1);
    expect(() => parseSizeOption('--sizes', '0', 1)).toThrow('--sizes: size "0" must be at least 1 byte');
  });

  it.each([
    ['big', '--many-size: cannot read size "big": unexpected "b"'],
    ['1m', '--many-size: ambiguous or unknown unit "m" in "1m"'],
    ['-1', '--many-size: cannot read size "-1": unexpected "-"'],
    ['0.5', '--many-size: size "0.5" is not a whole number of bytes'],
    ['2^53', '--many-size: size "2^53" is larger than 2^53-1 bytes'],
  ])('%j: a UsageError naming the option', (text, message) => {
    expect(() => parseSizeOption('--many-size', text)).toThrow(UsageError);
    expect(() => parseSizeOption('--many-size', text)).toThrow(message);
  });
});

describe('parseNumber', () => {
  it('an integer must be a safe one: 1e23 is refused, not counted inexactly', () => {
    expect(parseNumber('--count', '9007199254740991', 1, true)).toBe(2 ** 53 - 1);
    expect(() => parseNumber('--count', '9007199254740992', 1, true)).toThrow('--count must be an integer >= 1');
    expect(() => parseNumber('--count', '1e23', 1, true)).toThrow(UsageError);
    expect(parseNumber('--time', '1e23', 0.01)).toBe(1e23);
  });
});

describe('parseSizeList', () => {
  it('a comma list, empty items dropped, each at least 1 byte unless asked; undefined when absent', () => {
    expect(parseSizeList('--sizes', '16,1k,1M,10MB')).toEqual([16, 1024, MiB, 10_000_000]);
    expect(parseSizeList('--sizes', ' 16 , ,64,')).toEqual([16, 64]);
    expect(parseSizeList('--sizes', '1k,1k')).toEqual([1024, 1024]); // the bench plan drops repeats
    expect(parseSizeList('--sizes', ',')).toEqual([]);
    expect(parseSizeList('--sizes', undefined)).toBeUndefined();
    expect(parseSizeList('--sizes', '0,1', 0)).toEqual([0, 1]);
    expect(() => parseSizeList('--sizes', '16,0')).toThrow('--sizes: size "0" must be at least 1 byte');
    expect(() => parseSizeList('--sizes', '16,2q')).toThrow(/^--sizes: ambiguous or unknown unit "q" in "2q"/);
  });
});

describe('parseWorkloads', () => {
  it('a list of valid names, in order; a UsageError naming the valid ones', () => {
    expect(parseWorkloads(' seed, ,sizes', ['seed', 'sizes'])).toEqual(['seed', 'sizes']);
    expect(parseWorkloads(undefined, ['seed'])).toBeUndefined();
    expect(() => parseWorkloads('seed,warm', ['seed', 'sizes'])).toThrow(
      'unknown workload "warm"; valid workloads: seed, sizes',
    );
  });
});
