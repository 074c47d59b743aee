/**
 * xxHash in WebAssembly: the TypeScript engine (constructions/checksum/: buffering, the end, the state) with its
 * core's `blocks` swapped for a module's, so that streaming, clone and exported states are the TypeScript ones.
 * One table by algorithm: a row says which module's function runs an algorithm's whole blocks. An algorithm
 * without a row has no WebAssembly core (the provider says so through `has`).
 */

import { secretOf } from '../algorithms/xxh3-secret.js';
import { ChecksumHash, checksumOnce } from '../constructions/checksum/checksum.js';
import { toBytesTransient } from '../shared/bytes.js';
import { toHex } from '../shared/hex.js';
import type { AlgorithmName, AlgorithmSpec } from '../spec/algorithm.js';
import type { ChecksumCore, ChecksumParams } from '../spec/constructions.js';
import { INPUT, INPUT_BYTES, loadXxhash, SECRET, STATE } from '../wasm/xxhash.js';
import type { WasmPaths } from './wasm-paths.js';

type Blocks = ChecksumCore['blocks'];

/**
 * Whole blocks of `block` bytes through a module's function over the state (`words` 32-bit words at STATE): the
 * state copied in, the input in runs that fit the input area, the state copied back.
 */
function viaWasm(block: number, words: number, run: (p: number, n: number, seed: Int32Array) => void): Blocks {
  const room = Math.floor(INPUT_BYTES / block);
  return (s, d, off, n, seed) => {
    const w = loadXxhash();
    w.words.set(s, STATE >> 2);
    for (let done = 0; done < n; ) {
      const k = Math.min(n - done, room);
      const at = off + done * block;
      w.bytes.set(d.subarray(at, at + k * block), INPUT);
      run(INPUT, k, seed);
      done += k;
    }
    for (let i = 0; i < words; i++) s[i] = w.words[(STATE >> 2) + i];
  };
}

const xxh3Blocks = viaWasm(1024, 16, (p, n, seed) => {
  const w = loadXxhash();
  const secret = secretOf(seed).bytes;
  if (w.secret !== secret) {
    w.bytes.set(secret, SECRET);
    w.secret = secret;
  }
  w.xxh3(STATE, SECRET, p, n);
});

/** The rows: each algorithm's blocks in WebAssembly. */
const BLOCKS: Partial<Record<AlgorithmName, Blocks>> = {
  XXH32: viaWasm(16, 4, (p, n) => loadXxhash().xxh32(STATE, p, n)),
  XXH64: viaWasm(32, 8, (p, n) => loadXxhash().xxh64(STATE, p, n)),
  'XXH3-64': xxh3Blocks,
  'XXH3-128': xxh3Blocks,
};

const specs = new Map<AlgorithmSpec, AlgorithmSpec>();

/** `spec` with its core's blocks in WebAssembly (one per algorithm, kept): same name, code and state. */
function wasmSpec(spec: AlgorithmSpec): AlgorithmSpec {
  let w = specs.get(spec);
  if (w === undefined) {
    const c = spec.construction as ChecksumParams;
    const blocks = BLOCKS[spec.name] as Blocks;
    const derived: AlgorithmSpec = {
      ...spec,
      create: (_n, p) => new ChecksumHash(derived, p),
      construction: { ...c, core: { ...c.core, blocks } },
    };
    w = derived;
    specs.set(spec, w);
  }
  return w;
}

/** XXH32, XXH64, XXH3-64 and XXH3-128 (providers/wasm.ts's checksum table gives them these paths). */
export const XXHASH_PATHS: WasmPaths = {
  create: (spec, _n, params) => new ChecksumHash(wasmSpec(spec), params),
  bytes: (spec, data, _n, params) => checksumOnce(wasmSpec(spec), toBytesTransient(data), params),
  hex: (spec, data, _n, params) => toHex(checksumOnce(wasmSpec(spec), toBytesTransient(data), params)),
};
