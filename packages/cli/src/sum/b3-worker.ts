/**
 * A worker thread of `digestlab sum -a blake3`: the chaining value of each aligned subtree of a file the main
 * thread asks for (b3-parallel.ts, b3-subtree.ts), one job after another in the order they came; with the
 * checksums' setup (split-checksums.ts), their values over each piece, the library loaded first. It says when it
 * is ready, so that the main thread hashes the first subtrees itself meanwhile.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type B3WorkerSetup, PIECE, type SubtreeJob, type SubtreeResult, subtreeCv } from './b3-subtree.js';
import { loadChecksums } from './checksum-lib.js';

const port = parentPort;
if (port) {
  const mode = workerData as B3WorkerSetup;
  const buffer = Buffer.allocUnsafe(PIECE);
  if (mode.checksums) await loadChecksums();
  port.postMessage({ ready: true } satisfies SubtreeResult);
  port.on('message', (job: SubtreeJob) => {
    let result: SubtreeResult;
    try {
      result = { id: job.id, cv: subtreeCv(job, buffer, mode) };
    } catch (e) {
      const { message, code, errno } = e as NodeJS.ErrnoException;
      result = { id: job.id, error: { message, code, errno } };
    }
    port.postMessage(result);
  });
}
