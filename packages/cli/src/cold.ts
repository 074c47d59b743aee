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
  type ColdResult,
  type ColdSample,
  type ColdTarget,
  emptyCold,
  type Host,
  outputHex,
  type Progress,
  resolveAlgorithms,
  resolveProviders,
  SEED_INPUT,
  SEED_JAVA_HEX,
  summarizeCold,
} from '@digestlab/lab';
import { type AlgorithmName, digestHex } from 'digestlab';
import type { ColdWorkerInput, ColdWorkerMessage } from './cold-worker.js';
import { inWorker, workerUrl } from './isolate.js';

export const COLD_DEFAULT_RUNS = 5;
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

/** The seed string's expected digest: Java's (a known answer) where the seed has one, else the host's reference. */
async function expectedHex(host: Host, algorithm: AlgorithmName): Promise<string> {
  const java = SEED_JAVA_HEX[algorithm];
  if (java) return java;
  const d = await host.reference?.digest(algorithm, new TextEncoder().encode(SEED_INPUT));
  return d ? outputHex(d) : digestHex(algorithm, SEED_INPUT, { provider: 'ts' });
}

/** Cold starts of the selected rows and algorithms, in the engine's order (algorithm, then row). */
export async function runCold(
  options: ColdOptions,
  host: Host,
  onProgress: (p: Progress) => void = () => {},
): Promise<{ cold: ColdResult[]; messages: string[] }> {
  const rows = resolveProviders(options.providers, allRows(host));
  const algorithms = resolveAlgorithms(options.algorithms);
  const results: ColdResult[] = [];
  const messages: string[] = [];
  type Cell = Pick<ColdResult, 'algorithm' | 'provider' | 'library' | 'version'>;
  const plan: { at: number; cell: Cell; target: ColdTarget; expected: string }[] = [];

  const pairs = algorithms.reduce((n, a) => n + rows.filter((r) => r.algorithms.includes(a)).length, 0);
  let checked = 0;
  for (const algorithm of algorithms) {
    for (const row of rows) {
      if (!row.algorithms.includes(algorithm)) continue;
      const cell: Cell = {
        algorithm,
        provider: row.id,
        library: row.library,
        version: host.versionOf?.(row.library) ?? 'unknown',
      };
      onProgress({ phase: 'check', done: checked++, total: pairs, label: `cold ${algorithm} ${row.id}` });
      if (row.unavailableReason?.()) {
        results.push(emptyCold(cell, 'skipped'));
        continue;
      }
      try {
        const p = await row.prepare(algorithm);
        if (!p.hex) continue; // digestMany: batches only, no first call of one string
        const expected = await expectedHex(host, algorithm);
        const got = outputHex(await p.hex(SEED_INPUT));
        if (got !== expected) {
          results.push(emptyCold(cell, 'wrong'));
          messages.push(
            `WRONG cold ${algorithm} ${row.id}: got ${got.slice(0, 40)}…, expected ${expected.slice(0, 40)}…`,
          );
          continue;
        }
        const preload = PRELOAD[row.library];
        const target: ColdTarget = {
          id: row.id,
          kind: row.kind,
          library: row.library,
          async: p.async,
          ...(preload ? { preload } : {}),
        };
        plan.push({ at: results.length, cell, target, expected });
        results.push(emptyCold(cell, 'skipped')); // replaced by the workers' result below
      } catch (e) {
        results.push(emptyCold(cell, 'skipped'));
        messages.push(`cold ${algorithm} ${row.id}: could not load (${e instanceof Error ? e.message : String(e)})`);
      }
    }
  }

  const total = plan.length * options.runs;
  let done = 0;
  for (const { at, cell, target, expected } of plan) {
    const samples: ColdSample[] = [];
    try {
      for (let k = 0; k < options.runs; k++) {
        onProgress({
          phase: 'cold',
          done,
          total,
          label: `${cell.algorithm} ${cell.provider} (${k + 1}/${options.runs})`,
        });
        samples.push(await sample({ target, algorithm: cell.algorithm as AlgorithmName, input: SEED_INPUT }));
        done++;
      }
    } catch (e) {
      results[at] = emptyCold(cell, 'skipped');
      messages.push(
        `cold ${cell.algorithm} ${cell.provider}: failed in a fresh worker (${e instanceof Error ? e.message : String(e)})`,
      );
      done += options.runs - samples.length;
      continue;
    }
    const { result, wrong } = summarizeCold(cell, samples, expected);
    results[at] = result;
    if (wrong) messages.push(`WRONG cold ${cell.algorithm} ${cell.provider}: ${wrong}`);
  }
  onProgress({ phase: 'cold', done, total, label: 'done' });
  return { cold: results, messages };
}
