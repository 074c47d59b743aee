/**
 * The self-test page: exposes the known-answer run to the browser test (`window.digestlabSelfTest`), on this main
 * thread and in a Worker, so the library is proven where it runs in a browser.
 */
import { ready } from 'digestlab';
import { type KatResult, type KatVector, runKat } from './kat.js';

export interface SelfTest {
  /** Before ready(): what the main thread has (wasm must be compiled asynchronously first). */
  beforeReady(): Promise<Pick<KatResult, 'available' | 'autoPicks'>>;
  /** After `await ready()`, on the main thread. */
  main(vectors: KatVector[]): Promise<KatResult>;
  /** In a module Worker that never calls ready(): WebAssembly compiled synchronously there. */
  worker(vectors: KatVector[]): Promise<KatResult>;
}

const selfTest: SelfTest = {
  async beforeReady() {
    const r = await runKat([
      {
        algorithm: 'SHA-256',
        name: 'abc',
        text: 'abc',
        md: 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
      },
    ]);
    return { available: r.available, autoPicks: r.autoPicks };
  },
  async main(vectors) {
    await ready();
    return runKat(vectors);
  },
  worker(vectors) {
    const w = new Worker(new URL('./selftest-worker.ts', import.meta.url), { type: 'module' });
    return new Promise((resolve, reject) => {
      w.onmessage = (e: MessageEvent<KatResult>) => {
        w.terminate();
        resolve(e.data);
      };
      w.onerror = (e) => reject(new Error(e.message));
      w.postMessage(vectors);
    });
  },
};

(window as unknown as { digestlabSelfTest: SelfTest }).digestlabSelfTest = selfTest;
document.body.dataset.state = 'ready';
