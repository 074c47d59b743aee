import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatValue, toCsv, toHtml, toMarkdown, toSvg } from '../src/render.js';
import { parseReport } from '../src/report.js';
import { buildTables } from '../src/tables.js';

const report = parseReport(readFileSync(join(import.meta.dirname, 'fixtures', 'run-a.json'), 'utf8'));

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

  it('formats units compactly', () => {
    expect(formatValue(1_234_567, 'ops/s')).toBe('1.23M');
    expect(formatValue(81_200, 'ops/s')).toBe('81.2k');
    expect(formatValue(1234.5, 'MiB/s')).toBe('1235');
    expect(formatValue(0.0812, 's')).toBe('0.0812');
  });

  it('writes markdown, CSV, HTML and SVG', () => {
    const md = toMarkdown(report);
    expect(md).toContain('| algorithm | ts | node:crypto |');
    expect(md).toContain('MiB/s (MiB = 2^20 bytes)');
    expect(md).toContain('digestlab --json');
    const csv = toCsv(report).trim().split('\n');
    expect(csv[0]).toBe('workload,algorithm,provider,library,version,size,unit,median,min,max,mad,samples,status');
    expect(csv).toHaveLength(report.results.length + 1);
    expect(csv[6]).toBe('sizes,MD2,ts,digestlab,0.1.0,1048576,MiB/s,,,,,0,unavailable');
    const html = toHtml(report);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<svg');
    expect(html).toContain('<rect');
    expect(toSvg(report)).toMatch(/^<svg[^>]*>.*<\/svg>\n$/s);
  });
});
