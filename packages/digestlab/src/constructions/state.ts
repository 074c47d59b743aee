/**
 * Restoring an exported state of any construction: each construction's codec (block/state.ts for a chaining value
 * alone, sponge/, tree/, haifa/), chosen by the spec's construction kind, inside the one envelope
 * (shared/state-envelope.ts). An engine exports through its own codec (its `exportState`); this is what
 * `importState`, which knows the algorithm only from the state, restores through.
 */
import {
  type AlgorithmParams,
  type AlgorithmSpec,
  type BlockEngine,
  type EngineFields,
  unknownConstruction,
} from '../spec/algorithm.js';
import { decodeChainState } from './block/state.js';
import { decodeBlake2State } from './haifa/state.js';
import { decodeSpongeState } from './sponge/state.js';
import { decodeTreeState } from './tree/state.js';

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
  const c = spec.construction;
  switch (c.kind) {
    case 'tree':
      return decodeTreeState(bytes, spec, create);
    case 'haifa':
      return decodeBlake2State(bytes, spec, create);
    case 'sponge':
      return decodeSpongeState(bytes, spec, create);
    case 'merkle-damgard':
    case 'md2':
      return decodeChainState(bytes, spec, () => create());
    default:
      return unknownConstruction(c);
  }
}
