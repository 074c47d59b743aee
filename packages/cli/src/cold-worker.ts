/**
 * One cold start (`-w cold`): the body of a fresh worker thread, where nothing of the row's library is loaded yet.
 * This file imports only Node built-ins and types statically. The row's library is imported first, timed (for our
 * rows `digestlab`, for the baseline `node:crypto`: the harness below holds them statically, so it must come
 * after); then the harness, untimed; then the row is prepared (a peer's adapter imports its package there: timed
 * too) and called twice on the seed string.
 *
 * Our rows are prepared with `prepareOurs`, not through `ourRows()`: building those rows calls `providers()`,
 * which compiles digestlab's WebAssembly, and that belongs to the first call being measured.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ColdSample, ColdTarget, Prepared } from '@digestlab/lab';
import type { AlgorithmName } from 'digestlab';

export interface ColdWorkerInput {
  target: ColdTarget;
  algorithm: AlgorithmName;
  /** The string to hash (the seed's). */
  input: string;
}

export type ColdWorkerMessage = { type: 'sample'; sample: ColdSample } | { type: 'error'; message: string };

const post = (m: ColdWorkerMessage) => parentPort?.postMessage(m);
const { target, algorithm, input } = workerData as ColdWorkerInput;
const now = () => performance.now();

try {
  const t0 = now();
  if (target.preload) await import(target.preload);
  const preloadMs = now() - t0;

  const lab = await import('@digestlab/lab');
  let prepare: () => Prepared | Promise<Prepared>;
  if (target.kind === 'ours') {
    prepare = () => lab.prepareOurs(target.id, algorithm, target.async);
  } else if (target.id === 'node:crypto') {
    const { nodeCryptoRow } = await import('./node-host.js');
    prepare = () => nodeCryptoRow.prepare(algorithm);
  } else {
    const row = lab.PEERS.find((r) => r.id === target.id);
    if (!row) throw new Error(`no row "${target.id}" in a fresh worker`);
    prepare = () => row.prepare(algorithm);
  }

  const t1 = now();
  const p = await prepare();
  const t2 = now();
  const hex = p.hex;
  if (!hex) throw new Error(`${target.id} has no one-shot string call`);
  const first = await hex(input);
  const t3 = now();
  const second = await hex(input);
  const t4 = now();
  post({
    type: 'sample',
    sample: {
      importMs: preloadMs + (t2 - t1),
      firstMs: t3 - t2,
      secondMs: t4 - t3,
      first: lab.outputHex(first),
      second: lab.outputHex(second),
    },
  });
} catch (e) {
  post({ type: 'error', message: e instanceof Error ? e.message : String(e) });
}
