/**
 * Cold start: the first digest in a fresh realm, where nothing of the row's library is loaded yet. A host makes
 * the realms (the CLI: one worker thread per measurement, `-w cold`); this module holds what is platform-neutral:
 * what one realm reports, how the realms of one (provider, algorithm) are summarized and checked, and the table.
 * What the workload measures and how a row is checked first is its descriptor, bench/workloads/cold.ts.
 */
import { COLD, type ColdCell } from './bench/workloads/cold.js';
import type { ColdResult, ColdStat, Status } from './report.js';
import type { RowKind } from './rows.js';
import { median } from './stats.js';

/** What a fresh realm needs to know to load and call one row (sent to it as plain data). */
export interface ColdTarget {
  /** Row id. */
  id: string;
  kind: RowKind;
  library: string;
  /** The row's calls return promises (webcrypto). */
  async: boolean;
  /**
   * A module the realm imports first, timed as part of the import, because the harness that runs the row would
   * otherwise have loaded it already, untimed (digestlab itself for our rows, `node:crypto` for the baseline).
   * Peers have none: their adapter's `prepare()` imports them, and that is timed.
   */
  preload?: string;
}

/** One fresh realm's measurement, in milliseconds, with the digests it produced (lowercase hex). */
export interface ColdSample {
  importMs: number;
  firstMs: number;
  secondMs: number;
  first: string;
  second: string;
}

function stat(values: readonly number[]): ColdStat {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
}

/**
 * The cold-start result of one (provider, algorithm) from its realms' samples: medians, minima and maxima, and
 * `wrong` (with what was wrong) when any realm's first or second digest differs from `expected`. The first call is
 * the measurement, so it cannot be checked before it is timed; the CLI checks every row in its own realm first, and
 * every sample's digests here.
 */
export function summarizeCold(
  cell: ColdCell,
  samples: readonly ColdSample[],
  expected: string,
): { result: ColdResult; wrong?: string } {
  const bad = samples.findIndex((s) => s.first !== expected || s.second !== expected);
  if (samples.length === 0 || bad >= 0) {
    const s = samples[bad];
    const got = s ? (s.first !== expected ? s.first : s.second) : '';
    return {
      result: emptyCold(cell, 'wrong'),
      wrong: s
        ? `realm ${bad + 1}'s ${s.first !== expected ? 'first' : 'second'} digest ${got.slice(0, 40)}… differs from ${expected.slice(0, 40)}…`
        : 'no samples',
    };
  }
  return {
    result: {
      ...cell,
      runs: samples.length,
      importMs: stat(samples.map((s) => s.importMs)),
      firstMs: stat(samples.map((s) => s.firstMs)),
      secondMs: stat(samples.map((s) => s.secondMs)),
      totalMs: stat(samples.map((s) => s.importMs + s.firstMs)),
      status: 'ok',
    },
  };
}

/** A result without figures: wrong, or skipped. */
export function emptyCold(cell: ColdCell, status: Status): ColdResult {
  return { ...cell, runs: 0, importMs: null, firstMs: null, secondMs: null, totalMs: null, status };
}

/** Milliseconds, compact: 123 / 12.3 / 1.23 / 0.123 / 0.0123. */
export function formatMs(ms: number): string {
  if (ms >= 100) return ms.toFixed(0);
  if (ms >= 10) return ms.toFixed(1);
  if (ms >= 1) return ms.toFixed(2);
  return ms.toPrecision(2);
}

export const COLD_COLUMNS = [
  'algorithm',
  'provider',
  'implemented in',
  'import (ms)',
  '1st call (ms)',
  '2nd call (ms)',
  'import + 1st (ms)',
] as const;

/** The cold-start table: one line per (algorithm, provider), medians in ms; WRONG / skipped in place of figures. */
export function coldTable(
  cold: readonly ColdResult[],
  implementedIn: (provider: string) => string,
): { title: string; legend: string; rows: string[][] } {
  const runs = Math.max(0, ...cold.map((c) => c.runs));
  const rows = cold.map((c) => {
    const figures =
      c.status === 'ok'
        ? [c.importMs, c.firstMs, c.secondMs, c.totalMs].map((s) => (s ? formatMs(s.median) : ''))
        : [c.status === 'wrong' ? 'WRONG' : c.status, '', '', ''];
    return [c.algorithm, c.provider, implementedIn(c.provider), ...figures];
  });
  return { title: COLD.title(runs), legend: COLD.legend, rows };
}
