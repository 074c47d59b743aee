import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Comparison, compareRuns, describeRun, runLetter } from '../src/compare.js';
import { comparisonColumns, comparisonMarkdown } from '../src/render.js';
import { parseReport } from '../src/report.js';

const text = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');
const fixture = (name: string) => parseReport(text(name), name);
const row = (c: Comparison, workload: string, algorithm: string, provider: string) =>
  c.rows.find((r) => r.workload === workload && r.algorithm === algorithm && r.provider === provider);

describe('compare two runs', () => {
  const c = compareRuns([
    { label: 'PC', report: fixture('run-a.json') },
    { label: 'phone', report: fixture('run-b.json') },
  ]);
  const b = (workload: string, algorithm: string, provider: string) => row(c, workload, algorithm, provider)?.cells[1];

  it('gives B / A as a speed ratio and marks overlapping spreads as noise', () => {
    expect(b('seed', 'MD5', 'ts')).toMatchObject({ verdict: 'noise', value: 1_020_000 });
    expect(row(c, 'seed', 'MD5', 'ts')?.cells[0]).toEqual({
      value: 1_000_000,
      status: 'ok',
      unit: 'ops/s',
      ratio: null,
      verdict: 'n/a',
    });
    expect(b('seed', 'MD5', 'ts')?.ratio).toBeCloseTo(1.02);
    expect(b('seed', 'MD5', 'node:crypto')).toMatchObject({ verdict: 'slower', ratio: 0.5 });
    expect(b('seed', 'SHA-256', 'ts')).toMatchObject({ verdict: 'faster', ratio: 2 });
    expect(row(c, 'sizes', 'MD5', 'ts')).toMatchObject({ unit: 'MiB/s' });
    expect(b('sizes', 'MD5', 'ts')).toMatchObject({ verdict: 'slower', ratio: 0.5 });
  });

  it('keeps cells only one run has, or that were not ok, without a ratio', () => {
    expect(row(c, 'seed', 'SHA-256', 'node:crypto')?.cells).toMatchObject([
      { status: 'ok' },
      { status: 'wrong', value: null, ratio: null, verdict: 'n/a' },
    ]);
    expect(row(c, 'stream', 'SHA-1', 'ts')?.cells).toMatchObject([
      { status: 'missing', value: null },
      { status: 'ok', value: 100, verdict: 'n/a' },
    ]);
    // unavailable in A and absent in B: nothing to compare
    expect(row(c, 'sizes', 'MD2', 'ts')).toBeUndefined();
    expect(c.runs.map((r) => r.label)).toEqual(['PC', 'phone']);
    expect(c.runs[1].env.cpu).toBe('phone');
  });

  it('refuses files that are not bench reports', () => {
    expect(() => parseReport('{"schema":"other"}', 'x.json')).toThrow(/not a digestlab bench report/);
    expect(() => parseReport('nope', 'x.json')).toThrow(/not JSON/);
  });
});

describe('compare three runs', () => {
  const runs = ['run-a.json', 'run-b.json', 'run-c.json'].map((f) => ({ label: f, report: fixture(f) }));
  const c = compareRuns(runs);
  const cells = (workload: string, algorithm: string, provider: string) => row(c, workload, algorithm, provider)?.cells;

  it('has one cell per run, each later run measured against the first, not the one before', () => {
    for (const r of c.rows) expect(r.cells).toHaveLength(3);
    // C 3.0M vs A 1.0M (vs B 1.02M it would be 2.94)
    expect(cells('seed', 'MD5', 'ts')?.[2]).toEqual({
      value: 3_000_000,
      status: 'ok',
      unit: 'ops/s',
      ratio: 3,
      verdict: 'faster',
    });
    expect(cells('sizes', 'MD5', 'ts')?.map((x) => x.ratio)).toEqual([null, 0.5, 2]);
    expect(cells('sizes', 'MD5', 'ts')?.map((x) => x.verdict)).toEqual(['n/a', 'slower', 'faster']);
  });

  it('compares only like units, and not what a run skipped', () => {
    // C timed SHA-256 as seconds (--exact): no ratio against A's ops/s
    expect(cells('seed', 'SHA-256', 'ts')?.[2]).toMatchObject({ value: 0.1, unit: 's', ratio: null, verdict: 'n/a' });
    expect(cells('seed', 'MD5', 'node:crypto')?.[2]).toMatchObject({ status: 'skipped', value: null, ratio: null });
  });

  it('keeps a cell that only the third run could time, and orders new cells by run', () => {
    // MD2 was unavailable in A and absent in B; C timed it
    expect(cells('sizes', 'MD2', 'ts')?.map((x) => x.status)).toEqual(['unavailable', 'missing', 'ok']);
    const keys = c.rows.map((r) => `${r.workload} ${r.algorithm} ${r.provider}`);
    expect(keys.slice(-2)).toEqual(['stream SHA-1 ts', 'many SHA-1 digestMany']);
    expect(keys.indexOf('sizes MD2 ts')).toBe(keys.indexOf('sizes MD5 ts') + 1);
  });

  it('heads each run by label, letter and device, with a ratio and verdict column for B and C', () => {
    const cols = comparisonColumns(c);
    expect(cols.map((x) => x.head[0])).toEqual([
      'workload',
      'algorithm',
      'provider',
      'run-a.json',
      'run-b.json',
      'B / A',
      '',
      'run-c.json',
      'C / A',
      '',
    ]);
    expect(cols[7].head[1]).toBe('C · Android Chrome');
    expect(cols[3].head[1]).toBe('A · Linux node');
    const md = comparisonMarkdown(c).split('\n');
    expect(md[0]).toContain('| run-c.json (C · Android Chrome) | C / A (speed) |');
    expect(md.find((l) => l.startsWith('| seed | MD5 | ts |'))).toBe(
      '| seed | MD5 | ts | 1.00M ops/s | 1.02M ops/s | 1.02× | noise | 3.00M ops/s | 3.00× | faster |',
    );
  });

  it('a single run is a table of its own; no runs is an error', () => {
    const one = compareRuns(runs.slice(0, 1));
    expect(comparisonColumns(one)).toHaveLength(4);
    expect(() => compareRuns([])).toThrow(/at least one/);
    expect(runLetter(25)).toBe('Z');
    expect(runLetter(26)).toBe('#27');
  });
});

describe('describeRun', () => {
  const env = { cpu: 'AMD EPYC', os: 'Linux 6.1 x64' };
  it('names the runtime as itself, with the library behind its node:crypto', () => {
    const bun = { ...env, runtime: 'bun', runtimeVersion: '1.4.5', cryptoLibrary: 'BoringSSL fe703e9' };
    expect(describeRun(bun as never)).toBe('bun 1.4.5 (node:crypto: BoringSSL fe703e9), AMD EPYC, Linux 6.1 x64');
  });
  it('names a browser by its name and version, not as "browser"', () => {
    const page = { ...env, runtime: 'browser', runtimeVersion: '156.0', browser: { name: 'Chrome', version: '156.0' } };
    expect(describeRun(page as never)).toBe('Chrome 156.0, AMD EPYC, Linux 6.1 x64');
  });
  it("and its engine where the run recorded it (Chrome on an iPhone is WebKit's)", () => {
    const browser = { name: 'Chrome', version: '131.0', engine: 'WebKit' };
    const page = { ...env, os: 'iPhone', runtime: 'browser', runtimeVersion: '131.0', browser };
    expect(describeRun(page as never)).toBe('Chrome 131.0 (WebKit), AMD EPYC, iPhone');
  });
});
