/**
 * The cold workload: the first digests of the seed string in fresh realms, where nothing of the row's library is
 * loaded yet. Not one of the engine's workloads (a run's cells are timed warm, in one realm): a host makes the realms
 * (the CLI: one worker thread per measurement, `-w cold`, asked for by name and not part of `all`). This descriptor
 * holds what is the same on every host: which (algorithm, row) pairs it measures, how a row is checked in the host's
 * own realm before any fresh one, what every realm's digests must be, and how its table is titled. Summaries and the
 * table are in ../../cold.ts.
 */
import { type AlgorithmName, digestHex } from 'digestlab';
import type { ColdResult } from '../../report.js';
import { outputHex, type Prepared, type Row } from '../../rows.js';
import { SEED_INPUT, SEED_JAVA_HEX } from '../../seed.js';
import type { Host, Reference } from '../host.js';

/** What identifies a cold result. */
export type ColdCell = Pick<ColdResult, 'algorithm' | 'provider' | 'library' | 'version'>;

/**
 * A row checked in the host's realm: `ok` with what the fresh realms need, `wrong` or `skipped` (the row cannot run
 * here, or could not load: with a message), or `none` for a row with no one-shot string call (`digestMany`: batches
 * only, no first call of one string), which has no cold result at all.
 */
export type ColdCheck =
  | { status: 'ok'; prepared: Prepared; expected: string }
  | { status: 'wrong' | 'skipped'; message?: string }
  | { status: 'none' };

/** The seed string's expected digest: Java's (a known answer) where the seed has one, else the reference's. */
async function expectedHex(reference: Reference | undefined, algorithm: AlgorithmName): Promise<string> {
  const java = SEED_JAVA_HEX[algorithm];
  if (java) return java;
  const d = await reference?.digest(algorithm, new TextEncoder().encode(SEED_INPUT));
  return d ? outputHex(d) : digestHex(algorithm, SEED_INPUT, { provider: 'ts' });
}

/** E.g. `cold MD5 wasm`: a pair in progress lines and messages. */
function label(algorithm: string, provider: string): string {
  return `cold ${algorithm} ${provider}`;
}

/** Checks `row` on the seed string in this realm: a wrong row gets no fresh realms. */
async function check(row: Row, algorithm: AlgorithmName, reference: Reference | undefined): Promise<ColdCheck> {
  if (row.unavailableReason?.()) return { status: 'skipped' };
  try {
    const prepared = await row.prepare(algorithm);
    if (!prepared.hex) return { status: 'none' };
    const expected = await expectedHex(reference, algorithm);
    const got = outputHex(await prepared.hex(SEED_INPUT));
    if (got === expected) return { status: 'ok', prepared, expected };
    return {
      status: 'wrong',
      message: `WRONG ${label(algorithm, row.id)}: got ${got.slice(0, 40)}…, expected ${expected.slice(0, 40)}…`,
    };
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    return { status: 'skipped', message: `${label(algorithm, row.id)}: could not load (${why})` };
  }
}

export const COLD = {
  name: 'cold',
  /** Fresh realms per (row, algorithm) unless asked otherwise (`--cold-runs`). */
  defaultRuns: 5,
  /** What every realm hashes: the seed string. */
  input: SEED_INPUT,
  /** The pairs measured, in the engine's order (algorithm, then row): each row with the algorithms it has. */
  pairs(algorithms: readonly AlgorithmName[], rows: readonly Row[]): { algorithm: AlgorithmName; row: Row }[] {
    return algorithms.flatMap((algorithm) =>
      rows.filter((row) => row.algorithms.includes(algorithm)).map((row) => ({ algorithm, row })),
    );
  },
  /** A pair's result key, with the version the host has installed. */
  cell(algorithm: AlgorithmName, row: Row, host: Pick<Host, 'versionOf'>): ColdCell {
    return { algorithm, provider: row.id, library: row.library, version: host.versionOf?.(row.library) ?? 'unknown' };
  },
  check,
  label,
  /** Its table's title. */
  title: (runs: number) => `cold start: the first digests in a fresh realm, median of ${runs} realms, milliseconds`,
  /** What its table's columns mean. */
  legend:
    "import = dynamic import of the row's library plus the row's preparation (a peer's adapter imports its package there); 1st call = the first digest of the seed string (digestlab's WebAssembly is compiled and instantiated in it); 2nd call = the same digest again; import + 1st = per realm, then the median; lower is faster",
} as const;
