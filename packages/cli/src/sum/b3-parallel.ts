/**
 * Every core for one file (`digestlab sum -a blake3`): a regular file of at least {@link B3Tuning.from} bytes is cut
 * into aligned subtrees of {@link B3Tuning.subtree} bytes (BLAKE3 paper §5.1), all but the part holding the last
 * byte; worker threads (b3-worker.ts) compute their chaining values, the main thread pushes them into one engine in
 * order and hashes that last part itself, which gives the digest one thread gives. While no worker has started yet,
 * the main thread takes the first subtrees itself (a worker takes ~50-150 ms to start). `-j N` bounds the worker
 * threads of the whole run: every file's subtrees wait in one queue, in argument order. Smaller files, standard
 * input and anything that is not a regular file are hashed on the main thread, as with `-j 1`.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { SumUsageError } from './args.js';
import { type Blake3ModeOptions, createBlake3Tree } from './b3-lib.js';
import { type B3WorkerSetup, PIECE, SHRANK, type SubtreeJob, type SubtreeResult, subtreeCv } from './b3-subtree.js';
import { CHUNK } from './hash.js';

/**
 * Where the split starts, the subtrees' size (a power of two of at least 1024 bytes), and when the main thread
 * hashes subtrees itself: `start`, the first ones while the workers start; `always`, whenever the chaining value its
 * merge needs next has not come, from the end of the queue as the workers take it from its start, with one worker
 * fewer (its thread is the main one); `never`, every subtree in a worker (for tests).
 */
export interface B3Tuning {
  from: number;
  subtree: number;
  mainHelps: MainHelps;
}

export type MainHelps = 'never' | 'start' | 'always';
/** DIGESTLAB_B3_MAIN_HELPS's values, in order: 0, 1, 2. */
const MAIN_HELPS: readonly MainHelps[] = ['never', 'start', 'always'];

/**
 * The defaults (docs/decisions/sum-blake3-parallel.md): from 256 MiB, where `-j 2` caught up
 * with `-j 1` on an idle machine (load 0.3-0.9, medians of 3: 128 MiB 0.44 s against 0.40 s, 256 MiB 0.53 against
 * 0.55, 512 MiB 0.65 against 0.82; at 64 MiB, the earlier default, 0.40 against 0.32): the workers' start is repaid
 * only past it. Subtrees of 4 MiB: ~250 jobs for 1 GiB, the last part (on the main thread) at most 4 MiB. The main
 * thread hashes subtrees all along (`always`), with one worker fewer: 1 GiB with `-j 2` took 933 and 879 ms against
 * 1007 and 928 for `start` (two idle runs of 5 interleaved rounds, 2026-12-02), with less CPU.
 */
export const B3_DEFAULTS: B3Tuning = { from: 256 * 1024 * 1024, subtree: 4 * 1024 * 1024, mainHelps: 'always' };

/**
 * The tuning, with the environment's overrides, for tests (small subtrees keep them fast): DIGESTLAB_B3_SUBTREE and
 * DIGESTLAB_B3_PARALLEL_FROM in bytes, DIGESTLAB_B3_MAIN_HELPS 0, 1 or 2 (the main thread hashes subtrees never,
 * while the workers start, or always).
 */
export function b3Tuning(env: Record<string, string | undefined>, defaults: B3Tuning = B3_DEFAULTS): B3Tuning {
  const read = (name: string, fallback: number, ok: (n: number) => boolean) => {
    const v = env[name];
    if (v === undefined || v === '') return fallback;
    const n = /^\d+$/.test(v) ? Number(v) : Number.NaN;
    if (!ok(n)) throw new SumUsageError(`${name}: not a value this mode can use: ${v}`);
    return n;
  };
  return {
    from: read('DIGESTLAB_B3_PARALLEL_FROM', defaults.from, Number.isSafeInteger),
    subtree: read(
      'DIGESTLAB_B3_SUBTREE',
      defaults.subtree,
      (n) => n >= 1024 && n <= 2 ** 40 && Number.isInteger(Math.log2(n)),
    ),
    mainHelps: MAIN_HELPS[
      read('DIGESTLAB_B3_MAIN_HELPS', MAIN_HELPS.indexOf(defaults.mainHelps), (n) => n >= 0 && n < MAIN_HELPS.length)
    ] as MainHelps,
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

interface PoolWorker {
  worker: Worker;
  /** It said it was ready: until then, it is sent nothing, and the main thread takes the first jobs itself. */
  ready: boolean;
  inFlight: number;
}

/** An errno error as the worker described it, for b3sum's message. */
const failure = (error: Extract<SubtreeResult, { error: unknown }>['error']) =>
  Object.assign(new Error(error.message), { code: error.code, errno: error.errno });

/** A subtree's chaining value to come, and its job's id. */
export interface Ticket {
  id: number;
  cv: Promise<Uint8Array>;
  /** The chaining value came (or its failure): awaiting it would not wait. */
  done: boolean;
}

/**
 * Up to `threads` worker threads (`threads - 1` when the main thread hashes all along), started as jobs come,
 * computing subtrees' chaining values in order.
 */
export class SubtreePool {
  readonly #workers: PoolWorker[] = [];
  readonly #queue: (SubtreeJob & Waiting)[] = [];
  readonly #sent = new Map<number, Waiting>();
  #nextId = 0;
  #dead: Error | undefined;
  #buffer: Buffer | undefined;
  /** Chaining values that came from workers. */
  byWorkers = 0;

  constructor(
    private readonly threads: number,
    private readonly mode: B3WorkerSetup,
    private readonly mainHelps: MainHelps,
  ) {}

  cv(path: string | Uint8Array, start: number, chunks: number): Ticket {
    const id = this.#nextId++;
    const cv = new Promise<Uint8Array>((resolve, reject) => {
      if (this.#dead) return reject(this.#dead);
      this.#queue.push({ id, path, start, chunks, resolve, reject });
      if (this.#workers.length < this.#workerCount()) this.#start();
      this.#dispatch();
    });
    const ticket: Ticket = { id, cv, done: false };
    // awaited in order later: a failure before then is not unhandled
    cv.then(
      () => {
        ticket.done = true;
      },
      () => {
        ticket.done = true;
      },
    );
    return ticket;
  }

  /** The workers to start: one per thread, but the main thread's, when it hashes subtrees all along. */
  #workerCount(): number {
    return this.mainHelps === 'always' ? this.threads - 1 : this.threads;
  }

  /**
   * The last job still waiting, computed on this thread: true when there was one. The merge calls it while the
   * chaining value it needs next is computed elsewhere, so that this thread hashes from the end of the queue as the
   * workers hash from its start.
   */
  runLast(): boolean {
    const last = this.#queue[this.#queue.length - 1];
    return last !== undefined && this.runHere(last.id);
  }

  /**
   * The job `id` computed on this thread if no worker has taken it (while they start): true when it was. The
   * caller then yields to the event loop, so a worker's word that it is ready is heard between two subtrees.
   */
  runHere(id: number): boolean {
    const at = this.mainHelps !== 'never' ? this.#queue.findIndex((j) => j.id === id) : -1;
    if (at < 0) return false;
    const [{ resolve, reject, ...job }] = this.#queue.splice(at, 1) as [SubtreeJob & Waiting];
    this.#buffer ??= Buffer.allocUnsafe(PIECE);
    try {
      resolve(subtreeCv(job, this.#buffer, this.mode));
    } catch (e) {
      reject(e as Error);
    }
    return true;
  }

  #dispatch(): void {
    while (this.#queue.length > 0) {
      const ready = this.#workers.filter((x) => x.ready);
      const w = ready.find((x) => x.inFlight === 0) ?? ready.find((x) => x.inFlight < IN_FLIGHT);
      if (w === undefined) return;
      const { resolve, reject, ...job } = this.#queue.shift() as SubtreeJob & Waiting;
      this.#sent.set(job.id, { resolve, reject });
      w.inFlight++;
      w.worker.postMessage(job satisfies SubtreeJob);
    }
  }

  #start(): void {
    const w: PoolWorker = { worker: new Worker(WORKER_URL, { workerData: this.mode }), ready: false, inFlight: 0 };
    w.worker.on('message', (r: SubtreeResult) => {
      if (r.id === undefined) w.ready = true;
      else this.#settle(w, r);
      this.#dispatch();
    });
    // a worker that dies fails every subtree still to come: the command reports it rather than hang
    w.worker.on('error', (e: Error) => {
      this.#dead = e;
      for (const waiting of [...this.#sent.values(), ...this.#queue.splice(0)]) waiting.reject(e);
      this.#sent.clear();
    });
    this.#workers.push(w);
  }

  #settle(w: PoolWorker, r: Exclude<SubtreeResult, { ready: true }>): void {
    const waiting = this.#sent.get(r.id);
    this.#sent.delete(r.id);
    w.inFlight--;
    if ('cv' in r) {
      this.byWorkers++;
      waiting?.resolve(r.cv);
    } else waiting?.reject(failure(r.error));
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

/** A file's name: as given, or its bytes (a name that is not UTF-8, from operands.ts); `-` is standard input. */
export type FileName = string | Buffer;

/** Plans each file's hashing: split across the pool's workers, or `alone` (one thread). */
export class B3Files {
  #pool: SubtreePool | undefined;

  constructor(
    private readonly threads: number,
    private readonly tuning: B3Tuning,
    private readonly options: Blake3ModeOptions & { outputLength: number },
    private readonly alone: (name: FileName) => Promise<Uint8Array>,
  ) {}

  /** Queues the file's subtrees now (so workers start on them while earlier files finish); the digest later. */
  plan(name: FileName): PendingDigest {
    const size = this.threads < 2 || name === '-' ? undefined : regularFileSize(name);
    // a file in one subtree or less has nothing to split: its last part is all of it
    if (size === undefined || size < this.tuning.from || size <= this.tuning.subtree) return () => this.alone(name);
    const { key, context } = this.options;
    this.#pool ??= new SubtreePool(
      this.threads,
      { ...(key ? { key } : {}), ...(context === undefined ? {} : { context }) },
      this.tuning.mainHelps,
    );
    const chunks = this.tuning.subtree / 1024;
    const pool = this.#pool;
    const tickets = Array.from({ length: Math.floor((size - 1) / this.tuning.subtree) }, (_, i) =>
      pool.cv(name, i * chunks, chunks),
    );
    return () => this.#merge(name, tickets, chunks);
  }

  async #merge(name: FileName, tickets: readonly Ticket[], chunks: number): Promise<Uint8Array> {
    const tree = createBlake3Tree(this.options);
    const always = this.tuning.mainHelps === 'always';
    for (const ticket of tickets) {
      if (always) {
        // while the chaining value needed next is computed elsewhere, this thread hashes the last subtree waiting,
        // then hears the workers
        while (!ticket.done && this.#pool?.runLast()) await new Promise(setImmediate);
      } else if (this.#pool?.runHere(ticket.id)) {
        // no worker ready yet: this thread hashes the subtree itself, then hears the workers
        await new Promise(setImmediate);
      }
      tree.pushSubtree(await ticket.cv, chunks);
    }
    // the part that holds the last byte, to the end of the file
    const fd = openSync(name, 'r');
    try {
      const buffer = Buffer.allocUnsafe(CHUNK);
      let position = tickets.length * chunks * 1024;
      for (let n = readSync(fd, buffer, 0, CHUNK, position); n > 0; n = readSync(fd, buffer, 0, CHUNK, position)) {
        tree.update(buffer.subarray(0, n));
        position += n;
      }
      if (position === tickets.length * chunks * 1024) throw new Error(SHRANK);
    } finally {
      closeSync(fd);
    }
    return tree.digest();
  }

  /** Worker threads started so far (at most `threads`). */
  get workers(): number {
    return this.#pool?.started ?? 0;
  }

  /** Subtrees whose chaining value a worker computed. */
  get subtreesInWorkers(): number {
    return this.#pool?.byWorkers ?? 0;
  }

  async close(): Promise<void> {
    await this.#pool?.close();
  }
}

/** The size of a regular file; undefined for anything else, or what cannot be stat'ed (hashing it says why). */
export function regularFileSize(name: FileName): number | undefined {
  try {
    const st = statSync(name);
    return st.isFile() ? st.size : undefined;
  } catch {
    return undefined;
  }
}
