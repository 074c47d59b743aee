/**
 * The bench plan: options checked, algorithms and rows resolved, and every cell (workload × algorithm × row × size)
 * with the status known before anything runs. Pure and plain data, so a page can show what a run will measure —
 * and what it cannot, and why — before it starts.
 */
import type { AlgorithmName } from 'digestlab';
import type { ProviderMeta, Status, Unit, Workload } from '../report.js';
import type { Row } from '../rows.js';
import { MIB, SEED_COUNT } from '../seed.js';
import { allRows, resolveAlgorithms, resolveProviders, UsageError } from '../select.js';
import type { Host } from './host.js';
import { DEFAULT_WORKLOADS, isWorkload, type WorkloadSpec, workloadSpec } from './workloads/index.js';

export interface BenchOptions {
  /** Algorithm names or aliases; default: the seed's six. */
  algorithms?: readonly string[];
  /** Row ids; default: every row. */
  providers?: readonly string[];
  /** Default: seed and sizes (with sizes [1 MiB]: the default suite). `hmac`: HMAC of the seed string. */
  workloads?: readonly Workload[];
  /** Sizes for the `sizes` workload, bytes. Default [1 MiB]. */
  sizes?: readonly number[];
  /** Bytes per update in the `stream` workload. Default 1 MiB. */
  streamChunk?: number;
  sampleMs?: number;
  samples?: number;
  warmupMs?: number;
  /** Seed workload: run `count` calls literally, once, as the seed did. */
  exact?: boolean;
  /** The seed's N. Default 100000. */
  count?: number;
  /** Many workload: messages per call. Default 10000. */
  manyCount?: number;
  /** Many workload: bytes per message. Default 64. */
  manySize?: number;
}

export const DEFAULTS = {
  sampleMs: 50,
  samples: 5,
  warmupMs: 60,
  count: SEED_COUNT,
  streamChunk: MIB,
  manyCount: 10_000,
  manySize: 64,
} as const;

/** One cell of the tables: what is measured, in which unit, and its status before anything runs. */
export interface PlannedCell {
  workload: Workload;
  algorithm: AlgorithmName;
  /** Row id. */
  provider: string;
  /** Input bytes per call (93 for the seed and hmac); for `many`, bytes per message; for `stream`, bytes per update. */
  size: number;
  unit: Unit;
  /** `ok`: it will be checked, then timed; `unavailable`: the row lacks the algorithm; `skipped`: not on this runtime. */
  status: Status;
}

export interface BenchPlan {
  algorithms: AlgorithmName[];
  workloads: Workload[];
  /** The timing settings (the host's GC and clock come in when it runs). */
  timing: { sampleMs: number; samples: number; warmupMs: number };
  exact: boolean;
  count: number;
  manyCount: number;
  manySize: number;
  /** Every row asked for, with what it is (and why it is skipped here). */
  providers: ProviderMeta[];
  cells: PlannedCell[];
}

function positive(name: string, v: number | undefined, fallback: number, min = 0): number {
  const x = v ?? fallback;
  if (!Number.isFinite(x) || x < min) throw new UsageError(`${name} must be a number >= ${min} (got ${v})`);
  return x;
}

/** The rows a plan names, from what the host offers. */
export function planRows(plan: Pick<BenchPlan, 'providers'>, host: Pick<Host, 'rows'>): Row[] {
  return resolveProviders(
    plan.providers.map((p) => p.id),
    allRows(host),
  );
}

/** The options' numbers, checked, with their defaults. */
function settings(options: BenchOptions) {
  const sizes = [...new Set(options.sizes ?? [MIB])];
  for (const s of sizes) positive('size', s, 0, 1);
  return {
    sizes,
    streamChunk: positive('stream chunk', options.streamChunk, DEFAULTS.streamChunk, 1),
    timing: {
      sampleMs: positive('sample time (ms)', options.sampleMs, DEFAULTS.sampleMs, 0.001),
      samples: Math.floor(positive('samples', options.samples, DEFAULTS.samples, 1)),
      warmupMs: positive('warm-up (ms)', options.warmupMs, DEFAULTS.warmupMs, 0),
    },
    exact: options.exact ?? false,
    count: Math.floor(positive('count', options.count, DEFAULTS.count, 1)),
    manyCount: Math.floor(positive('many count', options.manyCount, DEFAULTS.manyCount, 1)),
    manySize: Math.floor(positive('many size', options.manySize, DEFAULTS.manySize, 0)),
  };
}

/** What a row is, for the report (with why it is skipped on this runtime). */
function providerMeta(row: Row, host: Pick<Host, 'versionOf'>): ProviderMeta {
  const skipped = row.unavailableReason?.();
  return {
    id: row.id,
    library: row.library,
    version: host.versionOf?.(row.library) ?? 'unknown',
    kind: row.kind,
    implementedIn: row.implementedIn,
    ...(row.note ? { note: row.note } : {}),
    ...(skipped ? { skipped } : {}),
  };
}

/** One workload's cells: algorithm, then row, then size, each with its status before anything runs. */
function workloadCells(
  spec: WorkloadSpec,
  algorithms: readonly AlgorithmName[],
  rows: readonly Row[],
  s: ReturnType<typeof settings>,
): PlannedCell[] {
  const unit: Unit = s.exact && spec.exact ? 's' : spec.unit;
  const sizes = spec.cellSizes(s);
  return algorithms.flatMap((algorithm) =>
    rows.flatMap((row) => {
      const has = spec.algorithmsOf(row).includes(algorithm);
      const status: Status = row.unavailableReason?.() ? 'skipped' : has ? 'ok' : 'unavailable';
      return sizes.map((size) => ({ workload: spec.name, algorithm, provider: row.id, size, status, unit }));
    }),
  );
}

/** Checks the options and lays out the run; throws {@link UsageError} for a mistake in what was asked. */
export function planBench(options: BenchOptions = {}, host: Pick<Host, 'rows' | 'versionOf'> = {}): BenchPlan {
  const algorithms = resolveAlgorithms(options.algorithms);
  const selected = resolveProviders(options.providers, allRows(host));
  const workloads: Workload[] = [...new Set(options.workloads ?? DEFAULT_WORKLOADS)];
  const unknown = workloads.find((w) => !isWorkload(w));
  if (unknown !== undefined) throw new UsageError(`unknown workload "${unknown}"`);
  const s = settings(options);
  const cells = workloads.flatMap((w) => workloadCells(workloadSpec(w), algorithms, selected, s));
  const { timing, exact, count, manyCount, manySize } = s;
  const providers = selected.map((row) => providerMeta(row, host));
  return { algorithms, workloads, timing, exact, count, manyCount, manySize, providers, cells };
}
