/**
 * What was asked, resolved against what exists: algorithm names and aliases, row ids. Shared by the bench plan and
 * the overflow plan, so both faces (CLI flags, a page's URL) get the same messages for the same mistakes.
 */
import { type AlgorithmName, algorithms as libraryAlgorithms } from 'digestlab';
import { ourRows } from './ours.js';
import { PEERS } from './peers/index.js';
import type { Row } from './rows.js';
import { SEED_ALGORITHMS } from './seed.js';

/** A mistake in what was asked (unknown algorithm or provider, bad number): the CLI exits 2 with the message. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Every row on offer: our providers, the host's extra rows, then the peers. */
export function allRows(host: { rows?: readonly Row[] } = {}): Row[] {
  return [...ourRows(), ...(host.rows ?? []), ...PEERS];
}

/** Canonical names for names or aliases; throws {@link UsageError} listing the valid ones. */
export function resolveAlgorithms(names: readonly string[] | undefined): AlgorithmName[] {
  if (!names || names.length === 0) return [...SEED_ALGORITHMS];
  const known = libraryAlgorithms();
  const out: AlgorithmName[] = [];
  for (const name of names) {
    const key = name.trim().toLowerCase();
    const hit = known.find(
      (a) => a.name.toLowerCase() === key || a.aliases.some((x) => x.toLowerCase() === key) || a.oids.includes(key),
    );
    if (!hit) {
      throw new UsageError(`unknown algorithm "${name}"; valid algorithms: ${known.map((a) => a.name).join(', ')}`);
    }
    if (!out.includes(hit.name)) out.push(hit.name);
  }
  return out;
}

/**
 * The rows for ids (when none are given: every row but the opt-in ones, {@link Row.optIn}); throws
 * {@link UsageError} listing the valid ids.
 */
export function resolveProviders(ids: readonly string[] | undefined, rows: readonly Row[]): Row[] {
  if (!ids || ids.length === 0) return rows.filter((r) => !r.optIn);
  const out: Row[] = [];
  for (const id of ids) {
    const row = rows.find((r) => r.id.toLowerCase() === id.trim().toLowerCase());
    if (!row) throw new UsageError(`unknown provider "${id}"; valid providers: ${rows.map((r) => r.id).join(', ')}`);
    if (!out.includes(row)) out.push(row);
  }
  return out;
}
