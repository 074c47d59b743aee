/**
 * Every core for one file, for the checksums that combine (the library's `combineChecksums`: the CRCs but POSIX
 * cksum's, and Adler-32), with b3sum's machinery (b3-parallel.ts): its pool, its workers (b3-worker.ts, set up for
 * checksums) and its tuning. A regular file of at least `from` bytes is cut into pieces of `subtree` bytes, all but
 * the part holding the last byte; the workers, and the main thread from the end of the queue, compute each piece's
 * values; the main thread combines them in order with the last part's, which gives the values one thread gives.
 * `-j N` bounds the threads of the whole run; the other files (smaller ones, standard input, another algorithm
 * list) are hashed on the main thread, as b3sum's mode does. xxHash's state is not linear in its input: no split.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import type { AlgorithmName } from 'digestlab';
import { COMBINABLE, splittable } from './algorithms.js';
import { B3_DEFAULTS, type B3Tuning, b3Tuning, regularFileSize, SubtreePool, type Ticket } from './b3-parallel.js';
import { PIECE, SHRANK } from './b3-subtree.js';
import { checksumsOf, loadChecksums } from './checksum-lib.js';
import type { DigestRequest, FileOutcome } from './hash.js';

/** The split's defaults: b3sum's (docs/decisions/sum-checksums-parallel.md). */
export const CHECKSUM_DEFAULTS: B3Tuning = B3_DEFAULTS;

/** The tuning, with the environment's overrides: b3sum's variables (b3Tuning), over {@link CHECKSUM_DEFAULTS}. */
export const checksumTuning = (env: Record<string, string | undefined>): B3Tuning => b3Tuning(env, CHECKSUM_DEFAULTS);

export { splittable };

const same = (a: readonly AlgorithmName[], b: readonly DigestRequest[]) =>
  a.length === b.length && a.every((name, i) => name === b[i]?.name);

/** Plans each large file's pieces on one pool (the first algorithm list's); says which files it took. */
export class ChecksumFiles {
  #pool: SubtreePool | undefined;
  #names: AlgorithmName[] | undefined;

  constructor(
    private readonly threads: number,
    private readonly tuning: B3Tuning,
  ) {}

  /** The file's outcome to come, its pieces queued now; undefined for a file this does not split. */
  plan(name: Buffer, algorithms: readonly DigestRequest[]): (() => Promise<FileOutcome>) | undefined {
    if (this.threads < 2 || !splittable(algorithms)) return undefined;
    if (this.#names !== undefined && !same(this.#names, algorithms)) return undefined;
    const size = regularFileSize(name);
    if (size === undefined || size < this.tuning.from || size <= this.tuning.subtree) return undefined;
    const names = algorithms.map((a) => a.name);
    this.#names = names;
    this.#pool ??= new SubtreePool(this.threads, { checksums: names }, this.tuning.mainHelps);
    const pool = this.#pool;
    const chunks = this.tuning.subtree / 1024;
    const tickets = Array.from({ length: Math.floor((size - 1) / this.tuning.subtree) }, (_, i) =>
      pool.cv(name, i * chunks, chunks),
    );
    return () => this.#merge(name, tickets, names);
  }

  /** The pieces' values combined in order, then the last part's, read here to the end of the file. */
  async #merge(name: Buffer, tickets: readonly Ticket[], names: AlgorithmName[]): Promise<FileOutcome> {
    const { combineChecksums } = await loadChecksums();
    const pieceBytes = this.tuning.subtree;
    let values: Uint8Array[] | undefined;
    const fold = (parts: Uint8Array[], length: number) => {
      values = values
        ? values.map((v, k) => combineChecksums(names[k] as string, v, parts[k] as Uint8Array, length))
        : parts;
    };
    try {
      for (const ticket of tickets) {
        // while the piece needed next is hashed elsewhere, this thread hashes the last one waiting
        while (!ticket.done && this.#pool?.runLast()) await new Promise(setImmediate);
        fold(this.#split(await ticket.cv, names), pieceBytes);
      }
      const [last, length] = lastPart(name, tickets.length * pieceBytes, names);
      fold(last, length);
      return { ok: true, digests: values ?? [] };
    } catch (e) {
      return { ok: false, code: (e as NodeJS.ErrnoException).code ?? 'EIO', opening: false };
    }
  }

  /** A piece's values, concatenated by the worker, apart. */
  #split(joined: Uint8Array, names: readonly AlgorithmName[]): Uint8Array[] {
    let at = 0;
    return names.map((n) => {
      const length = COMBINABLE.get(n) as number;
      at += length;
      return joined.subarray(at - length, at);
    });
  }

  /** Worker threads started so far. */
  get workers(): number {
    return this.#pool?.started ?? 0;
  }

  /** Pieces whose values a worker computed. */
  get piecesInWorkers(): number {
    return this.#pool?.byWorkers ?? 0;
  }

  async close(): Promise<void> {
    await this.#pool?.close();
  }
}

/** The values of the file from `from` to its end, and that part's length (at least one byte, or it shrank). */
function lastPart(name: Buffer, from: number, names: readonly AlgorithmName[]): [Uint8Array[], number] {
  const digests = checksumsOf(names);
  const fd = openSync(name, 'r');
  try {
    const buffer = Buffer.allocUnsafe(PIECE);
    let position = from;
    for (let n = readSync(fd, buffer, 0, PIECE, position); n > 0; n = readSync(fd, buffer, 0, PIECE, position)) {
      for (const d of digests) d.update(buffer.subarray(0, n));
      position += n;
    }
    if (position === from) throw new Error(SHRANK);
    return [digests.map((d) => d.digest()), position - from];
  } finally {
    closeSync(fd);
  }
}
