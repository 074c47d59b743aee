/**
 * The bench's Worker: the engine runs here, so the page's main thread only draws (no long task while timing).
 * A Worker compiles WebAssembly synchronously, so digestlab's `wasm` provider works here without `ready()`.
 */
import { UsageError } from '@digestlab/lab';
import { browserHost, type CheckedDigest, deviceInfo } from './host.js';
import { rowsHere, runLab } from './lab-adapter.js';
import type { FromWorker, ToWorker } from './protocol.js';

const post = (m: FromWorker) => postMessage(m);

addEventListener('message', async (e: MessageEvent<ToWorker>) => {
  const m = e.data;
  try {
    if (m.type === 'catalog') {
      post({ type: 'catalog', rows: await rowsHere(browserHost(() => {}, '')), device: deviceInfo() });
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
});
