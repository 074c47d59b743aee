/** The body of an `--isolate` worker: one engine run, progress and the report posted back. */
import { parentPort, workerData } from 'node:worker_threads';
import { runBench } from '@digestlab/lab';
import type { WorkerInput, WorkerMessage } from './isolate.js';
import { nodeHost } from './node-host.js';

const input = workerData as WorkerInput;
const post = (m: WorkerMessage) => parentPort?.postMessage(m);
const report = await runBench(
  input.options,
  nodeHost(input.command, { onProgress: (progress) => post({ type: 'progress', progress }) }),
);
post({ type: 'report', report });
