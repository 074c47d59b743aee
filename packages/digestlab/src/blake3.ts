/**
 * BLAKE3 alone, computed by our TypeScript: `from 'digestlab/blake3'`. Every mode through one options object, checked
 * as digest()'s: `outputLength` (default 32 bytes), `key` (32 bytes: keyed_hash) or `context` (derive_key).
 */
import { BLAKE3_256, TS_BLAKE3 } from './algorithms/blake3.js';
import { Digest, described } from './api/digest.js';
import { treeOnce } from './constructions/tree/modes.js';
import { type Data, toBytesTransient } from './shared/bytes.js';
import { toHex } from './shared/hex.js';
import { CONTEXT, KEY, OUTPUT_LENGTH, outputLengthOf, paramsOf } from './spec/options.js';

export { Digest } from './api/digest.js';
export type { Data } from './shared/bytes.js';

/** BLAKE3's options (the registry's, written here too so that this bundle carries no registry). */
export interface Blake3Options {
  outputLength?: number;
  key?: Uint8Array;
  context?: string;
}

const ACCEPTED = [OUTPUT_LENGTH, KEY, CONTEXT];

export function blake3(data: Data, options?: Blake3Options): Uint8Array {
  const n = outputLengthOf(BLAKE3_256, options?.outputLength) ?? BLAKE3_256.digestLength;
  const params = paramsOf(BLAKE3_256.name, ACCEPTED, options);
  return treeOnce(BLAKE3_256, TS_BLAKE3, toBytesTransient(data), n, params);
}

export const blake3Hex = (data: Data, options?: Blake3Options): string => toHex(blake3(data, options));

export function createBlake3(options?: Blake3Options): Digest {
  const n = outputLengthOf(BLAKE3_256, options?.outputLength);
  const params = paramsOf(BLAKE3_256.name, ACCEPTED, options);
  return new Digest(described(BLAKE3_256, n), 'ts', BLAKE3_256.create(n, params));
}
