/**
 * The one interface every face uses to keep runs: the collector (`digestlab web`), `digestlab board import` and the
 * board's read API. Two stores implement it with the same SQL (./sql-store.ts): the embedded one (PGlite,
 * PostgreSQL compiled to WebAssembly, in a folder) and a PostgreSQL server, chosen by ./open.ts from a location.
 */
import type { ChartRow, HistoryRow, ListedRun } from '@digestlab/lab';

export type { ChartRow, HistoryRow, ListedRun };

/** What adding a run did: stored it, or found the same run (same id) already there and left the store as it was. */
export interface Added {
  id: string;
  added: boolean;
}

/** The list's filters: each given field must equal the run's. */
export interface RunFilter {
  device?: string;
  cpu?: string;
  os?: string;
  runtime?: string;
  engine?: string;
  version?: string;
  schema?: string;
}

export const FILTER_FIELDS = ['device', 'cpu', 'os', 'runtime', 'engine', 'version', 'schema'] as const;

export interface RunPage {
  /** Runs matching the filter, newest received first. */
  runs: ListedRun[];
  /** How many runs match the filter in all. */
  total: number;
}

/** Which cells a chart or a history reads: one algorithm in one workload at one input size. */
export interface Cell {
  algorithm: string;
  workload: string;
  size: number;
}

export interface RunStore {
  /** `embedded` (PGlite in a folder) or `postgres` (a server). */
  readonly kind: 'embedded' | 'postgres';
  /** Where it is: a folder, or the server's URL without its password. */
  readonly location: string;
  /** Stores a checked run given as its text; a run already stored (same id) is not stored again. */
  add(text: string): Promise<Added>;
  /** The text a run was received as, or null. */
  body(id: string): Promise<string | null>;
  list(filter: RunFilter, limit: number, offset?: number): Promise<RunPage>;
  chart(cell: Cell, limit?: number): Promise<ChartRow[]>;
  history(device: string, cell: Cell): Promise<HistoryRow[]>;
  /** Every run's text in the order received, `batch` at a time (for copying a store). */
  each(batch: number, f: (texts: string[]) => Promise<void>): Promise<void>;
  /** Runs stored. */
  count(): Promise<number>;
  close(): Promise<void>;
}

/** A run that is not one: its text is not a report this board accepts. Answered 400 by the collector. */
export class RunRejected extends Error {
  override name = 'RunRejected';
}
