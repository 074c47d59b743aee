/**
 * Tables as data, from a report: one per workload (and size) — algorithms as rows, providers side by side, the
 * fastest marked, each value's ratio to node:crypto. Every renderer (terminal, markdown, HTML) draws these.
 */
import type { BenchReport, BenchResult, ProviderMeta, Status, Unit, Workload } from './report.js';
import { AUTO_CANDIDATES, AUTO_ROW, DIGEST_MANY_ROW } from './rows.js';
import { SEED_FIGURES } from './seed.js';
import { sizeLabel } from './size.js';

export interface TableColumn {
  id: string;
  library: string;
  version: string;
  implementedIn: string;
  note?: string;
}

export interface TableCell {
  status: Status;
  value: number | null;
  mad: number | null;
  /** Speed relative to the baseline column (> 1 is faster), or null. */
  ratio: number | null;
  fastest: boolean;
}

export interface TableRow {
  algorithm: string;
  cells: TableCell[];
  /** Values of extra columns (e.g. the seed's own Java figure), by extra column label. */
  extra: (number | null)[];
}

/**
 * A ratio column derived from two columns of the same table, per algorithm: how fast `subject` is relative to
 * another column (a fixed one, or the best of several), > 1 is faster. E.g. `auto` against the best of our
 * concrete providers, or `digestMany` against a loop of `wasm` digest() calls.
 */
export interface TableComparison {
  /** Column header, e.g. "auto ÷ best of ts, wasm, node". */
  label: string;
  /** What the column says, for the legend. */
  meaning: string;
  /** Per table row (same order): the ratio and the column it is against, or null when either is not ok. */
  values: ({ ratio: number; against: string } | null)[];
}

export interface Table {
  workload: Workload;
  size: number;
  title: string;
  unit: Unit;
  /** For "s" tables: lower is faster. */
  lowerIsBetter: boolean;
  columns: TableColumn[];
  extraColumns: string[];
  rows: TableRow[];
  /** Ratio columns derived from the cells (after the extra columns). */
  comparisons: TableComparison[];
  /** Id of the column ratios are relative to, or null when the run has none. */
  baseline: string | null;
  /** How each value was obtained, for the legend. */
  method: string;
  notes: string[];
}

/** node:crypto called directly if the run has it, else digestlab's `node` provider (node:crypto behind our API). */
export const BASELINES = ['node:crypto', 'node'] as const;

function title(workload: Workload, size: number, unit: Unit, count: number, manyCount: number | undefined): string {
  if (workload === 'many') {
    return `many messages: ${manyCount ?? '?'} independent ${sizeLabel(size)} messages per call, messages per second (a loop of one-shot calls; digestMany: one call)`;
  }
  if (workload === 'seed') {
    return unit === 's'
      ? `seed workload (--exact): seconds for N = ${count} hashes of the seed's ${size}-character string, string to hex`
      : `seed workload: hashes of the seed's ${size}-character string per second, string to hex`;
  }
  if (workload === 'sizes') return `throughput, ${sizeLabel(size)} inputs (one-shot)`;
  if (workload === 'hmac') {
    return `HMAC: one-shot HMACs of the seed's ${size}-character string per second, a 32-byte key keyed anew per call, hex out (the algorithm is the digest's)`;
  }
  return `streaming: ${sizeLabel(size)} updates into one digest`;
}

function groupKey(r: Pick<BenchResult, 'workload' | 'size'>): string {
  return `${r.workload}|${r.size}`;
}

export function buildTables(report: BenchReport): Table[] {
  const meta = new Map<string, ProviderMeta>(report.env.providers.map((p) => [p.id, p]));
  const groups = new Map<string, BenchResult[]>();
  for (const r of report.results) {
    const k = groupKey(r);
    const list = groups.get(k);
    if (list) list.push(r);
    else groups.set(k, [r]);
  }
  const count = report.env.timing?.count ?? 100_000;
  const tables: Table[] = [];
  for (const results of groups.values()) {
    const { workload, size, unit } = results[0];
    const lowerIsBetter = unit === 's';
    const providerIds = [...new Set(results.map((r) => r.provider))].filter((id) =>
      results.some((r) => r.provider === id && (r.status === 'ok' || r.status === 'wrong')),
    );
    const skipped = [...new Set(results.filter((r) => r.status === 'skipped').map((r) => r.provider))];
    const algorithms = [...new Set(results.map((r) => r.algorithm))];
    const baseline = BASELINES.find((b) => providerIds.includes(b)) ?? null;
    const columns: TableColumn[] = providerIds.map((id) => {
      const m = meta.get(id);
      const any = results.find((r) => r.provider === id) as BenchResult;
      return {
        id,
        library: m?.library ?? any.library,
        version: m?.version ?? any.version,
        implementedIn: m?.implementedIn ?? '?',
        ...(m?.note ? { note: m.note } : {}),
      };
    });
    const rows: TableRow[] = algorithms.map((algorithm) => {
      const byProvider = new Map(results.filter((r) => r.algorithm === algorithm).map((r) => [r.provider, r]));
      const base = baseline ? byProvider.get(baseline) : undefined;
      const baseValue = base?.status === 'ok' ? base.median : null;
      const values = providerIds.map((id) => {
        const r = byProvider.get(id);
        return r?.status === 'ok' ? r.median : null;
      });
      const ok = values.filter((v): v is number => v !== null);
      const best = ok.length === 0 ? null : lowerIsBetter ? Math.min(...ok) : Math.max(...ok);
      const cells = providerIds.map((id, i): TableCell => {
        const r = byProvider.get(id);
        const value = values[i];
        const ratio =
          value !== null && baseValue !== null && value > 0 && baseValue > 0
            ? lowerIsBetter
              ? baseValue / value
              : value / baseValue
            : null;
        return {
          status: r?.status ?? 'unavailable',
          value,
          mad: r?.status === 'ok' ? r.mad : null,
          ratio,
          fastest: value !== null && value === best && ok.length > 1,
        };
      });
      return { algorithm, cells, extra: [] };
    });
    const notes: string[] = [];
    if (skipped.length > 0) {
      notes.push(
        `skipped on this runtime: ${skipped.map((id) => `${id} (${meta.get(id)?.skipped ?? 'could not load'})`).join('; ')}`,
      );
    }
    const table: Table = {
      workload,
      size,
      title: title(workload, size, unit, count, results[0].count),
      unit,
      lowerIsBetter,
      columns,
      extraColumns: [],
      rows,
      comparisons: [],
      baseline,
      method: unit === 's' ? `one run of ${count} calls, timed once (--exact)` : 'median of samples',
      notes,
    };
    addComparisons(table);
    if (workload === 'seed' && unit === 's') addSeedFigure(table);
    tables.push(table);
    if (workload === 'seed' && unit === 'ops/s') tables.push(secondsTable(table, count));
  }
  return tables;
}

/** The seed's own figure: seconds for N hashes, from each median, beside the seed's Java numbers. */
function secondsTable(ops: Table, count: number): Table {
  const t: Table = {
    ...ops,
    title: `seed workload, the seed's figure: seconds for N = ${count} hashes (N / median ops/s)`,
    unit: 's',
    lowerIsBetter: true,
    method: `N / median ops/s`,
    extraColumns: [],
    // the ratios are the ops/s table's (N / x inverts both sides); shown there once
    comparisons: [],
    rows: ops.rows.map((row) => ({
      algorithm: row.algorithm,
      extra: [],
      cells: row.cells.map((c) => ({
        ...c,
        value: c.value === null ? null : count / c.value,
        mad: null,
      })),
    })),
    notes: [],
  };
  addSeedFigure(t, count);
  return t;
}

function addSeedFigure(t: Table, count: number = SEED_FIGURES.pc.count): void {
  if (count !== SEED_FIGURES.pc.count) return;
  t.extraColumns = [SEED_FIGURES.pc.label];
  const seconds = SEED_FIGURES.pc.seconds as Record<string, number>;
  for (const row of t.rows) row.extra = [seconds[row.algorithm] ?? null];
}

/**
 * Speed of column `subject` relative to the best of `against` (> 1: subject faster), per row; null where the subject
 * or all of `against` have no value.
 */
function ratioColumn(t: Table, subject: string, against: readonly string[]): TableComparison['values'] {
  const index = (id: string) => t.columns.findIndex((c) => c.id === id);
  const s = index(subject);
  const others = against.map(index).filter((i) => i >= 0);
  return t.rows.map((row) => {
    const v = row.cells[s]?.value ?? null;
    let best: { value: number; id: string } | null = null;
    for (const i of others) {
      const x = row.cells[i].value;
      if (x === null || x <= 0) continue;
      if (!best || (t.lowerIsBetter ? x < best.value : x > best.value)) best = { value: x, id: t.columns[i].id };
    }
    if (v === null || v <= 0 || !best) return null;
    return { ratio: t.lowerIsBetter ? best.value / v : v / best.value, against: best.id };
  });
}

/** Ratio, as "0.97× of wasm" in words: "within 3%" or "3% faster" or "12% slower". */
export function percentText(ratio: number): string {
  const pct = Math.round(Math.abs(ratio - 1) * 100);
  if (pct === 0) return 'equal';
  return ratio < 1 ? `${pct}% slower` : `${pct}% faster`;
}

function fmt(r: number): string {
  return `${r.toFixed(2)}×`;
}

/**
 * The derived columns, with a sentence each that a summary can quote:
 * - `auto` against the best of our concrete providers (ts, wasm, node) in the same row: is the default as fast as
 *   the best choice a user could make by hand, at this algorithm and size?
 * - in the many workload, `digestMany` against a loop of `wasm` digest() calls (the batch's whole point).
 */
function addComparisons(t: Table): void {
  const has = (id: string) => t.columns.some((c) => c.id === id);
  const candidates = AUTO_CANDIDATES.filter(has);
  if (has(AUTO_ROW) && candidates.length > 0) {
    const values = ratioColumn(t, AUTO_ROW, candidates);
    const label = `auto ÷ best of ${candidates.join(', ')}`;
    t.comparisons.push({
      label,
      meaning: `${label} = speed of auto relative to the fastest of ${candidates.join(', ')} in the same row (1.00× = as fast as the best; 0.95× = 5% slower)`,
      values,
    });
    const got = t.rows
      .map((row, i) => ({ algorithm: row.algorithm, v: values[i] }))
      .filter((x): x is { algorithm: string; v: { ratio: number; against: string } } => x.v !== null);
    if (got.length > 0) {
      const within = got.filter((x) => x.v.ratio >= 0.95).length;
      const worst = got.reduce((a, b) => (b.v.ratio < a.v.ratio ? b : a));
      const lo = Math.min(...got.map((x) => x.v.ratio));
      const hi = Math.max(...got.map((x) => x.v.ratio));
      t.notes.push(
        `${label}: ${lo === hi ? fmt(lo) : `${fmt(lo)} to ${fmt(hi)}`}; within 5% of the best for ${within} of ${got.length} algorithms; lowest: ${worst.algorithm}, ${fmt(worst.v.ratio)} of ${worst.v.against} (${percentText(worst.v.ratio)}).`,
      );
    }
  }
  if (t.workload === 'many' && has(DIGEST_MANY_ROW) && has('wasm')) {
    const values = ratioColumn(t, DIGEST_MANY_ROW, ['wasm']);
    const label = 'digestMany ÷ wasm';
    t.comparisons.push({
      label,
      meaning: `${label} = speed of one digestMany() call relative to a loop of digest(alg, m, { provider: 'wasm' }) calls on the same messages`,
      values,
    });
    const parts = t.rows.flatMap((row, i) => {
      const v = values[i];
      return v ? [`${row.algorithm} ${fmt(v.ratio)}`] : [];
    });
    if (parts.length > 0) t.notes.push(`${label} (a loop of wasm digest() calls): ${parts.join(', ')}.`);
  }
}
