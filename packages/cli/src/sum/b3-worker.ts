/**
 * A worker thread of `digestlab sum -a blake3`: the chaining value of each aligned subtree of a file the main
 * thread asks for (b3-parallel.ts), read in pieces of at most {@link PIECE} bytes into one buffer, so a thread's
 * memory is the same for every subtree size. Jobs run one after another, in the order they came.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { type Blake3ModeOptions, createBlake3Subtree } from 'digestlab';

/** What every job of a run shares: BLAKE3's mode. */
export type B3WorkerSetup = Blake3ModeOptions;
/** The subtree of `chunks` chunks (1024 bytes each) of the file at `path` from chunk `start`. */
export interface SubtreeJob {
  id: number;
  path: string;
  start: number;
  chunks: number;
}
/** A job's chaining value, or why there is none (an errno error's code and number, for b3sum's message). */
export type SubtreeResult =
  | { id: number; cv: Uint8Array }
  | { id: number; error: { message: string; code?: string | undefined; errno?: number | undefined } };

/** Bytes read at once: a multiple of the chunk. */
const PIECE = 1024 * 1024;
export const SHRANK = 'the file shrank while it was hashed';

function subtreeCv(job: SubtreeJob, buffer: Buffer, mode: B3WorkerSetup): Uint8Array {
  const sub = createBlake3Subtree(job.start, job.chunks, mode);
  const fd = openSync(job.path, 'r');
  try {
    const end = (job.start + job.chunks) * 1024;
    for (let position = job.start * 1024; position < end; ) {
      const want = Math.min(buffer.length, end - position);
      for (let n = 0; n < want; ) {
        const read = readSync(fd, buffer, n, want - n, position + n);
        if (read === 0) throw new Error(SHRANK);
        n += read;
      }
      sub.update(buffer.subarray(0, want));
      position += want;
    }
  } finally {
    closeSync(fd);
  }
  return sub.cv();
}

const port = parentPort;
if (port) {
  const mode = workerData as B3WorkerSetup;
  const buffer = Buffer.allocUnsafe(PIECE);
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
