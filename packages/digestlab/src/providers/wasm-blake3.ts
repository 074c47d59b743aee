/**
 * BLAKE3's core in WebAssembly (wasm/blake3.ts): the tree (tree.ts) is the TypeScript one, its compression and
 * wide loops run in the module, with the key, blocks, input and chaining values copied in and out of its memory.
 * Whole chunks arrive in subtrees of at most 64 (the input area), four at a time in SIMD lanes where the runtime
 * has SIMD.
 */

import { BLAKE3_IV, CHUNK_LENGTH as CHUNK, KEYED_HASH } from '../constructions/tree/constants.js';
import { createTree, treeOnce } from '../constructions/tree/modes.js';
import { toBytesTransient } from '../shared/bytes.js';
import { chainHex, toHex } from '../shared/hex.js';
import { writeUtf8 } from '../shared/strings.js';
import type { AlgorithmParams, AlgorithmSpec } from '../spec/algorithm.js';
import type { Blake3Core } from '../spec/constructions.js';
import { BLOCK, type Blake3Wasm, CV, CVS, INPUT, INPUT_CHUNKS, KEY, loadBlake3, OUT } from '../wasm/blake3.js';
import type { WasmPaths } from './wasm-paths.js';

/** A core over `w` (the default: the modules this runtime compiles, SIMD where it can). */
export function wasmBlake3(w: () => Blake3Wasm = loadBlake3): Blake3Core {
  return {
    compress(cv, cvOff, m, mOff, counter, blockLength, flags, out) {
      const { words, compress } = w();
      for (let i = 0; i < 8; i++) words[(CV >> 2) + i] = cv[cvOff + i];
      for (let i = 0; i < 16; i++) words[(BLOCK >> 2) + i] = m[mOff + i];
      compress(CV, BLOCK, (counter % 2 ** 32) | 0, Math.floor(counter / 2 ** 32), blockLength, flags, OUT);
      for (let i = 0; i < 16; i++) out[i] = words[(OUT >> 2) + i];
    },
    blocks(cv, data, offset, n, counter, flags, first) {
      // at most 15 blocks: well within the input area
      const m = w();
      m.words.set(cv, CV >> 2);
      m.bytes.set(data.subarray(offset, offset + 64 * n), INPUT);
      m.blocks(CV, INPUT, n, (counter % 2 ** 32) | 0, Math.floor(counter / 2 ** 32), flags, first ? 1 : 0);
      for (let i = 0; i < 8; i++) cv[i] = m.words[(CV >> 2) + i];
    },
    chunks(key, flags, data, offset, count, counter, cvs) {
      const m = w();
      m.words.set(key, KEY >> 2);
      for (let done = 0; done < count; ) {
        const k = Math.min(count - done, INPUT_CHUNKS);
        const at = offset + done * CHUNK;
        m.bytes.set(data.subarray(at, at + k * CHUNK), INPUT);
        const c = counter + done;
        m.chunks(KEY, flags, INPUT, k, (c % 2 ** 32) | 0, Math.floor(c / 2 ** 32), CVS);
        cvs.set(m.words.subarray(CVS >> 2, (CVS >> 2) + 8 * k), 8 * done);
        done += k;
      }
    },
    parents(key, flags, cvs, count) {
      const m = w();
      m.words.set(key, KEY >> 2);
      for (let done = 0; done < count; ) {
        // pairs in runs that fit the area of chaining values (2 KiB: 32 pairs)
        const k = Math.min(count - done, INPUT_CHUNKS / 2);
        m.words.set(cvs.subarray(16 * done, 16 * (done + k)), CVS >> 2);
        m.parents(KEY, flags, CVS, k);
        cvs.set(m.words.subarray(CVS >> 2, (CVS >> 2) + 8 * k), 8 * done);
        done += k;
      }
    },
  };
}

export const WASM_BLAKE3 = wasmBlake3();

const BLOCK_BYTES = 64;
/** Longest string encoded straight into memory: 3 UTF-8 bytes a unit fit the input area many times over. */
const STRING_UNITS = CHUNK;

/**
 * A one-chunk input hashed wholly in WebAssembly, its root included, in one call: the one-shot of a short message
 * (the seed's call), which through the tree crossed into WebAssembly per block and spent a quarter of its time in
 * the tree's bookkeeping. Hash mode, or keyed_hash with `key` (32 bytes, checked by the caller's options). The
 * input (a string encoded straight into memory) is zero-padded to its block there; the output's first 64 bytes are
 * left at OUT (`w.out`, little-endian words: the XOF's bytes in order). False, with nothing hashed, when the input
 * is longer than a chunk: the caller runs the tree.
 */
export function rootInPlace(w: Blake3Wasm, data: Uint8Array | string, key?: Uint8Array): boolean {
  let n: number;
  if (typeof data === 'string') {
    if (data.length > STRING_UNITS) return false;
    n = writeUtf8(data, w.input);
    if (n > CHUNK) return false;
  } else {
    if (data.length > CHUNK) return false;
    w.input.set(data);
    n = data.length;
  }
  w.input.fill(0, n, Math.max(BLOCK_BYTES, Math.ceil(n / BLOCK_BYTES) * BLOCK_BYTES));
  if (key) w.bytes.set(key, KEY);
  else w.words.set(BLAKE3_IV, KEY >> 2);
  w.root(KEY, key ? KEYED_HASH : 0, INPUT, n, OUT);
  return true;
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

export const TREE_PATHS: WasmPaths = {
  create: (spec, outputLength = spec.digestLength, params = {}) => createTree(spec, WASM_BLAKE3, outputLength, params),
  bytes: blake3Once,
  hex: blake3Hex,
};
