/** Robust statistics of a few samples: median, min, max and MAD. */

/** The median: the middle value, or the mean of the two middle values. NaN for no samples. */
export function median(values: readonly number[]): number {
  const n = values.length;
  if (n === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = n >> 1;
  return n % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/**
 * Median absolute deviation, unscaled: median(|x - median(x)|). Not multiplied by 1.4826 (the factor that makes
 * it estimate a normal distribution's standard deviation); timings are not normal.
 */
export function mad(values: readonly number[]): number {
  const m = median(values);
  return median(values.map((v) => Math.abs(v - m)));
}

export interface Summary {
  median: number;
  min: number;
  max: number;
  mad: number;
  samples: number;
}

export function summarize(values: readonly number[]): Summary {
  if (values.length === 0) throw new RangeError('summarize: no samples');
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const v of values) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return { median: median(values), min, max, mad: mad(values), samples: values.length };
}
