/**
 * Tables as data, from a report: one per workload (and size) — algorithms as rows, providers side by side, the
 * fastest marked, each value's ratio to node:crypto. Every renderer (terminal, markdown, HTML) draws these.
 */
import { workloadSpec } from './bench/workloads/index.js';
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

function groupKey(r: Pick<BenchResult, 'workload' | 'size'>): string {
  return `${r.workload}|${r.size}`;
}

/** The results of one table each: same workload and size, in the report's order. */
function groupResults(results: readonly BenchResult[]): BenchResult[][] {
  const groups = new Map<string, BenchResult[]>();
  for (const r of results) {
    const k = groupKey(r);
    const list = groups.get(k);
    if (list) list.push(r);
    else groups.set(k, [r]);
  }
  return [...groups.values()];
}

/** A table's title, as its workload words it (a workload this engine does not know: its name and size). */
function title(first: BenchResult, count: number): string {
  const sizeText = sizeLabel(first.size);
  const spec = workloadSpec(first.workload);
  if (!spec) return `${first.workload}: ${sizeText}`;
  return spec.title({ size: first.size, sizeText, unit: first.unit, count, manyCount: first.count });
}

/** The columns: every provider with a value or a WRONG in the table, in the report's order. */
function columnsOf(results: readonly BenchResult[], meta: ReadonlyMap<string, ProviderMeta>): TableColumn[] {
  const ids = [...new Set(results.map((r) => r.provider))].filter((id) =>
    results.some((r) => r.provider === id && (r.status === 'ok' || r.status === 'wrong')),
  );
  return ids.map((id) => {
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
}

/** One algorithm's row: each column's value, its ratio to the baseline, and the fastest marked. */
function tableRow(
  algorithm: string,
  results: readonly BenchResult[],
  providerIds: readonly string[],
  baseline: string | null,
  lowerIsBetter: boolean,
): TableRow {
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
}

/** The note on the rows skipped on this runtime, if any. */
function skippedNotes(results: readonly BenchResult[], meta: ReadonlyMap<string, ProviderMeta>): string[] {
  const skipped = [...new Set(results.filter((r) => r.status === 'skipped').map((r) => r.provider))];
  if (skipped.length === 0) return [];
  return [
    `skipped on this runtime: ${skipped.map((id) => `${id} (${meta.get(id)?.skipped ?? 'could not load'})`).join('; ')}`,
  ];
}

/** The table of one workload and size (before its comparisons and the seed's figures). */
function buildTable(results: readonly BenchResult[], meta: ReadonlyMap<string, ProviderMeta>, count: number): Table {
  const { workload, size, unit } = results[0];
  const lowerIsBetter = unit === 's';
  const columns = columnsOf(results, meta);
  const providerIds = columns.map((c) => c.id);
  const baseline = BASELINES.find((b) => providerIds.includes(b)) ?? null;
  const algorithms = [...new Set(results.map((r) => r.algorithm))];
  return {
    workload,
    size,
    title: title(results[0], count),
    unit,
    lowerIsBetter,
    columns,
    extraColumns: [],
    rows: algorithms.map((a) => tableRow(a, results, providerIds, baseline, lowerIsBetter)),
    comparisons: [],
    baseline,
    method: unit === 's' ? `one run of ${count} calls, timed once (--exact)` : 'median of samples',
    notes: skippedNotes(results, meta),
  };
}

/**
 * The report's tables: one per workload and size, with its derived comparisons; a workload with the seed's figure
 * also gets it (beside the `--exact` table, or as a table of seconds for N after its ops/s table).
 */
export function buildTables(report: BenchReport): Table[] {
  const meta = new Map<string, ProviderMeta>(report.env.providers.map((p) => [p.id, p]));
  const count = report.env.timing?.count ?? 100_000;
  return groupResults(report.results).flatMap((results) => {
    const table = buildTable(results, meta, count);
    addComparisons(table);
    if (!workloadSpec(table.workload)?.seedFigure) return [table];
    if (table.unit === 's') addSeedFigure(table);
    return table.unit === 'ops/s' ? [table, secondsTable(table, count)] : [table];
  });
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
 * - in a workload with `batchComparison` (many), `digestMany` against a loop of `wasm` digest() calls (the batch's whole point).
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
  if (workloadSpec(t.workload)?.batchComparison && has(DIGEST_MANY_ROW) && has('wasm')) {
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
