// entry-worker.mjs with our WebAssembly handed over as modules, through the library's `workerd` entry (which the
// package's "sideEffects" keeps, as a bundler keeps dist/workerd.js).
import '../../../packages/digestlab/src/workerd.ts';

export { default } from './entry-worker.mjs';
