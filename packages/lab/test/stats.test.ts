import { describe, expect, it } from 'vitest';
import { mad, median, summarize } from '../src/stats.js';

describe('statistics', () => {
  it('median of odd and even counts, unsorted input', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
    expect(Number.isNaN(median([]))).toBe(true);
  });

  it('median does not reorder its input', () => {
    const xs = [5, 1, 4];
    median(xs);
    expect(xs).toEqual([5, 1, 4]);
  });

  it('MAD is the median of absolute deviations from the median (unscaled)', () => {
    // median 2; deviations 1,1,0,0,2,4,7 -> sorted 0,0,1,1,2,4,7 -> 1
    expect(mad([1, 1, 2, 2, 4, 6, 9])).toBe(1);
    expect(mad([10, 10, 10, 10, 10])).toBe(0);
    // median 3; deviations 2,1,0,1,97 -> 1: one wild sample does not move it
    expect(mad([1, 2, 3, 4, 100])).toBe(1);
  });

  it('summarize gives median, min, max, MAD and the count', () => {
    expect(summarize([5, 3, 9, 4, 6])).toEqual({ median: 5, min: 3, max: 9, mad: 1, samples: 5 });
    expect(() => summarize([])).toThrow(RangeError);
  });
});
