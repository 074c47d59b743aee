/** Analyze: a timed cell's raw seconds per call turned into its table's unit by its workload's rate (pure). */
import { summarize } from '../stats.js';
import type { Cell } from './cells.js';
import { workloadSpec } from './workloads/index.js';

/**
 * Sets `summary` of a cell that is still `ok` after timing: median, min, max and MAD of its rates; an `--exact`
 * cell (unit `s`) reports its one measurement, the seconds for N calls, as it is.
 */
export function analyzeCell(cell: Cell): void {
  const seconds = cell.seconds;
  if (cell.status !== 'ok' || !seconds || seconds.length === 0) return;
  if (cell.unit === 's') {
    const s = seconds[0];
    cell.summary = { median: s, min: s, max: s, mad: 0, samples: 1 };
  } else {
    const { rate } = workloadSpec(cell.workload);
    cell.summary = summarize(seconds.map((t) => rate(cell, t)));
  }
}
