/**
 * Runs side by side (the seed's "PC vs Android" table, made by a tool, and later a table of runtimes): one column
 * per run, and for every cell of every run after the first its ratio to the first run and whether the difference is
 * within the two runs' own spread. Plain data, so the CLI and the web page's compare view render the same model.
 *
 * Noise rule: a difference is noise when the two runs' sample ranges [min, max] overlap — neither run can tell its
 * cell apart from the other's. Otherwise the later run is marked faster or slower than the first.
 */
import type { BenchEnv, BenchReport, BenchResult, Status, Unit, Workload } from './report.js';
import { runtimeLabel } from './runtime.js';

/** A run to compare: its report and how tables name it (a file name, say). */
export interface RunInput {
  label: string;
  report: BenchReport;
}

export interface ComparedRun {
  label: string;
  env: BenchEnv;
}

export type CompareVerdict = 'faster' | 'slower' | 'noise' | 'n/a';

/** One run's value of a cell. */
export interface CompareCell {
  /** The median, in the row's unit; null unless the run timed this cell (status ok). */
  value: number | null;
  status: Status | 'missing';
  /** The value's unit: the row's, unless this run timed the cell otherwise (seconds with --exact). */
  unit: Unit;
  /** Speed of this run relative to the first (> 1: faster); null for the first run and when not comparable. */
  ratio: number | null;
  /** Against the first run; always 'n/a' for the first run itself. */
  verdict: CompareVerdict;
}

export interface CompareRow {
  workload: Workload;
  algorithm: string;
  provider: string;
  size: number;
  /** The first run's unit for this cell (or the first run that has it). */
  unit: Unit;
  /** One per run, in the order of {@link Comparison.runs}. */
  cells: CompareCell[];
}

export interface Comparison {
  runs: ComparedRun[];
  rows: CompareRow[];
}

function key(r: Pick<BenchResult, 'workload' | 'algorithm' | 'provider' | 'size'>): string {
  return `${r.workload}|${r.algorithm}|${r.provider}|${r.size}`;
}

/** `r` against the first run's `base`: ratio and verdict, or nothing when they cannot be compared. */
function against(base: BenchResult | undefined, r: BenchResult | undefined): Pick<CompareCell, 'ratio' | 'verdict'> {
  if (base?.status !== 'ok' || r?.status !== 'ok' || base.median === null || r.median === null) {
    return { ratio: null, verdict: 'n/a' };
  }
  // Units can differ when one run used --exact (seconds) and the other did not: compare only like with like.
  if (base.unit !== r.unit) return { ratio: null, verdict: 'n/a' };
  const lowerIsBetter = base.unit === 's';
  const ratio = lowerIsBetter ? base.median / r.median : r.median / base.median;
  const overlap = (base.min ?? base.median) <= (r.max ?? r.median) && (r.min ?? r.median) <= (base.max ?? base.median);
  return { ratio, verdict: overlap ? 'noise' : ratio > 1 ? 'faster' : 'slower' };
}

/**
 * Compares one or more runs against the first. A cell is a row when some run has it as anything but
 * "unavailable" (a library without the algorithm in every run is nothing to compare); rows come in the first run's
 * order, then the cells only later runs have, in their order.
 */
export function compareRuns(runs: readonly RunInput[]): Comparison {
  if (runs.length === 0) throw new Error('compareRuns needs at least one run');
  const byKey = runs.map((run) => new Map(run.report.results.map((r) => [key(r), r])));
  const keys = new Map<string, BenchResult>();
  for (const run of runs) {
    for (const r of run.report.results) if (!keys.has(key(r))) keys.set(key(r), r);
  }
  const rows: CompareRow[] = [];
  for (const [k, first] of keys) {
    const results = byKey.map((m) => m.get(k));
    if (results.every((r) => r === undefined || r.status === 'unavailable')) continue;
    const base = results[0];
    const unit = (base ?? first).unit;
    rows.push({
      workload: first.workload,
      algorithm: first.algorithm,
      provider: first.provider,
      size: first.size,
      unit,
      cells: results.map((r, i) => ({
        value: r?.status === 'ok' ? r.median : null,
        status: r?.status ?? 'missing',
        unit: r?.unit ?? unit,
        ...(i === 0 ? { ratio: null, verdict: 'n/a' as const } : against(base, r)),
      })),
    });
  }
  return { runs: runs.map((r) => ({ label: r.label, env: r.report.env })), rows };
}

/** How tables head the i-th run's columns: A, B, … Z, then #27, #28, … */
export function runLetter(i: number): string {
  return i < 26 ? String.fromCharCode(65 + i) : `#${i + 1}`;
}

/** One line saying what a run ran on: runtime (or browser) and version with its node:crypto library, CPU, OS. */
export function describeRun(env: BenchEnv): string {
  return `${runtimeLabel(env)}, ${env.cpu}, ${env.os}`;
}
