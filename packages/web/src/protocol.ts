/** Messages between the page and its Worker (structured-cloned: plain data only). */
import type { BenchOptions, BenchReport, DeviceInfo, ImplementedIn, Progress, RowKind } from '@digestlab/lab';
import type { OverflowAsk, OverflowDocument, OverflowEvent } from '@digestlab/lab/overflow';
import type { CheckedDigest } from './host.js';

/** A row as the page lists it before a run. */
export interface RowInfo {
  id: string;
  library: string;
  version: string;
  kind: RowKind;
  implementedIn: ImplementedIn;
  algorithms: string[];
  note?: string;
  /** Run only when asked for (the lab's Row.optIn): unticked in the form by default. */
  optIn?: boolean;
  /** Why it cannot run in this browser, or absent. */
  unavailable?: string;
}

/** A job of an overflow run, as the page lists it before it starts. */
export interface PlannedJobInfo {
  key: string;
  label: string;
  size: number;
  /** Decided without running (SKIPPED: a one-shot provider cannot stream). */
  skipped?: string;
}

export type ToWorker =
  | { type: 'catalog' }
  | { type: 'run'; options: BenchOptions; link: string }
  | { type: 'overflow'; ask: OverflowAsk; link: string }
  /** Stops the overflow run: running jobs end INTERRUPTED at their next breath, queued ones never start. */
  | { type: 'stop' };

export type FromWorker =
  | { type: 'catalog'; rows: RowInfo[]; device: DeviceInfo }
  | { type: 'progress'; progress: Progress }
  | { type: 'done'; report: BenchReport; digests: CheckedDigest[] }
  | { type: 'error'; message: string; usage: boolean }
  /** The overflow run's jobs in the order they run, and where each expected digest comes from (lab's text). */
  | { type: 'overflow-plan'; jobs: PlannedJobInfo[]; expectations: string }
  | { type: 'overflow-event'; event: OverflowEvent }
  /** The run as `digestlab-overflow/1`, and its summary as the CLI prints it. */
  | { type: 'overflow-done'; document: OverflowDocument; summary: string };
