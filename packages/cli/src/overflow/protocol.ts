/** Messages between `digestlab overflow` and its worker threads. */
import type { JobOutcome, JobSpec, ResumePoint } from '@digestlab/lab/overflow';

/** What a worker gets (workerData): one job. */
export interface WorkerJob {
  spec: JobSpec;
  resume?: ResumePoint;
  /** Int32Array(1) over it: non-zero asks the job to stop (checked after every update). */
  stop: SharedArrayBuffer;
  /** Tests only: sleep this many ms after every update, so a run can be interrupted mid-stream. */
  delayMsPerUpdate?: number;
}

export type FromWorker =
  | { type: 'progress'; bytes: number; seconds: number }
  | { type: 'checkpoint'; bytes: number; seconds: number; state: Uint8Array }
  | { type: 'outcome'; outcome: JobOutcome; peakRssBytes: number };
