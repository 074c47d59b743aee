/**
 * `--isolate`: every (provider, algorithm) pair runs in a fresh worker thread, one worker at a time. Each gets a
 * new V8 isolate, so no library's garbage, JIT feedback or polymorphic call sites (our providers share one
 * Merkle–Damgård base across algorithms) carry over from an earlier case. The worker runs the same
 * platform-neutral engine; only the orchestration here is Node's.
 */
import { Worker } from 'node:worker_threads';
import {
  allRows,
  type BenchOptions,
  type BenchReport,
  type Progress,
  type ProviderMeta,
  resolveAlgorithms,
  resolveProviders,
  WORKLOADS,
} from '@digestlab/lab';
import { nodeHost } from './node-host.js';

export interface WorkerInput {
  options: BenchOptions;
  command: string;
}

export type WorkerMessage = { type: 'progress'; progress: Progress } | { type: 'report'; report: BenchReport };

/** A built worker script of this package (from the sources, as under vitest: the built copy in dist/). */
export function workerUrl(name: string): URL {
  return import.meta.url.endsWith('.ts')
    ? new URL(`../dist/${name}`, import.meta.url)
    : new URL(`./${name}`, import.meta.url);
}

const WORKER_URL = workerUrl('worker.js');

/**
 * Runs `url` in a fresh worker thread (a new V8 isolate) with `data`, passing every message it posts to
 * `onMessage`; resolves with its exit code, rejects when it throws.
 */
export function inWorker<M>(url: URL, data: unknown, onMessage: (m: M) => void): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(url, { workerData: data });
    worker.on('message', onMessage);
    worker.on('error', reject);
    worker.on('exit', resolve);
  });
}

async function runWorker(input: WorkerInput, onProgress: (p: Progress) => void): Promise<BenchReport> {
  let report: BenchReport | undefined;
  const code = await inWorker<WorkerMessage>(WORKER_URL, input, (m) => {
    if (m.type === 'progress') onProgress(m.progress);
    else report = m.report;
  });
  if (!report) throw new Error(`bench worker exited with code ${code} and no report`);
  return report;
}

/** Runs each (provider, algorithm) in its own worker, sequentially, and merges the reports into one. */
export async function runIsolated(
  options: BenchOptions,
  command: string,
  onProgress: (p: Progress) => void,
): Promise<BenchReport> {
  const host = nodeHost(command);
  const rows = resolveProviders(options.providers, allRows(host));
  const algorithms = resolveAlgorithms(options.algorithms);
  const started = performance.now();
  const pairs = rows.flatMap((row) => algorithms.map((algorithm) => ({ row, algorithm })));
  const reports: BenchReport[] = [];
  let done = 0;
  for (const { row, algorithm } of pairs) {
    const label = `${row.id} ${algorithm}`;
    onProgress({ phase: 'time', done, total: pairs.length, label });
    reports.push(
      await runWorker({ options: { ...options, providers: [row.id], algorithms: [algorithm] }, command }, (p) =>
        onProgress({ phase: 'time', done, total: pairs.length, label: `${label}: ${p.phase} ${p.label}` }),
      ),
    );
    done++;
  }
  onProgress({ phase: 'time', done, total: pairs.length, label: 'done' });
  return merge(
    reports,
    rows.map((r) => r.id),
    algorithms,
    (performance.now() - started) / 1000,
  );
}

function merge(
  reports: BenchReport[],
  providerOrder: string[],
  algorithmOrder: string[],
  seconds: number,
): BenchReport {
  const first = reports[0];
  const providers = new Map<string, ProviderMeta>();
  const messages: string[] = [];
  for (const r of reports) {
    for (const p of r.env.providers) if (!providers.has(p.id)) providers.set(p.id, p);
    for (const m of r.env.messages) if (!messages.includes(m)) messages.push(m);
  }
  const results = reports.flatMap((r) => r.results);
  const idx = (list: readonly string[], x: string) => list.indexOf(x);
  const workloadOrder = WORKLOADS.map((w) => w.name);
  results.sort(
    (a, b) =>
      idx(workloadOrder, a.workload) - idx(workloadOrder, b.workload) ||
      idx(algorithmOrder, a.algorithm) - idx(algorithmOrder, b.algorithm) ||
      idx(providerOrder, a.provider) - idx(providerOrder, b.provider) ||
      a.size - b.size,
  );
  return {
    schema: first.schema,
    env: {
      ...first.env,
      durationSeconds: Math.round(seconds * 10) / 10,
      isolated: true,
      providers: providerOrder.map((id) => providers.get(id)).filter((p): p is ProviderMeta => p !== undefined),
      messages,
    },
    results,
  };
}
