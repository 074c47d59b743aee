/** The small API of the per-family entry points (`digestlab/sha256`, ...): our TypeScript, nothing else. */
import type { AlgorithmSpec } from './block.js';
import { type Data, toBytes, toHex } from './bytes.js';
import { Digest } from './digest.js';

export function oneShot(spec: AlgorithmSpec, data: Data): Uint8Array {
  const engine = spec.create();
  engine.update(toBytes(data));
  return engine.digest();
}

export function oneShotHex(spec: AlgorithmSpec, data: Data): string {
  return toHex(oneShot(spec, data));
}

export function create(spec: AlgorithmSpec): Digest {
  return new Digest(spec, 'ts', spec.create());
}
