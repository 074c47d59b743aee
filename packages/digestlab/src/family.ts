/** The small API of the per-family entry points (`digestlab/sha256`, ...): our TypeScript, nothing else. */

import { hashOnce } from './block.js';
import { type Data, toBytesTransient } from './bytes.js';
import { Digest } from './digest.js';
import { chainHex, toHex } from './hex.js';
import { chainBytes, mdOnce } from './merkle-damgard.js';
import type { AlgorithmSpec } from './spec.js';

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
