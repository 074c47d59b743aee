/** Provider `ts`: our own TypeScript, on every runtime. */

import { hashOnce } from '../constructions/block/block.js';
import { blake2Once } from '../constructions/haifa/haifa.js';
import { chainBytes, mdOnce } from '../constructions/merkle-damgard/merkle-damgard.js';
import { spongeOnce } from '../constructions/sponge/sponge.js';
import { treeOnce } from '../constructions/tree/modes.js';
import { lookup } from '../registry/registry.js';
import { toBytesTransient } from '../shared/bytes.js';
import { chainHex, toHex } from '../shared/hex.js';
import {
  type AlgorithmName,
  type AlgorithmParams,
  type AlgorithmSpec,
  narrow,
  unknownConstruction,
} from '../spec/algorithm.js';
import type { Provider } from './provider.js';

/**
 * A one-shot digest in TypeScript, as `bytes` makes it: the provider's one dispatch by construction. A
 * Merkle–Damgård digest is its final chaining value, which `chain` writes out (as bytes or straight as hex).
 */
function once<T>(
  spec: AlgorithmSpec,
  data: Uint8Array | string,
  outputLength = spec.digestLength,
  params: AlgorithmParams | undefined,
  chain: (words: Int32Array, n: number, littleEndian: boolean) => T,
  out: (digest: Uint8Array) => T,
): T {
  const c = spec.construction;
  const bytes = toBytesTransient(data);
  switch (c.kind) {
    case 'merkle-damgard':
      return chain(mdOnce(spec, c, bytes), spec.digestLength, c.littleEndian);
    case 'sponge':
      return out(spongeOnce(narrow(spec, 'sponge'), c.core, bytes, outputLength));
    case 'tree':
      return out(treeOnce(spec, c.core, bytes, outputLength, params));
    case 'haifa':
      return out(blake2Once(spec, bytes, outputLength, params));
    case 'md2':
      return out(hashOnce(spec, bytes));
    default:
      return unknownConstruction(c);
  }
}

const asIs = (digest: Uint8Array) => digest;

export const tsProvider: Provider = {
  id: 'ts',
  implementedIn: 'TypeScript',
  sync: true,
  streaming: true,
  exportsState: true,
  unavailableReason: () => undefined,
  has: () => true,
  create: (algorithm: AlgorithmName, outputLength?: number, params?: AlgorithmParams) =>
    lookup(algorithm).spec.create(outputLength, params),
  digestOnce: (algorithm, data, outputLength, params) =>
    once(lookup(algorithm).spec, data, outputLength, params, chainBytes, asIs),
  digestHexOnce: (algorithm, data, outputLength, params) =>
    once(lookup(algorithm).spec, data, outputLength, params, chainHex, toHex),
  async digestAsync(algorithm, data, outputLength, params) {
    return this.digestOnce(algorithm, data, outputLength, params);
  },
};
