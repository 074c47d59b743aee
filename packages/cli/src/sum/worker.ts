/** A pool worker: hashes the batches of files the main thread sends, one batch at a time, in order. */
import { parentPort, workerData } from 'node:worker_threads';
import { CHUNK, type DigestRequest, type FileOutcome, hashFile } from './hash.js';

export interface WorkerSetup {
  /** Report bytes hashed as they go (for a progress bar). */
  progress: boolean;
}
export interface BatchRequest {
  id: number;
  files: { path: Uint8Array; algorithms: DigestRequest[] }[];
}
/** A finished batch, or (with progress on) bytes hashed since the last message, sent every 16 MiB or so. */
export type WorkerMessage =
  | { type: 'done'; id: number; outcomes: FileOutcome[]; bytes: number }
  | { type: 'bytes'; bytes: number };

const REPORT_EVERY = 16 * 1024 * 1024;

const port = parentPort;
if (port) {
  const { progress } = workerData as WorkerSetup;
  const buffer = Buffer.allocUnsafe(CHUNK);
  let unreported = 0;
  const onBytes = (bytes: number) => {
    unreported += bytes;
    if (progress && unreported >= REPORT_EVERY) {
      port.postMessage({ type: 'bytes', bytes: unreported } satisfies WorkerMessage);
      unreported = 0;
    }
  };
  let queue = Promise.resolve();
  port.on('message', (batch: BatchRequest) => {
    queue = queue.then(async () => {
      const outcomes: FileOutcome[] = [];
      for (const { path, algorithms } of batch.files) outcomes.push(await hashFile(path, algorithms, buffer, onBytes));
      port.postMessage({ type: 'done', id: batch.id, outcomes, bytes: unreported } satisfies WorkerMessage);
      unreported = 0;
    });
  });
}
