/**
 * The lab's job scheduler with a Node runner: each job runs in a fresh worker thread (its own V8 isolate, so one
 * library's garbage never weighs on the next), stopped through a SharedArrayBuffer flag its loop polls.
 */
import { Worker } from 'node:worker_threads';
import {
  type FromWorker,
  type JobResult,
  type Runner,
  type Schedule,
  schedule,
  stopFlag,
  type Task,
  TERMINATED,
  type WorkerJob,
} from '@digestlab/lab/overflow';

/** The built worker: next to this file in dist/, or (under vitest, running the sources) the built copy in dist/. */
export const WORKER_URL = import.meta.url.endsWith('.ts')
  ? new URL('../../dist/overflow/worker.js', import.meta.url)
  : new URL('./worker.js', import.meta.url);

/** Runs each job in a new worker thread running `workerUrl` (the lab's worker body behind parentPort). */
export function workerRunner(workerUrl: URL = WORKER_URL): Runner {
  return {
    start(job, onMessage) {
      const flag = stopFlag();
      const data: WorkerJob = { ...job, stop: flag.buffer };
      const worker = new Worker(workerUrl, { workerData: data });
      let stopping = false;
      let outcome: JobResult | undefined;
      const result = new Promise<JobResult>((resolve) => {
        worker.on('message', (m: FromWorker) => {
          if (m.type === 'outcome') outcome = { outcome: m.outcome, peakRssBytes: m.peakRssBytes };
          else onMessage(m);
        });
        worker.on('error', (e) => {
          outcome ??= {
            outcome: { status: 'error', message: `worker: ${e.message}`, bytes: 0, seconds: 0 },
            peakRssBytes: null,
          };
        });
        worker.on('exit', (code) => {
          resolve(
            outcome ?? {
              outcome: {
                status: 'error',
                message: stopping ? TERMINATED : `worker exited with code ${code} before it finished`,
                bytes: 0,
                seconds: 0,
              },
              peakRssBytes: null,
            },
          );
        });
      });
      return {
        result,
        stop() {
          stopping = true;
          flag.raise();
        },
        terminate() {
          stopping = true;
          void worker.terminate();
        },
      };
    },
  };
}

/** The scheduler over worker threads. */
export function runPool(
  tasks: readonly Task[],
  concurrency: number,
  onResult?: (index: number, r: JobResult) => void,
  workerUrl: URL = WORKER_URL,
): Schedule {
  return schedule(tasks, workerRunner(workerUrl), concurrency, onResult);
}
