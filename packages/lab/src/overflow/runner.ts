/**
 * One overflow job: `size` bytes of a pattern streamed in `chunk`-byte updates through one row's streaming digest,
 * with progress callbacks, periodic state checkpoints (for providers that export their state) and a stop flag
 * checked after every update. Platform-neutral: the host (a Node worker thread, a browser Web Worker) supplies the
 * clock, where progress and checkpoints go, and the stop flag.
 */
import { type AlgorithmName, createDigest, importState, type ProviderId, providers } from 'digestlab';
import { outputHex, type Row, type StreamHandle } from '../rows.js';
import { type Pattern, patternSource } from './patterns.js';
import { defaultOutputLength } from './references.js';

export interface JobSpec {
  algorithm: AlgorithmName;
  /** An XOF's (SHAKE's) output length in bytes; absent: its default (fixed-length digests: always absent). */
  outputLength?: number;
  /** Row id. */
  provider: string;
  size: number;
  chunk: number;
  pattern: Pattern;
  /** Export the state every this many bytes (rounded up to whole chunks); 0 or absent: never. */
  checkpointEvery?: number;
  /** Report progress at most this often (ms). Default 250. */
  progressEveryMs?: number;
}

/** Where a resumed job continues: the bytes already hashed, their seconds, and the exported state. */
export interface ResumePoint {
  bytes: number;
  seconds: number;
  state: Uint8Array;
}

export interface JobProgress {
  bytes: number;
  /** Streaming seconds so far, earlier sessions included. */
  seconds: number;
}

export interface Checkpoint extends JobProgress {
  state: Uint8Array;
}

export interface JobHooks {
  /** Milliseconds, monotonic. Default performance.now(). */
  now?(): number;
  onProgress?(p: JobProgress): void;
  /** Called with the exported state every `checkpointEvery` bytes. It must copy `state` if it keeps it past the call. */
  onCheckpoint?(c: Checkpoint): void;
  /** Polled after every update; true stops the job (with a last checkpoint when it can export its state). */
  shouldStop?(): boolean;
  /** Called after every update (tests use it to slow a job down). */
  afterUpdate?(bytes: number): void;
  /** Gives the host's event loop a turn about every `everyMs` of streaming. See {@link Breathe}. */
  breathe?: Breathe;
}

/**
 * A pause the host asks for inside the job's loop: a browser Worker without SharedArrayBuffer (not cross-origin
 * isolated) hears "stop" only as a message, and a message is delivered only when the loop yields. The CLI's worker
 * threads read a shared stop flag instead and never pass one, so their loop never awaits.
 */
export interface Breathe {
  everyMs: number;
  /** Resolves after the host's pending messages were handled (a macrotask, not a microtask). */
  yield(): Promise<void>;
}

export type JobOutcome =
  | { status: 'done'; hex: string; bytes: number; seconds: number; resumed: boolean; resumable: boolean }
  | { status: 'stopped'; bytes: number; seconds: number; state?: Uint8Array; resumable: boolean }
  | { status: 'skipped'; reason: string }
  | { status: 'error'; message: string; bytes: number; seconds: number };

/** A stream that may also export its state. */
export interface StateStream extends StreamHandle {
  exportState?(): Uint8Array;
}

/** Can this row's stream export its state (so a checkpoint can resume it)? Only our providers that say so. */
export function canExportState(row: Row): boolean {
  if (row.kind !== 'ours') return false;
  return providers().some((p) => p.id === row.id && p.available && p.streaming && p.exportState);
}

/** Why the row cannot run this job at all, or undefined. */
export function skipReason(row: Row, algorithm: AlgorithmName, outputLength?: number): string | undefined {
  const unavailable = row.unavailableReason?.();
  if (unavailable) return unavailable;
  if (!row.algorithms.includes(algorithm)) return `${row.id} has no ${algorithm}`;
  if (outputLength !== undefined && outputLength !== defaultOutputLength(algorithm) && !row.outputLength) {
    return `${row.id} cannot set ${algorithm}'s output length (${outputLength} bytes asked)`;
  }
  return undefined;
}

/**
 * Opens the job's stream: for our providers that export state through digestlab's public API (createDigest,
 * importState) so it can be checkpointed; for every other row through its `stream()`. Returns a skip reason when
 * the row cannot stream (a one-shot provider such as WebCrypto).
 */
export async function openStream(
  row: Row,
  algorithm: AlgorithmName,
  resume?: ResumePoint,
  outputLength?: number,
): Promise<{ stream: StateStream; resumable: boolean } | { skip: string }> {
  const reason = skipReason(row, algorithm, outputLength);
  if (reason) return { skip: reason };
  if (canExportState(row)) {
    let d: ReturnType<typeof createDigest>;
    if (resume) {
      d = importState(resume.state, { provider: row.id as ProviderId });
      if (d.algorithm !== algorithm) {
        throw new Error(`checkpoint state is for ${d.algorithm}, not ${algorithm}`);
      }
      if (outputLength !== undefined && d.digestLength !== outputLength) {
        throw new Error(`checkpoint state is for ${d.digestLength} bytes out, not ${outputLength}`);
      }
    } else {
      d = createDigest(algorithm, {
        provider: row.id as ProviderId,
        ...(outputLength !== undefined ? { outputLength } : {}),
      });
    }
    return {
      resumable: true,
      stream: {
        update: (c) => void d.update(c),
        finish: () => d.digest(),
        exportState: () => d.exportState(),
      },
    };
  }
  if (resume) throw new Error(`${row.id} cannot export its state, so it cannot resume from a checkpoint`);
  const prepared =
    outputLength !== undefined ? await row.prepare(algorithm, { outputLength }) : await row.prepare(algorithm);
  if (!prepared.stream) {
    return {
      skip:
        `${row.id} is one-shot only${prepared.async ? ' (async)' : ''}: it has no streaming API, so it cannot take ` +
        'the input in pieces',
    };
  }
  return { stream: await prepared.stream(), resumable: false };
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** Runs one job to the end, a stop, or an error. Never throws. */
export async function runJob(spec: JobSpec, row: Row, hooks: JobHooks = {}, resume?: ResumePoint): Promise<JobOutcome> {
  const now = hooks.now ?? (() => performance.now());
  const { size, chunk } = spec;
  if (!Number.isSafeInteger(size) || size < 0)
    return { status: 'error', message: `bad size ${size}`, bytes: 0, seconds: 0 };
  if (!Number.isSafeInteger(chunk) || chunk < 1) {
    return { status: 'error', message: `bad chunk ${chunk}`, bytes: 0, seconds: 0 };
  }
  let bytes = resume?.bytes ?? 0;
  const before = resume?.seconds ?? 0;
  if (bytes < 0 || bytes > size) {
    return { status: 'error', message: `checkpoint at byte ${bytes} is outside 0..${size}`, bytes: 0, seconds: 0 };
  }
  let opened: Awaited<ReturnType<typeof openStream>>;
  try {
    opened = await openStream(row, spec.algorithm, resume, spec.outputLength);
  } catch (e) {
    return { status: 'error', message: message(e), bytes, seconds: before };
  }
  if ('skip' in opened) return { status: 'skipped', reason: opened.skip };
  const { stream, resumable } = opened;
  const source = patternSource(spec.pattern, Math.min(chunk, Math.max(size, 1)));
  const every = resumable && spec.checkpointEvery && spec.checkpointEvery > 0 ? spec.checkpointEvery : 0;
  let nextCheckpoint = every ? (Math.floor(bytes / every) + 1) * every : Number.POSITIVE_INFINITY;
  const progressMs = spec.progressEveryMs ?? 250;
  // look at the clock about every MiB, not every update: tiny chunks would pay for it
  const clockEvery = Math.max(1, Math.floor(2 ** 20 / chunk));
  const t0 = now();
  let lastProgress = t0;
  let lastBreath = t0;
  let sinceClock = 0;
  const seconds = () => before + (now() - t0) / 1000;
  try {
    hooks.onProgress?.({ bytes, seconds: before });
    while (bytes < size) {
      const n = Math.min(chunk, size - bytes);
      stream.update(source.chunk(bytes, n));
      bytes += n;
      hooks.afterUpdate?.(bytes);
      if (bytes >= nextCheckpoint && bytes < size && stream.exportState) {
        hooks.onCheckpoint?.({ bytes, seconds: seconds(), state: stream.exportState() });
        nextCheckpoint = (Math.floor(bytes / every) + 1) * every;
      }
      if (hooks.shouldStop?.() && bytes < size) {
        const state = stream.exportState?.();
        return { status: 'stopped', bytes, seconds: seconds(), resumable, ...(state ? { state } : {}) };
      }
      if (++sinceClock >= clockEvery) {
        sinceClock = 0;
        const t = now();
        if (t - lastProgress >= progressMs) {
          lastProgress = t;
          hooks.onProgress?.({ bytes, seconds: before + (t - t0) / 1000 });
        }
        if (hooks.breathe && t - lastBreath >= hooks.breathe.everyMs) {
          await hooks.breathe.yield();
          lastBreath = now();
        }
      }
    }
    const hex = outputHex(stream.finish());
    const s = seconds();
    hooks.onProgress?.({ bytes, seconds: s });
    return { status: 'done', hex, bytes, seconds: s, resumed: resume !== undefined, resumable };
  } catch (e) {
    return { status: 'error', message: message(e), bytes, seconds: seconds() };
  }
}

/** MiB/s (MiB = 2^20 bytes), or null when there is no time to divide by. */
export function mibPerSecond(bytes: number, seconds: number): number | null {
  return seconds > 0 ? bytes / 2 ** 20 / seconds : null;
}
