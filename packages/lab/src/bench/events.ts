/**
 * What a bench run tells its face, as plain data: it crosses postMessage unchanged, so a page's Worker can post
 * every event to the page, and the CLI reads the same events it always read as progress.
 */
import type { BenchReport, Status } from '../report.js';
import type { Progress } from './host.js';
import type { BenchPlan, PlannedCell } from './plan.js';

export type BenchEvent =
  /** Before anything runs. */
  | { type: 'plan'; plan: BenchPlan }
  /** Where the run is: checking or timing, how many cells of how many, and what. */
  | { type: 'progress'; progress: Progress }
  /** A cell checked against the reference: `ok` (it will be timed), `wrong`, `unavailable` or `skipped`. */
  | { type: 'checked'; cell: PlannedCell; status: Status }
  /** A cell timed: its median in its unit, or null when it went wrong while timed. */
  | { type: 'timed'; cell: PlannedCell; median: number | null }
  | { type: 'done'; report: BenchReport };
