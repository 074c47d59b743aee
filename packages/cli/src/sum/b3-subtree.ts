/**
 * One aligned subtree of a file read and hashed (`digestlab sum -a blake3`, b3-parallel.ts): in a worker thread
 * (b3-worker.ts), or on the main thread while the workers start. Read in pieces of at most {@link PIECE} bytes into
 * one buffer, so a thread's memory is the same for every subtree size.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { type Blake3ModeOptions, createBlake3Subtree } from './b3-lib.js';

/** What every job of a run shares: BLAKE3's mode. */
export type B3WorkerSetup = Blake3ModeOptions;
/** The subtree of `chunks` chunks (1024 bytes each) of the file at `path` (its bytes, if not UTF-8) from chunk `start`. */
export interface SubtreeJob {
  id: number;
  path: string | Uint8Array;
  start: number;
  chunks: number;
}
/** A worker ready for jobs; a job's chaining value, or why there is none (an errno error's code and number, for b3sum's message). */
export type SubtreeResult =
  | { ready: true; id?: undefined }
  | { id: number; cv: Uint8Array }
  | { id: number; error: { message: string; code?: string | undefined; errno?: number | undefined } };

/** Bytes read at once: a multiple of the chunk. */
export const PIECE = 1024 * 1024;
export const SHRANK = 'the file shrank while it was hashed';

export function subtreeCv(job: SubtreeJob, buffer: Buffer, mode: B3WorkerSetup): Uint8Array {
  const sub = createBlake3Subtree(job.start, job.chunks, mode);
  // a Buffer arrives as a Uint8Array, through postMessage
  const fd = openSync(typeof job.path === 'string' ? job.path : Buffer.from(job.path), 'r');
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
