/**
 * Every core for one file (`digestlab sum -a blake3`): a regular file of at least {@link B3Tuning.from} bytes is cut
 * into aligned subtrees of {@link B3Tuning.subtree} bytes (BLAKE3 paper §5.1), all but the part holding the last
 * byte; worker threads (b3-worker.ts) compute their chaining values, the main thread pushes them into one engine in
 * order and hashes that last part itself, which gives the digest one thread gives. `-j N` bounds the worker
 * threads of the whole run: every file's subtrees wait in one queue, in argument order. Smaller files, standard
 * input and anything that is not a regular file are hashed on the main thread, as with `-j 1`.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { type Blake3ModeOptions, createBlake3Tree } from 'digestlab';
import { SumUsageError } from './args.js';
import type { B3WorkerSetup, SubtreeJob, SubtreeResult } from './b3-worker.js';
import { SHRANK } from './b3-worker.js';
import { CHUNK } from './hash.js';

/** Where the split starts, and the subtrees' size (a power of two of at least 1024 bytes). */
export interface B3Tuning {
  from: number;
  subtree: number;
}

/**
 * The defaults (BENCHMARKS.md, "digestlab sum -a blake3 on several cores"): two workers cost ~0.3 s of CPU more
 * than none on this loaded machine, which one thread spends hashing ~100 MiB; idle, Node starts a worker in
 * ~30-50 ms. Below `from`, the main thread alone. Subtrees of 4 MiB: ~250 jobs for 1 GiB, the last part (on the
 * main thread) at most 4 MiB.
 */
export const B3_DEFAULTS: B3Tuning = { from: 64 * 1024 * 1024, subtree: 4 * 1024 * 1024 };

/** The tuning, with the environment's overrides (for tests: small subtrees keep them fast). */
export function b3Tuning(env: Record<string, string | undefined>): B3Tuning {
  const read = (name: string, fallback: number, ok: (n: number) => boolean) => {
    const v = env[name];
    if (v === undefined || v === '') return fallback;
    const n = /^\d+$/.test(v) ? Number(v) : Number.NaN;
    if (!ok(n)) throw new SumUsageError(`${name}: not a size this mode can use: ${v}`);
    return n;
  };
  return {
    from: read('DIGESTLAB_B3_PARALLEL_FROM', B3_DEFAULTS.from, Number.isSafeInteger),
    subtree: read(
      'DIGESTLAB_B3_SUBTREE',
      B3_DEFAULTS.subtree,
      (n) => n >= 1024 && n <= 2 ** 40 && Number.isInteger(Math.log2(n)),
    ),
  };
}

/** The built worker: next to this file in dist/, or (under vitest, running the sources) the built copy. */
const WORKER_URL = import.meta.url.endsWith('.ts')
  ? new URL('../../dist/sum/b3-worker.js', import.meta.url)
  : new URL('./b3-worker.js', import.meta.url);

/** Jobs a worker holds: one hashing, one waiting, so no round trip leaves it idle. */
const IN_FLIGHT = 2;

interface Waiting {
  resolve(cv: Uint8Array): void;
  reject(e: Error): void;
}

/** An errno error as the worker described it, for b3sum's message. */
const failure = (error: Extract<SubtreeResult, { error: unknown }>['error']) =>
  Object.assign(new Error(error.message), { code: error.code, errno: error.errno });

/** Up to `threads` worker threads, started as jobs come, computing subtrees' chaining values in order. */
class SubtreePool {
  readonly #workers: { worker: Worker; inFlight: number }[] = [];
  readonly #queue: (SubtreeJob & Waiting)[] = [];
  readonly #sent = new Map<number, Waiting>();
  #nextId = 0;
  #dead: Error | undefined;

  constructor(
    private readonly threads: number,
    private readonly mode: B3WorkerSetup,
  ) {}

  cv(path: string, start: number, chunks: number): Promise<Uint8Array> {
    return new Promise((resolve, reject) => {
      if (this.#dead) return reject(this.#dead);
      this.#queue.push({ id: this.#nextId++, path, start, chunks, resolve, reject });
      this.#dispatch();
    });
  }

  #dispatch(): void {
    while (this.#queue.length > 0) {
      const w =
        this.#workers.find((x) => x.inFlight === 0) ??
        (this.#workers.length < this.threads ? this.#start() : this.#workers.find((x) => x.inFlight < IN_FLIGHT));
      if (w === undefined) return;
      const { resolve, reject, ...job } = this.#queue.shift() as SubtreeJob & Waiting;
      this.#sent.set(job.id, { resolve, reject });
      w.inFlight++;
      w.worker.postMessage(job satisfies SubtreeJob);
    }
  }

  #start(): { worker: Worker; inFlight: number } {
    const w = { worker: new Worker(WORKER_URL, { workerData: this.mode }), inFlight: 0 };
    w.worker.on('message', (r: SubtreeResult) => {
      const waiting = this.#sent.get(r.id);
      this.#sent.delete(r.id);
      w.inFlight--;
      if ('cv' in r) waiting?.resolve(r.cv);
      else waiting?.reject(failure(r.error));
      this.#dispatch();
    });
    // a worker that dies fails every subtree still to come: the command reports it rather than hang
    w.worker.on('error', (e: Error) => {
      this.#dead = e;
      for (const waiting of [...this.#sent.values(), ...this.#queue.splice(0)]) waiting.reject(e);
      this.#sent.clear();
    });
    this.#workers.push(w);
    return w;
  }

  /** Worker threads started so far. */
  get started(): number {
    return this.#workers.length;
  }

  async close(): Promise<void> {
    await Promise.all(this.#workers.map((w) => w.worker.terminate()));
  }
}

/** A file's digest, to be awaited in argument order. */
export type PendingDigest = () => Promise<Uint8Array>;

/** Plans each file's hashing: split across the pool's workers, or `alone` (one thread). */
export class B3Files {
  #pool: SubtreePool | undefined;

  constructor(
    private readonly threads: number,
    private readonly tuning: B3Tuning,
    private readonly options: Blake3ModeOptions & { outputLength: number },
    private readonly alone: (name: string) => Promise<Uint8Array>,
  ) {}

  /** Queues the file's subtrees now (so workers start on them while earlier files finish); the digest later. */
  plan(name: string): PendingDigest {
    const size = this.threads < 2 || name === '-' ? undefined : regularFileSize(name);
    // a file in one subtree or less has nothing to split: its last part is all of it
    if (size === undefined || size < this.tuning.from || size <= this.tuning.subtree) return () => this.alone(name);
    const { key, context } = this.options;
    this.#pool ??= new SubtreePool(this.threads, {
      ...(key ? { key } : {}),
      ...(context === undefined ? {} : { context }),
    });
    const chunks = this.tuning.subtree / 1024;
    const cvs = Array.from({ length: Math.floor((size - 1) / this.tuning.subtree) }, (_, i) => {
      const cv = (this.#pool as SubtreePool).cv(name, i * chunks, chunks);
      // awaited in order later: a failure before then is not unhandled
      cv.catch(() => undefined);
      return cv;
    });
    return () => this.#merge(name, cvs, chunks);
  }

  async #merge(name: string, cvs: readonly Promise<Uint8Array>[], chunks: number): Promise<Uint8Array> {
    const tree = createBlake3Tree(this.options);
    for (const cv of cvs) tree.pushSubtree(await cv, chunks);
    // the part that holds the last byte, to the end of the file
    const fd = openSync(name, 'r');
    try {
      const buffer = Buffer.allocUnsafe(CHUNK);
      let position = cvs.length * chunks * 1024;
      for (let n = readSync(fd, buffer, 0, CHUNK, position); n > 0; n = readSync(fd, buffer, 0, CHUNK, position)) {
        tree.update(buffer.subarray(0, n));
        position += n;
      }
      if (position === cvs.length * chunks * 1024) throw new Error(SHRANK);
    } finally {
      closeSync(fd);
    }
    return tree.digest();
  }

  /** Worker threads started so far (at most `threads`). */
  get workers(): number {
    return this.#pool?.started ?? 0;
  }

  async close(): Promise<void> {
    await this.#pool?.close();
  }
}

/** The size of a regular file; undefined for anything else, or what cannot be stat'ed (hashing it says why). */
function regularFileSize(name: string): number | undefined {
  try {
    const st = statSync(name);
    return st.isFile() ? st.size : undefined;
  } catch {
    return undefined;
  }
}
