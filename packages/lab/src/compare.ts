/**
 * Two runs side by side (the seed's "PC vs Android" table, made by a tool): for every cell both runs timed, the
 * ratio B / A, and whether the difference is within the runs' own spread.
 *
 * Noise rule: a difference is noise when the two runs' sample ranges [min, max] overlap — neither run can tell its
 * cell apart from the other's. Otherwise B is marked faster or slower.
 */
import type { BenchReport, BenchResult, Status, Unit, Workload } from './report.js';

export interface CompareRow {
  workload: Workload;
  algorithm: string;
  provider: string;
  size: number;
  unit: Unit;
  a: number | null;
  b: number | null;
  aStatus: Status | 'missing';
  bStatus: Status | 'missing';
  /** Speed of B relative to A (> 1: B is faster), or null. */
  ratio: number | null;
  verdict: 'faster' | 'slower' | 'noise' | 'n/a';
}

export interface Comparison {
  a: { label: string; env: BenchReport['env'] };
  b: { label: string; env: BenchReport['env'] };
  rows: CompareRow[];
}

function key(r: Pick<BenchResult, 'workload' | 'algorithm' | 'provider' | 'size'>): string {
  return `${r.workload}|${r.algorithm}|${r.provider}|${r.size}`;
}

export function compareReports(a: BenchReport, b: BenchReport, labels = ['A', 'B']): Comparison {
  const bByKey = new Map(b.results.map((r) => [key(r), r]));
  const seen = new Set<string>();
  const rows: CompareRow[] = [];
  const push = (ra: BenchResult | undefined, rb: BenchResult | undefined) => {
    const r = (ra ?? rb) as BenchResult;
    const ok = ra?.status === 'ok' && rb?.status === 'ok' && ra.median !== null && rb.median !== null;
    // Units can differ when one run used --exact (seconds) and the other did not: compare only like with like.
    const comparable = ok && ra.unit === rb.unit;
    let ratio: number | null = null;
    let verdict: CompareRow['verdict'] = 'n/a';
    if (comparable) {
      const lowerIsBetter = ra.unit === 's';
      const am = ra.median as number;
      const bm = rb.median as number;
      ratio = lowerIsBetter ? am / bm : bm / am;
      const overlap = (ra.min ?? am) <= (rb.max ?? bm) && (rb.min ?? bm) <= (ra.max ?? am);
      verdict = overlap ? 'noise' : ratio > 1 ? 'faster' : 'slower';
    }
    if (!ra && !rb) return;
    rows.push({
      workload: r.workload,
      algorithm: r.algorithm,
      provider: r.provider,
      size: r.size,
      unit: r.unit,
      a: ra?.status === 'ok' ? ra.median : null,
      b: rb?.status === 'ok' ? rb.median : null,
      aStatus: ra?.status ?? 'missing',
      bStatus: rb?.status ?? 'missing',
      ratio,
      verdict,
    });
  };
  for (const ra of a.results) {
    const k = key(ra);
    seen.add(k);
    const rb = bByKey.get(k);
    if (ra.status === 'unavailable' && (!rb || rb.status === 'unavailable')) continue;
    push(ra, rb);
  }
  for (const rb of b.results) {
    if (seen.has(key(rb)) || rb.status === 'unavailable') continue;
    push(undefined, rb);
  }
  return {
    a: { label: labels[0], env: a.env },
    b: { label: labels[1], env: b.env },
    rows,
  };
}
