/** The small API of the per-family entry points (`digestlab/sha256`, ...): our TypeScript, nothing else. */
import { type AlgorithmSpec, hashOnce } from './block.js';
import { type Data, toBytesTransient, toHex } from './bytes.js';
import { Digest } from './digest.js';

export function oneShot(spec: AlgorithmSpec, data: Data): Uint8Array {
  return hashOnce(spec, toBytesTransient(data));
}

export function oneShotHex(spec: AlgorithmSpec, data: Data): string {
  return toHex(oneShot(spec, data));
}

export function create(spec: AlgorithmSpec): Digest {
  return new Digest(spec, 'ts', spec.create());
}
