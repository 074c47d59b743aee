/** What `digestlab web` adds to its collector to keep runs: the store it opens, and its write-rate option. */

import { resolve } from 'node:path';
import { type AnyReport, resultFileName } from '@digestlab/lab';
import { isServerUrl, redact } from '../board/open.js';
import type { Cell, RunFilter, RunStore } from '../board/store.js';
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

/**
 * The store at `location` while it opens: each call waits for it. `digestlab web` prints its URL at once rather
 * than after the seconds a new embedded store takes (initdb); a request that comes first waits.
 */
export function whenOpen(opening: Promise<RunStore>, location: string): RunStore {
  const later =
    <A extends unknown[], R>(f: (s: RunStore, ...a: A) => Promise<R>) =>
    async (...a: A) =>
      f(await opening, ...a);
  return {
    kind: isServerUrl(location) ? 'postgres' : 'embedded',
    location: isServerUrl(location) ? redact(location) : resolve(location),
    add: later((s, text: string) => s.add(text)),
    body: later((s, id: string) => s.body(id)),
    list: later((s, filter: RunFilter, limit: number, offset?: number) => s.list(filter, limit, offset)),
    chart: later((s, cell: Cell, limit?: number) => s.chart(cell, limit)),
    history: later((s, device: string, cell: Cell) => s.history(device, cell)),
    each: later((s, batch: number, f: (texts: string[]) => Promise<void>) => s.each(batch, f)),
    count: later((s) => s.count()),
    close: async () => {
      const s = await opening.catch(() => undefined);
      await s?.close();
    },
  };
}
