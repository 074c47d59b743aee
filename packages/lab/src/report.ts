/**
 * The report model: what a run produces, as plain data (`--json` prints it; every renderer reads it).
 *
 *   { "schema": "digestlab-bench/1", "env": {...}, "results": [ {...}, ... ] }
 *
 * Each result is one (workload, algorithm, provider, size) cell:
 *   workload   "seed" (the seed's 93-character string, string in, hex out), "sizes" (bytes in, digest out, one
 *              size per result) or "stream" (`size`-byte updates into one long-lived digest)
 *   algorithm  canonical name, e.g. "SHA-256"
 *   provider   the row id: our provider (`ts`, `node`, `webcrypto`), `node:crypto` (the runtime's own, called
 *              directly), or the peer's npm name (`js-md5`, or `js-md5:toplevel` for its top-level function)
 *   library    npm package name the code comes from (`digestlab` for our providers); version: its installed version
 *   size       input bytes per call (93 for the seed)
 *   unit       "ops/s" (seed), "MiB/s" (sizes, stream; MiB = 2^20 bytes), or "s" (seed with --exact: seconds for
 *              env.timing.count calls, timed once as the seed did)
 *   median, min, max, mad   over the samples, in `unit` (MAD unscaled: median of |x - median|); null unless ok
 *   samples    how many samples were taken (0 unless ok)
 *   status     "ok"; "wrong" (its output disagreed with the reference, so it was not timed); "unavailable" (the
 *              library has no such algorithm, or cannot take this input); "skipped" (not available on this runtime;
 *              env.providers says why)
 */
import type { ImplementedIn, RowKind } from './rows.js';

export const SCHEMA = 'digestlab-bench/1';

export type Workload = 'seed' | 'sizes' | 'stream';
export const WORKLOADS: readonly Workload[] = ['seed', 'sizes', 'stream'];
export type Status = 'ok' | 'wrong' | 'unavailable' | 'skipped';
export type Unit = 'ops/s' | 'MiB/s' | 's';

export interface BenchResult {
  workload: Workload;
  algorithm: string;
  provider: string;
  library: string;
  version: string;
  size: number;
  unit: Unit;
  median: number | null;
  min: number | null;
  max: number | null;
  mad: number | null;
  samples: number;
  status: Status;
}

export interface ProviderMeta {
  id: string;
  library: string;
  version: string;
  kind: RowKind;
  implementedIn: ImplementedIn;
  note?: string;
  /** Present when the row was skipped on this runtime: why. */
  skipped?: string;
}

export interface BenchEnv {
  /** "node", "bun", "deno", or the browser's user agent family. */
  runtime: string;
  runtimeVersion: string;
  cpu: string;
  cores: number;
  os: string;
  /** 1, 5 and 15 minute load averages when the run started, where the host knows them: a busy machine is noisy. */
  loadAverage?: number[];
  /** ISO time the run started. */
  date: string;
  /** Wall-clock duration of the whole run, seconds. */
  durationSeconds?: number;
  /** The command line that produced the run, when a CLI ran it. */
  command?: string;
  /** Each (provider, algorithm) ran in a fresh worker / isolate (`--isolate`). */
  isolated?: boolean;
  /** The lab's settings. */
  timing: {
    sampleMs: number;
    samples: number;
    warmupMs: number;
    exact: boolean;
    /** Calls per run with --exact; and the N of the seed's "seconds for N" figure. */
    count: number;
    gc: boolean;
  };
  /** What each row's output was checked against. */
  reference: string;
  /** Every row that was asked for, with what it is. */
  providers: ProviderMeta[];
  /** Details of wrong rows and other things a reader should know. */
  messages: string[];
}

export interface BenchReport {
  schema: typeof SCHEMA;
  env: BenchEnv;
  results: BenchResult[];
}

/** A report read from JSON: schema and shape checked, so compare and renderers can trust it. */
export function parseReport(text: string, source = 'input'): BenchReport {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new Error(`${source}: not JSON (${(e as Error).message})`);
  }
  const r = data as Partial<BenchReport>;
  if (!r || typeof r !== 'object' || r.schema !== SCHEMA) {
    throw new Error(`${source}: not a digestlab bench report (schema must be "${SCHEMA}")`);
  }
  if (!r.env || typeof r.env !== 'object' || !Array.isArray(r.results)) {
    throw new Error(`${source}: a report needs "env" and "results"`);
  }
  for (const [i, x] of r.results.entries()) {
    if (
      !x ||
      typeof x.workload !== 'string' ||
      typeof x.algorithm !== 'string' ||
      typeof x.provider !== 'string' ||
      typeof x.size !== 'number' ||
      typeof x.status !== 'string'
    ) {
      throw new Error(`${source}: results[${i}] is not a result`);
    }
  }
  return r as BenchReport;
}
