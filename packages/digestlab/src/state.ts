/**
 * Exported digest state, format version 1. All integers big-endian.
 *
 *   offset  size  field
 *   0       4     magic "DLST"
 *   4       1     format version (1)
 *   5       1     algorithm code (MD2 = 1, MD5 = 2, SHA-1 = 3, SHA-224 = 4, SHA-256 = 5, SHA-384 = 6,
 *                 SHA-512 = 7, SHA-512/224 = 8, SHA-512/256 = 9)
 *   6       2     bytes buffered, b (always total mod block length)
 *   8       8     total bytes hashed (at most 2^53 − 1)
 *   16      c     chaining value: 32-bit words (SHA-512 family: hi, lo per 64-bit word), or MD2's 32 bytes
 *   16+c    b     buffered bytes
 *   16+c+b  4     CRC-32 (IEEE) of everything before it
 *
 * The format carries no provider: any engine that implements the algorithm can continue from it.
 */
import type { AlgorithmSpec, BlockHash } from './block.js';
import { BadStateError } from './errors.js';

const MAGIC = [0x44, 0x4c, 0x53, 0x54]; // "DLST"
export const STATE_VERSION = 1;
const HEADER = 16;

export function encodeState(engine: BlockHash): Uint8Array {
  const chain = engine.chain;
  const c = chain.byteLength;
  const out = new Uint8Array(HEADER + c + engine.pos + 4);
  const view = new DataView(out.buffer);
  out.set(MAGIC, 0);
  out[4] = STATE_VERSION;
  out[5] = engine.spec.code;
  view.setUint16(6, engine.pos);
  view.setUint32(8, Math.floor(engine.length / 2 ** 32));
  view.setUint32(12, engine.length % 2 ** 32);
  if (chain instanceof Int32Array) {
    for (let i = 0; i < chain.length; i++) view.setInt32(HEADER + 4 * i, chain[i]);
  } else {
    out.set(chain, HEADER);
  }
  out.set(engine.buffer.subarray(0, engine.pos), HEADER + c);
  view.setUint32(out.length - 4, crc32(out.subarray(0, out.length - 4)));
  return out;
}

/** Reads the algorithm code of a state, checking everything that does not depend on the algorithm. */
export function stateAlgorithmCode(bytes: Uint8Array): number {
  if (!(bytes instanceof Uint8Array)) throw new BadStateError('expected a Uint8Array');
  if (bytes.length < HEADER + 4 || MAGIC.some((m, i) => bytes[i] !== m)) {
    throw new BadStateError('it does not start with the digestlab state header');
  }
  if (bytes[4] !== STATE_VERSION) {
    throw new BadStateError(`format version ${bytes[4]} is not supported (this build reads version ${STATE_VERSION})`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (crc32(bytes.subarray(0, bytes.length - 4)) !== view.getUint32(bytes.length - 4)) {
    throw new BadStateError('its checksum does not match (the bytes were altered or truncated)');
  }
  return bytes[5];
}

/**
 * Restores `bytes` into a fresh engine of `spec`, made by `create` (our TypeScript by default; the WebAssembly
 * engine has the same state). Call after {@link stateAlgorithmCode}.
 */
export function decodeState(bytes: Uint8Array, spec: AlgorithmSpec, create = () => spec.create()): BlockHash {
  const engine = create();
  const chain = engine.chain;
  const c = chain.byteLength;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const pos = view.getUint16(6);
  const hi = view.getUint32(8);
  const length = hi * 2 ** 32 + view.getUint32(12);
  if (bytes.length !== HEADER + c + pos + 4) {
    throw new BadStateError(`its size (${bytes.length} bytes) does not fit a ${spec.name} state`);
  }
  if (hi >= 2 ** 21) throw new BadStateError('its total length exceeds 2^53 - 1 bytes');
  if (pos >= spec.blockLength || length % spec.blockLength !== pos) {
    throw new BadStateError(`${pos} buffered bytes cannot follow ${length} bytes hashed`);
  }
  if (chain instanceof Int32Array) {
    for (let i = 0; i < chain.length; i++) chain[i] = view.getInt32(HEADER + 4 * i);
  } else {
    chain.set(bytes.subarray(HEADER, HEADER + c));
  }
  engine.buffer.set(bytes.subarray(HEADER + c, HEADER + c + pos));
  engine.pos = pos;
  engine.length = length;
  return engine;
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
