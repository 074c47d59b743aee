/**
 * `digestMany`: the digests of many independent messages in one call. With WebAssembly SIMD, MD5, SHA-1 and
 * SHA-256 hash four messages at once, one per 32-bit lane (multi-buffer hashing, after Gueron and Krasnov): the
 * messages are copied into WebAssembly memory, grouped by block count so the four lanes of a group run the same
 * number of blocks, and one call pads them, runs the lanes (a lane with more blocks than its group goes on alone
 * with the scalar function) and writes every digest. Without SIMD, or for SHA-512 and its kin, each message goes
 * through the scalar WebAssembly in the same pass, still without the per-call cost of the digest API.
 */

import { type Data, toBytesTransient } from './bytes.js';
import { paddedLength } from './merkle-damgard.js';
import { wasmProvider } from './providers/wasm.js';
import type { AlgorithmSpec } from './spec.js';
import { INPUT, INPUT_CAPACITY, IV, type LaneName, STATE, type Wasm } from './wasm/module.js';

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

const encoder = new TextEncoder();

/**
 * The digests of `messages` in WebAssembly, in order. `spec` must be a Merkle–Damgård hash (spec.md set); the
 * caller has loaded WebAssembly.
 */
export function digestManyWasm(
  w: Wasm,
  spec: AlgorithmSpec,
  messages: readonly Data[],
  options: ManyOptions,
): Uint8Array[] {
  const md = spec.md;
  if (!md) throw new Error(`digestlab: ${spec.name} has no WebAssembly core`);
  const bl = spec.blockLength;
  const dl = spec.digestLength;
  // Stryker disable next-line ArrayDeclaration: every index is assigned before return; the length is a hint
  const out = new Array<Uint8Array>(messages.length);
  // Stryker disable next-line StringLiteral: `many` has no SHA-512 lanes, so asking for them also gives undefined
  const many = options.simd && md.core !== 'sha512' ? w.simd?.many[md.core as LaneName] : undefined;

  // One message on its own: the wasm provider's one-shot (padded in place; streamed when too long), or the
  // caller's choice for long ones.
  const alone = (i: number, bytes: Uint8Array) => {
    out[i] =
      options.alone && bytes.length > BATCH_MAX ? options.alone(bytes) : wasmProvider.digestOnce(spec.name, bytes);
  };

  if (!many) {
    for (let i = 0; i < messages.length; i++) alone(i, toBytesTransient(messages[i]));
    return out;
  }

  // Messages of one block count are neighbours in `order`, so the four lanes of a group run in lockstep: the key
  // of a message is its padded length. A string's UTF-8 length is unknown until it is encoded, so strings share
  // one key (the driver copes with mixed lengths). `room` is the most bytes a message takes in memory, padded.
  const n = messages.length;
  const room = new Int32Array(n);
  const keys = new Int32Array(n);
  let count = 0;
  // Stryker disable next-line BooleanLiteral: grouping one key gives the same order as the straight path (speed only)
  let mixed = false;
  for (let i = 0; i < n; i++) {
    const m = messages[i];
    let key: number;
    if (typeof m === 'string') {
      if (m.length > BATCH_MAX_UNITS) {
        alone(i, encoder.encode(m));
        continue;
      }
      // Stryker disable next-line UnaryOperator: any key that is no padded length (a multiple of bl) will do
      key = -1;
      room[i] = paddedLength(3 * m.length, bl, md.lengthBytes);
    } else {
      const bytes = toBytesTransient(m);
      if (bytes.length > BATCH_MAX) {
        alone(i, bytes);
        continue;
      }
      room[i] = paddedLength(bytes.length, bl, md.lengthBytes);
      key = room[i];
    }
    keys[count++] = key;
    // Stryker disable next-line EqualityOperator: `===` holds for the first message, so all are grouped (speed only)
    if (key !== keys[0]) mixed = true;
  }
  const order = new Int32Array(count);
  if (!mixed) {
    for (let i = 0, k = 0; i < n; i++) if (room[i] > 0) order[k++] = i;
  } else {
    const groups = new Map<number, number[]>();
    for (let i = 0; i < n; i++) {
      if (room[i] === 0) continue;
      const m = messages[i];
      // Stryker disable next-line UnaryOperator: any key that is no padded length (a multiple of bl) will do
      const key = typeof m === 'string' ? -1 : room[i];
      const list = groups.get(key);
      if (list) list.push(i);
      else groups.set(key, [i]);
    }
    let k = 0;
    for (const list of groups.values()) for (const i of list) order[k++] = i;
  }

  /** Hashes messages order[from..to), which together need `bound` bytes. */
  const run = (from: number, to: number, bound: number) => {
    const count = to - from;
    const table = INPUT;
    const digests = table + 8 * count;
    let at = digests + dl * count;
    w.ensure(at + bound);
    const { bytes, words } = w;
    for (let k = 0; k < count; k++) {
      const m = messages[order[from + k]];
      let len: number;
      // Stryker disable next-line StringLiteral: toBytesTransient encodes a string to the same bytes (one copy more)
      if (typeof m === 'string') {
        len = encoder.encodeInto(m, bytes.subarray(at, at + 3 * m.length)).written;
      } else {
        const data = toBytesTransient(m);
        bytes.set(data, at);
        len = data.length;
      }
      words[(table >> 2) + 2 * k] = at;
      words[(table >> 2) + 2 * k + 1] = len;
      at += paddedLength(len, bl, md.lengthBytes);
    }
    many(STATE, IV, table, count, digests, dl);
    // One copy out of WebAssembly memory and a view per message: a slice per digest costs twice as much.
    const all = bytes.slice(digests, digests + dl * count).buffer;
    for (let k = 0; k < count; k++) out[order[from + k]] = new Uint8Array(all, k * dl, dl);
  };

  w.words.set(md.iv, IV >> 2);
  let from = 0;
  let bound = 0;
  for (let k = 0; k < count; k++) {
    const need = room[order[k]];
    if (k - from === CHUNK_MESSAGES || bound + need > CHUNK_BYTES) {
      run(from, k, bound);
      from = k;
      bound = 0;
    }
    bound += need;
  }
  if (from < count) run(from, count, bound);
  return out;
}
