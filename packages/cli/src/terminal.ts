/**
 * Tables for a terminal: algorithms as rows, providers side by side. Tables wider than the terminal are split into
 * several, each repeating the algorithm column. Colour only on a terminal and never with NO_COLOR.
 */
import {
  type BenchReport,
  buildTables,
  COLD_COLUMNS,
  COMPARISON_LEGEND,
  type Comparison,
  cellText,
  coldTable,
  comparisonColumns,
  comparisonText,
  describeRun,
  envLine,
  formatValue,
  legend,
  runLetter,
  type Table,
} from '@digestlab/lab';

export interface Style {
  bold(s: string): string;
  dim(s: string): string;
  red(s: string): string;
  green(s: string): string;
}

const plain: Style = { bold: (s) => s, dim: (s) => s, red: (s) => s, green: (s) => s };
const ansi: Style = {
  bold: (s) => `\x1b[1m${s}\x1b[22m`,
  dim: (s) => `\x1b[2m${s}\x1b[22m`,
  red: (s) => `\x1b[31m${s}\x1b[39m`,
  green: (s) => `\x1b[32m${s}\x1b[39m`,
};

export function style(color: boolean): Style {
  return color ? ansi : plain;
}

const SHORT_IMPL: Record<string, string> = {
  TypeScript: 'TS',
  JavaScript: 'JS',
  WebAssembly: 'wasm',
  OpenSSL: 'OpenSSL',
  WebCrypto: 'WebCrypto',
  mixed: 'mixed',
};

interface Col {
  head: [string, string];
  cells: { text: string; paint?: (s: string) => string }[];
  align: 'left' | 'right';
}

function pad(s: string, w: number, align: 'left' | 'right'): string {
  return align === 'left' ? s.padEnd(w) : s.padStart(w);
}

function drawColumns(cols: Col[], st: Style): string[] {
  const widths = cols.map((c) => Math.max(c.head[0].length, c.head[1].length, ...c.cells.map((x) => x.text.length)));
  const line = (get: (c: Col, i: number) => string) => cols.map((c, i) => get(c, i)).join('  ');
  const out = [
    st.bold(line((c, i) => pad(c.head[0], widths[i], c.align))),
    st.dim(line((c, i) => pad(c.head[1], widths[i], c.align))),
    st.dim(widths.map((w) => '─'.repeat(w)).join('  ')),
  ];
  const n = cols[0]?.cells.length ?? 0;
  for (let r = 0; r < n; r++) {
    out.push(
      line((c, i) => {
        const cell = c.cells[r];
        const text = pad(cell.text, widths[i], c.align);
        return cell.paint ? cell.paint(text) : text;
      }),
    );
  }
  return out;
}

/** Splits value columns into groups that fit `width` next to the first column. */
function fit(first: Col, rest: Col[], width: number): Col[][] {
  const w = (c: Col) => Math.max(c.head[0].length, c.head[1].length, ...c.cells.map((x) => x.text.length)) + 2;
  const groups: Col[][] = [];
  let cur: Col[] = [];
  let used = w(first);
  for (const c of rest) {
    if (cur.length > 0 && used + w(c) > width) {
      groups.push(cur);
      cur = [];
      used = w(first);
    }
    cur.push(c);
    used += w(c);
  }
  if (cur.length > 0) groups.push(cur);
  return groups;
}

export function renderTable(t: Table, st: Style, width: number): string {
  const first: Col = {
    head: ['algorithm', ''],
    align: 'left',
    cells: t.rows.map((r) => ({ text: r.algorithm })),
  };
  const cols: Col[] = t.columns.map((c, i) => ({
    head: [c.id, SHORT_IMPL[c.implementedIn] ?? c.implementedIn],
    align: 'right',
    cells: t.rows.map((r) => {
      const cell = r.cells[i];
      const text = cellText(cell, t.unit);
      const paint =
        cell.status === 'wrong'
          ? st.red
          : cell.fastest
            ? (s: string) => st.bold(st.green(s))
            : cell.value === null
              ? st.dim
              : undefined;
      return paint ? { text, paint } : { text };
    }),
  }));
  t.extraColumns.forEach((label, k) => {
    cols.push({
      head: [label, ''],
      align: 'right',
      cells: t.rows.map((r) => ({
        text: r.extra[k] === null ? '' : formatValue(r.extra[k] as number, t.unit),
        paint: st.dim,
      })),
    });
  });
  for (const c of t.comparisons) {
    cols.push({
      head: [c.label, 'ratio'],
      align: 'right',
      cells: t.rows.map((_, r) => {
        const v = c.values[r];
        const text = comparisonText(c, r);
        return v && v.ratio < 0.95 ? { text, paint: st.red } : { text };
      }),
    });
  }
  const out = [st.bold(t.title)];
  for (const group of fit(first, cols, width)) {
    out.push('', ...drawColumns([first, ...group], st));
  }
  out.push('', st.dim(legend(t)));
  for (const n of t.notes) out.push(st.dim(n));
  return out.join('\n');
}

/** The cold-start table: one line per (algorithm, provider), medians in ms. */
export function renderCold(report: BenchReport, st: Style): string {
  const meta = new Map(report.env.providers.map((p) => [p.id, p.implementedIn]));
  const t = coldTable(report.cold ?? [], (id) => SHORT_IMPL[meta.get(id) ?? ''] ?? meta.get(id) ?? '?');
  const cols: Col[] = COLD_COLUMNS.map((name, i) => ({
    head: [name, ''],
    align: i < 3 ? 'left' : 'right',
    cells: t.rows.map((r) => (r[i] === 'WRONG' ? { text: r[i], paint: st.red } : { text: r[i] })),
  }));
  const realm = report.env.cold?.realm ?? 'fresh realm';
  return [st.bold(t.title), '', ...drawColumns(cols, st), '', st.dim(`each realm: ${realm}; ${t.legend}`)].join('\n');
}

export function renderReport(report: BenchReport, st: Style, width: number): string {
  const parts = [st.dim(`${envLine(report)}`), st.dim(`checked against ${report.env.reference}`)];
  for (const t of buildTables(report)) parts.push('', renderTable(t, st, width));
  if (report.cold && report.cold.length > 0) parts.push('', renderCold(report, st));
  // notes of the rows that appear somewhere (digestMany, say, has no column outside the many workload)
  const shown = new Set([
    ...report.results.filter((r) => r.status === 'ok' || r.status === 'wrong').map((r) => r.provider),
    ...(report.cold ?? []).map((c) => c.provider),
  ]);
  const notes = report.env.providers.filter((p) => p.note && shown.has(p.id)).map((p) => `${p.id}: ${p.note}`);
  if (notes.length > 0) parts.push('', st.dim(`notes — ${notes.join('; ')}`));
  const wrong = report.env.messages.filter((m) => m.startsWith('WRONG'));
  const other = report.env.messages.filter((m) => !m.startsWith('WRONG'));
  for (const m of wrong) parts.push(st.red(m));
  for (const m of other) parts.push(st.dim(m));
  return `${parts.join('\n')}\n`;
}

export function renderComparison(c: Comparison, st: Style): string {
  const paint = { faster: st.green, slower: st.red, noise: st.dim, 'n/a': undefined };
  const cols: Col[] = comparisonColumns(c).map((col) => ({
    head: col.head,
    align: col.align,
    cells: col.cells.map((x) => {
      const p = x.verdict && paint[x.verdict];
      return p ? { text: x.text, paint: p } : { text: x.text };
    }),
  }));
  const head = [...c.runs.map((run, i) => st.dim(`${runLetter(i)}: ${run.label} — ${describeRun(run.env)}`)), ''];
  const foot = c.runs.length > 1 ? ['', st.dim(COMPARISON_LEGEND)] : [];
  return `${[...head, ...drawColumns(cols, st), ...foot].join('\n')}\n`;
}
