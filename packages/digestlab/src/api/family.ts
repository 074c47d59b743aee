/**
 * The small API of the per-family entry points (`digestlab/sha256`, ...): our TypeScript, nothing else. The one-shots
 * are the Merkle–Damgård ones (MD2's entry point has its own): no dispatch by construction in those bundles.
 */

import { chainBytes, mdOnce } from '../constructions/merkle-damgard/merkle-damgard.js';
import { type Data, toBytesTransient } from '../shared/bytes.js';
import { chainHex } from '../shared/hex.js';
import type { AlgorithmSpec } from '../spec/algorithm.js';
import type { MDParams } from '../spec/constructions.js';
import { Digest } from './digest.js';

export function oneShot(spec: AlgorithmSpec<MDParams>, data: Data): Uint8Array {
  const md = spec.construction;
  return chainBytes(mdOnce(spec, md, toBytesTransient(data)), spec.digestLength, md.littleEndian);
}

export function oneShotHex(spec: AlgorithmSpec<MDParams>, data: Data): string {
  const md = spec.construction;
  return chainHex(mdOnce(spec, md, toBytesTransient(data)), spec.digestLength, md.littleEndian);
}

export function create(spec: AlgorithmSpec): Digest {
  return new Digest(spec, 'ts', spec.create());
}
