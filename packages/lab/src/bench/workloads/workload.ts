/**
 * What a bench workload is, in one object: the cells it plans, how a cell is checked against the reference, the call
 * that is timed, how its seconds per call become its unit, what its results count and how its tables are titled.
 * Plan, check, time, analyze, assemble and the tables read these instead of branching on workload names, so a new
 * workload is one descriptor in this folder, its entry in `WORKLOADS` (index.ts) and its name in `Workload`
 * (report.ts, the JSON schema's list; the type checker asks for the entry).
 */
import type { AlgorithmName } from 'digestlab';
import type { Unit, Workload } from '../../report.js';
import { type Output, outputHex, type Prepared, type Row } from '../../rows.js';
import { MIB } from '../../seed.js';
import type { Cell } from '../cells.js';
import type { Expectations } from '../expected.js';
import type { TimedCall } from '../timed.js';

/** The plan's settings a workload sizes its cells from (checked by the plan). */
export interface CellSettings {
  sizes: readonly number[];
  streamChunk: number;
  manySize: number;
}

/** A check's finding: the output is right, the row cannot take the workload, or what is wrong with the output. */
export type Verdict = 'ok' | 'unavailable' | { wrong: string };

/** What a table's title can say. */
export interface TitleFacts {
  size: number;
  /** `size` as the tables write it (`64 B`, `1 MiB`). */
  sizeText: string;
  unit: Unit;
  /** The seed's N (`--count`). */
  count: number;
  /** Messages per call, for a workload that counts them. */
  manyCount: number | undefined;
}

export interface WorkloadSpec {
  name: Workload;
  /** Part of the default run (no `--workload`). */
  byDefault: boolean;
  /** The web page offers it (a browser tab is a short-lived place: a workload that says little more there is left out). */
  inPage: boolean;
  unit: Unit;
  /** `--exact` times it as the seed did: N calls once per cell, unit `s`. */
  exact: boolean;
  /** Its cells' sizes (bytes per call, message or update: the `size` of its results). */
  cellSizes(settings: CellSettings): readonly number[];
  /** The algorithms a row offers for it; the others are `unavailable`. */
  algorithmsOf(row: Row): readonly AlgorithmName[];
  /** Progress lines and messages name a cell's size (`64 B`); the seed's do not (its one string). */
  labelsSize: boolean;
  /** A comparison names its rows with their size (`sizes 1 MiB`); not when every cell hashes the seed string. */
  comparesBySize: boolean;
  /**
   * Runs the cell once and compares with the reference: sets the cell's input and expected output for timing. Throws
   * {@link ReferenceMismatchError} when the reference itself is wrong; any other throw marks the cell wrong.
   */
  check(cell: Cell, prepared: Prepared, expectations: Expectations): Promise<Verdict>;
  /** The call timed for a checked cell (its input and expected output set by {@link check}). */
  timed(cell: Cell, prepared: Prepared): Promise<TimedCall>;
  /** The cell's speed in its unit, from seconds per call. */
  rate(cell: Cell, seconds: number): number;
  /** What a result counts per call (the report's `count`), when the workload has such a count. */
  countOf?(plan: { manyCount: number }): number;
  title(facts: TitleFacts): string;
  /** Its tables carry the seed's own figure: seconds for N, beside the seed's Java numbers. */
  seedFigure?: boolean;
  /** Its tables compare `digestMany`, one batch call, with a loop of `wasm` calls. */
  batchComparison?: boolean;
}

/** The verdict on one output: `ok`, or what was got and expected (40 hex digits of each). */
export function hexVerdict(got: Output, expected: string): Verdict {
  const hex = outputHex(got);
  return hex === expected ? 'ok' : { wrong: `got ${hex.slice(0, 40)}…, expected ${expected.slice(0, 40)}…` };
}

/** Rate of a workload whose unit counts calls (ops/s). */
export const callsPerSecond = (_cell: Cell, seconds: number): number => 1 / seconds;

/** Rate of a workload whose unit is throughput: the cell's bytes per call, in MiB/s. */
export const mibPerSecond = (cell: Cell, seconds: number): number => cell.size / seconds / MIB;
