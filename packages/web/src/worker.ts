/**
 * The Worker's entry: only this, so that no other chunk of the build imports it. The peers' chunks, loaded when a
 * row first runs, share code with the engine; had that code stayed in the entry chunk they would import the entry
 * by URL, and WebKit (WebKitGTK 2.50) then evaluates a module Worker's main script a second time: a second message
 * handler, and every bench ran twice (two runs saved). The engine is worker-main.ts, loaded here; messages that
 * come before it is ready are kept and answered in order.
 */
import type { ToWorker } from './protocol.js';

const early: MessageEvent<ToWorker>[] = [];
const keep = (e: MessageEvent<ToWorker>) => early.push(e);
addEventListener('message', keep);
import('./worker-main.js').then(({ listen }) => {
  removeEventListener('message', keep);
  listen(early);
});
