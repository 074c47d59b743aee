/**
 * The envelope of an exported digest state, format version 1: what every construction's state shares. All
 * integers big-endian.
 *
 *   offset  size  field
 *   0       4     magic "DLST"
 *   4       1     format version (1)
 *   5       1     algorithm code: the spec's `code` (algorithms/*.ts), unique and never reused
 *   6       2     bytes buffered, b
 *   8       8     total bytes hashed (at most 2^53 − 1)
 *   16      c     the construction's fields, written by its own codec: constructions/block/state.ts (a chaining
 *                 value: Merkle–Damgård, MD2), sponge/state.ts, tree/state.ts (BLAKE3), haifa/state.ts (BLAKE2)
 *   16+c    b     buffered bytes
 *   16+c+b  4     CRC-32 (IEEE) of everything before it
 *
 * The format carries no provider: any engine that implements the algorithm can continue from it. This module
 * knows no construction, so that each construction's codec can import it without importing the others.
 */
import { BadStateError } from './errors.js';

const MAGIC = 0x444c5354; // "DLST"
export const STATE_VERSION = 1;
/** Bytes of the header, where the construction's fields start. */
export const HEADER = 16;

/** What the header says of the engine that wrote a state. */
export interface StateHeader {
  readonly view: DataView;
  /** Bytes buffered. */
  readonly pos: number;
  /** Total bytes hashed, and its high 32 bits (checked against 2^53 by {@link checkTotal}). */
  readonly length: number;
  readonly high: number;
}

/** What the envelope needs of an engine: its algorithm's code, its buffered bytes and its total. */
interface Buffered {
  readonly spec: { readonly code: number };
  readonly buffer: Uint8Array;
  readonly pos: number;
  readonly length: number;
}

/**
 * A state of `engine` with `fields` bytes of construction fields, the header and the buffered bytes written: the
 * codec writes its fields at {@link HEADER}, then {@link sealState}.
 */
export function openState(engine: Buffered, fields: number): { out: Uint8Array; view: DataView } {
  const out = new Uint8Array(HEADER + fields + engine.pos + 4);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC);
  out[4] = STATE_VERSION;
  out[5] = engine.spec.code;
  view.setUint16(6, engine.pos);
  view.setUint32(8, Math.floor(engine.length / 2 ** 32));
  view.setUint32(12, engine.length % 2 ** 32);
  out.set(engine.buffer.subarray(0, engine.pos), HEADER + fields);
  return { out, view };
}

/** Writes the CRC-32 of a state that {@link openState} opened. */
export function sealState(out: Uint8Array, view: DataView): Uint8Array {
  view.setUint32(out.length - 4, crc32(out.subarray(0, out.length - 4)));
  return out;
}

/** Reads the algorithm code of a state, checking everything that does not depend on the algorithm. */
export function stateAlgorithmCode(bytes: Uint8Array): number {
  if (!(bytes instanceof Uint8Array)) throw new BadStateError('expected a Uint8Array');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < HEADER + 4 || view.getUint32(0) !== MAGIC) {
    throw new BadStateError('it does not start with the digestlab state header');
  }
  if (bytes[4] !== STATE_VERSION) {
    throw new BadStateError(`format version ${bytes[4]} is not supported (this build reads version ${STATE_VERSION})`);
  }
  if (crc32(bytes.subarray(0, bytes.length - 4)) !== view.getUint32(bytes.length - 4)) {
    throw new BadStateError('its checksum does not match (the bytes were altered or truncated)');
  }
  return bytes[5];
}

/** The header of a state that {@link stateAlgorithmCode} checked. */
export function readHeader(bytes: Uint8Array): StateHeader {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const high = view.getUint32(8);
  return { view, pos: view.getUint16(6), length: high * 2 ** 32 + view.getUint32(12), high };
}

/** Throws unless the total's high 32 bits keep it below 2^53. */
export function checkTotal(high: number): void {
  if (high >= 2 ** 21) throw new BadStateError('its total length exceeds 2^53 - 1 bytes');
}

/** The `pos` buffered bytes before the CRC. */
export function bufferedBytes(bytes: Uint8Array, pos: number): Uint8Array {
  return bytes.subarray(bytes.length - 4 - pos, bytes.length - 4);
}

/**
 * Writes `words` as 32-bit words from byte `at`, little-endian (a sponge's lanes, a tree's or BLAKE2's words) or
 * big-endian (a Merkle–Damgård chaining value). Over the whole array: no loop bound to get wrong.
 */
export function putWords(view: DataView, at: number, words: Int32Array, littleEndian: boolean): void {
  words.forEach((w, i) => {
    view.setInt32(at + 4 * i, w, littleEndian);
  });
}

/** Fills `words` with the 32-bit words from byte `at` (see {@link putWords}). */
export function getWords(view: DataView, at: number, words: Int32Array, littleEndian: boolean): void {
  words.forEach((_, i) => {
    words[i] = view.getInt32(at + 4 * i, littleEndian);
  });
}

/** CRC-32 (IEEE 802.3, reflected, as zlib computes it). States are small, so bit by bit is fast enough. */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) {
    crc ^= bytes[i];
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** Restores the buffered bytes and the total of a state whose size the codec checked. */
export function restoreBuffered(
  engine: { readonly buffer: Uint8Array; pos: number; length: number },
  bytes: Uint8Array,
  header: StateHeader,
): void {
  engine.buffer.set(bufferedBytes(bytes, header.pos));
  engine.pos = header.pos;
  engine.length = header.length;
}

/** Throws unless a state of `fields` bytes of fields holds exactly what its header says is buffered. */
export function checkSize(bytes: Uint8Array, fields: number, pos: number, name: string, kind: string): void {
  if (bytes.length !== HEADER + fields + pos + 4) {
    throw new BadStateError(`its size (${bytes.length} bytes) does not fit a ${name} state (${kind} kind)`);
  }
}

/** Throws unless `pos` bytes are what an engine buffers after the total (`expected` of them). */
export function checkBuffered(pos: number, expected: number, length: number): void {
  if (pos !== expected) throw new BadStateError(`${pos} buffered bytes cannot follow ${length} bytes hashed`);
}
