/**
 * `-w cold`: the first digests in fresh realms. For every selected (row, algorithm) the row is first checked here,
 * in this realm (a wrong row gets no workers); then `runs` fresh worker threads, one at a time, each import the
 * row's library and call it twice on the seed string (cold-worker.ts), and every digest they return is checked
 * again. The figures are the medians over the workers.
 *
 * Worker threads, not processes: each is its own V8 isolate with its own module graph, so imports, JIT and
 * WebAssembly compilation start from nothing, and a worker costs ~0.1 s where a Node process costs ~0.2 s. What a
 * worker does not pay is Node's own start-up (not the row's cost anyway) and the first read of files from disk (the
 * OS page cache is shared): these are warm-cache cold starts, as on a machine that has run the program before.
 */
import {
  allRows,
  COLD,
  type ColdCell,
  type ColdResult,
  type ColdSample,
  type ColdTarget,
  emptyCold,
  type Host,
  type Prepared,
  type Progress,
  type Row,
  resolveAlgorithms,
  resolveProviders,
  summarizeCold,
} from '@digestlab/lab';
import type { AlgorithmName } from 'digestlab';
import type { ColdWorkerInput, ColdWorkerMessage } from './cold-worker.js';
import { inWorker, workerUrl } from './isolate.js';

export const COLD_DEFAULT_RUNS = COLD.defaultRuns;
export const COLD_REALM = `a fresh worker thread (its own V8 isolate), Node ${process.version}`;

/** Libraries the worker's harness imports statically: imported first in the worker, and timed. */
const PRELOAD: Record<string, string> = { digestlab: 'digestlab', 'node:crypto': 'node:crypto' };

const WORKER_URL = workerUrl('cold-worker.js');

export interface ColdOptions {
  algorithms?: readonly string[];
  providers?: readonly string[];
  /** Fresh realms per (row, algorithm). */
  runs: number;
}

/** A pair checked here, waiting for its fresh workers: where its result goes, and what a worker needs. */
interface Pending {
  at: number;
  cell: ColdCell;
  target: ColdTarget;
  expected: string;
}

function sample(input: ColdWorkerInput): Promise<ColdSample> {
  return new Promise((resolve, reject) => {
    let got: ColdWorkerMessage | undefined;
    inWorker<ColdWorkerMessage>(WORKER_URL, input, (m) => {
      got = m;
    }).then((code) => {
      if (got?.type === 'sample') resolve(got.sample);
      else reject(new Error(got?.type === 'error' ? got.message : `cold-start worker exited with code ${code}`));
    }, reject);
  });
}

/** What a fresh worker needs to load and call a checked row. */
function targetOf(row: Row, prepared: Prepared): ColdTarget {
  const preload = PRELOAD[row.library];
  return { id: row.id, kind: row.kind, library: row.library, async: prepared.async, ...(preload ? { preload } : {}) };
}

/**
 * Checks every pair in this realm ({@link COLD}'s check): the results in the engine's order, the pairs to measure
 * holding a placeholder that their workers' result replaces.
 */
async function checkHere(
  pairs: readonly { algorithm: AlgorithmName; row: Row }[],
  host: Host,
  onProgress: (p: Progress) => void,
): Promise<{ results: ColdResult[]; messages: string[]; pending: Pending[] }> {
  const results: ColdResult[] = [];
  const messages: string[] = [];
  const pending: Pending[] = [];
  for (const [done, { algorithm, row }] of pairs.entries()) {
    onProgress({ phase: 'check', done, total: pairs.length, label: COLD.label(algorithm, row.id) });
    const checked = await COLD.check(row, algorithm, host.reference);
    if (checked.status === 'none') continue;
    const cell = COLD.cell(algorithm, row, host);
    if (checked.status === 'ok') {
      pending.push({ at: results.length, cell, target: targetOf(row, checked.prepared), expected: checked.expected });
    } else if (checked.message) messages.push(checked.message);
    // a pending pair's placeholder, replaced by its workers' result
    results.push(emptyCold(cell, checked.status === 'wrong' ? 'wrong' : 'skipped'));
  }
  return { results, messages, pending };
}

/** `runs` fresh workers for one pair, one at a time; `onSample(k)` before the k-th. */
async function measure(p: Pending, runs: number, onSample: (k: number) => void): Promise<ColdSample[]> {
  const samples: ColdSample[] = [];
  for (let k = 0; k < runs; k++) {
    onSample(k);
    samples.push(await sample({ target: p.target, algorithm: p.cell.algorithm as AlgorithmName, input: COLD.input }));
  }
  return samples;
}

/** Cold starts of the selected rows and algorithms, in the engine's order (algorithm, then row). */
export async function runCold(
  options: ColdOptions,
  host: Host,
  onProgress: (p: Progress) => void = () => {},
): Promise<{ cold: ColdResult[]; messages: string[] }> {
  const rows = resolveProviders(options.providers, allRows(host));
  const algorithms = resolveAlgorithms(options.algorithms);
  const { results, messages, pending } = await checkHere(COLD.pairs(algorithms, rows), host, onProgress);
  const { runs } = options;
  const total = pending.length * runs;
  for (const [i, p] of pending.entries()) {
    const { algorithm, provider } = p.cell;
    const label = (k: number) => `${algorithm} ${provider} (${k + 1}/${runs})`;
    try {
      const samples = await measure(p, runs, (k) =>
        onProgress({ phase: 'cold', done: i * runs + k, total, label: label(k) }),
      );
      const { result, wrong } = summarizeCold(p.cell, samples, p.expected);
      results[p.at] = result;
      if (wrong) messages.push(`WRONG ${COLD.label(algorithm, provider)}: ${wrong}`);
    } catch (e) {
      results[p.at] = emptyCold(p.cell, 'skipped');
      messages.push(
        `${COLD.label(algorithm, provider)}: failed in a fresh worker (${e instanceof Error ? e.message : String(e)})`,
      );
    }
  }
  onProgress({ phase: 'cold', done: total, total, label: 'done' });
  return { cold: results, messages };
}
