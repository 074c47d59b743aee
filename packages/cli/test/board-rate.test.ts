/** The per-address write limit: a token bucket per address, on a clock the test moves. */
import { describe, expect, it } from 'vitest';
import { rateLimit } from '../src/web/rate.js';

describe('rateLimit', () => {
  it('lets a burst up to the limit through, then says how long to wait, and refills at the limit’s pace', () => {
    let now = 0;
    const limit = rateLimit(6, () => now); // 6 a minute: one every 10 s
    expect(Array.from({ length: 7 }, () => limit.take('a'))).toEqual([0, 0, 0, 0, 0, 0, 10]);
    expect(limit.take('b')).toBe(0); // each address has its own bucket
    now += 4_000;
    expect(limit.take('a')).toBe(6);
    now += 6_000;
    expect(limit.take('a')).toBe(0);
    expect(limit.take('a')).toBe(10);
    now += 3_600_000; // an hour idle refills to the limit, not past it
    expect(Array.from({ length: 7 }, () => limit.take('a'))).toEqual([0, 0, 0, 0, 0, 0, 10]);
  });

  it('forgets the oldest addresses past 10,000, so a flood of addresses cannot grow it without end', () => {
    let now = 0;
    const limit = rateLimit(1, () => now);
    expect(limit.take('first')).toBe(0);
    expect(limit.take('first')).toBeGreaterThan(0);
    for (let i = 0; i < 10_000; i++) limit.take(`x${i}`);
    now += 1;
    // "first" was forgotten: a full bucket again
    expect(limit.take('first')).toBe(0);
  });
});
