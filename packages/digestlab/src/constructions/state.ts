/**
 * Exported states of every construction: each construction's codec (block/state.ts for a chaining value alone,
 * sponge/, tree/, haifa/, checksum/), chosen by what the engine or the spec has, inside the one envelope
 * (shared/state-envelope.ts). An engine exports through its own codec; this is what `importState`, which knows
 * the algorithm only from the state, restores through.
 */
import type { AlgorithmParams, AlgorithmSpec, BlockEngine, EngineFields } from '../spec/algorithm.js';
import { decodeChainState, encodeChainState } from './block/state.js';
import { decodeChecksumState, encodeChecksumState } from './checksum/state.js';
import { decodeBlake2State, encodeBlake2State } from './haifa/state.js';
import { decodeSpongeState, encodeSpongeState } from './sponge/state.js';
import { decodeTreeState, encodeTreeState } from './tree/state.js';

/** The state of `engine` (its buffering fields, and a construction's own: see {@link EngineFields}). */
export function encodeState(engine: EngineFields): Uint8Array {
  if (engine.checksum) return encodeChecksumState(engine);
  if (engine.tree) return encodeTreeState(engine);
  if (engine.blake2) return encodeBlake2State(engine);
  if (engine.sponge) return encodeSpongeState(engine);
  return encodeChainState(engine);
}

/**
 * Restores `bytes` into a fresh engine of `spec`, made by `create` (our TypeScript by default; the WebAssembly
 * engine has the same state) with the output length the state records. Call after the envelope's
 * stateAlgorithmCode.
 */
export function decodeState(bytes: Uint8Array, spec: AlgorithmSpec): BlockEngine;
export function decodeState<E extends EngineFields>(
  bytes: Uint8Array,
  spec: AlgorithmSpec,
  create: (outputLength?: number, params?: AlgorithmParams) => E,
): E;
export function decodeState(
  bytes: Uint8Array,
  spec: AlgorithmSpec,
  create = (outputLength?: number, params?: AlgorithmParams): EngineFields => spec.create(outputLength, params),
): EngineFields {
  if (spec.checksum) return decodeChecksumState(bytes, spec, create);
  if (spec.tree) return decodeTreeState(bytes, spec, create);
  if (spec.blake2) return decodeBlake2State(bytes, spec, create);
  if (spec.sponge) return decodeSpongeState(bytes, spec, create);
  return decodeChainState(bytes, spec, () => create());
}
