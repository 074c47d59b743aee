/** The self-test's Worker: known answers with no ready() call, so `wasm` here is compiled synchronously. */
import { type KatVector, runKat } from './kat.js';

addEventListener('message', async (e: MessageEvent<KatVector[]>) => {
  postMessage(await runKat(e.data));
});
