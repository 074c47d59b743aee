/** Provider `ts`: our own TypeScript, on every runtime. */

import { hashOnce } from '../constructions/block/block.js';
import { checksumOnce } from '../constructions/checksum/checksum.js';
import { blake2Once } from '../constructions/haifa/haifa.js';
import { chainBytes, mdOnce } from '../constructions/merkle-damgard/merkle-damgard.js';
import { spongeOnce } from '../constructions/sponge/sponge.js';
import { treeOnce } from '../constructions/tree/modes.js';
import { lookup } from '../registry/registry.js';
import { toBytesTransient } from '../shared/bytes.js';
import { chainHex, toHex } from '../shared/hex.js';
import type { AlgorithmName, AlgorithmParams, AlgorithmSpec } from '../spec/algorithm.js';
import type { Provider } from './provider.js';

/** One-shot digests of the algorithms that are not Merkle–Damgård: the sponges, BLAKE3, BLAKE2, the checksums, and MD2. */
function other(
  spec: AlgorithmSpec,
  bytes: Uint8Array,
  outputLength = spec.digestLength,
  params?: AlgorithmParams,
): Uint8Array {
  if (spec.checksum) return checksumOnce(spec, bytes, params);
  if (spec.tree) return treeOnce(spec, spec.tree.core, bytes, outputLength, params);
  if (spec.blake2) return blake2Once(spec, bytes, outputLength, params);
  return spec.sponge ? spongeOnce(spec, spec.sponge.core, bytes, outputLength) : hashOnce(spec, bytes);
}

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
  digestOnce(algorithm, data, outputLength, params) {
    const spec = lookup(algorithm).spec;
    const bytes = toBytesTransient(data);
    const md = spec.md;
    return md
      ? chainBytes(mdOnce(spec, md, bytes), spec.digestLength, md.littleEndian)
      : other(spec, bytes, outputLength, params);
  },
  digestHexOnce(algorithm, data, outputLength, params) {
    const spec = lookup(algorithm).spec;
    const bytes = toBytesTransient(data);
    const md = spec.md;
    return md
      ? chainHex(mdOnce(spec, md, bytes), spec.digestLength, md.littleEndian)
      : toHex(other(spec, bytes, outputLength, params));
  },
  async digestAsync(algorithm, data, outputLength, params) {
    return this.digestOnce(algorithm, data, outputLength, params);
  },
};
