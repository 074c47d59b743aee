import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareReports } from '../src/compare.js';
import { parseReport } from '../src/report.js';

const fixture = (name: string) => parseReport(readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8'), name);

describe('compare', () => {
  const c = compareReports(fixture('run-a.json'), fixture('run-b.json'), ['PC', 'phone']);
  const row = (workload: string, algorithm: string, provider: string) =>
    c.rows.find((r) => r.workload === workload && r.algorithm === algorithm && r.provider === provider);

  it('gives B / A as a speed ratio and marks overlapping spreads as noise', () => {
    expect(row('seed', 'MD5', 'ts')).toMatchObject({ verdict: 'noise', a: 1_000_000, b: 1_020_000 });
    expect(row('seed', 'MD5', 'ts')?.ratio).toBeCloseTo(1.02);
    expect(row('seed', 'MD5', 'node:crypto')).toMatchObject({ verdict: 'slower', ratio: 0.5 });
    expect(row('seed', 'SHA-256', 'ts')).toMatchObject({ verdict: 'faster', ratio: 2 });
    expect(row('sizes', 'MD5', 'ts')).toMatchObject({ verdict: 'slower', ratio: 0.5, unit: 'MiB/s' });
  });

  it('keeps cells only one run has, or that were not ok, without a ratio', () => {
    expect(row('seed', 'SHA-256', 'node:crypto')).toMatchObject({ aStatus: 'ok', bStatus: 'wrong', ratio: null });
    expect(row('stream', 'SHA-1', 'ts')).toMatchObject({ aStatus: 'missing', bStatus: 'ok', verdict: 'n/a' });
    // unavailable in A and absent in B: nothing to compare
    expect(row('sizes', 'MD2', 'ts')).toBeUndefined();
    expect(c.a.label).toBe('PC');
  });

  it('refuses files that are not bench reports', () => {
    expect(() => parseReport('{"schema":"other"}', 'x.json')).toThrow(/not a digestlab bench report/);
    expect(() => parseReport('nope', 'x.json')).toThrow(/not JSON/);
  });
});
