/** The small API of the per-family entry points (`digestlab/sha256`, ...): our TypeScript, nothing else. */

import { hashOnce } from '../constructions/block/block.js';
import { chainBytes, mdOnce } from '../constructions/merkle-damgard/merkle-damgard.js';
import { type Data, toBytesTransient } from '../shared/bytes.js';
import { chainHex, toHex } from '../shared/hex.js';
import type { AlgorithmSpec } from '../spec/algorithm.js';
import { Digest } from './digest.js';

export function oneShot(spec: AlgorithmSpec, data: Data): Uint8Array {
  const bytes = toBytesTransient(data);
  const md = spec.md;
  return md ? chainBytes(mdOnce(spec, md, bytes), spec.digestLength, md.littleEndian) : hashOnce(spec, bytes);
}

export function oneShotHex(spec: AlgorithmSpec, data: Data): string {
  const bytes = toBytesTransient(data);
  const md = spec.md;
  return md ? chainHex(mdOnce(spec, md, bytes), spec.digestLength, md.littleEndian) : toHex(hashOnce(spec, bytes));
}

export function create(spec: AlgorithmSpec): Digest {
  return new Digest(spec, 'ts', spec.create());
}
