/** Messages between the page and its Worker (structured-cloned: plain data only). */
import type { BenchOptions, BenchReport, DeviceInfo, ImplementedIn, Progress, RowKind } from '@digestlab/lab';
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
  /** Why it cannot run in this browser, or absent. */
  unavailable?: string;
}

export type ToWorker = { type: 'catalog' } | { type: 'run'; options: BenchOptions; link: string };

export type FromWorker =
  | { type: 'catalog'; rows: RowInfo[]; device: DeviceInfo }
  | { type: 'progress'; progress: Progress }
  | { type: 'done'; report: BenchReport; digests: CheckedDigest[] }
  | { type: 'error'; message: string; usage: boolean };
