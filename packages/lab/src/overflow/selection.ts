/**
 * The rows an overflow run takes (`--providers`), and what the plan must know of a provider of ours: whether it can
 * take a digest in pieces. A run streams gigabytes, so a one-shot provider cannot run one.
 */
import { type AlgorithmName, providers as libraryProviders } from 'digestlab';
import { PEERS } from '../peers/index.js';
import type { Row } from '../rows.js';
import { resolveProviders, UsageError } from '../select.js';
import type { RunParams } from './checkpoint.js';

export interface Selection {
  row: Row;
  /** Named on the command line (then a missing algorithm is reported as SKIPPED, not left out). */
  named: boolean;
}

/** The run's parameters, and the rows behind its provider ids. */
export interface RunChoice {
  run: RunParams;
  algorithms: AlgorithmName[];
  selection: Selection[];
}

/** Streaming and synchronous: the providers of ours that can take a digest in pieces. */
function streams(id: string): boolean {
  return libraryProviders().some((p) => p.id === id && p.streaming && p.sync);
}

/**
 * Rows for `--providers`: default our streaming providers; `ours` every provider of ours (a one-shot one is then
 * SKIPPED); `peers` every peer; `all` ours and every peer; any row id (node:crypto included).
 */
export function selectProviders(ids: readonly string[] | undefined, rows: readonly Row[]): Selection[] {
  const ours = rows.filter((r) => r.kind === 'ours');
  const out: Selection[] = [];
  const add = (row: Row, named: boolean) => {
    const had = out.find((s) => s.row === row);
    if (had) had.named ||= named;
    else out.push({ row, named });
  };
  for (const id of ids ?? ['default']) {
    const key = id.toLowerCase();
    if (key === 'default') for (const r of ours.filter((r) => streams(r.id))) add(r, false);
    else if (key === 'ours') for (const r of ours) add(r, false);
    else if (key === 'peers') for (const r of PEERS) add(r, false);
    else if (key === 'all') for (const r of [...ours, ...PEERS]) add(r, false);
    else {
      try {
        add(resolveProviders([id], rows)[0], true);
      } catch (e) {
        throw new UsageError(`${(e as Error).message}; or: default, ours, peers, all`);
      }
    }
  }
  return out;
}

/** One of our providers that has the algorithm but cannot stream it (async one-shot: WebCrypto). */
export function oneShot(row: Row, algorithm: AlgorithmName): boolean {
  if (row.kind !== 'ours' || !row.algorithms.includes(algorithm)) return false;
  return libraryProviders().some((p) => p.id === row.id && p.available) && !streams(row.id);
}
