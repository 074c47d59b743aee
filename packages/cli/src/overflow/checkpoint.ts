/**
 * Checkpoint files: where every job of an overflow run stands, so `--resume` continues it after Ctrl-C, a crash or
 * a killed process. Written atomically (../files.ts), so a reader finds either the previous complete file or the new
 * one, never a torn one.
 *
 * Shape (schema digestlab-overflow-checkpoint/1):
 *   { schema, updated, run: { sizes, chunk, pattern, algorithms, providers, named },
 *     jobs: { "<algorithm> <provider> <size>": { algorithm, provider, bytes, seconds, state (base64) | null,
 *                                          record (finished OverflowRecord) | null } } }
 * `state` is what digestlab's `Digest.exportState()` returned at `bytes`; `importState` continues from it.
 */
import { readFileSync } from 'node:fs';
import type { OverflowRecord, Pattern } from '@digestlab/lab/overflow';
import { writeFileAtomic } from '../files.js';

export { writeFileAtomic };

export const CHECKPOINT_SCHEMA = 'digestlab-overflow-checkpoint/1';

export interface RunParams {
  /** Bytes per digest: each size is a job of its own for every algorithm and provider. */
  sizes: number[];
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

export function jobKey(algorithm: string, provider: string, size: number): string {
  return `${algorithm} ${provider} ${size}`;
}

export function saveCheckpoint(file: string, cp: CheckpointFile): void {
  writeFileAtomic(file, `${JSON.stringify({ ...cp, updated: new Date().toISOString() }, null, 2)}\n`);
}

/** Reads a checkpoint file; throws an Error saying what is wrong with it. */
export function loadCheckpoint(file: string): CheckpointFile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new Error(`cannot read checkpoint ${file}: ${(e as Error).message}`);
  }
  let cp: CheckpointFile;
  try {
    cp = JSON.parse(text) as CheckpointFile;
  } catch (e) {
    throw new Error(`checkpoint ${file} is not JSON: ${(e as Error).message}`);
  }
  if (cp?.schema !== CHECKPOINT_SCHEMA) {
    throw new Error(`${file} is not a digestlab overflow checkpoint (schema ${CHECKPOINT_SCHEMA})`);
  }
  const r = cp.run;
  if (
    !r ||
    !Array.isArray(r.sizes) ||
    !r.sizes.every((n) => Number.isSafeInteger(n) && n >= 0) ||
    !Number.isSafeInteger(r.chunk) ||
    typeof r.pattern !== 'string' ||
    !Array.isArray(r.algorithms) ||
    !Array.isArray(r.providers) ||
    typeof cp.jobs !== 'object' ||
    cp.jobs === null
  ) {
    throw new Error(`checkpoint ${file} is damaged (its "run" or "jobs" is missing or malformed)`);
  }
  for (const [k, j] of Object.entries(cp.jobs)) {
    if (!Number.isSafeInteger(j.bytes) || j.bytes < 0 || typeof j.seconds !== 'number') {
      throw new Error(`checkpoint ${file}: job "${k}" is damaged`);
    }
  }
  return cp;
}

export function encodeState(state: Uint8Array): string {
  return Buffer.from(state.buffer, state.byteOffset, state.byteLength).toString('base64');
}

export function decodeState(b64: string): Uint8Array {
  return new Uint8Array(Buffer.from(b64, 'base64'));
}
