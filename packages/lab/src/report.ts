/**
 * The report model: what a run produces, as plain data (`--json` prints it; every renderer reads it).
 *
 *   { "schema": "digestlab-bench/1", "env": {...}, "results": [ {...}, ... ], "cold": [ {...}, ... ] }
 *
 * Each result is one (workload, algorithm, provider, size) cell:
 *   workload   "seed" (the seed's 93-character string, string in, hex out), "sizes" (bytes in, digest out, one
 *              size per result), "stream" (`size`-byte updates into one long-lived digest), "many" (`count`
 *              independent `size`-byte messages per call: a loop of one-shot calls, or one `digestMany` call) or
 *              "hmac" (a one-shot HMAC of the seed's string with a 32-byte key, keyed anew per call, hex out)
 *   algorithm  canonical name, e.g. "SHA-256" (for "hmac": the digest's name, "SHA-256" for HMAC-SHA-256)
 *   provider   the row id: our provider (`ts`, `wasm`, `node`, `webcrypto`), `auto` (digestlab's default, no
 *              provider option), `digestMany`, `node:crypto` (the runtime's own, called directly), or the peer's
 *              npm name (`js-md5`, or `js-md5:toplevel` for its top-level function)
 *   library    npm package name the code comes from (`digestlab` for our providers); version: its installed version
 *   size       input bytes per call (93 for the seed and hmac); for "many", bytes per message
 *   count      "many" only: messages per call
 *   unit       "ops/s" (seed, hmac), "MiB/s" (sizes, stream; MiB = 2^20 bytes), "msg/s" (many: messages per second), or
 *              "s" (seed with --exact: seconds for env.timing.count calls, timed once as the seed did)
 *   median, min, max, mad   over the samples, in `unit` (MAD unscaled: median of |x - median|); null unless ok
 *   samples    how many samples were taken (0 unless ok)
 *   status     "ok"; "wrong" (its output disagreed with the reference, so it was not timed); "unavailable" (the
 *              library has no such algorithm, or cannot take this input); "skipped" (not available on this runtime;
 *              env.providers says why)
 *
 * `cold` (present only when a cold start was measured, `-w cold` in the CLI): per (provider, algorithm), the first
 * calls in fresh realms; see {@link ColdResult}. Not part of `results`, so compare and CSV are unchanged by it.
 */
import type { ImplementedIn, RowKind } from './rows.js';
import type { RuntimeFacts } from './runtime.js';

export const SCHEMA = 'digestlab-bench/1';

/**
 * What the engine times: each one's descriptor is in bench/workloads/ (`WORKLOADS`). A cold start (`cold`) is
 * measured by a host in fresh realms, reported in `cold`.
 */
export type Workload = 'seed' | 'sizes' | 'stream' | 'many' | 'hmac';
export type Status = 'ok' | 'wrong' | 'unavailable' | 'skipped';
export type Unit = 'ops/s' | 'MiB/s' | 'msg/s' | 's';

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
  /** Workload "many" only: messages per call (each `size` bytes). */
  count?: number;
}

/** Milliseconds over the fresh realms of a cold start. */
export interface ColdStat {
  median: number;
  min: number;
  max: number;
}

/**
 * A cold start of one (provider, algorithm): in each of `runs` fresh realms (worker threads in the CLI), nothing of
 * the row's library loaded yet, the time to load it, then its first and second digest of the seed string.
 */
export interface ColdResult {
  algorithm: string;
  provider: string;
  library: string;
  version: string;
  /** Fresh realms measured (0 unless ok). */
  runs: number;
  /**
   * Dynamic import of the row's library plus the row's own preparation (a peer's adapter imports its package
   * there; hash-wasm also creates its hasher, compiling its WebAssembly). Null unless ok.
   */
  importMs: ColdStat | null;
  /** The first digest of the seed string (digestlab's WebAssembly is compiled and instantiated in this call). */
  firstMs: ColdStat | null;
  /** The second digest of the same string, right after the first. */
  secondMs: ColdStat | null;
  /** importMs + firstMs per realm: the time from nothing to the first digest. */
  totalMs: ColdStat | null;
  /** As in results: "ok", "wrong" (a first or second digest disagreed with the reference), "skipped". */
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

/** What a browser tells about itself (the web page's runs): a browser cannot name its CPU. */
export interface DeviceInfo {
  userAgent: string;
  /** navigator.hardwareConcurrency: logical cores the browser admits to. */
  hardwareConcurrency: number;
  /** WebAssembly SIMD (128-bit) validates here: digestMany's 4-lane path runs. */
  wasmSimd: boolean;
  /** A secure context (HTTPS or localhost): only there do browsers expose crypto.subtle (WebCrypto). */
  secureContext: boolean;
  /** Cross-origin isolated: browsers coarsen performance.now() less then. */
  crossOriginIsolated: boolean;
  /** The smallest step of performance.now() observed, ms (Chromium: 0.1 unless isolated). */
  timerResolutionMs: number;
}

export interface BenchEnv extends RuntimeFacts {
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
  /** How the cold start was measured, when it was: fresh realms per (provider, algorithm), and what they were. */
  cold?: { runs: number; realm: string };
  /** Present when a browser ran it (the web page). */
  device?: DeviceInfo;
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
  /** Present only when a cold start was measured. */
  cold?: ColdResult[];
}

/**
 * A document that is not what it claims (not JSON, another schema, a field missing or of the wrong type). The
 * message names the source and the place: `run.json: results[3].verdict must be one of PASS, FAIL, ...`.
 */
export class ReportError extends Error {
  override name = 'ReportError';
}

/** The parsed JSON of a report's text, or a {@link ReportError} naming `source`. */
export function parseJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new ReportError(`${source}: not JSON (${(e as Error).message})`);
  }
}

/** A report read from JSON: schema and shape checked, so compare and renderers can trust it. */
export function parseReport(text: string, source = 'input'): BenchReport {
  return checkBenchReport(parseJson(text, source), source);
}

/** Parsed JSON checked as a bench report (see {@link parseReport}). */
export function checkBenchReport(data: unknown, source: string): BenchReport {
  const r = data as Partial<BenchReport>;
  if (!r || typeof r !== 'object' || r.schema !== SCHEMA) {
    throw new ReportError(`${source}: not a digestlab bench report (schema must be "${SCHEMA}")`);
  }
  if (!r.env || typeof r.env !== 'object' || !Array.isArray(r.results)) {
    throw new ReportError(`${source}: a report needs "env" and "results"`);
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
      throw new ReportError(`${source}: results[${i}] is not a result`);
    }
  }
  if (r.cold !== undefined) {
    if (!Array.isArray(r.cold)) throw new ReportError(`${source}: "cold" must be a list`);
    for (const [i, x] of r.cold.entries()) {
      if (!x || typeof x.algorithm !== 'string' || typeof x.provider !== 'string' || typeof x.status !== 'string') {
        throw new ReportError(`${source}: cold[${i}] is not a cold-start result`);
      }
    }
  }
  return r as BenchReport;
}

/**
 * The device a run ran on, in a few words: the OS's first word and the runtime, with a browser's engine ("Linux
 * node", "Android Chrome (Blink)", "iOS Chrome (WebKit)"). Enough to tell a PC's run from a phone's, and one engine
 * from another, in a table header or a file name; the full env says the rest.
 */
export function runDevice(env: { os?: unknown; runtime?: unknown; browser?: unknown }): string {
  const os = typeof env.os === 'string' ? (env.os.trim().split(/\s+/)[0] ?? '') : '';
  const { name, engine } = (env.browser ?? {}) as { name?: unknown; engine?: unknown };
  const browser = typeof name === 'string' ? `${name}${typeof engine === 'string' ? ` (${engine})` : ''}` : undefined;
  const runtime = browser ?? (typeof env.runtime === 'string' ? env.runtime : '');
  return `${os} ${runtime.trim()}`.trim() || 'unknown';
}
