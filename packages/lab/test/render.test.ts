import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatValue, toCsv, toHtml, toMarkdown, toSvg } from '../src/render.js';
import { type BenchReport, type BenchResult, type ColdResult, parseReport } from '../src/report.js';
import { buildTables } from '../src/tables.js';

const report = parseReport(readFileSync(join(import.meta.dirname, 'fixtures', 'run-a.json'), 'utf8'));

/** run-a.json's environment with other results: `values` maps provider to median, per algorithm. */
function synthetic(
  workload: BenchResult['workload'],
  size: number,
  values: Record<string, Record<string, number | null>>,
  extra: Partial<BenchReport> = {},
): BenchReport {
  const ids = [...new Set(Object.values(values).flatMap((v) => Object.keys(v)))];
  const unit = workload === 'many' ? 'msg/s' : workload === 'seed' ? 'ops/s' : 'MiB/s';
  const results: BenchResult[] = Object.entries(values).flatMap(([algorithm, byId]) =>
    Object.entries(byId).map(([provider, v]) => ({
      workload,
      algorithm,
      provider,
      library: 'digestlab',
      version: '0.1.0',
      size,
      unit,
      median: v,
      min: v,
      max: v,
      mad: v === null ? null : 0,
      samples: v === null ? 0 : 5,
      status: v === null ? ('unavailable' as const) : ('ok' as const),
      ...(workload === 'many' ? { count: 10_000 } : {}),
    })),
  );
  const providers = ids.map((id) => ({
    id,
    library: 'digestlab',
    version: '0.1.0',
    kind: 'ours' as const,
    implementedIn:
      id === 'auto' ? ('mixed' as const) : id === 'ts' ? ('TypeScript' as const) : ('WebAssembly' as const),
  }));
  return { ...report, env: { ...report.env, providers }, results, ...extra };
}

describe('tables and renderers', () => {
  it('puts algorithms as rows and providers side by side, fastest marked, ratio to node:crypto', () => {
    const [ops, seconds, mib] = buildTables(report);
    expect(ops.unit).toBe('ops/s');
    expect(ops.columns.map((c) => c.id)).toEqual(['ts', 'node:crypto']);
    expect(ops.rows.map((r) => r.algorithm)).toEqual(['MD5', 'SHA-256']);
    expect(ops.baseline).toBe('node:crypto');
    expect(ops.rows[0].cells[0]).toMatchObject({ value: 1_000_000, ratio: 2, fastest: true });
    expect(ops.rows[0].cells[1]).toMatchObject({ ratio: 1, fastest: false });
    // the seed's figure: seconds for N = 100000, with the seed's Java numbers beside
    expect(seconds.unit).toBe('s');
    expect(seconds.rows[0].cells[0].value).toBeCloseTo(0.1);
    expect(seconds.extraColumns).toHaveLength(1);
    expect(seconds.rows[0].extra[0]).toBe(0.286);
    expect(mib.unit).toBe('MiB/s');
  });

  it('compares auto with the best of ts, wasm, node in each row, in a column and a sentence to quote', () => {
    const r = synthetic('sizes', 64, {
      MD5: { ts: 100, wasm: 200, node: 150, auto: 194 },
      'SHA-1': { ts: 100, wasm: 120, node: 300, auto: 240 },
      'SHA-256': { ts: 100, wasm: null, node: null, auto: 101 },
    });
    const [t] = buildTables(r);
    expect(t.comparisons.map((c) => c.label)).toEqual(['auto ÷ best of ts, wasm, node']);
    const [md5, sha1, sha256] = t.comparisons[0].values;
    expect(md5?.against).toBe('wasm');
    expect(md5?.ratio).toBeCloseTo(0.97);
    expect(sha1).toMatchObject({ against: 'node', ratio: 0.8 });
    expect(sha256?.against).toBe('ts'); // the best of those that ran
    expect(t.notes).toContain(
      'auto ÷ best of ts, wasm, node: 0.80× to 1.01×; within 5% of the best for 2 of 3 algorithms; lowest: SHA-1, 0.80× of node (20% slower).',
    );
    const md = toMarkdown(r);
    expect(md).toContain('| algorithm | ts | wasm | node | auto | auto ÷ best of ts, wasm, node |');
    expect(md).toContain('| MD5 | 100 (0.67×) | **200 (1.33×) *** | 150 (1.00×) | 194 (1.29×) | 0.97× of wasm |');
    expect(md).toContain('within 5% of the best for 2 of 3');
    // no auto, or none of ts/wasm/node: no column
    expect(buildTables(synthetic('sizes', 64, { MD5: { ts: 1, wasm: 2 } }))[0].comparisons).toEqual([]);
    expect(buildTables(synthetic('sizes', 64, { MD5: { auto: 1, other: 2 } }))[0].comparisons).toEqual([]);
  });

  it('many: messages per second, with digestMany ÷ wasm beside the table', () => {
    const r = synthetic('many', 64, {
      MD5: { wasm: 1_000_000, auto: 1_000_000, digestMany: 2_000_000 },
      'SHA-256': { wasm: 1_000_000, auto: 990_000, digestMany: 2_900_000 },
    });
    const [t] = buildTables(r);
    expect(t.unit).toBe('msg/s');
    expect(t.title).toMatch(/^many messages: 10000 independent 64 B messages per call/);
    expect(t.comparisons.map((c) => c.label)).toEqual(['auto ÷ best of wasm', 'digestMany ÷ wasm']);
    expect(t.comparisons[1].values.map((v) => v?.ratio)).toEqual([2, 2.9]);
    expect(t.notes).toContain('digestMany ÷ wasm (a loop of wasm digest() calls): MD5 2.00×, SHA-256 2.90×.');
    const md = toMarkdown(r);
    expect(md).toContain('| auto ÷ best of wasm | digestMany ÷ wasm |');
    expect(md).toMatch(/\| SHA-256 \| 1\.00M \| 990k \| \*\*2\.90M \*\*\* \| 0\.99× of wasm \| 2\.90× \|/);
    expect(md).toContain('unit: messages per second');
    expect(toCsv(r).split('\n')[1]).toBe('many,MD5,wasm,digestlab,0.1.0,64,msg/s,1000000,1000000,1000000,0,5,ok,10000');
  });

  it('renders a cold start as its own table, and reads it back from JSON', () => {
    const stat = (median: number) => ({ median, min: median, max: median });
    const cold: ColdResult[] = [
      {
        algorithm: 'MD5',
        provider: 'wasm',
        library: 'digestlab',
        version: '0.1.0',
        runs: 5,
        importMs: stat(31.5),
        firstMs: stat(3.25),
        secondMs: stat(0.021),
        totalMs: stat(34.9),
        status: 'ok',
      },
      {
        algorithm: 'MD5',
        provider: 'ts',
        library: 'digestlab',
        version: '0.1.0',
        runs: 0,
        importMs: null,
        firstMs: null,
        secondMs: null,
        totalMs: null,
        status: 'wrong',
      },
    ];
    const r = synthetic('seed', 93, { MD5: { ts: 1, wasm: 2 } }, { cold });
    r.env.cold = { runs: 5, realm: 'a fresh worker thread' };
    const md = toMarkdown(r);
    expect(md).toContain('## cold start: the first digests in a fresh realm, median of 5 realms, milliseconds');
    expect(md).toContain(
      '| algorithm | provider | implemented in | import (ms) | 1st call (ms) | 2nd call (ms) | import + 1st (ms) |',
    );
    expect(md).toContain('| MD5 | wasm | WebAssembly | 31.5 | 3.25 | 0.021 | 34.9 |');
    expect(md).toContain('| MD5 | ts | TypeScript | WRONG |  |  |  |');
    expect(toHtml(r)).toContain('<td align="right">3.25</td>');
    expect(parseReport(JSON.stringify(r)).cold).toEqual(cold);
    expect(() => parseReport(JSON.stringify({ ...r, cold: {} }))).toThrow(/"cold" must be a list/);
    expect(() => parseReport(JSON.stringify({ ...r, cold: [{ provider: 'x' }] }))).toThrow(/cold\[0\]/);
    // without a cold start, nothing of it
    expect(toMarkdown(report)).not.toContain('cold start');
  });

  it('formats units compactly', () => {
    expect(formatValue(1_234_567, 'ops/s')).toBe('1.23M');
    expect(formatValue(81_200, 'ops/s')).toBe('81.2k');
    expect(formatValue(1234.5, 'MiB/s')).toBe('1235');
    expect(formatValue(0.0812, 's')).toBe('0.0812');
    expect(formatValue(2_900_000, 'msg/s')).toBe('2.90M');
  });

  it('writes markdown, CSV, HTML and SVG', () => {
    const md = toMarkdown(report);
    expect(md).toContain('| algorithm | ts | node:crypto |');
    expect(md).toContain('MiB/s (MiB = 2^20 bytes)');
    expect(md).toContain('digestlab --json');
    const csv = toCsv(report).trim().split('\n');
    expect(csv[0]).toBe(
      'workload,algorithm,provider,library,version,size,unit,median,min,max,mad,samples,status,count',
    );
    expect(csv).toHaveLength(report.results.length + 1);
    expect(csv[6]).toBe('sizes,MD2,ts,digestlab,0.1.0,1048576,MiB/s,,,,,0,unavailable,');
    const html = toHtml(report);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<svg');
    expect(html).toContain('<rect');
    expect(toSvg(report)).toMatch(/^<svg[^>]*>.*<\/svg>\n$/s);
  });
});
