/**
 * The Merkle–Damgård hashes in our WebAssembly (provider `wasm`): the streaming engine is merkle-damgard.ts's
 * (buffering, padding, length, state export: one implementation) with its compression swapped for the module's;
 * a short one-shot digest is padded in place in the module's memory and hashed in one call; to hex, for MD5, SHA-1
 * and SHA-2, the padding and the digits are the module's too (one call in all).
 */

import { chainBytes, MDHash, padInPlace } from '../constructions/merkle-damgard/merkle-damgard.js';
import { toBytesTransient } from '../shared/bytes.js';
import { chainHex, toHex } from '../shared/hex.js';
import { asciiString, writeUtf8 } from '../shared/strings.js';
import { type AlgorithmSpec, narrow } from '../spec/algorithm.js';
import type { Compress, MDParams } from '../spec/constructions.js';
import { HEX_OUT, type HexCore, INPUT, INPUT_CAPACITY, STATE } from '../wasm/layout.js';
import type { Wasm } from '../wasm/module.js';
import { type WasmPaths, wasm } from './wasm-paths.js';

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

const md = (spec: AlgorithmSpec): MDParams => narrow(spec, 'merkle-damgard').construction;

/** A Merkle–Damgård engine over the WebAssembly compression (one per algorithm, kept). */
function createMd(spec: AlgorithmSpec): MDHash {
  const params = md(spec);
  let compress = compressors.get(spec);
  if (!compress) {
    compress = compressIn(params.core, spec.blockLength);
    compressors.set(spec, compress);
  }
  return new MDHash(spec, params, compress);
}

/**
 * Short input copied into the input area (a string encoded straight into it): its length there, or -1 when it does
 * not fit (the caller streams it).
 */
function place(w: Wasm, data: Uint8Array | string): number {
  if (typeof data === 'string') {
    // UTF-8 needs at most 3 bytes per UTF-16 unit
    return data.length * 3 > INPUT_CAPACITY ? -1 : writeUtf8(data, w.input);
  }
  if (data.length > INPUT_CAPACITY) return -1;
  w.bytes.set(data, INPUT);
  return data.length;
}

/** The initial value into the chaining value at STATE (0): a loop, fewer than a builtin call costs for 4-16 words. */
function setIv(w: Wasm, iv: Int32Array): void {
  const words = w.words;
  for (let i = 0; i < iv.length; i++) words[i] = iv[i];
}

/**
 * Hashes short input wholly in memory: copy it into the input area, pad it there, one call. Leaves the digest's
 * chaining value at STATE and returns true; false when the input does not fit (the caller streams it).
 */
function hashInPlace(w: Wasm, spec: AlgorithmSpec, data: Uint8Array | string): boolean {
  const n = place(w, data);
  if (n < 0) return false;
  const params = md(spec);
  const padded = padInPlace(w.bytes, INPUT, n, spec.blockLength, params);
  setIv(w, params.iv);
  w.blocksOf(params.core)(STATE, INPUT, padded / spec.blockLength);
  return true;
}

function streamed(spec: AlgorithmSpec, data: Uint8Array | string): Uint8Array {
  const engine = createMd(spec);
  engine.update(toBytesTransient(data));
  return engine.digest();
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

const HEX_CORES: ReadonlySet<string> = new Set<HexCore>(['md5', 'sha1', 'sha256', 'sha512']);

/**
 * The one-shot digest as hex for a core with a {@link Hex} function: padding, compression and the digits in one
 * call into WebAssembly, the digits made a string by this engine's cheapest way; else {@link mdHex}.
 */
function hexFor(w: Wasm, spec: AlgorithmSpec): (data: Uint8Array | string) => string {
  const { core, iv } = md(spec);
  if (!HEX_CORES.has(core)) return (data) => mdHex(w, spec, data);
  const f = w.hex[core as HexCore];
  const dl = spec.digestLength;
  return (data) => {
    const n = place(w, data);
    if (n < 0) return toHex(streamed(spec, data));
    setIv(w, iv);
    f(STATE, INPUT, n, HEX_OUT, dl);
    return asciiString(w.hexDigits(dl));
  };
}

export const MD_PATHS: WasmPaths = {
  create: createMd,
  bytes: (spec, data) => mdBytes(wasm(), spec, data),
  hex: (spec, data) => hexFor(wasm(), spec)(data),
  // the module looked up once, not per call: a tenth of the seed's call
  prepareBytes(spec) {
    const w = wasm();
    return (data) => mdBytes(w, spec, data);
  },
  prepareHex: (spec) => hexFor(wasm(), spec),
};
