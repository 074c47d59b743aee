/**
 * One aligned piece of a file read and hashed, in a worker thread (b3-worker.ts) or on the main thread while the
 * workers start: a BLAKE3 subtree's chaining value (`digestlab sum -a blake3`, b3-parallel.ts), or, when the run's
 * setup names checksums, each one's value over the piece's bytes, to be combined in order (split-checksums.ts). Read
 * in pieces of at most {@link PIECE} bytes into one buffer, so a thread's memory is the same for every subtree size.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import type { AlgorithmName } from 'digestlab';
import { type Blake3ModeOptions, createBlake3Subtree } from './b3-lib.js';
import { checksumsOf } from './checksum-lib.js';

/**
 * What every job of a run shares: BLAKE3's mode, or `checksums`, the algorithms (CRCs, Adler-32) whose values a job
 * gives, one after another, over its piece of the file (the library's whole entry, loaded by checksum-lib.ts first).
 */
export type B3WorkerSetup = Blake3ModeOptions & { checksums?: readonly AlgorithmName[] };
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

/** The job's bytes, read into `buffer` a piece at a time, each piece to `take`. */
function readJob(job: SubtreeJob, buffer: Buffer, take: (piece: Buffer) => void): void {
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
      take(buffer.subarray(0, want));
      position += want;
    }
  } finally {
    closeSync(fd);
  }
}

/** The job's result: its subtree's chaining value, or its checksums' values concatenated. */
export function subtreeCv(job: SubtreeJob, buffer: Buffer, mode: B3WorkerSetup): Uint8Array {
  if (mode.checksums) {
    const digests = checksumsOf(mode.checksums);
    readJob(job, buffer, (piece) => {
      for (const d of digests) d.update(piece);
    });
    return Buffer.concat(digests.map((d) => d.digest()));
  }
  const sub = createBlake3Subtree(job.start, job.chunks, mode);
  readJob(job, buffer, (piece) => sub.update(piece));
  return sub.cv();
}
