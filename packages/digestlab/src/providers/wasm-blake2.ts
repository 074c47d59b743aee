/**
 * BLAKE2b and BLAKE2s in our WebAssembly (wasm/blake2.ts) for provider `wasm`: the engine is haifa.ts's (buffering,
 * counters, key block, parameter block, state export: one implementation) with its compression swapped for the
 * module's, which takes a run of blocks per call (a 1 MiB update is one call per 64 KiB input area). A one-shot
 * digest of input that fits the input area is hashed in memory without an engine: h from the parameter block, the
 * key block (when keyed) right before the message, the padding in place, two calls; the digest is h's first bytes.
 */

import { type Blake2Core, Blake2Hash, initialChain } from '../constructions/haifa/haifa.js';
import { toBytesTransient } from '../shared/bytes.js';
import { toHex } from '../shared/hex.js';
import { writeUtf8 } from '../shared/strings.js';
import { type AlgorithmParams, type AlgorithmSpec, narrow } from '../spec/algorithm.js';
import { type Blake2Blocks, type Blake2Wasm, H, INPUT, INPUT_CAPACITY, loadBlake2 } from '../wasm/blake2.js';
import type { WasmPaths } from './wasm-paths.js';

const B = (w: Blake2Wasm) => w.blake2b;
const S = (w: Blake2Wasm) => w.blake2s;

/** A {@link Blake2Core} over the module: h and the blocks copied in, h copied back. */
function wasmCore(fn: (w: Blake2Wasm) => Blake2Blocks, block: number): Blake2Core {
  const most = Math.floor(INPUT_CAPACITY / block);
  return {
    compress(h, data, offset, t0, t1, last) {
      const w = loadBlake2();
      w.words.set(h, H >> 2);
      w.bytes.set(data.subarray(offset, offset + block), INPUT);
      fn(w)(H, INPUT, 1, t0, t1, last ? 1 : 0);
      h.set(w.words.subarray(H >> 2, (H >> 2) + h.length));
    },
    blocks(h, data, offset, n, t0, t1) {
      const w = loadBlake2();
      const f = fn(w);
      w.words.set(h, H >> 2);
      let lo = t0 >>> 0;
      let hi = t1;
      while (n > 0) {
        const k = Math.min(n, most);
        w.bytes.set(data.subarray(offset, offset + k * block), INPUT);
        f(H, INPUT, k, lo | 0, hi | 0, 0);
        offset += k * block;
        n -= k;
        lo += k * block;
        if (lo >= 2 ** 32) {
          lo -= 2 ** 32;
          hi += 1;
        }
      }
      h.set(w.words.subarray(H >> 2, (H >> 2) + h.length));
    },
  };
}

const CORE_B = wasmCore(B, 128);
const CORE_S = wasmCore(S, 64);

const coreOf = (spec: AlgorithmSpec) => (narrow(spec, 'haifa').construction.word === 8 ? CORE_B : CORE_S);

/** A streaming BLAKE2 engine over our WebAssembly. */
export function createWasmBlake2(
  spec: AlgorithmSpec,
  outputLength = spec.digestLength,
  params: AlgorithmParams = {},
): Blake2Hash {
  return new Blake2Hash(spec, outputLength, params, coreOf(spec));
}

/** h at the start of a plain hash (no key, salt or personalization) at the digest length, per spec, made once. */
const PLAIN = new Map<AlgorithmSpec, Int32Array>();
const H_SCRATCH = new Int32Array(16);

/** h at the start of a hash of `spec` with these parameters. */
function startChain(spec: AlgorithmSpec, outputLength: number, params: AlgorithmParams | undefined): Int32Array {
  const b2 = narrow(spec, 'haifa').construction;
  const plain = params === undefined && outputLength === spec.digestLength;
  if (plain) {
    const h = PLAIN.get(spec);
    if (h !== undefined) return h;
  }
  const h = plain ? new Int32Array(b2.iv.length) : H_SCRATCH.subarray(0, b2.iv.length);
  const pad = (b: Uint8Array | undefined) => {
    const out = new Uint8Array(2 * b2.word);
    if (b) out.set(b);
    return out;
  };
  initialChain(h, b2, outputLength, params?.key?.length ?? 0, pad(params?.salt), pad(params?.personalization));
  if (plain) PLAIN.set(spec, h);
  return h;
}

/**
 * Hashes short input wholly in memory, leaving the digest at H; false when it does not fit the input area (the
 * caller streams it).
 */
function hashInPlace(
  w: Blake2Wasm,
  spec: AlgorithmSpec,
  data: Uint8Array | string,
  outputLength: number,
  params: AlgorithmParams | undefined,
): boolean {
  let n: number;
  const bytes = w.bytes;
  if (typeof data === 'string') {
    // UTF-8 needs at most 3 bytes per UTF-16 unit
    if (data.length * 3 > INPUT_CAPACITY) return false;
    n = writeUtf8(data, bytes.subarray(INPUT, INPUT + INPUT_CAPACITY));
  } else {
    if (data.length > INPUT_CAPACITY) return false;
    bytes.set(data, INPUT);
    n = data.length;
  }
  const bl = spec.blockLength;
  const key = params?.key;
  // a keyed hash's first block is the zero-padded key, laid right before the message
  const keyBlock = key !== undefined && key.length > 0 ? bl : 0;
  if (keyBlock > 0) {
    bytes.fill(0, INPUT - bl, INPUT);
    bytes.set(key as Uint8Array, INPUT - bl);
  }
  const start = INPUT - keyBlock;
  const total = keyBlock + n;
  const whole = total > 0 ? Math.floor((total - 1) / bl) : 0;
  w.words.set(startChain(spec, outputLength, params), H >> 2);
  const f = narrow(spec, 'haifa').construction.word === 8 ? w.blake2b : w.blake2s;
  if (whole > 0) f(H, start, whole, bl, 0, 0);
  const last = start + whole * bl;
  bytes.fill(0, start + total, last + bl);
  f(H, last, 1, total, 0, 1);
  return true;
}

function streamed(spec: AlgorithmSpec, data: Uint8Array | string, outputLength: number, params?: AlgorithmParams) {
  const engine = createWasmBlake2(spec, outputLength, params);
  engine.update(toBytesTransient(data));
  return engine.digest();
}

/** A BLAKE2 one-shot digest as bytes: in memory when the input fits, else streamed. */
export function wasmBlake2Bytes(
  spec: AlgorithmSpec,
  data: Uint8Array | string,
  outputLength = spec.digestLength,
  params?: AlgorithmParams,
): Uint8Array {
  const w = loadBlake2();
  if (!hashInPlace(w, spec, data, outputLength, params)) return streamed(spec, data, outputLength, params);
  return w.bytes.slice(H, H + outputLength);
}

/** A BLAKE2 one-shot digest as hex: in memory when the input fits, else streamed. */
export function wasmBlake2Hex(
  spec: AlgorithmSpec,
  data: Uint8Array | string,
  outputLength = spec.digestLength,
  params?: AlgorithmParams,
): string {
  const w = loadBlake2();
  if (!hashInPlace(w, spec, data, outputLength, params)) return toHex(streamed(spec, data, outputLength, params));
  return toHex(w.bytes.subarray(H, H + outputLength));
}

export const BLAKE2_PATHS: WasmPaths = { create: createWasmBlake2, bytes: wasmBlake2Bytes, hex: wasmBlake2Hex };
