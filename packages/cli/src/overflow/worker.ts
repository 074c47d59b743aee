/** The body of an overflow worker thread: one job through the platform-neutral runner, messages to the parent. */
import { parentPort, workerData } from 'node:worker_threads';
import { allRows } from '@digestlab/lab';
import { type JobHooks, type JobOutcome, runJob } from '@digestlab/lab/overflow';
import { nodeCryptoRow } from '../node-host.js';
import type { FromWorker, WorkerJob } from './protocol.js';

const job = workerData as WorkerJob;
const post = (m: FromWorker, transfer: ArrayBuffer[] = []) => parentPort?.postMessage(m, transfer);
const stop = new Int32Array(job.stop);

const row = allRows({ rows: [nodeCryptoRow] }).find((r) => r.id === job.spec.provider);
let outcome: JobOutcome;
if (!row) {
  outcome = { status: 'error', message: `no provider "${job.spec.provider}"`, bytes: 0, seconds: 0 };
} else {
  const hooks: JobHooks = {
    onProgress: (p) => post({ type: 'progress', bytes: p.bytes, seconds: p.seconds }),
    onCheckpoint: (c) => {
      const state = c.state.slice();
      post({ type: 'checkpoint', bytes: c.bytes, seconds: c.seconds, state }, [state.buffer]);
    },
    shouldStop: () => Atomics.load(stop, 0) !== 0,
  };
  const delay = job.delayMsPerUpdate ?? 0;
  if (delay > 0) {
    const sleeper = new Int32Array(new SharedArrayBuffer(4));
    hooks.afterUpdate = () => void Atomics.wait(sleeper, 0, 0, delay);
  }
  outcome = await runJob(job.spec, row, hooks, job.resume);
}
post({ type: 'outcome', outcome, peakRssBytes: process.resourceUsage().maxRSS * 1024 });
