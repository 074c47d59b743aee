/**
 * The state of an engine whose fields are a chaining value alone (Merkle–Damgård, MD2), inside the envelope
 * (shared/state-envelope.ts):
 *
 *   16      c     chaining value: 32-bit words, big-endian (SHA-512 family: hi, lo per 64-bit word), or MD2's
 *                 32 bytes as they are
 *
 * b is always the total mod the block length.
 */
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
import type { AlgorithmSpec, EngineFields } from '../../spec/algorithm.js';

export function encodeChainState(engine: EngineFields): Uint8Array {
  const chain = engine.chain;
  const { out, view } = openState(engine, chain.byteLength);
  if (chain instanceof Int32Array) putWords(view, HEADER, chain, false);
  else out.set(chain, HEADER);
  return sealState(out, view);
}

/** Restores `bytes` into a fresh engine of `spec` made by `create`. Call after the envelope's stateAlgorithmCode. */
export function decodeChainState<E extends EngineFields>(bytes: Uint8Array, spec: AlgorithmSpec, create: () => E): E {
  const header = readHeader(bytes);
  const { view, pos, length } = header;
  // the size first: it tells a state of another kind (or another algorithm's) at once
  const c = spec.create().chain.byteLength;
  checkSize(bytes, c, pos, spec.name, 'Merkle–Damgård');
  const engine = create();
  checkTotal(header.high);
  // the remainder is below the block length, so this also refuses pos >= blockLength
  checkBuffered(pos, length % spec.blockLength, length);
  const chain = engine.chain;
  if (chain instanceof Int32Array) getWords(view, HEADER, chain, false);
  else chain.set(bytes.subarray(HEADER, HEADER + c));
  restoreBuffered(engine, bytes, header);
  return engine;
}
