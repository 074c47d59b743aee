/** Text renderers of a report: shared number formatting, markdown, CSV and an HTML page of SVG bar charts. */
import { workloadSpec } from './bench/workloads/index.js';
import { COLD_COLUMNS, coldTable } from './cold.js';
import { type CompareRow, type CompareVerdict, type Comparison, runLetter } from './compare.js';
import { type BenchReport, runDevice, type Unit } from './report.js';
import { runtimeLabel } from './runtime.js';
import { sizeLabel } from './size.js';
import { buildTables, type Table, type TableCell, type TableComparison } from './tables.js';

/** A value in its unit, compact: 1.23M ops/s as "1.23M", MiB/s with 3 significant digits, seconds as "0.0812". */
export function formatValue(v: number, unit: Unit): string {
  if (unit === 's') return v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v >= 1 ? v.toFixed(2) : v.toPrecision(3);
  if (unit === 'ops/s' || unit === 'msg/s') {
    if (v >= 1e6) return `${(v / 1e6).toPrecision(3)}M`;
    if (v >= 1e3) return `${(v / 1e3).toPrecision(3)}k`;
    return v.toPrecision(3);
  }
  return v >= 1000 ? v.toFixed(0) : v.toPrecision(3);
}

export function formatRatio(r: number): string {
  return `${r >= 10 ? r.toFixed(0) : r >= 1 ? r.toFixed(2) : r.toPrecision(2)}×`;
}

/** A cell as text: value, ratio to the baseline, `*` when fastest; or WRONG / skipped / n/a. */
export function cellText(c: TableCell, unit: Unit, withRatio = true): string {
  if (c.status === 'wrong') return 'WRONG';
  if (c.status === 'skipped') return 'skipped';
  if (c.status === 'unavailable' || c.value === null) return 'n/a';
  let s = formatValue(c.value, unit);
  if (withRatio && c.ratio !== null) s += ` (${formatRatio(c.ratio)})`;
  if (c.fastest) s += ' *';
  return s;
}

export function unitText(unit: Unit): string {
  if (unit === 'msg/s') return 'messages per second (N messages per call)';
  return unit === 'MiB/s' ? 'MiB/s (MiB = 2^20 bytes)' : unit === 's' ? 'seconds (lower is faster)' : 'ops/s';
}

/** A derived ratio cell: "0.97× of wasm" when the column compares with the best of several, else "2.91×". */
export function comparisonText(c: TableComparison, i: number): string {
  const v = c.values[i];
  if (!v) return '';
  return c.label.includes(' best of ') ? `${formatRatio(v.ratio)} of ${v.against}` : formatRatio(v.ratio);
}

export function legend(t: Table): string {
  const parts = [`unit: ${unitText(t.unit)}`, t.method, '* = fastest in the row'];
  if (t.baseline) parts.push(`(n×) = speed relative to ${t.baseline} (> 1 is faster)`);
  parts.push('WRONG = output disagreed with the reference, not timed', 'n/a = library lacks it');
  for (const c of t.comparisons) parts.push(c.meaning);
  return parts.join('; ');
}

export function envLine(report: BenchReport): string {
  const e = report.env;
  const t = e.timing;
  const load = e.loadAverage ? `, load average ${e.loadAverage.map((x) => x.toFixed(2)).join(' ')} at start` : '';
  const exact = t.exact ? `; seed workload with --exact: ${t.count} calls timed once` : '';
  const took = e.durationSeconds === undefined ? '' : ` (run took ${e.durationSeconds} s)`;
  return `${runtimeLabel(e)}, ${e.cpu}, ${e.cores} cores, ${e.os}${load}; ${e.date}${took}; ${t.samples} samples × ${t.sampleMs} ms after ${t.warmupMs} ms warm-up${t.gc ? ', GC between cases' : ''}${e.isolated ? ', each provider × algorithm in a fresh worker thread' : ''}${exact}`;
}

function mdEscape(s: string): string {
  return s.replace(/\|/g, '\\|');
}

/** Markdown: the environment, then one table per workload, then what each provider is. */
export function toMarkdown(report: BenchReport): string {
  const out: string[] = ['# digestlab bench', ''];
  if (report.env.command) out.push('```', report.env.command, '```', '');
  out.push(`Environment: ${envLine(report)}. Reference: ${report.env.reference}.`, '');
  for (const t of buildTables(report)) {
    out.push(`## ${t.title}`, '', `${legend(t)}.`, '');
    const head = ['algorithm', ...t.columns.map((c) => c.id), ...t.extraColumns, ...t.comparisons.map((c) => c.label)];
    out.push(
      `| ${head.map(mdEscape).join(' | ')} |`,
      `|${head.map((_, i) => (i === 0 ? ' --- ' : ' ---: ')).join('|')}|`,
    );
    for (const [r, row] of t.rows.entries()) {
      const cells = row.cells.map((c) => {
        const s = cellText(c, t.unit);
        return c.fastest ? `**${s}**` : s;
      });
      const extra = row.extra.map((v) => (v === null ? '' : formatValue(v, t.unit)));
      const ratios = t.comparisons.map((c) => comparisonText(c, r));
      out.push(`| ${[row.algorithm, ...cells, ...extra, ...ratios].map(mdEscape).join(' | ')} |`);
    }
    for (const n of t.notes) out.push('', n);
    out.push('');
  }
  if (report.cold && report.cold.length > 0) out.push(...coldMarkdown(report), '');
  out.push(
    '## Providers',
    '',
    '| provider | library | version | implemented in | note |',
    '| --- | --- | --- | --- | --- |',
  );
  for (const p of report.env.providers) {
    const note = [p.note, p.skipped ? `skipped: ${p.skipped}` : undefined].filter(Boolean).join('; ');
    out.push(`| ${[p.id, p.library, p.version, p.implementedIn, note].map(mdEscape).join(' | ')} |`);
  }
  if (report.env.messages.length > 0) {
    out.push('', '## Messages', '', ...report.env.messages.map((m) => `- ${m}`));
  }
  out.push('');
  return out.join('\n');
}

/** The cold-start section: its own table, one line per (algorithm, provider). */
export function coldMarkdown(report: BenchReport): string[] {
  const meta = new Map(report.env.providers.map((p) => [p.id, p.implementedIn]));
  const t = coldTable(report.cold ?? [], (id) => meta.get(id) ?? '?');
  const realm = report.env.cold?.realm ?? 'fresh realm';
  const out = [`## ${t.title}`, '', `Each realm: ${realm}. ${t.legend}.`, ''];
  out.push(
    `| ${COLD_COLUMNS.join(' | ')} |`,
    `|${COLD_COLUMNS.map((_, i) => (i < 3 ? ' --- ' : ' ---: ')).join('|')}|`,
  );
  for (const row of t.rows) out.push(`| ${row.map(mdEscape).join(' | ')} |`);
  return out;
}

function csvField(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return '';
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** CSV: one line per result, the JSON result fields as columns (`count`, many workload only, last). No cold start. */
export function toCsv(report: BenchReport): string {
  const cols = [
    'workload',
    'algorithm',
    'provider',
    'library',
    'version',
    'size',
    'unit',
    'median',
    'min',
    'max',
    'mad',
    'samples',
    'status',
    'count',
  ] as const;
  const lines = [cols.join(',')];
  for (const r of report.results) lines.push(cols.map((c) => csvField(r[c])).join(','));
  return `${lines.join('\n')}\n`;
}

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const COLORS: Record<string, string> = {
  TypeScript: '#3178c6',
  OpenSSL: '#7a7a7a',
  WebCrypto: '#a05a2c',
  WebAssembly: '#654ff0',
  JavaScript: '#d4a017',
  Java: '#b07219',
  mixed: '#2a9d8f',
};

/** One SVG bar chart per table: per algorithm, one horizontal bar per provider, scaled to the row's fastest. */
function svgChart(t: Table): string {
  const { width, height, body } = chartParts(t);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="12">${body}</svg>`;
}

function chartParts(t: Table): { width: number; height: number; body: string } {
  const barH = 14;
  const gap = 4;
  const labelW = 190;
  const chartW = 520;
  const valueW = 130;
  const width = labelW + chartW + valueW;
  const parts: string[] = [];
  let y = 4;
  for (const row of t.rows) {
    parts.push(`<text x="0" y="${y + 12}" font-weight="bold">${esc(row.algorithm)}</text>`);
    y += 18;
    const values = row.cells.map((c) => c.value).filter((v): v is number => v !== null);
    const scaleMax =
      values.length === 0 ? 1 : t.lowerIsBetter ? Math.max(...values.map((v) => 1 / v)) : Math.max(...values);
    row.cells.forEach((c, i) => {
      if (c.status === 'unavailable') return;
      const col = t.columns[i];
      const color = COLORS[col.implementedIn] ?? '#999';
      parts.push(`<text x="${labelW - 6}" y="${y + barH - 3}" text-anchor="end">${esc(col.id)}</text>`);
      if (c.value !== null) {
        const v = t.lowerIsBetter ? 1 / c.value : c.value;
        const w = Math.max(1, (v / scaleMax) * chartW);
        parts.push(
          `<rect x="${labelW}" y="${y}" width="${w.toFixed(1)}" height="${barH}" fill="${color}"><title>${esc(
            `${col.id} (${col.implementedIn}) ${formatValue(c.value, t.unit)} ${t.unit}`,
          )}</title></rect>`,
          `<text x="${(labelW + w + 4).toFixed(1)}" y="${y + barH - 3}">${esc(cellText(c, t.unit))}</text>`,
        );
      } else {
        parts.push(`<text x="${labelW + 4}" y="${y + barH - 3}" fill="#c00">${esc(cellText(c, t.unit))}</text>`);
      }
      y += barH + gap;
    });
    y += 8;
  }
  return { width, height: y, body: parts.join('') };
}

/** Every table's chart stacked in one SVG file, each under its title. */
export function toSvg(report: BenchReport): string {
  const parts: string[] = [];
  let y = 0;
  let width = 600;
  parts.push(`<text x="0" y="${y + 16}" font-size="15" font-weight="bold">digestlab bench</text>`);
  parts.push(`<text x="0" y="${y + 34}" fill="#555">${esc(envLine(report))}</text>`);
  y += 48;
  for (const t of buildTables(report)) {
    const c = chartParts(t);
    width = Math.max(width, c.width);
    parts.push(`<text x="0" y="${y + 14}" font-size="13" font-weight="bold">${esc(t.title)}</text>`);
    parts.push(`<text x="0" y="${y + 30}" fill="#555">${esc(`${unitText(t.unit)}; longer bar = faster`)}</text>`);
    parts.push(`<g transform="translate(0 ${y + 38})">${c.body}</g>`);
    y += 38 + c.height + 16;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${y}" font-family="sans-serif" font-size="12">${parts.join('')}</svg>\n`;
}

/** A self-contained HTML page: environment, then each table as a bar chart (longer bar = faster). */
export function toHtml(report: BenchReport): string {
  const tables = buildTables(report);
  const legendItems = Object.entries(COLORS)
    .map(([k, c]) => `<span style="display:inline-block;width:10px;height:10px;background:${c}"></span> ${k}`)
    .join(' &nbsp; ');
  const sections = tables
    .map(
      (t) =>
        `<section><h2>${esc(t.title)}</h2><p>${esc(legend(t))}. Longer bar = faster.</p>${svgChart(t)}${t.notes
          .map((n) => `<p>${esc(n)}</p>`)
          .join('')}</section>`,
    )
    .join('\n');
  const cold = report.cold && report.cold.length > 0 ? coldHtml(report) : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>digestlab bench</title>
<style>body{font-family:sans-serif;max-width:900px;margin:2em auto;color:#222}h2{font-size:1.05em;margin-top:2em}code{background:#f4f4f4}</style>
</head><body>
<h1>digestlab bench</h1>
${report.env.command ? `<p><code>${esc(report.env.command)}</code></p>` : ''}
<p>${esc(envLine(report))}. Reference: ${esc(report.env.reference)}.</p>
<p>${legendItems}</p>
${sections}
${cold}</body></html>
`;
}

function coldHtml(report: BenchReport): string {
  const meta = new Map(report.env.providers.map((p) => [p.id, p.implementedIn]));
  const t = coldTable(report.cold ?? [], (id) => meta.get(id) ?? '?');
  const head = COLD_COLUMNS.map((c) => `<th>${esc(c)}</th>`).join('');
  const body = t.rows
    .map((r) => `<tr>${r.map((x, i) => `<td${i >= 3 ? ' align="right"' : ''}>${esc(x)}</td>`).join('')}</tr>`)
    .join('');
  return `<section><h2>${esc(t.title)}</h2><p>Each realm: ${esc(report.env.cold?.realm ?? 'fresh realm')}. ${esc(t.legend)}.</p><table><tr>${head}</tr>${body}</table></section>\n`;
}

/** A column of a comparison table: two header lines, then one text per row (`verdict` lets a renderer colour it). */
export interface ComparisonColumn {
  head: [string, string];
  align: 'left' | 'right';
  cells: { text: string; verdict?: CompareVerdict }[];
}

/** What the comparison's columns mean, for under the table. */
export const COMPARISON_LEGEND =
  "B / A: speed of run B relative to run A (> 1: B faster). noise: the two runs' sample ranges [min, max] overlap.";

/**
 * The comparison as columns, for every renderer (terminal, markdown, the web page): workload, algorithm, provider,
 * run A's value, then for each later run its value, its speed relative to A and the verdict. A run's columns are
 * headed by its label (a file name, say) and its letter and device, so each column says which run it is.
 */
export function comparisonColumns(c: Comparison): ComparisonColumn[] {
  const rows = c.rows;
  const text = (f: (r: CompareRow) => string) => rows.map((r) => ({ text: f(r) }));
  const cols: ComparisonColumn[] = [
    {
      head: ['workload', ''],
      align: 'left',
      cells: text((r) =>
        workloadSpec(r.workload)?.comparesBySize === false ? r.workload : `${r.workload} ${sizeLabel(r.size)}`,
      ),
    },
    { head: ['algorithm', ''], align: 'left', cells: text((r) => r.algorithm) },
    { head: ['provider', ''], align: 'left', cells: text((r) => r.provider) },
  ];
  c.runs.forEach((run, i) => {
    const letter = runLetter(i);
    cols.push({
      head: [run.label, `${letter} · ${runDevice(run.env)}`],
      align: 'right',
      cells: text((r) => {
        const cell = r.cells[i];
        return cell.value === null ? cell.status : `${formatValue(cell.value, cell.unit)} ${cell.unit}`;
      }),
    });
    if (i === 0) return;
    cols.push(
      {
        head: [`${letter} / A`, 'speed'],
        align: 'right',
        cells: text((r) => (r.cells[i].ratio === null ? '' : formatRatio(r.cells[i].ratio as number))),
      },
      {
        head: ['', ''],
        align: 'left',
        cells: rows.map((r) => {
          const v = r.cells[i].verdict;
          return v === 'n/a' ? { text: '' } : { text: v, verdict: v };
        }),
      },
    );
  });
  return cols;
}

/** Markdown table of a comparison. */
export function comparisonMarkdown(c: Comparison): string {
  const cols = comparisonColumns(c);
  // a label is a file name and may hold a "|", which would end the cell
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  const head = cols.map((col) => cell(col.head[0] && col.head[1] ? `${col.head[0]} (${col.head[1]})` : col.head[0]));
  const out = [
    `| ${head.join(' | ')} |`,
    `| ${cols.map((col) => (col.align === 'right' ? '---:' : '---')).join(' | ')} |`,
  ];
  for (let r = 0; r < c.rows.length; r++) out.push(`| ${cols.map((col) => cell(col.cells[r].text)).join(' | ')} |`);
  return `${out.join('\n')}\n`;
}
