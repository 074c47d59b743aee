/**
 * One-shot HMAC over the Merkle–Damgård hashes (MD5, SHA-1, SHA-2), in our TypeScript and in our WebAssembly,
 * without engines: a key is used once (Java's `Mac.init` then `doFinal`), so nothing is worth keeping between
 * calls, and an engine, its clone and their buffers would cost more than hashing a short message. Per call: the
 * key block, the inner hash over (K0 ^ ipad) || message, the outer one over (K0 ^ opad) || inner digest, each
 * straight from a scratch area (in WebAssembly memory: one call into the module for each of the two hashes).
 */

import { chainBytes, mdFinish, mdOnce, padInPlace, putChain } from '../constructions/merkle-damgard/merkle-damgard.js';
import { writeUtf8 } from '../shared/strings.js';
import type { AlgorithmSpec } from '../spec/algorithm.js';
import type { MDParams } from '../spec/constructions.js';
import { INPUT, INPUT_CAPACITY, STATE } from '../wasm/layout.js';
import type { Wasm } from '../wasm/module.js';
import { IPAD, OPAD, putPad } from './keyed.js';

/**
 * K0 when the key is longer than a block (its digest); the key itself otherwise. Bytes past its end count as zeros.
 * `hash` is the provider's one-shot digest.
 */
function shortKey(spec: AlgorithmSpec, key: Uint8Array, hash: (data: Uint8Array) => Uint8Array): Uint8Array {
  return key.length > spec.blockLength ? hash(key) : key;
}

// ------------------------------------------------------------------------------------------------- TypeScript

/** The keyed block, then the outer hash's whole input: (K0 ^ opad) || inner digest || padding (two blocks). */
const PAD = new Uint8Array(128);
const OUTER_INPUT = new Uint8Array(256);
const INNER_CHAIN = new Int32Array(16);
const OUTER_CHAIN = new Int32Array(16);

/**
 * HMAC of `data` with our TypeScript compression function. Returns the MAC's chaining value in a scratch array the
 * next call overwrites (read it with chainBytes or chainHex).
 */
export function hmacChainTs(spec: AlgorithmSpec, md: MDParams, key: Uint8Array, data: Uint8Array): Int32Array {
  const bl = spec.blockLength;
  const dl = spec.digestLength;
  const k = shortKey(spec, key, (long) => chainBytes(mdOnce(spec, md, long), dl, md.littleEndian));
  putPad(PAD, 0, k, bl, IPAD);
  const inner = INNER_CHAIN;
  inner.set(md.iv);
  md.compress(inner, PAD, 0, 1);
  mdFinish(inner, spec, md, data, bl);
  const out = OUTER_INPUT;
  putPad(out, 0, k, bl, OPAD);
  putChain(inner, dl, md.littleEndian, out, bl);
  const padded = padInPlace(out, bl, dl, bl, md, bl + dl);
  const outer = OUTER_CHAIN;
  outer.set(md.iv);
  md.compress(outer, out, 0, 1 + padded / bl);
  return outer;
}

// ----------------------------------------------------------------------------------------------- WebAssembly

/** The input area past its first block, per block length (a string is encoded straight into it). */
let messageViews: { bytes: Uint8Array; byBlock: Map<number, Uint8Array> } | undefined;

function messageArea(w: Wasm, blockLength: number): Uint8Array {
  if (messageViews?.bytes !== w.bytes) messageViews = { bytes: w.bytes, byBlock: new Map() };
  let view = messageViews.byBlock.get(blockLength);
  if (view === undefined) {
    view = w.bytes.subarray(INPUT + blockLength, INPUT + INPUT_CAPACITY);
    messageViews.byBlock.set(blockLength, view);
  }
  return view;
}

/**
 * HMAC of short input wholly in WebAssembly memory: (K0 ^ ipad) || message || padding laid out in the input area and
 * hashed in one call, then (K0 ^ opad) || inner digest || padding in another. Leaves the MAC's chaining value at
 * STATE and returns true; false when the message does not fit (the caller streams it). `hash` is the wasm
 * provider's one-shot digest, for a key longer than a block (it uses the input area too, so it runs first).
 */
export function hmacInWasm(
  w: Wasm,
  spec: AlgorithmSpec,
  md: MDParams,
  key: Uint8Array,
  data: Uint8Array | string,
  hash: (data: Uint8Array) => Uint8Array,
): boolean {
  const bl = spec.blockLength;
  const room = INPUT_CAPACITY - bl;
  // UTF-8 needs at most 3 bytes per UTF-16 unit
  if ((typeof data === 'string' ? data.length * 3 : data.length) > room) return false;
  const k = shortKey(spec, key, hash);
  const bytes = w.bytes;
  let n: number;
  if (typeof data === 'string') {
    n = writeUtf8(data, messageArea(w, bl));
  } else {
    bytes.set(data, INPUT + bl);
    n = data.length;
  }
  const le = md.littleEndian;
  const blocks = w.blocksOf(md.core);
  putPad(bytes, INPUT, k, bl, IPAD);
  const padded = padInPlace(bytes, INPUT + bl, n, bl, md, bl + n);
  w.words.set(md.iv, STATE >> 2);
  blocks(STATE, INPUT, 1 + padded / bl);
  // STATE is 0: the chaining value is the memory's first words, laid out as the TypeScript engine's
  const dl = spec.digestLength;
  putChain(w.words, dl, le, bytes, INPUT + bl);
  putPad(bytes, INPUT, k, bl, OPAD);
  const outerPadded = padInPlace(bytes, INPUT + bl, dl, bl, md, bl + dl);
  w.words.set(md.iv, STATE >> 2);
  blocks(STATE, INPUT, 1 + outerPadded / bl);
  return true;
}
