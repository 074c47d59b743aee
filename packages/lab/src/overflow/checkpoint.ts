/**
 * The checkpoint model: where every job of an overflow run stands, so a run continues after Ctrl-C, a crash or a
 * killed process. Plain data, so any face can store it: the CLI writes it to a file atomically, a browser could keep
 * it in IndexedDB or offer it as a download.
 *
 * Shape (schema digestlab-overflow-checkpoint/1):
 *   { schema, updated, run: { sizes, sizesOf?, outputLengths?, chunk, pattern, algorithms, providers, named },
 *     jobs: { "<algorithm or SHAKE128/32B> <provider> <size>": { algorithm, provider, bytes, seconds, state (base64) | null,
 *                                          record (finished OverflowRecord) | null } } }
 * `state` is what digestlab's `Digest.exportState()` returned at `bytes`; `importState` continues from it.
 */
import type { Pattern } from './patterns.js';
import type { OverflowRecord } from './verdict.js';

export const CHECKPOINT_SCHEMA = 'digestlab-overflow-checkpoint/1';

export interface RunParams {
  /** Bytes per digest: each size is a job of its own for every algorithm (see `sizesOf`) and provider. */
  sizes: number[];
  /**
   * Where algorithms run at different sizes (no `--size`, or `--size boundaries`: a sponge stops at 2^32 + 5), the
   * sizes of each, from `sizes`; absent: every algorithm at every size.
   */
  sizesOf?: Record<string, number[]>;
  /** `--output-length`: the output lengths in bytes each SHAKE runs at; absent: its default (16 or 32). */
  outputLengths?: number[];
  chunk: number;
  pattern: Pattern;
  algorithms: string[];
  providers: string[];
  /** Of `providers`, those named on the command line (not via default/ours/peers/all): they report a missing
   * algorithm as SKIPPED instead of leaving it out. */
  named?: string[];
}

export interface JobCheckpoint {
  algorithm: string;
  provider: string;
  bytes: number;
  seconds: number;
  /** base64 of the exported state at `bytes`, or null (not started, or the provider cannot export). */
  state: string | null;
  /** The finished job's record, or null. */
  record: OverflowRecord | null;
}

export interface CheckpointFile {
  schema: typeof CHECKPOINT_SCHEMA;
  updated: string;
  run: RunParams;
  jobs: Record<string, JobCheckpoint>;
}

/** Where a face keeps the checkpoint (a file for the CLI). `save` is called after every change. */
export interface CheckpointStore {
  save(checkpoint: CheckpointFile): void;
}

export function jobKey(algorithm: string, provider: string, size: number): string {
  return `${algorithm} ${provider} ${size}`;
}

/** Reads a checkpoint's text; throws an Error saying what is wrong with it. `source` names it (the file). */
export function parseCheckpoint(text: string, source: string): CheckpointFile {
  let cp: CheckpointFile;
  try {
    cp = JSON.parse(text) as CheckpointFile;
  } catch (e) {
    throw new Error(`checkpoint ${source} is not JSON: ${(e as Error).message}`);
  }
  if (cp?.schema !== CHECKPOINT_SCHEMA) {
    throw new Error(`${source} is not a digestlab overflow checkpoint (schema ${CHECKPOINT_SCHEMA})`);
  }
  const r = cp.run;
  const counts = (v: unknown) => Array.isArray(v) && v.every((n) => Number.isSafeInteger(n) && n >= 0);
  if (
    !r ||
    !counts(r.sizes) ||
    (r.sizesOf !== undefined &&
      (typeof r.sizesOf !== 'object' || r.sizesOf === null || !Object.values(r.sizesOf).every(counts))) ||
    (r.outputLengths !== undefined && !counts(r.outputLengths)) ||
    !Number.isSafeInteger(r.chunk) ||
    typeof r.pattern !== 'string' ||
    !Array.isArray(r.algorithms) ||
    !Array.isArray(r.providers) ||
    typeof cp.jobs !== 'object' ||
    cp.jobs === null
  ) {
    throw new Error(`checkpoint ${source} is damaged (its "run" or "jobs" is missing or malformed)`);
  }
  for (const [k, j] of Object.entries(cp.jobs)) {
    if (!Number.isSafeInteger(j.bytes) || j.bytes < 0 || typeof j.seconds !== 'number') {
      throw new Error(`checkpoint ${source}: job "${k}" is damaged`);
    }
  }
  return cp;
}

/** The checkpoint's text: what a store writes. */
export function formatCheckpoint(cp: CheckpointFile, updated = new Date().toISOString()): string {
  return `${JSON.stringify({ ...cp, updated }, null, 2)}\n`;
}

// base64 through btoa/atob (every runtime has them; Buffer is Node's), a byte at a time: states are a few hundred
// bytes, and spreading a large array into String.fromCharCode would overflow the stack.
export function encodeState(state: Uint8Array): string {
  let s = '';
  for (const b of state) s += String.fromCharCode(b);
  return btoa(s);
}

export function decodeState(b64: string): Uint8Array {
  const s = atob(b64);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}
