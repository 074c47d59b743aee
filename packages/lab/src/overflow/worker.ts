/**
 * The body of an overflow worker: one job through {@link runJob}, its messages posted through an injected `post`.
 * The CLI's worker thread and a browser's Web Worker only connect it to `parentPort` or `self`; the in-process
 * runner connects it to a callback. One body, so every face runs a job the same way.
 */
import type { Row } from '../rows.js';
import { type Breathe, type JobHooks, type JobOutcome, runJob } from './runner.js';
import type { JobMessage, RunnerJob } from './scheduler.js';

/** What a worker gets: one job, and the flag that asks it to stop. */
export interface WorkerJob extends RunnerJob {
  /** Int32Array(1) over it: non-zero asks the job to stop (checked after every update). Shared memory, because the
   * job's loop never yields to receive a message; a browser has it only when cross-origin isolated. */
  stop?: SharedArrayBuffer;
}

/** What a worker posts: its messages, then exactly one outcome. */
export type FromWorker = JobMessage | { type: 'outcome'; outcome: JobOutcome; peakRssBytes: number | null };

export interface WorkerDeps {
  /** The rows this realm offers (the job names its row by id). */
  rows: readonly Row[];
  /** Sends a message to whoever started the job; `transfer` lists buffers it may take over. */
  post(message: FromWorker, transfer: ArrayBuffer[]): void;
  /** Peak resident set size of the process when the job ends, where the host knows it. */
  peakRssBytes?(): number | null;
  /** Polled after every update, besides `job.stop`: true stops the job (a runner in the same realm). */
  shouldStop?(): boolean;
  /** A realm that hears a stop only as a message (a browser Worker without shared memory) yields through this. */
  breathe?: Breathe;
}

/** Runs `job` and posts its progress, checkpoints and outcome. Never throws. */
export async function runWorkerJob(job: WorkerJob, deps: WorkerDeps): Promise<void> {
  const flag = job.stop ? new Int32Array(job.stop) : undefined;
  const row = deps.rows.find((r) => r.id === job.spec.provider);
  let outcome: JobOutcome;
  if (!row) {
    outcome = { status: 'error', message: `no provider "${job.spec.provider}"`, bytes: 0, seconds: 0 };
  } else {
    const hooks: JobHooks = {
      onProgress: (p) => deps.post({ type: 'progress', bytes: p.bytes, seconds: p.seconds }, []),
      onCheckpoint: (c) => {
        const state = c.state.slice();
        deps.post({ type: 'checkpoint', bytes: c.bytes, seconds: c.seconds, state }, [state.buffer]);
      },
      shouldStop: () => (flag !== undefined && Atomics.load(flag, 0) !== 0) || (deps.shouldStop?.() ?? false),
      ...(deps.breathe ? { breathe: deps.breathe } : {}),
    };
    const delay = job.delayMsPerUpdate ?? 0;
    if (delay > 0) {
      const sleeper = new Int32Array(new SharedArrayBuffer(4));
      hooks.afterUpdate = () => void Atomics.wait(sleeper, 0, 0, delay);
    }
    outcome = await runJob(job.spec, row, hooks, job.resume);
  }
  deps.post({ type: 'outcome', outcome, peakRssBytes: deps.peakRssBytes?.() ?? null }, []);
}

/** A stop flag for {@link WorkerJob.stop}, and the function that raises it. */
export function stopFlag(): { buffer: SharedArrayBuffer; raise(): void } {
  const buffer = new SharedArrayBuffer(4);
  const view = new Int32Array(buffer);
  return { buffer, raise: () => void Atomics.store(view, 0, 1) };
}
