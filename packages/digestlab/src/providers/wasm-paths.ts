/**
 * What provider `wasm` does for one construction (its {@link WasmPaths}), and the core module they share. Each
 * construction's paths live beside it: wasm-md.ts, wasm-sponge.ts, wasm-blake2.ts, wasm-blake3.ts, wasm-crc.ts,
 * wasm-xxhash.ts; wasm.ts picks one by the spec's construction kind (the checksums' by algorithm).
 */

import type { ChecksumHash } from '../constructions/checksum/checksum.js';
import type { Blake2Hash } from '../constructions/haifa/haifa.js';
import type { MDHash } from '../constructions/merkle-damgard/merkle-damgard.js';
import type { SpongeHash } from '../constructions/sponge/sponge.js';
import type { TreeHash } from '../constructions/tree/tree.js';
import type { AlgorithmParams, AlgorithmSpec } from '../spec/algorithm.js';
import { load, type Wasm } from '../wasm/module.js';

/** A streaming engine over our WebAssembly: the TypeScript construction with its core swapped. */
export type WasmEngine = MDHash | SpongeHash | TreeHash | Blake2Hash | ChecksumHash;

/** The core module (MD hashes and Keccak), which resolve() made sure this runtime compiles. */
export function wasm(): Wasm {
  const w = load();
  if (!w) throw new Error('digestlab: the wasm provider was used while unavailable'); // resolve() prevents this
  return w;
}

/** What the provider does for one construction; `prepare*` where something can be looked up once, not per call. */
export interface WasmPaths {
  create(spec: AlgorithmSpec, outputLength?: number, params?: AlgorithmParams): WasmEngine;
  bytes(spec: AlgorithmSpec, data: Uint8Array | string, outputLength?: number, params?: AlgorithmParams): Uint8Array;
  hex(spec: AlgorithmSpec, data: Uint8Array | string, outputLength?: number, params?: AlgorithmParams): string;
  prepareBytes?(spec: AlgorithmSpec): (data: Uint8Array | string) => Uint8Array;
  prepareHex?(spec: AlgorithmSpec): (data: Uint8Array | string) => string;
}
