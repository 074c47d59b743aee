/**
 * blake3-wasm: BLAKE3's Rust reference crate compiled to WebAssembly with wasm-bindgen (no native addon: the `blake3`
 * package is the one that prefers one). Version 2.1.5, not the newer 3.0.0: 3.0.0 depends on
 * `@c4312/blake3-internal@2.1.7`, a version never published, so npm cannot install it (and npm's `overrides` do not
 * help: npm fetches the missing version's manifest before overriding it).
 *
 * Node only. Its Node build reads its .wasm file from disk when loaded; its browser build imports the .wasm file as an
 * ES module (`import * as wasm from './blake3_js_bg.wasm'`, a webpack feature) or, in `browser-async`, fetches it
 * from a URL derived from its own script's, neither of which the page's Vite bundle resolves. So the row says it is
 * unavailable wherever there is no Node (Bun and Deno's Node compatibility load it).
 *
 * Each one-shot call is the library's `hash(input, { length })`: one complete, independent digest in WebAssembly
 * (a string is UTF-8 encoded by the library, with Node's Buffer). The stream is a `createHash()` object, freed after
 * its digest (wasm-bindgen objects are not garbage-collected).
 */
import type { AlgorithmName } from 'digestlab';
import { type Prepared, type Row, underNode } from '../rows.js';
import { cjs, defaultOutputBits, lacks, lazy } from './util.js';

interface NodeHash {
  update(data: Uint8Array): NodeHash;
  digest(options: { length: number }): Uint8Array;
  dispose(): void;
}

interface Blake3Wasm {
  hash(input: Uint8Array | string, options: { length: number }): Uint8Array & { toString(enc: 'hex'): string };
  createHash(): NodeHash;
}

const load = lazy(async () => cjs<Blake3Wasm>(await import('blake3-wasm')));

const ALGORITHMS: readonly AlgorithmName[] = ['BLAKE3-256'];

export const blake3Wasm: Row = {
  id: 'blake3-wasm',
  library: 'blake3-wasm',
  kind: 'peer',
  implementedIn: 'WebAssembly',
  note: 'hash() per call; Node only (its browser build needs a bundler that imports .wasm files)',
  algorithms: ALGORITHMS,
  outputLength: true,
  unavailableReason: () =>
    underNode()
      ? undefined
      : "Node only: its browser build imports its .wasm file in a way this page's bundle does not",
  async prepare(algorithm, options): Promise<Prepared> {
    if (!ALGORITHMS.includes(algorithm)) lacks('blake3-wasm', algorithm);
    const b3 = await load();
    const length = options?.outputLength ?? (defaultOutputBits(algorithm) ?? 256) / 8;
    const out = { length };
    return {
      async: false,
      hex: (s) => b3.hash(s, out).toString('hex'),
      bytes: (d) => b3.hash(d, out),
      stream: () => {
        const x = b3.createHash();
        return {
          update: (c) => void x.update(c),
          finish: () => {
            const digest = x.digest(out);
            x.dispose();
            return digest;
          },
        };
      },
    };
  },
};
