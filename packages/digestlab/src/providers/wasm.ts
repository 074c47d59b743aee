/**
 * Provider `wasm`: our own WebAssembly (src/wasm), for MD5, SHA-1, the SHA-2 family, SHA-3, SHAKE and Keccak, MD4
 * the RIPEMDs, BLAKE2b and BLAKE2s (providers/wasm-blake2.ts), BLAKE3 (providers/wasm-blake3.ts), the CRCs and
 * Adler-32 (providers/wasm-crc.ts), and XXH32, XXH64 and XXH3 (providers/wasm-xxhash.ts).
 * The streaming engine is the TypeScript one (buffering, padding, length, state export: one implementation) with
 * its compression function, or its Keccak-f[1600], swapped for the WebAssembly one; short one-shot digests are
 * padded in place in WebAssembly memory and hashed in one call.
 */

import { lookup } from '../registry/registry.js';
import {
  type AlgorithmName,
  type AlgorithmParams,
  type AlgorithmSpec,
  unknownConstruction,
} from '../spec/algorithm.js';
import { moduleUnavailableReason } from '../wasm/availability.js';
import { moduleOfCore, wasmUnavailableReason } from '../wasm/module.js';
import type { WasmModuleName } from '../wasm/sources.js';
import type { Provider } from './provider.js';
import { BLAKE2_PATHS } from './wasm-blake2.js';
import { TREE_PATHS } from './wasm-blake3.js';
import { CRC_PATHS } from './wasm-crc.js';
import { MD_PATHS } from './wasm-md.js';
import type { WasmEngine, WasmPaths } from './wasm-paths.js';
import { SPONGE_PATHS } from './wasm-sponge.js';
import { XXHASH_PATHS } from './wasm-xxhash.js';

/** The checksums' WebAssembly, by algorithm (each family its own module): one row each. */
const CHECKSUM_PATHS: Partial<Record<AlgorithmName, WasmPaths>> = {
  'CRC-32': CRC_PATHS,
  'CRC-32C': CRC_PATHS,
  'CRC-64/NVME': CRC_PATHS,
  'CRC-64/XZ': CRC_PATHS,
  CKSUM: CRC_PATHS,
  ADLER32: CRC_PATHS,
  XXH32: XXHASH_PATHS,
  XXH64: XXHASH_PATHS,
  'XXH3-64': XXHASH_PATHS,
  'XXH3-128': XXHASH_PATHS,
};

/** The provider's one dispatch by construction: undefined for one it does not compute (MD2). */
function pathsOf(spec: AlgorithmSpec): WasmPaths | undefined {
  const c = spec.construction;
  switch (c.kind) {
    case 'merkle-damgard':
      return MD_PATHS;
    case 'sponge':
      return SPONGE_PATHS;
    case 'tree':
      return TREE_PATHS;
    case 'haifa':
      return BLAKE2_PATHS;
    case 'checksum':
      return CHECKSUM_PATHS[spec.name];
    case 'md2':
      return undefined;
    default:
      return unknownConstruction(c);
  }
}

/** The module each path's algorithms need (an MD hash's: by its core). */
const MODULE_OF = new Map<WasmPaths, WasmModuleName>([
  [SPONGE_PATHS, 'core'],
  [TREE_PATHS, 'blake3'],
  [BLAKE2_PATHS, 'blake2'],
  [CRC_PATHS, 'crc'],
  [XXHASH_PATHS, 'xxhash'],
]);

/**
 * Why an algorithm this provider computes does not run here while the provider does (its module was not handed
 * over where bytes do not compile), or undefined; also undefined for one it never computes (MD2).
 */
function algorithmUnavailableReason(algorithm: AlgorithmName): string | undefined {
  const spec = lookup(algorithm).spec;
  const p = pathsOf(spec);
  if (p === undefined) return undefined;
  const c = spec.construction;
  const module = c.kind === 'merkle-damgard' ? moduleOfCore(c.core) : (MODULE_OF.get(p) as WasmModuleName);
  return moduleUnavailableReason(module);
}

/** The paths of an algorithm `has()` accepted. */
function paths(spec: AlgorithmSpec): WasmPaths {
  const p = pathsOf(spec);
  if (!p) throw new Error(`digestlab: ${spec.name} has no WebAssembly core`); // has() prevents this
  return p;
}

/** A streaming engine of `spec` over our WebAssembly. */
export function createWasmEngine(spec: AlgorithmSpec, outputLength?: number, options?: AlgorithmParams): WasmEngine {
  return paths(spec).create(spec, outputLength, options);
}

export const wasmProvider: Provider = {
  id: 'wasm',
  implementedIn: 'WebAssembly',
  sync: true,
  streaming: true,
  exportsState: true,
  unavailableReason: wasmUnavailableReason,
  has: (algorithm: AlgorithmName) =>
    pathsOf(lookup(algorithm).spec) !== undefined && algorithmUnavailableReason(algorithm) === undefined,
  algorithmUnavailableReason,
  create: (algorithm, outputLength, params) => createWasmEngine(lookup(algorithm).spec, outputLength, params),
  digestOnce(algorithm, data, outputLength, params) {
    const spec = lookup(algorithm).spec;
    return paths(spec).bytes(spec, data, outputLength, params);
  },
  digestHexOnce(algorithm, data, outputLength, params) {
    const spec = lookup(algorithm).spec;
    return paths(spec).hex(spec, data, outputLength, params);
  },
  // the spec and the paths looked up once, not per call
  prepareHex(algorithm) {
    const spec = lookup(algorithm).spec;
    const p = paths(spec);
    return p.prepareHex?.(spec) ?? ((data) => p.hex(spec, data));
  },
  prepareBytes(algorithm) {
    const spec = lookup(algorithm).spec;
    const p = paths(spec);
    return p.prepareBytes?.(spec) ?? ((data) => p.bytes(spec, data));
  },
  async digestAsync(algorithm, data, outputLength, params) {
    return this.digestOnce(algorithm, data, outputLength, params);
  },
};
