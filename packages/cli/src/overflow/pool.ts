/**
 * A pool of worker threads: each job runs in a fresh worker (its own V8 isolate, so one library's garbage never
 * weighs on the next), at most `concurrency` at a time. Each digest is sequential, so parallelism is across jobs.
 */
import { Worker } from 'node:worker_threads';
import type { JobOutcome } from '@digestlab/lab/overflow';
import type { FromWorker, WorkerJob } from './protocol.js';

/** The built worker: next to this file in dist/, or (under vitest, running the sources) the built copy in dist/. */
export const WORKER_URL = import.meta.url.endsWith('.ts')
  ? new URL('../../dist/overflow/worker.js', import.meta.url)
  : new URL('./worker.js', import.meta.url);

export interface PoolTask {
  job: Omit<WorkerJob, 'stop'>;
  /** Progress and checkpoint messages, as they come. */
  onMessage?(m: Exclude<FromWorker, { type: 'outcome' }>): void;
  /** Called once when the task starts running. */
  onStart?(): void;
}

export interface TaskResult {
  outcome: JobOutcome;
  peakRssBytes: number | null;
}

export interface Pool {
  /** Resolves with one result per task that ran, in task order; tasks never started are `undefined`. */
  done: Promise<(TaskResult | undefined)[]>;
  /** Asks running jobs to stop (they send a last checkpoint) and starts no more. */
  stop(): void;
  /** Ends every running worker now. */
  terminate(): void;
}

export function runPool(
  tasks: readonly PoolTask[],
  concurrency: number,
  onResult?: (index: number, r: TaskResult) => void,
  workerUrl: URL = WORKER_URL,
): Pool {
  const results: (TaskResult | undefined)[] = new Array(tasks.length).fill(undefined);
  const running = new Map<number, { worker: Worker; stop: Int32Array }>();
  let next = 0;
  let stopping = false;
  let resolveDone!: (r: (TaskResult | undefined)[]) => void;
  const done = new Promise<(TaskResult | undefined)[]>((resolve) => {
    resolveDone = resolve;
  });

  const finish = (i: number, r: TaskResult) => {
    if (results[i]) return;
    results[i] = r;
    running.delete(i);
    onResult?.(i, r);
    launch();
  };

  const start = (i: number) => {
    const task = tasks[i];
    const sab = new SharedArrayBuffer(4);
    const stop = new Int32Array(sab);
    const job: WorkerJob = { ...task.job, stop: sab };
    const worker = new Worker(workerUrl, { workerData: job });
    running.set(i, { worker, stop });
    task.onStart?.();
    let outcome: TaskResult | undefined;
    worker.on('message', (m: FromWorker) => {
      if (m.type === 'outcome') outcome = { outcome: m.outcome, peakRssBytes: m.peakRssBytes };
      else task.onMessage?.(m);
    });
    worker.on('error', (e) => {
      outcome ??= {
        outcome: { status: 'error', message: `worker: ${e.message}`, bytes: 0, seconds: 0 },
        peakRssBytes: null,
      };
    });
    worker.on('exit', (code) => {
      finish(
        i,
        outcome ?? {
          outcome: {
            status: 'error',
            message: stopping ? 'terminated' : `worker exited with code ${code} before it finished`,
            bytes: 0,
            seconds: 0,
          },
          peakRssBytes: null,
        },
      );
    });
  };

  const launch = () => {
    while (!stopping && running.size < concurrency && next < tasks.length) start(next++);
    if (running.size === 0 && (stopping || next >= tasks.length)) resolveDone(results);
  };

  launch();
  return {
    done,
    stop() {
      stopping = true;
      for (const { stop } of running.values()) Atomics.store(stop, 0, 1);
      launch();
    },
    terminate() {
      stopping = true;
      for (const { worker } of running.values()) void worker.terminate();
    },
  };
}
