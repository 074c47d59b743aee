/**
 * One size grammar, three faces: `digestlab bench` (--sizes, --many-size), `digestlab overflow` (--size, --chunk)
 * and the page's URL parameters (sizes=, size=) read the same text to the same number, and refuse the same text.
 */
import { parseSizes, sizeOption } from '@digestlab/lab/overflow';
import { describe, expect, it } from 'vitest';
import { parseChoices } from '../../web/src/params.js';
import { benchOptions } from '../src/commands/bench.js';

const READS: [string, number][] = [
  ['64', 64],
  ['1k', 2 ** 10],
  ['1K', 2 ** 10],
  ['1M', 2 ** 20],
  ['1G', 2 ** 30],
  ['1.5k', 1536],
  ['10kB', 10_000],
  ['10MB', 10_000_000],
  ['1GB', 1_000_000_000],
  ['16KiB', 2 ** 14],
  ['512MiB', 2 ** 29],
  ['4GiB+5', 2 ** 32 + 5],
  ['2^20+1', 2 ** 20 + 1],
  ['257 * 1024 * 1MiB', 257 * 2 ** 30],
];
const REFUSED = ['1m', '4g', '-1', '0.5', '2^53', '4Gb', '1 bytes', 'big', '1k1'];

/** A value as a link carries it (`+` as %2B, so it is not read as a space). */
const q = (text: string) => encodeURIComponent(text);

const faces: Record<string, (text: string) => number> = {
  'bench --sizes': (text) => benchOptions({ sizes: text }).sizes?.[0] ?? Number.NaN,
  'bench --many-size': (text) => benchOptions({ manySize: text }).manySize ?? Number.NaN,
  'overflow --size': (text) => parseSizes(text)[0] ?? Number.NaN,
  'overflow --chunk': (text) => sizeOption('chunk', text, Number.NaN, 1),
  'page sizes=': (text) => parseChoices(`?sizes=${q(text)}`).sizes[0] ?? Number.NaN,
  // the page keeps overflow's size as typed for the engine, which reads it with overflow's --size
  'page size=': (text) => (parseChoices(`?workload=overflow&size=${q(text)}`).size === text ? parseSizes(text)[0] : -1),
};

describe.each(Object.entries(faces))('%s', (_face, read) => {
  it.each(READS)('%s = %d', (text, bytes) => {
    expect(read(text)).toBe(bytes);
  });

  it.each(REFUSED)('refuses %j, with the grammar’s message', (text) => {
    expect(() => read(text)).toThrow(/cannot read size|unknown unit|whole number of bytes|larger than 2\^53-1/);
  });
});

it('a list reads the same on every face that takes one', () => {
  const text = '16, 1k,1M,10MB';
  const bytes = [16, 1024, 2 ** 20, 10_000_000];
  expect(benchOptions({ sizes: text }).sizes).toEqual(bytes);
  expect(parseSizes(text)).toEqual(bytes);
  expect(parseChoices(`?sizes=${q(text)}`).sizes).toEqual(bytes);
});
