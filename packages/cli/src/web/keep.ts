/** What `digestlab web` adds to its collector to keep runs: the store it opens, and its write-rate option. */
import { type AnyReport, resultFileName } from '@digestlab/lab';
import type { RunStore } from '../board/store.js';
import { createFileAtomic } from '../files.js';
import { CliUsageError } from '../io.js';
import { type RateLimit, rateLimit } from './rate.js';
import type { Saved } from './server.js';

/** Runs one address may send per minute unless --rate says otherwise: a phone sends one per bench. */
export const DEFAULT_RATE = 60;

export function parseRate(text: string | undefined): RateLimit {
  const n = text === undefined ? DEFAULT_RATE : Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 1_000_000) {
    throw new CliUsageError(`--rate must be a whole number of runs per minute, 1..1000000 (got "${text}")`);
  }
  return rateLimit(n);
}

/**
 * The collector's `save`: the store keeps the run first, so a run it has already is refused (409) before a second
 * file is written; then the run's file in `results`, as before there was a store (an export `compare` reads).
 */
export function saveRun(store: RunStore, results: string): (r: AnyReport, text: string) => Promise<Saved> {
  return async (r, text) => {
    const { id, added } = await store.add(text);
    if (!added) return { id, duplicate: true };
    const at = new Date();
    return { id, file: createFileAtomic(results, (n) => resultFileName(at, r.report.env, n), text) };
  };
}
