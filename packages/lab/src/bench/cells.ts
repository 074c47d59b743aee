/**
 * A cell while it runs: the planned cell with its row, what the row prepared, its input and expected output, and
 * what timing measured. Shared by check, time and analyze; labels and table-row grouping live here once.
 */
import type { AlgorithmName } from 'digestlab';
import type { Status, Unit, Workload } from '../report.js';
import type { Prepared, Row } from '../rows.js';
import type { PlannedCell } from './plan.js';
import { workloadSpec } from './workloads/index.js';

export interface Cell {
  workload: Workload;
  algorithm: AlgorithmName;
  row: Row;
  size: number;
  status: Status;
  unit: Unit;
  prepared?: Prepared;
  input?: string | Uint8Array;
  expected?: string;
  /** Many workload: the messages, and each one's expected digest. */
  messages?: Uint8Array[];
  expectedMany?: string[];
  /** Seconds per call, one per sample (with --exact: the seconds for `count` calls, once). */
  seconds?: number[];
  summary?: { median: number; min: number; max: number; mad: number; samples: number };
}

/** The plan's cells, each with its row (`rows`: the plan's rows, by id). */
export function liveCells(cells: readonly PlannedCell[], rows: readonly Row[]): Cell[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return cells.map(({ provider, ...c }) => ({ ...c, row: byId.get(provider) as Row }));
}

/** The plain-data view of a cell (for events). */
export function plannedCell(c: Cell): PlannedCell {
  return {
    workload: c.workload,
    algorithm: c.algorithm,
    provider: c.row.id,
    size: c.size,
    unit: c.unit,
    status: c.status,
  };
}

export function describeError(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** ` 64 B` after a cell's name, or nothing for a workload whose cells are not told apart by size. */
function sizeSuffix(c: Pick<Cell, 'workload' | 'size'>): string {
  return workloadSpec(c.workload).labelsSize ? ` ${c.size} B` : '';
}

/** E.g. `sizes SHA-1 wasm 64 B`: a cell in progress lines and messages. */
export function label(c: Pick<Cell, 'workload' | 'algorithm' | 'row' | 'size'>): string {
  return `${c.workload} ${c.algorithm} ${c.row.id}${sizeSuffix(c)}`;
}

/** E.g. `sizes SHA-1 64 B, 4 rows`. */
export function groupLabel(group: readonly Cell[]): string {
  const c = group[0];
  return `${c.workload} ${c.algorithm}${sizeSuffix(c)}, ${group.length} row${group.length === 1 ? '' : 's'}`;
}

/**
 * The cells compared with each other, i.e. one row of one table (same workload, algorithm and size), in the order
 * the cells come (workload, then algorithm, then size), each group's cells in row order.
 */
export function tableRows<C extends Pick<Cell, 'workload' | 'algorithm' | 'size'>>(cells: readonly C[]): C[][] {
  const groups = new Map<string, C[]>();
  for (const c of cells) {
    const key = `${c.workload}|${c.algorithm}|${c.size}`;
    const g = groups.get(key);
    if (g) g.push(c);
    else groups.set(key, [c]);
  }
  return [...groups.values()];
}
