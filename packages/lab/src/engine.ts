/**
 * The benchmark engine: plan (options checked, cells laid out), check (every cell against a reference before
 * anything is timed), time (a table row's cells interleaved), analyze (rates) and assemble (the report). Each part is
 * its own module under bench/; this file composes them. Platform-neutral: what only a host can do (a reference
 * digest, GC, versions of installed packages, CPU model) comes in through {@link Host}.
 */
import { type AlgorithmName, algorithms, digest, hmac, providers as libraryProviders } from 'digestlab';
import { analyzeCell } from './bench/analyze.js';
import { assembleReport } from './bench/assemble.js';
import { type Cell, liveCells, plannedCell } from './bench/cells.js';
import { checkCells } from './bench/check.js';
import type { BenchEvent } from './bench/events.js';
import type { Host, Progress, Reference } from './bench/host.js';
import { type BenchOptions, type BenchPlan, planBench, planRows } from './bench/plan.js';
import { timeCells } from './bench/time.js';
import type { BenchReport } from './report.js';
import type { TimingOptions } from './timing.js';

export { analyzeCell } from './bench/analyze.js';
export { type Cell, label as cellLabel, tableRows } from './bench/cells.js';
export { checkCells } from './bench/check.js';
export type { BenchEvent } from './bench/events.js';
export { Expectations, ReferenceMismatchError, randomBytes } from './bench/expected.js';
export type { Host, Progress, Reference } from './bench/host.js';
export { type BenchOptions, type BenchPlan, DEFAULTS, type PlannedCell, planBench } from './bench/plan.js';
export { readCharsForTests, timeCells, WASM_WARMUP_MS, warmUpFor } from './bench/time.js';
export { lastOutputWrong } from './bench/timed.js';
export {
  DEFAULT_WORKLOADS,
  isWorkload,
  WORKLOADS,
  type WorkloadSpec,
  workloadSpec,
} from './bench/workloads/index.js';
export { manyMismatch } from './bench/workloads/many.js';
export { allRows, resolveAlgorithms, resolveProviders, UsageError } from './select.js';

/** What crypto.subtle computes everywhere, from the library's registry: SHA-1 and SHA-256/384/512. */
const SUBTLE: ReadonlySet<AlgorithmName> = new Set(
  algorithms().flatMap((a) => (a.webCrypto === 'always' ? [a.name] : [])),
);

/**
 * The default reference when the host gives none: digestlab's `node` provider (node:crypto) where the runtime has
 * it, else WebCrypto for the SHA family. Algorithms neither has fall back to our `ts` provider (see bench/expected.ts).
 */
export function defaultReference(): Reference {
  const info = libraryProviders();
  const node = info.find((p) => p.id === 'node' && p.available);
  if (node) {
    return {
      name: 'node:crypto (through digestlab provider "node")',
      digest: (algorithm, data) =>
        node.algorithms.includes(algorithm) ? digest(algorithm, data, { provider: 'node' }) : undefined,
      hmac: (algorithm, key, data) =>
        node.algorithms.includes(algorithm) ? hmac(algorithm, key, data, { provider: 'node' }) : undefined,
    };
  }
  return {
    name: 'WebCrypto (crypto.subtle)',
    async digest(algorithm, data) {
      const subtle = (globalThis as { crypto?: Crypto }).crypto?.subtle;
      if (!subtle || !SUBTLE.has(algorithm)) return undefined;
      return new Uint8Array(await subtle.digest(algorithm, data as Uint8Array<ArrayBuffer>));
    },
    async hmac(algorithm, key, data) {
      const subtle = (globalThis as { crypto?: Crypto }).crypto?.subtle;
      if (!subtle || !SUBTLE.has(algorithm) || key.length === 0) {
        return undefined;
      }
      const k = await subtle.importKey(
        'raw',
        key as Uint8Array<ArrayBuffer>,
        { name: 'HMAC', hash: algorithm },
        false,
        ['sign'],
      );
      return new Uint8Array(await subtle.sign('HMAC', k, data as Uint8Array<ArrayBuffer>));
    },
  };
}

/**
 * Runs a plan: check, time, analyze, assemble, with every step reported as a {@link BenchEvent} (the progress ones
 * also to `host.onProgress`). A page that showed a plan runs that plan. Never throws for a row's failure (that row
 * becomes wrong/skipped).
 */
export async function runPlan(plan: BenchPlan, host: Host = {}): Promise<BenchReport> {
  const date = new Date().toISOString();
  const started = performance.now();
  const emit = (e: BenchEvent) => {
    host.onEvent?.(e);
    if (e.type === 'progress') host.onProgress?.(e.progress);
  };
  const progress = (p: Progress) => emit({ type: 'progress', progress: p });
  const reference = host.reference ?? defaultReference();
  const timing: TimingOptions = {
    ...plan.timing,
    ...(host.gc ? { gc: host.gc } : {}),
    ...(host.now ? { now: host.now } : {}),
  };
  emit({ type: 'plan', plan });
  const cells: Cell[] = liveCells(plan.cells, planRows(plan, host));
  const checked = await checkCells(cells, reference, plan, progress, (cell) =>
    emit({ type: 'checked', cell: plannedCell(cell), status: cell.status }),
  );
  const onTimed = (cell: Cell) => {
    analyzeCell(cell);
    emit({
      type: 'timed',
      cell: plannedCell(cell),
      median: cell.status === 'ok' ? (cell.summary?.median ?? null) : null,
    });
  };
  const timed = host.timeCells
    ? await host.timeCells(cells, timing, onTimed)
    : await timeCells(cells, timing, plan, progress, onTimed);
  const report = assembleReport(plan, cells, {
    date,
    durationSeconds: Math.round((performance.now() - started) / 100) / 10,
    reference: reference.name,
    gc: Boolean(host.gc),
    messages: [...checked, ...timed],
    ...(host.env ? { env: host.env } : {}),
  });
  emit({ type: 'done', report });
  return report;
}

/** Runs the benchmark: {@link planBench}, then {@link runPlan}. Throws UsageError for a mistake in `options`. */
export async function runBench(options: BenchOptions = {}, host: Host = {}): Promise<BenchReport> {
  return runPlan(planBench(options, host), host);
}
