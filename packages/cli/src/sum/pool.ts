/**
 * Where files are hashed: on the main thread one after another, or in a pool of worker threads, one file (or a
 * batch of small ones) per worker at a time. node:crypto's `Hash#update` runs on the calling thread, so several
 * concurrent streams on the main thread would still use one core: real parallelism needs workers.
 *
 * Either way `submit` returns each file's outcome as a promise; the caller awaits them in argument order and
 * prints as they come, so the output order never depends on which worker finished first.
 */
import { Worker } from 'node:worker_threads';
import { CHUNK, type DigestRequest, type FileOutcome, hashFile } from './hash.js';
import type { BatchRequest, WorkerMessage, WorkerSetup } from './worker.js';

export interface Hasher {
  /** Queues the file at `path` for `algorithms`; `size` (from stat, 0 when unknown) only guides batching. */
  submit(path: Uint8Array, size: number, algorithms: readonly DigestRequest[]): Promise<FileOutcome>;
  /** Stops the workers (pending submissions never settle). */
  close(): Promise<void>;
}

/** Bytes hashed so far, for a progress bar. */
export type OnBytes = (bytes: number) => void;

/** Hashes on the calling thread, one file after another. */
export function mainThreadHasher(onBytes?: OnBytes): Hasher {
  const buffer = Buffer.allocUnsafe(CHUNK);
  let last: Promise<unknown> = Promise.resolve();
  return {
    submit(path, _size, algorithms) {
      const outcome = last.then(() => hashFile(path, algorithms, buffer, onBytes));
      last = outcome;
      return outcome;
    },
    async close() {},
  };
}

/** The built worker: next to this file in dist/, or (under vitest, running the sources) the built copy. */
const WORKER_URL = import.meta.url.endsWith('.ts')
  ? new URL('../../dist/sum/worker.js', import.meta.url)
  : new URL('./worker.js', import.meta.url);

/** A batch holds consecutive small files up to these limits, so 10,000 small files cost ~200 messages, not 10,000. */
const BATCH_FILES = 64;
const BATCH_BYTES = 4 * 1024 * 1024;
/**
 * Batches a worker holds: one hashing and, while that one is small, one waiting, so no round trip leaves it idle.
 * A large file never waits behind another on one worker while the other worker could take it.
 */
const IN_FLIGHT = 2;

export interface Job {
  path: Uint8Array;
  algorithms: readonly DigestRequest[];
  size: number;
  resolve(o: FileOutcome): void;
  reject(e: Error): void;
}

interface PoolWorker {
  worker: Worker;
  inFlight: number;
  inFlightBytes: number;
}

const canTake = (w: PoolWorker) => w.inFlight === 0 || (w.inFlight < IN_FLIGHT && w.inFlightBytes < BATCH_BYTES);

/** The bytes a batch holds (from stat: a guide, not a count). */
const batchBytes = (jobs: readonly Job[]) => jobs.reduce((n, j) => n + j.size, 0);

/** The files waiting for a worker, in the order submitted, taken a batch at a time. */
export class WaitingFiles {
  private jobs: Job[] = [];
  private head = 0;

  push(job: Job): void {
    this.jobs.push(job);
  }

  get empty(): boolean {
    return this.head >= this.jobs.length;
  }

  /** The next batch: consecutive files up to {@link BATCH_FILES} and {@link BATCH_BYTES} (a larger file alone). */
  take(): Job[] {
    const batch: Job[] = [];
    let bytes = 0;
    while (this.head < this.jobs.length && batch.length < BATCH_FILES) {
      const job = this.jobs[this.head] as Job;
      if (batch.length > 0 && bytes + job.size > BATCH_BYTES) break;
      batch.push(job);
      bytes += job.size;
      this.head++;
    }
    if (this.head === this.jobs.length) this.clear();
    return batch;
  }

  /** Every file still waiting, taken off the queue. */
  drain(): Job[] {
    const rest = this.jobs.slice(this.head);
    this.clear();
    return rest;
  }

  private clear(): void {
    this.jobs.length = 0;
    this.head = 0;
  }
}

/** A worker thread of the pool: its messages to `onMessage`, its death to `onError`. */
function startWorker(
  setup: WorkerSetup,
  onMessage: (pw: PoolWorker, m: WorkerMessage) => void,
  onError: (e: Error) => void,
): PoolWorker {
  const pw: PoolWorker = { worker: new Worker(WORKER_URL, { workerData: setup }), inFlight: 0, inFlightBytes: 0 };
  pw.worker.on('message', (m: WorkerMessage) => onMessage(pw, m));
  pw.worker.on('error', onError);
  return pw;
}

/** Hashes in `threads` worker threads. */
export function workerHasher(threads: number, onBytes?: OnBytes): Hasher {
  const waiting = new WaitingFiles();
  /** Batches sent to a worker and not yet done, by id. */
  const batches = new Map<number, Job[]>();
  let nextId = 0;
  let scheduled = false;

  const settle = (pw: PoolWorker, m: WorkerMessage) => {
    if (m.bytes > 0) onBytes?.(m.bytes);
    if (m.type !== 'done') return;
    const jobs = batches.get(m.id) ?? [];
    batches.delete(m.id);
    for (const [i, job] of jobs.entries()) job.resolve(m.outcomes[i] as FileOutcome);
    pw.inFlight--;
    pw.inFlightBytes -= batchBytes(jobs);
    dispatch();
  };
  // a worker that dies fails every file still waiting: the command reports it rather than hang
  const failAll = (e: Error) => {
    for (const job of waiting.drain()) job.reject(e);
    for (const jobs of batches.values()) for (const job of jobs) job.reject(e);
    batches.clear();
  };
  const setup: WorkerSetup = { progress: onBytes !== undefined };
  const workers = Array.from({ length: threads }, () => startWorker(setup, settle, failAll));

  function dispatch(): void {
    scheduled = false;
    for (;;) {
      const ready = workers.filter(canTake);
      if (ready.length === 0 || waiting.empty) return;
      const idle = ready.reduce((a, b) => (b.inFlight < a.inFlight ? b : a));
      const batch = waiting.take();
      const id = nextId++;
      batches.set(id, batch);
      idle.inFlight++;
      idle.inFlightBytes += batchBytes(batch);
      idle.worker.postMessage({
        id,
        files: batch.map((j) => ({ path: j.path, algorithms: [...j.algorithms] })),
      } satisfies BatchRequest);
    }
  }

  return {
    submit(path, size, algorithms) {
      return new Promise<FileOutcome>((resolve, reject) => {
        waiting.push({ path, size, algorithms, resolve, reject });
        if (!scheduled) {
          scheduled = true;
          // after the caller's synchronous loop has queued everything it has, so batches fill up
          setImmediate(dispatch);
        }
      });
    },
    async close() {
      await Promise.all(workers.map((w) => w.worker.terminate()));
    },
  };
}

/** Below this much to hash, starting workers (~30-50 ms each) costs more than a second core saves. */
export const WORKERS_FROM_BYTES = 32 * 1024 * 1024;

/** Workers when there are several files and enough bytes to repay them, else the main thread. */
export function chooseHasher(jobs: number, files: number, totalBytes: number, onBytes?: OnBytes): Hasher {
  const threads = Math.min(jobs, files);
  if (threads < 2 || totalBytes < WORKERS_FROM_BYTES) return mainThreadHasher(onBytes);
  return workerHasher(threads, onBytes);
}
