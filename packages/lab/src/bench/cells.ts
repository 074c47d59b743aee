/**
 * A cell while it runs: the planned cell with its row, what the row prepared, its input and expected output, and
 * what timing measured. Shared by check, time and analyze; labels and table-row grouping live here once.
 */
import type { AlgorithmName } from 'digestlab';
import type { Status, Unit, Workload } from '../report.js';
import { type Output, outputHex, type Prepared, type Row } from '../rows.js';
import type { PlannedCell } from './plan.js';

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

export function label(c: Pick<Cell, 'workload' | 'algorithm' | 'row' | 'size'>): string {
  return `${c.workload} ${c.algorithm} ${c.row.id}${c.workload === 'seed' ? '' : ` ${c.size} B`}`;
}

/** E.g. `sizes SHA-1 64 B, 4 rows`. */
export function groupLabel(group: readonly Cell[]): string {
  const c = group[0];
  return `${c.workload} ${c.algorithm}${c.workload === 'seed' ? '' : ` ${c.size} B`}, ${group.length} row${group.length === 1 ? '' : 's'}`;
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

export type Many = (messages: readonly Uint8Array[]) => readonly Output[];

/**
 * How a row hashes many messages: its own `many` (a batch API, or the loop a user writes with it), else a loop of
 * its `bytes()` calls into an array, the results kept as a batch API's are. Async rows have none (a loop of
 * awaited calls would time the event loop more than the digests).
 */
export function manyOf(p: Prepared): Many | undefined {
  if (p.many) return p.many;
  const bytes = p.bytes;
  if (!bytes || p.async) return undefined;
  return (messages) => {
    const out = new Array<Output>(messages.length);
    for (let i = 0; i < messages.length; i++) out[i] = bytes(messages[i]) as Output;
    return out;
  };
}

/**
 * Checks a batch of digests against the expected ones: the count, then every digest in order. All N are compared,
 * not a sample: 10,000 hex comparisons take a few milliseconds, and a batch API can be wrong in just one place (a
 * SIMD lane mixed up, a message of odd length padded wrongly, one result overwritten by the next) that a sample
 * would miss. Returns what is wrong, or undefined.
 */
export function manyMismatch(got: readonly Output[], expected: readonly string[]): string | undefined {
  if (!got || got.length !== expected.length) {
    return `returned ${got?.length ?? 'no'} digests for ${expected.length} messages`;
  }
  let wrong = 0;
  let first = -1;
  for (let i = 0; i < expected.length; i++) {
    if (outputHex(got[i]) !== expected[i]) {
      wrong++;
      if (first < 0) first = i;
    }
  }
  if (wrong === 0) return undefined;
  return `${wrong} of ${expected.length} digests differ; message ${first}: got ${outputHex(got[first]).slice(0, 40)}…, expected ${expected[first].slice(0, 40)}…`;
}
