/**
 * The bench's Worker (started by worker.ts): the engine runs here, so the page's main thread only draws (no long task
 * while timing). A Worker compiles WebAssembly synchronously, so digestlab's `wasm` provider works here without
 * `ready()`.
 */
import { UsageError } from '@digestlab/lab';
import { type OverflowSession, overflowDocument, renderExpectations, renderSummary } from '@digestlab/lab/overflow';
import { browserEnv, browserHost, type CheckedDigest, deviceInfo } from './host.js';
import { overflowHere, rowsHere, runLab } from './lab-adapter.js';
import type { FromWorker, ToWorker } from './protocol.js';

const post = (m: FromWorker) => postMessage(m);
/** The overflow run in progress: a `stop` message (handled while its loop breathes) stops it. */
let session: OverflowSession | undefined;

/** Runs an overflow plan to its end (or a stop) and posts the plan, every event, and the finished document. */
async function overflow(m: Extract<ToWorker, { type: 'overflow' }>): Promise<void> {
  const t0 = performance.now();
  const { plan, start } = overflowHere(
    m.ask,
    browserHost(() => {}, m.link),
  );
  post({
    type: 'overflow-plan',
    jobs: plan.jobs.map((j) => ({
      key: j.key,
      label: j.label,
      size: j.size,
      ...(j.record?.verdict === 'SKIPPED' ? { skipped: j.record.reason ?? 'skipped' } : {}),
    })),
    expectations: renderExpectations(plan),
  });
  session = start((event) => post({ type: 'overflow-event', event }));
  const result = await session.done;
  session = undefined;
  const seconds = (performance.now() - t0) / 1000;
  const document = overflowDocument(plan.run, result, {
    jobs: 1,
    strict: false,
    checkpoint: null,
    resumedFrom: null,
    env: { ...browserEnv(m.link), date: new Date().toISOString() },
    seconds,
    peakRssBytes: null,
  });
  post({ type: 'overflow-done', document, summary: renderSummary(result.records, { ...result, seconds }) });
}

/** Answers the page's messages: first those that came while this module loaded, then every later one. */
export function listen(early: readonly MessageEvent<ToWorker>[]): void {
  for (const e of early) void answer(e);
  addEventListener('message', answer);
}

async function answer(e: MessageEvent<ToWorker>): Promise<void> {
  const m = e.data;
  try {
    if (m.type === 'catalog') {
      post({ type: 'catalog', rows: await rowsHere(browserHost(() => {}, '')), device: deviceInfo() });
      return;
    }
    if (m.type === 'stop') {
      session?.stop();
      return;
    }
    if (m.type === 'overflow') {
      await overflow(m);
      return;
    }
    const digests: CheckedDigest[] = [];
    const host = browserHost((d) => digests.push(d), m.link, {
      onProgress: (progress) => post({ type: 'progress', progress }),
    });
    const report = await runLab(m.options, host);
    post({ type: 'done', report, digests });
  } catch (err) {
    post({
      type: 'error',
      message: err instanceof Error ? err.message : String(err),
      usage: err instanceof UsageError,
    });
  }
}
