/**
 * Tables as data, from a report: one per workload (and size) — algorithms as rows, providers side by side, the
 * fastest marked, each value's ratio to node:crypto. Every renderer (terminal, markdown, HTML) draws these.
 */
import type { BenchReport, BenchResult, ProviderMeta, Status, Unit, Workload } from './report.js';
import { SEED_FIGURES } from './seed.js';

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
  /** Id of the column ratios are relative to, or null when the run has none. */
  baseline: string | null;
  /** How each value was obtained, for the legend. */
  method: string;
  notes: string[];
}

/** node:crypto called directly if the run has it, else digestlab's `node` provider (node:crypto behind our API). */
export const BASELINES = ['node:crypto', 'node'] as const;

export function formatSize(bytes: number): string {
  if (bytes >= 1 << 20 && bytes % (1 << 20) === 0) return `${bytes / (1 << 20)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} B`;
}

function title(workload: Workload, size: number, unit: Unit, count: number): string {
  if (workload === 'seed') {
    return unit === 's'
      ? `seed workload (--exact): seconds for N = ${count} hashes of the seed's ${size}-character string, string to hex`
      : `seed workload: hashes of the seed's ${size}-character string per second, string to hex`;
  }
  if (workload === 'sizes') return `throughput, ${formatSize(size)} inputs (one-shot)`;
  return `streaming: ${formatSize(size)} updates into one digest`;
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
      title: title(workload, size, unit, count),
      unit,
      lowerIsBetter,
      columns,
      extraColumns: [],
      rows,
      baseline,
      method: unit === 's' ? `one run of ${count} calls, timed once (--exact)` : 'median of samples',
      notes,
    };
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
