/**
 * A per-address limit on writes: a token bucket per client address that holds `perMinute` writes and refills at
 * that rate, so a burst up to the limit passes and a steady flood is refused (429) at the limit's pace.
 */
export interface RateLimit {
  /** 0 when `address` may write now, else the seconds until it may. */
  take(address: string): number;
}

/** Buckets kept at most: past it, the fullest ones (idle clients) are forgotten. */
const MAX_ADDRESSES = 10_000;

export function rateLimit(perMinute: number, now: () => number = Date.now): RateLimit {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const perMs = perMinute / 60_000;
  return {
    take(address) {
      const t = now();
      const b = buckets.get(address) ?? { tokens: perMinute, at: t };
      b.tokens = Math.min(perMinute, b.tokens + (t - b.at) * perMs);
      b.at = t;
      buckets.delete(address);
      buckets.set(address, b);
      if (buckets.size > MAX_ADDRESSES) buckets.delete(buckets.keys().next().value as string);
      if (b.tokens >= 1) {
        b.tokens -= 1;
        return 0;
      }
      return Math.ceil((1 - b.tokens) / perMs / 1000);
    },
  };
}
