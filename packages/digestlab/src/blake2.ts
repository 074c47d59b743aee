/**
 * BLAKE2b and BLAKE2s alone, computed by our TypeScript: `import { blake2b } from 'digestlab/blake2'`. Every
 * parameter through one options object, checked as digest()'s: `outputLength` (1 to 64 bytes on `blake2b`, 1 to 32
 * on `blake2s`; the named lengths, `blake2b256` …, take only their own), `key`, `salt` and `personalization`.
 */
import {
  BLAKE2B,
  BLAKE2B_160,
  BLAKE2B_256,
  BLAKE2B_384,
  BLAKE2B_512,
  BLAKE2S,
  BLAKE2S_128,
  BLAKE2S_160,
  BLAKE2S_224,
  BLAKE2S_256,
} from './algorithms/blake2.js';
import { Digest, described } from './api/digest.js';
import { blake2Once } from './constructions/haifa/haifa.js';
import { type Data, toBytesTransient } from './shared/bytes.js';
import { toHex } from './shared/hex.js';
import { type AlgorithmSpec, narrow } from './spec/algorithm.js';
import { outputLengthOf, paramsOf } from './spec/options.js';

export { Digest } from './api/digest.js';
export type { Data } from './shared/bytes.js';

/** BLAKE2's options (the same as digest()'s for BLAKE2). */
export interface Blake2Options {
  outputLength?: number;
  key?: Uint8Array;
  salt?: Uint8Array;
  personalization?: Uint8Array;
}

/** One BLAKE2 name's three functions: bytes, hex and a running digest, each checking the options. */
function functions(spec: AlgorithmSpec) {
  const accepted = narrow(spec, 'haifa').construction.options;
  const bytes = (data: Data, options?: Blake2Options): Uint8Array => {
    const n = outputLengthOf(spec, options?.outputLength);
    return blake2Once(spec, toBytesTransient(data), n, paramsOf(spec.name, accepted, options));
  };
  const hex = (data: Data, options?: Blake2Options): string => toHex(bytes(data, options));
  const create = (options?: Blake2Options): Digest => {
    const n = outputLengthOf(spec, options?.outputLength);
    return new Digest(described(spec, n), 'ts', spec.create(n, paramsOf(spec.name, accepted, options)));
  };
  return { bytes, hex, create };
}

const B = functions(BLAKE2B);
export const blake2b = B.bytes;
export const blake2bHex = B.hex;
export const createBlake2b = B.create;
const S = functions(BLAKE2S);
export const blake2s = S.bytes;
export const blake2sHex = S.hex;
export const createBlake2s = S.create;

const B160 = functions(BLAKE2B_160);
export const blake2b160 = B160.bytes;
export const blake2b160Hex = B160.hex;
export const createBlake2b160 = B160.create;
const B256 = functions(BLAKE2B_256);
export const blake2b256 = B256.bytes;
export const blake2b256Hex = B256.hex;
export const createBlake2b256 = B256.create;
const B384 = functions(BLAKE2B_384);
export const blake2b384 = B384.bytes;
export const blake2b384Hex = B384.hex;
export const createBlake2b384 = B384.create;
const B512 = functions(BLAKE2B_512);
export const blake2b512 = B512.bytes;
export const blake2b512Hex = B512.hex;
export const createBlake2b512 = B512.create;

const S128 = functions(BLAKE2S_128);
export const blake2s128 = S128.bytes;
export const blake2s128Hex = S128.hex;
export const createBlake2s128 = S128.create;
const S160 = functions(BLAKE2S_160);
export const blake2s160 = S160.bytes;
export const blake2s160Hex = S160.hex;
export const createBlake2s160 = S160.create;
const S224 = functions(BLAKE2S_224);
export const blake2s224 = S224.bytes;
export const blake2s224Hex = S224.hex;
export const createBlake2s224 = S224.create;
const S256 = functions(BLAKE2S_256);
export const blake2s256 = S256.bytes;
export const blake2s256Hex = S256.hex;
export const createBlake2s256 = S256.create;
