import { describe, expect, it } from 'vitest';
import { type ColdSample, formatMs, summarizeCold } from '../src/cold.js';

const cell = { algorithm: 'MD5', provider: 'wasm', library: 'digestlab', version: '0.1.0' };
const HEX = '907a95ad43550b05d863d105e4311daf';
const sample = (importMs: number, firstMs: number, secondMs: number, first = HEX, second = HEX): ColdSample => ({
  importMs,
  firstMs,
  secondMs,
  first,
  second,
});

describe('cold start summaries', () => {
  it('gives medians, minima and maxima per phase, and import + 1st per realm', () => {
    const { result, wrong } = summarizeCold(cell, [sample(30, 3, 0.02), sample(40, 1, 0.03), sample(35, 9, 0.01)], HEX);
    expect(wrong).toBeUndefined();
    expect(result).toMatchObject({ ...cell, runs: 3, status: 'ok' });
    expect(result.importMs).toEqual({ median: 35, min: 30, max: 40 });
    expect(result.firstMs).toEqual({ median: 3, min: 1, max: 9 });
    expect(result.secondMs).toEqual({ median: 0.02, min: 0.01, max: 0.03 });
    // per realm: 33, 41, 44; not the sum of the medians (38)
    expect(result.totalMs).toEqual({ median: 41, min: 33, max: 44 });
  });

  it("is WRONG, with no figures, when any realm's first or second digest differs", () => {
    const bad = `${HEX.slice(0, -1)}0`;
    const second = summarizeCold(cell, [sample(30, 3, 0.02), sample(30, 3, 0.02, HEX, bad)], HEX);
    expect(second.result).toMatchObject({ status: 'wrong', runs: 0, importMs: null, totalMs: null });
    expect(second.wrong).toMatch(/^realm 2's second digest/);
    expect(summarizeCold(cell, [sample(30, 3, 0.02, bad)], HEX).wrong).toMatch(/^realm 1's first digest/);
    expect(summarizeCold(cell, [], HEX).result.status).toBe('wrong');
  });

  it('formats milliseconds compactly', () => {
    expect([123.4, 12.34, 1.234, 0.1234, 0.01234].map(formatMs)).toEqual(['123', '12.3', '1.23', '0.12', '0.012']);
  });
});
