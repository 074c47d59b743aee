/**
 * Provider `wasm`: our own WebAssembly (src/wasm), for MD5, SHA-1, the SHA-2 family, SHA-3, SHAKE and Keccak, MD4
 * the RIPEMDs, BLAKE2b and BLAKE2s (providers/wasm-blake2.ts) and BLAKE3 (providers/wasm-blake3.ts).
 * The streaming engine is the TypeScript one (buffering, padding, length, state export: one implementation) with
 * its compression function, or its Keccak-f[1600], swapped for the WebAssembly one; short one-shot digests are
 * padded in place in WebAssembly memory and hashed in one call.
 */

import type { Blake2Hash } from '../constructions/haifa/haifa.js';
import { chainBytes, MDHash, padInPlace } from '../constructions/merkle-damgard/merkle-damgard.js';
import { SpongeHash, STATE_WORDS, spongeOnce } from '../constructions/sponge/sponge.js';
import { createTree, treeOnce } from '../constructions/tree/modes.js';
import type { TreeHash } from '../constructions/tree/tree.js';
import { lookup } from '../registry/registry.js';
import { toBytesTransient } from '../shared/bytes.js';
import { CHAIN_HEX_MAX, chainHex, toHex } from '../shared/hex.js';
import { writeUtf8 } from '../shared/strings.js';
import type { AlgorithmName, AlgorithmParams, AlgorithmSpec } from '../spec/algorithm.js';
import type { Compress, KeccakCore, MDParams, SpongeParams } from '../spec/constructions.js';
import { loadBlake3, OUT } from '../wasm/blake3.js';
import { INPUT, INPUT_CAPACITY, STATE } from '../wasm/layout.js';
import { load, type Wasm, wasmUnavailableReason } from '../wasm/module.js';
import type { Provider } from './provider.js';
import { createWasmBlake2, wasmBlake2Bytes, wasmBlake2Hex } from './wasm-blake2.js';
import { rootInPlace, WASM_BLAKE3 } from './wasm-blake3.js';

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
    const f = w.blocksOf(core);
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

/**
 * Keccak in WebAssembly: the state is copied in, blocks are absorbed in runs that fit the input area, and the
 * state is copied back. It is kept as plain lanes, FIPS 202's bytes as little-endian words, as in memory.
 */
export const WASM_KECCAK: KeccakCore = {
  absorb(state, data, offset, blocks, rate) {
    const w = wasm();
    const words = w.words;
    const most = Math.floor(INPUT_CAPACITY / rate);
    words.set(state, STATE >> 2);
    while (blocks > 0) {
      const k = Math.min(blocks, most);
      const end = offset + k * rate;
      w.bytes.set(data.subarray(offset, end), INPUT);
      w.keccak(STATE, INPUT, k, rate >> 3);
      offset = end;
      blocks -= k;
    }
    for (let i = 0; i < STATE_WORDS; i++) state[i] = words[(STATE >> 2) + i];
  },
  permute(state) {
    const w = wasm();
    w.words.set(state, STATE >> 2);
    w.keccak(STATE, 0, 1, 0);
    for (let i = 0; i < STATE_WORDS; i++) state[i] = w.words[(STATE >> 2) + i];
  },
  // the state is plain lanes already
  extract(state, out, offset, n) {
    for (let k = 0; k < n; k++) out[offset + k] = state[k >> 2] >>> ((k & 3) << 3);
  },
  toLanes: (state, lanes) => lanes.set(state),
  fromLanes: (lanes, state) => state.set(lanes),
};

export function createWasmEngine(
  spec: AlgorithmSpec,
  outputLength = spec.digestLength,
  options: AlgorithmParams = {},
): MDHash | SpongeHash | TreeHash | Blake2Hash {
  if (spec.tree) return createTree(spec, WASM_BLAKE3, outputLength, options);
  if (spec.blake2) return createWasmBlake2(spec, outputLength, options);
  if (spec.sponge) return new SpongeHash(spec, outputLength, WASM_KECCAK);
  const params = md(spec);
  let compress = compressors.get(spec);
  if (!compress) {
    compress = compressIn(params.core, spec.blockLength);
    compressors.set(spec, compress);
  }
  return new MDHash(spec, params, compress);
}

/**
 * Hashes short input wholly in memory: encode or copy it into the input area, pad it there, one call. Leaves the
 * digest's chaining value at STATE and returns true; false when the input does not fit (the caller streams it).
 */
function hashInPlace(w: Wasm, spec: AlgorithmSpec, data: Uint8Array | string): boolean {
  let n: number;
  if (typeof data === 'string') {
    // UTF-8 needs at most 3 bytes per UTF-16 unit
    if (data.length * 3 > INPUT_CAPACITY) return false;
    n = writeUtf8(data, w.input);
  } else {
    if (data.length > INPUT_CAPACITY) return false;
    w.bytes.set(data, INPUT);
    n = data.length;
  }
  const params = md(spec);
  const padded = padInPlace(w.bytes, INPUT, n, spec.blockLength, params);
  // a loop, not set(): four to eight words, fewer than a builtin call costs (STATE is 0)
  const { iv } = params;
  const words = w.words;
  for (let i = 0; i < iv.length; i++) words[i] = iv[i];
  w.blocksOf(params.core)(STATE, INPUT, padded / spec.blockLength);
  return true;
}

function streamed(spec: AlgorithmSpec, data: Uint8Array | string): Uint8Array {
  const engine = createWasmEngine(spec);
  engine.update(toBytesTransient(data));
  return engine.digest();
}

/**
 * Absorbs a sponge's short input wholly in memory: encoded or copied into the input area, padded there and
 * absorbed in one call from a zero state, which is left at STATE. False when the input does not fit.
 */
function spongeAbsorbInPlace(w: Wasm, spec: AlgorithmSpec, data: Uint8Array | string): boolean {
  const rate = spec.blockLength;
  let n: number;
  if (typeof data === 'string' && data.length * 3 <= INPUT_CAPACITY) {
    n = writeUtf8(data, w.input);
  } else if (typeof data !== 'string' && data.length <= INPUT_CAPACITY) {
    w.bytes.set(data, INPUT);
    n = data.length;
  } else return false;
  const padded = (Math.floor(n / rate) + 1) * rate;
  const bytes = w.bytes;
  bytes.fill(0, INPUT + n, INPUT + padded);
  bytes[INPUT + n] = (spec.sponge as SpongeParams).suffix;
  bytes[INPUT + padded - 1] ^= 0x80;
  w.words.fill(0, STATE >> 2, (STATE >> 2) + STATE_WORDS);
  w.keccak(STATE, INPUT, padded / rate, rate >> 3);
  return true;
}

/**
 * A sponge's one-shot digest: short input absorbed in memory ({@link spongeAbsorbInPlace}) and the output read
 * straight from memory (squeezing with the permutation alone past the rate); longer input goes through
 * {@link spongeOnce}.
 */
function spongeInPlace(spec: AlgorithmSpec, data: Uint8Array | string, outputLength = spec.digestLength): Uint8Array {
  const w = wasm();
  if (!spongeAbsorbInPlace(w, spec, data)) {
    return spongeOnce(spec, WASM_KECCAK, toBytesTransient(data), outputLength);
  }
  const rate = spec.blockLength;
  const bytes = w.bytes;
  const out = new Uint8Array(outputLength);
  for (let off = 0; ; ) {
    const k = Math.min(rate, outputLength - off);
    out.set(bytes.subarray(STATE, STATE + k), off);
    off += k;
    if (off >= outputLength) return out;
    w.keccak(STATE, 0, 1, 0);
  }
}

/**
 * A sponge's one-shot digest in hex: when the output is whole 32-bit words, at most {@link CHAIN_HEX_MAX} bytes
 * (within the first block: every SHA-3 and Keccak digest) and the input fits, the hex is made from the state in
 * memory, as the MD digests' is.
 */
function spongeHexInPlace(spec: AlgorithmSpec, data: Uint8Array | string, outputLength = spec.digestLength): string {
  if (outputLength > CHAIN_HEX_MAX || outputLength % 4 !== 0) return toHex(spongeInPlace(spec, data, outputLength));
  const w = wasm();
  // STATE is 0, and the lanes are FIPS 202's bytes: the output is the memory's first bytes, little-endian words
  if (spongeAbsorbInPlace(w, spec, data)) return chainHex(w.words, outputLength, true);
  return toHex(spongeOnce(spec, WASM_KECCAK, toBytesTransient(data), outputLength));
}

/** A Merkle–Damgård one-shot digest as bytes: in place when the input fits, else streamed. */
function mdBytes(w: Wasm, spec: AlgorithmSpec, data: Uint8Array | string): Uint8Array {
  if (!hashInPlace(w, spec, data)) return streamed(spec, data);
  // STATE is 0: the chaining value is the memory's first words, laid out as the TypeScript engine's
  return chainBytes(w.words, spec.digestLength, md(spec).littleEndian);
}

/** A Merkle–Damgård one-shot digest as hex: in place when the input fits, else streamed. */
function mdHex(w: Wasm, spec: AlgorithmSpec, data: Uint8Array | string): string {
  if (!hashInPlace(w, spec, data)) return toHex(streamed(spec, data));
  // STATE is 0: the chaining value is the memory's first words, laid out as the TypeScript engine's
  return chainHex(w.words, spec.digestLength, md(spec).littleEndian);
}

/**
 * BLAKE3's one-shot digest: a one-chunk input in one WebAssembly call ({@link rootInPlace}) when its output is
 * within the root's first 64 bytes and its mode is hash or keyed_hash; else the tree over the WebAssembly core.
 */
function blake3Once(
  spec: AlgorithmSpec,
  data: Uint8Array | string,
  outputLength = spec.digestLength,
  params?: AlgorithmParams,
): Uint8Array {
  if (outputLength <= ROOT_OUTPUT && params?.context === undefined) {
    const w = loadBlake3();
    if (rootInPlace(w, data, params?.key)) return w.bytes.slice(OUT, OUT + outputLength);
  }
  return treeOnce(spec, WASM_BLAKE3, toBytesTransient(data), outputLength, params);
}

/** {@link blake3Once} in hex, made from the output words in memory when they are whole words. */
function blake3Hex(
  spec: AlgorithmSpec,
  data: Uint8Array | string,
  outputLength = spec.digestLength,
  params?: AlgorithmParams,
): string {
  if (outputLength <= ROOT_OUTPUT && outputLength % 4 === 0 && params?.context === undefined) {
    const w = loadBlake3();
    if (rootInPlace(w, data, params?.key)) return chainHex(w.out, outputLength, true);
  }
  return toHex(blake3Once(spec, data, outputLength, params));
}

/** Bytes of output a one-chunk root leaves in memory: its 16 output words. */
const ROOT_OUTPUT = 64;

export const wasmProvider: Provider = {
  id: 'wasm',
  implementedIn: 'WebAssembly',
  sync: true,
  streaming: true,
  exportsState: true,
  unavailableReason: wasmUnavailableReason,
  has: (algorithm: AlgorithmName) => {
    const spec = lookup(algorithm).spec;
    return spec.md !== undefined || spec.sponge !== undefined || spec.tree !== undefined || spec.blake2 !== undefined;
  },
  create: (algorithm, outputLength, params) => createWasmEngine(lookup(algorithm).spec, outputLength, params),
  digestOnce(algorithm, data, outputLength, params) {
    const spec = lookup(algorithm).spec;
    if (spec.tree) return blake3Once(spec, data, outputLength, params);
    if (spec.blake2) return wasmBlake2Bytes(spec, data, outputLength, params);
    return spec.sponge ? spongeInPlace(spec, data, outputLength) : mdBytes(wasm(), spec, data);
  },
  digestHexOnce(algorithm, data, outputLength, params) {
    const spec = lookup(algorithm).spec;
    if (spec.tree) return blake3Hex(spec, data, outputLength, params);
    if (spec.blake2) return wasmBlake2Hex(spec, data, outputLength, params);
    return spec.sponge ? spongeHexInPlace(spec, data, outputLength) : mdHex(wasm(), spec, data);
  },
  // the spec and the module looked up once, not per call: a tenth of the seed's call
  prepareHex(algorithm) {
    const spec = lookup(algorithm).spec;
    if (spec.tree) return (data) => blake3Hex(spec, data);
    if (spec.blake2) return (data) => wasmBlake2Hex(spec, data);
    if (spec.sponge) return (data) => spongeHexInPlace(spec, data);
    const w = wasm();
    return (data) => mdHex(w, spec, data);
  },
  prepareBytes(algorithm) {
    const spec = lookup(algorithm).spec;
    if (spec.tree) return (data) => blake3Once(spec, data);
    if (spec.blake2) return (data) => wasmBlake2Bytes(spec, data);
    if (spec.sponge) return (data) => spongeInPlace(spec, data);
    const w = wasm();
    return (data) => mdBytes(w, spec, data);
  },
  async digestAsync(algorithm, data, outputLength, params) {
    return this.digestOnce(algorithm, data, outputLength, params);
  },
};
