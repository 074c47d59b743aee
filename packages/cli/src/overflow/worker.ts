/** An overflow worker thread: the lab's worker body, connected to parentPort. */
import { parentPort, workerData } from 'node:worker_threads';
import { allRows } from '@digestlab/lab';
import { runWorkerJob, type WorkerJob } from '@digestlab/lab/overflow';
import { nodeCryptoRow } from '../node-host.js';

await runWorkerJob(workerData as WorkerJob, {
  rows: allRows({ rows: [nodeCryptoRow] }),
  post: (m, transfer) => parentPort?.postMessage(m, transfer),
  peakRssBytes: () => process.resourceUsage().maxRSS * 1024,
});
