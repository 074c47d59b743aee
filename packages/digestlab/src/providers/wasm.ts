/**
 * Provider `wasm`: our own WebAssembly (src/wasm), for MD5, SHA-1 and the SHA-2 family. The streaming engine is
 * the TypeScript one (buffering, padding, length, state export: one implementation) with its compression function
 * swapped for the WebAssembly one; short one-shot digests are padded in place in WebAssembly memory and hashed in
 * one call.
 */
import {
  type AlgorithmName,
  type AlgorithmSpec,
  type Compress,
  chainBytes,
  chainHex,
  MDHash,
  type MDParams,
  padInPlace,
} from '../block.js';
import { toHex } from '../bytes.js';
import { lookup } from '../registry.js';
import { INPUT, INPUT_CAPACITY, load, STATE, type Wasm, wasmUnavailableReason } from '../wasm/module.js';
import type { Provider } from './provider.js';

function wasm(): Wasm {
  const w = load();
  if (!w) throw new Error('digestlab: the wasm provider was used while unavailable'); // resolve() prevents this
  return w;
}

/** A compression function that runs `core` in WebAssembly: chaining value and blocks are copied in, and back. */
function compressIn(core: MDParams['core'], blockLength: number): Compress {
  const most = Math.floor(INPUT_CAPACITY / blockLength);
  return (chain, data, offset, blocks) => {
    const w = wasm();
    const words = w.words;
    const f = w.blocks[core];
    words.set(chain, STATE >> 2);
    while (blocks > 0) {
      const k = Math.min(blocks, most);
      const end = offset + k * blockLength;
      w.bytes.set(data.subarray(offset, end), INPUT);
      f(STATE, INPUT, k);
      offset = end;
      blocks -= k;
    }
    for (let i = 0; i < chain.length; i++) chain[i] = words[(STATE >> 2) + i];
  };
}

const compressors = new Map<AlgorithmSpec, Compress>();

function md(spec: AlgorithmSpec): MDParams {
  if (!spec.md) throw new Error(`digestlab: ${spec.name} has no WebAssembly core`); // has() prevents this
  return spec.md;
}

export function createWasmEngine(spec: AlgorithmSpec): MDHash {
  const params = md(spec);
  let compress = compressors.get(spec);
  if (!compress) {
    compress = compressIn(params.core, spec.blockLength);
    compressors.set(spec, compress);
  }
  return new MDHash(spec, params.iv, compress, params.littleEndian);
}

const encoder = new TextEncoder();

/**
 * Hashes short input wholly in memory: encode or copy it into the input area, pad it there, one call. Leaves the
 * digest's chaining value at STATE and returns true; false when the input does not fit (the caller streams it).
 */
function hashInPlace(w: Wasm, spec: AlgorithmSpec, data: Uint8Array | string): boolean {
  let n: number;
  if (typeof data === 'string') {
    // UTF-8 needs at most 3 bytes per UTF-16 unit
    if (data.length * 3 > INPUT_CAPACITY) return false;
    n = encoder.encodeInto(data, w.input).written;
  } else {
    if (data.length > INPUT_CAPACITY) return false;
    w.bytes.set(data, INPUT);
    n = data.length;
  }
  const params = md(spec);
  const padded = padInPlace(w.bytes, INPUT, n, spec.blockLength, params.littleEndian);
  w.words.set(params.iv, STATE >> 2);
  w.blocks[params.core](STATE, INPUT, padded / spec.blockLength);
  return true;
}

function streamed(spec: AlgorithmSpec, data: Uint8Array | string): Uint8Array {
  const engine = createWasmEngine(spec);
  engine.update(typeof data === 'string' ? encoder.encode(data) : data);
  return engine.digest();
}

export const wasmProvider: Provider = {
  id: 'wasm',
  implementedIn: 'WebAssembly',
  sync: true,
  streaming: true,
  exportsState: true,
  unavailableReason: wasmUnavailableReason,
  has: (algorithm: AlgorithmName) => lookup(algorithm).spec.md !== undefined,
  create: (algorithm) => createWasmEngine(lookup(algorithm).spec),
  digestOnce(algorithm, data) {
    const spec = lookup(algorithm).spec;
    const w = wasm();
    if (!hashInPlace(w, spec, data)) return streamed(spec, data);
    // STATE is 0: the chaining value is the memory's first words, laid out as the TypeScript engine's
    return chainBytes(w.words, spec.digestLength, md(spec).littleEndian);
  },
  digestHexOnce(algorithm, data) {
    const spec = lookup(algorithm).spec;
    const w = wasm();
    if (!hashInPlace(w, spec, data)) {
      return toHex(streamed(spec, data));
    }
    // STATE is 0: the chaining value is the memory's first words, laid out as the TypeScript engine's
    return chainHex(w.words, spec.digestLength, md(spec).littleEndian);
  },
  async digestAsync(algorithm, data) {
    return this.digestOnce(algorithm, data);
  },
};
