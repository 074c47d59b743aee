/** The small API of the per-family entry points (`digestlab/sha256`, ...): our TypeScript, nothing else. */
import { type AlgorithmSpec, chainBytes, chainHex, hashOnce, mdOnce } from './block.js';
import { type Data, toBytesTransient, toHex } from './bytes.js';
import { Digest, described } from './digest.js';
import { outputLengthOf } from './options.js';
import { spongeOnce } from './sponge.js';

/** `outputLength` only for SHAKE (checked: a non-negative safe integer). */
export function oneShot(spec: AlgorithmSpec, data: Data, outputLength?: number): Uint8Array {
  const bytes = toBytesTransient(data);
  const md = spec.md;
  return md
    ? chainBytes(mdOnce(spec, md, bytes), spec.digestLength, md.littleEndian)
    : other(spec, bytes, outputLength);
}

export function oneShotHex(spec: AlgorithmSpec, data: Data, outputLength?: number): string {
  const bytes = toBytesTransient(data);
  const md = spec.md;
  return md
    ? chainHex(mdOnce(spec, md, bytes), spec.digestLength, md.littleEndian)
    : toHex(other(spec, bytes, outputLength));
}

function other(spec: AlgorithmSpec, bytes: Uint8Array, outputLength: number | undefined): Uint8Array {
  if (!spec.sponge) return hashOnce(spec, bytes);
  return spongeOnce(spec, spec.sponge.core, bytes, outputLengthOf(spec, outputLength) ?? spec.digestLength);
}

export function create(spec: AlgorithmSpec, outputLength?: number): Digest {
  const n = outputLengthOf(spec, outputLength);
  return new Digest(described(spec, n), 'ts', spec.create(n));
}
