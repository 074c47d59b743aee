/**
 * A checksum's state (CRC, Adler-32, xxHash: checksum.ts), inside the envelope (shared/state-envelope.ts):
 *
 *   16      8     the seed, a big-endian 64-bit integer (0 for an algorithm without one)
 *   24      4w    the state words, big-endian
 *   24+4w   h     the input just before the buffered bytes that the end reads (XXH3: 64 bytes; none for the others)
 *
 * b is the total mod the block length (a CRC's and Adler-32's block is a byte: b is 0); for XXH3, whose last block
 * waits for the end, 1 to a block once anything was hashed.
 */
import { BadStateError } from '../../shared/errors.js';
import {
  checkBuffered,
  checkSize,
  checkTotal,
  getWords,
  HEADER,
  openState,
  putWords,
  readHeader,
  restoreBuffered,
  sealState,
} from '../../shared/state-envelope.js';
import type { AlgorithmParams, AlgorithmSpec, EngineFields } from '../../spec/algorithm.js';
import type { ChecksumParams } from '../../spec/constructions.js';

export function encodeChecksumState(engine: EngineFields): Uint8Array {
  const c = engine.checksum;
  if (!c) throw new Error('digestlab: not a checksum engine');
  const chain = engine.chain as Int32Array;
  const { out, view } = openState(engine, 8 + chain.byteLength + c.history.length);
  view.setInt32(HEADER, c.seed[1]);
  view.setInt32(HEADER + 4, c.seed[0]);
  putWords(view, HEADER + 8, chain, false);
  out.set(c.history, HEADER + 8 + chain.byteLength);
  return sealState(out, view);
}

/** The bytes a core buffers after `length` bytes: a lazy core keeps 1 to a block once anything was hashed. */
function buffered(length: number, block: number, lazy: boolean): number {
  return lazy && length > 0 ? ((length - 1) % block) + 1 : length % block;
}

/** The seed a state holds, checked against the algorithm's width (none: 0). */
function seedOf(view: DataView, spec: AlgorithmSpec, c: ChecksumParams): bigint {
  const seed = (BigInt(view.getUint32(HEADER)) << 32n) | BigInt(view.getUint32(HEADER + 4));
  if (seed >= 1n << BigInt(c.seedBits ?? 0)) {
    throw new BadStateError(`its seed does not fit ${spec.name} (${c.seedBits ?? 0} bits)`);
  }
  return seed;
}

/** Restores `bytes` into a fresh engine of `spec` made by `create`. Call after the envelope's stateAlgorithmCode. */
export function decodeChecksumState<E extends EngineFields>(
  bytes: Uint8Array,
  spec: AlgorithmSpec,
  create: (outputLength?: number, params?: AlgorithmParams) => E,
): E {
  const c = spec.construction as ChecksumParams;
  const header = readHeader(bytes);
  const { view, pos, length } = header;
  checkSize(bytes, 8 + 4 * c.words + c.history, pos, spec.name, 'checksum');
  checkTotal(header.high);
  checkBuffered(pos, buffered(length, spec.blockLength, c.lazy), length);
  const seed = seedOf(view, spec, c);
  const engine = create(undefined, seed === 0n ? undefined : { seed });
  getWords(view, HEADER + 8, engine.chain as Int32Array, false);
  const at = HEADER + 8 + 4 * c.words;
  engine.checksum?.history.set(bytes.subarray(at, at + c.history));
  restoreBuffered(engine, bytes, header);
  return engine;
}
