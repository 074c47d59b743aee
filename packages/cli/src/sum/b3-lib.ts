/**
 * The part of the library that b3sum's mode (b3sum.ts, b3-parallel.ts) and its workers (b3-worker.ts) hash with:
 * BLAKE3's engines, whole (`createBlake3Tree`) or by subtree. scripts/build/bundle-sum.mjs bundles this module from the
 * library's blake3-split module alone (which index.ts re-exports), so that `digestlab sum -a blake3` loads ~80 KB of
 * the library rather than all of it. No `auto` here: for BLAKE3 it takes the same engines (node:crypto has no
 * BLAKE3): over our WebAssembly core, or the TypeScript one where the runtime has no WebAssembly (`node --jitless`).
 */
export { type Blake3ModeOptions, createBlake3Subtree, createBlake3Tree } from 'digestlab';
