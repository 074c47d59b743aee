/** Continuing a digest from an exported state, through any provider that exports state. */

import type { BlockHash } from '../constructions/block/block.js';
import { Blake2Hash } from '../constructions/haifa/haifa.js';
import { SpongeHash } from '../constructions/sponge/sponge.js';
import { decodeState } from '../constructions/state.js';
import { TreeHash } from '../constructions/tree/tree.js';
import { providersWith, resolve } from '../providers/index.js';
import { byCode } from '../registry/registry.js';
import { BadStateError, StateUnsupportedError } from '../shared/errors.js';
import { stateAlgorithmCode } from '../shared/state-envelope.js';
import type { DigestOptions } from './calls.js';
import { Digest, described } from './digest.js';

/**
 * Continues a digest from bytes that `Digest.exportState()` returned (on this runtime or another, from any
 * provider that exports state). It continues in our TypeScript unless `options.provider` names another provider
 * that can (`wasm`; `auto` picks `wasm` where it runs).
 */
export function importState(state: Uint8Array, options?: DigestOptions): Digest {
  const code = stateAlgorithmCode(state);
  const spec = byCode(code);
  if (!spec) throw new BadStateError(`algorithm code ${code} is unknown to this build`);
  let id: string = options?.provider ?? 'ts';
  if (id === 'auto') id = providersWith(spec.name).some((p) => p.id === 'wasm') ? 'wasm' : 'ts';
  const { provider } = resolve(spec.name, id);
  if (!provider.exportsState) throw new StateUnsupportedError(provider.id);
  // providers that export state run on BlockHash engines (ts, wasm), which decodeState fills
  const engine = decodeState(state, spec, (n, p) => provider.create(spec.name, n, p) as BlockHash | TreeHash);
  const n =
    engine instanceof SpongeHash || engine instanceof TreeHash || engine instanceof Blake2Hash
      ? engine.outputLength
      : undefined;
  return new Digest(described(spec, n), provider.id, engine);
}
