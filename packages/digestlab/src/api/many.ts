/**
 * `digestMany`: the digests of many independent messages in one call. With WebAssembly SIMD, MD5, SHA-1 and
 * SHA-256 hash four messages at once, one per 32-bit lane (multi-buffer hashing, after Gueron and Krasnov): the
 * messages are copied into WebAssembly memory, grouped by block count so the four lanes of a group run the same
 * number of blocks, and one call pads them, runs the lanes (a lane with more blocks than its group goes on alone
 * with the scalar function) and writes every digest. Without SIMD, or for SHA-512 and its kin, each message goes
 * through the scalar WebAssembly in the same pass, still without the per-call cost of the digest API.
 */

import { paddedLength } from '../constructions/merkle-damgard/merkle-damgard.js';
import { wasmProvider } from '../providers/wasm.js';
import { type Data, toBytesTransient } from '../shared/bytes.js';
import { encodeUtf8, writeUtf8 } from '../shared/strings.js';
import type { AlgorithmSpec } from '../spec/algorithm.js';
import type { MDParams } from '../spec/constructions.js';
import { INPUT, INPUT_CAPACITY, IV, type LaneName, type Many, STATE } from '../wasm/layout.js';
import type { Wasm } from '../wasm/module.js';

/** A message longer than this is hashed on its own (see ManyOptions.alone), not copied into the batch. */
const BATCH_MAX = INPUT_CAPACITY;
/** A string longer than this (UTF-16 units) may take more than BATCH_MAX bytes in UTF-8 (3 bytes a unit at most). */
const BATCH_MAX_UNITS = Math.floor(BATCH_MAX / 3);
/** A batch is run in chunks of at most this many messages, and this many bytes, so memory stays bounded. */
const CHUNK_MESSAGES = 8192;
const CHUNK_BYTES = 4 * 1024 * 1024;

export interface ManyOptions {
  /** Use the 4-lane functions where the runtime has SIMD and the algorithm has lanes. */
  simd: boolean;
  /** Hashes a message too long for the batch; by default the wasm provider's one-shot (its streaming engine). */
  alone?: (data: Uint8Array) => Uint8Array;
}

/** What the batch's steps share: the module, the lane function, the algorithm, the messages and their digests. */
interface Batch {
  readonly w: Wasm;
  readonly many: Many;
  readonly spec: AlgorithmSpec;
  readonly md: MDParams;
  readonly messages: readonly Data[];
  /** The batched messages' indices, those of one key side by side (see {@link batchOrder}). */
  readonly order: Int32Array;
  readonly out: Uint8Array[];
}

/**
 * The digests of `messages` in WebAssembly, in order. `spec` must be a Merkle–Damgård hash (construction kind merkle-damgard); the
 * caller has loaded WebAssembly.
 */
export function digestManyWasm(
  w: Wasm,
  spec: AlgorithmSpec,
  messages: readonly Data[],
  options: ManyOptions,
): Uint8Array[] {
  const md = spec.construction;
  if (md.kind !== 'merkle-damgard') throw new Error(`digestlab: ${spec.name} has no WebAssembly core`);
  // Stryker disable next-line ArrayDeclaration: every index is assigned before return; the length is a hint
  const out = new Array<Uint8Array>(messages.length);
  const alone = (i: number, bytes: Uint8Array) => {
    out[i] = hashAlone(spec, bytes, options);
  };
  // Stryker disable next-line StringLiteral: `many` has no SHA-512 lanes, so asking for them also gives undefined
  const many = options.simd && md.core !== 'sha512' ? w.simd?.many[md.core as LaneName] : undefined;
  if (!many) {
    for (let i = 0; i < messages.length; i++) alone(i, toBytesTransient(messages[i]));
    return out;
  }
  const room = roomOf(messages, spec.blockLength, md.lengthBytes, alone);
  const batch: Batch = { w, many, spec, md, messages, order: batchOrder(messages, room), out };
  w.words.set(md.iv, IV >> 2);
  forEachChunk(batch.order, room, (from, to, bound) => runChunk(batch, from, to, bound));
  return out;
}

/**
 * One message on its own: the wasm provider's one-shot (padded in place; streamed when too long), or the caller's
 * choice for long ones.
 */
function hashAlone(spec: AlgorithmSpec, bytes: Uint8Array, options: ManyOptions): Uint8Array {
  return options.alone && bytes.length > BATCH_MAX ? options.alone(bytes) : wasmProvider.digestOnce(spec.name, bytes);
}

/**
 * The most bytes each message takes in memory, padded; 0 for a message too long for the batch, which goes
 * `alone` at once. A string's UTF-8 length is unknown until it is encoded: 3 bytes a unit is its bound.
 */
function roomOf(
  messages: readonly Data[],
  blockLength: number,
  lengthBytes: number,
  alone: (i: number, bytes: Uint8Array) => void,
): Int32Array {
  const room = new Int32Array(messages.length);
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i];
    if (typeof m === 'string') {
      if (m.length > BATCH_MAX_UNITS) alone(i, encodeUtf8(m));
      else room[i] = paddedLength(3 * m.length, blockLength, lengthBytes);
    } else {
      const bytes = toBytesTransient(m);
      if (bytes.length > BATCH_MAX) alone(i, bytes);
      else room[i] = paddedLength(bytes.length, blockLength, lengthBytes);
    }
  }
  return room;
}

/**
 * A batched message's key: its padded length, so that messages of one block count are neighbours and the four
 * lanes of a group run in lockstep. Strings share one key (the driver copes with mixed lengths).
 */
function keyOf(m: Data, room: number): number {
  // Stryker disable next-line UnaryOperator: any key that is no padded length (a multiple of bl) will do
  return typeof m === 'string' ? -1 : room;
}

/** The batched messages (room > 0) in the order they are hashed: by key, in the messages' order within a key. */
function batchOrder(messages: readonly Data[], room: Int32Array): Int32Array {
  let count = 0;
  let first = 0;
  // Stryker disable next-line BooleanLiteral: grouping one key gives the same order as the straight path (speed only)
  let mixed = false;
  for (let i = 0; i < messages.length; i++) {
    if (room[i] === 0) continue;
    const key = keyOf(messages[i], room[i]);
    if (count++ === 0) first = key;
    // Stryker disable next-line EqualityOperator: `===` holds for the first message, so all are grouped (speed only)
    else if (key !== first) mixed = true;
  }
  const order = new Int32Array(count);
  let k = 0;
  if (!mixed) {
    for (let i = 0; i < messages.length; i++) if (room[i] > 0) order[k++] = i;
    return order;
  }
  const groups = new Map<number, number[]>();
  for (let i = 0; i < messages.length; i++) {
    if (room[i] === 0) continue;
    const key = keyOf(messages[i], room[i]);
    const list = groups.get(key);
    if (list) list.push(i);
    else groups.set(key, [i]);
  }
  for (const list of groups.values()) for (const i of list) order[k++] = i;
  return order;
}

/**
 * Cuts `order` into chunks of at most CHUNK_MESSAGES messages and CHUNK_BYTES bytes (each as full as that
 * allows) and runs each: order[from..to), which together need `bound` bytes.
 */
function forEachChunk(
  order: Int32Array,
  room: Int32Array,
  run: (from: number, to: number, bound: number) => void,
): void {
  let from = 0;
  let bound = 0;
  for (let k = 0; k < order.length; k++) {
    const need = room[order[k]];
    if (k - from === CHUNK_MESSAGES || bound + need > CHUNK_BYTES) {
      run(from, k, bound);
      from = k;
      bound = 0;
    }
    bound += need;
  }
  if (from < order.length) run(from, order.length, bound);
}

/**
 * Hashes messages order[from..to), which together need `bound` bytes: a table of (address, length) and the
 * messages after it in WebAssembly memory, one call of the lane function, the digests copied out.
 */
function runChunk(batch: Batch, from: number, to: number, bound: number): void {
  const { w, order, out } = batch;
  const dl = batch.spec.digestLength;
  const count = to - from;
  const table = INPUT;
  const digests = table + 8 * count;
  w.ensure(digests + dl * count + bound);
  copyIn(batch, from, count, table, digests + dl * count);
  batch.many(STATE, IV, table, count, digests, dl);
  // One copy out of WebAssembly memory and a view per message: a slice per digest costs twice as much.
  const all = w.bytes.slice(digests, digests + dl * count).buffer;
  for (let k = 0; k < count; k++) out[order[from + k]] = new Uint8Array(all, k * dl, dl);
}

/** Copies `count` messages from order[from] into memory from `at`, each with room for its padding, and lists them in `table`. */
function copyIn(batch: Batch, from: number, count: number, table: number, at: number): void {
  const { w, messages, order, spec, md } = batch;
  const { bytes, words } = w;
  for (let k = 0; k < count; k++) {
    const m = messages[order[from + k]];
    let len: number;
    // Stryker disable next-line StringLiteral: toBytesTransient encodes a string to the same bytes (one copy more)
    if (typeof m === 'string') {
      len = writeUtf8(m, bytes.subarray(at, at + 3 * m.length));
    } else {
      const data = toBytesTransient(m);
      bytes.set(data, at);
      len = data.length;
    }
    words[(table >> 2) + 2 * k] = at;
    words[(table >> 2) + 2 * k + 1] = len;
    at += paddedLength(len, spec.blockLength, md.lengthBytes);
  }
}
