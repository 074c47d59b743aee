/**
 * SHA3-224/256/384/512, SHAKE128/256 and KECCAK-224/256/384/512 alone, computed by our TypeScript:
 * `from 'digestlab/sha3'`. SHAKE's functions take the output length in bytes (default 16 and 32).
 */
// biome-ignore assist/source/organizeImports: the bundle's module order follows these imports; the Digest first gzips smaller (scripts/measure/bundle-size.mjs)
import { Digest, described } from './api/digest.js';
import {
  KECCAK_224,
  KECCAK_256,
  KECCAK_384,
  KECCAK_512,
  SHA3_224,
  SHA3_256,
  SHA3_384,
  SHA3_512,
  SHAKE128,
  SHAKE256,
  TS_KECCAK,
} from './algorithms/sha3.js';
import { spongeOnce } from './constructions/sponge/sponge.js';
import { type Data, toBytesTransient } from './shared/bytes.js';
import { toHex } from './shared/hex.js';
import type { AlgorithmSpec } from './spec/algorithm.js';
import type { SpongeParams } from './spec/constructions.js';
import { outputLengthOf } from './spec/options.js';

export { Digest } from './api/digest.js';
export type { Data } from './shared/bytes.js';

// The sponges' own helpers (family.ts has the Merkle–Damgård ones): the other families' bundles stay free of the
// sponge. `outputLength` only for SHAKE, checked as digest()'s option is.
function oneShot(spec: AlgorithmSpec<SpongeParams>, data: Data, outputLength?: number): Uint8Array {
  const n = outputLengthOf(spec, outputLength) ?? spec.digestLength;
  return spongeOnce(spec, TS_KECCAK, toBytesTransient(data), n);
}

function oneShotHex(spec: AlgorithmSpec<SpongeParams>, data: Data, outputLength?: number): string {
  return toHex(oneShot(spec, data, outputLength));
}

function create(spec: AlgorithmSpec, outputLength?: number): Digest {
  const n = outputLengthOf(spec, outputLength);
  return new Digest(described(spec, n), 'ts', spec.create(n));
}

export const sha3_224 = (data: Data): Uint8Array => oneShot(SHA3_224, data);
export const sha3_224Hex = (data: Data): string => oneShotHex(SHA3_224, data);
export const createSha3_224 = (): Digest => create(SHA3_224);
export const sha3_256 = (data: Data): Uint8Array => oneShot(SHA3_256, data);
export const sha3_256Hex = (data: Data): string => oneShotHex(SHA3_256, data);
export const createSha3_256 = (): Digest => create(SHA3_256);
export const sha3_384 = (data: Data): Uint8Array => oneShot(SHA3_384, data);
export const sha3_384Hex = (data: Data): string => oneShotHex(SHA3_384, data);
export const createSha3_384 = (): Digest => create(SHA3_384);
export const sha3_512 = (data: Data): Uint8Array => oneShot(SHA3_512, data);
export const sha3_512Hex = (data: Data): string => oneShotHex(SHA3_512, data);
export const createSha3_512 = (): Digest => create(SHA3_512);
export const shake128 = (data: Data, outputLength?: number): Uint8Array => oneShot(SHAKE128, data, outputLength);
export const shake128Hex = (data: Data, outputLength?: number): string => oneShotHex(SHAKE128, data, outputLength);
export const createShake128 = (outputLength?: number): Digest => create(SHAKE128, outputLength);
export const shake256 = (data: Data, outputLength?: number): Uint8Array => oneShot(SHAKE256, data, outputLength);
export const shake256Hex = (data: Data, outputLength?: number): string => oneShotHex(SHAKE256, data, outputLength);
export const createShake256 = (outputLength?: number): Digest => create(SHAKE256, outputLength);
export const keccak_224 = (data: Data): Uint8Array => oneShot(KECCAK_224, data);
export const keccak_224Hex = (data: Data): string => oneShotHex(KECCAK_224, data);
export const createKeccak_224 = (): Digest => create(KECCAK_224);
export const keccak_256 = (data: Data): Uint8Array => oneShot(KECCAK_256, data);
export const keccak_256Hex = (data: Data): string => oneShotHex(KECCAK_256, data);
export const createKeccak_256 = (): Digest => create(KECCAK_256);
export const keccak_384 = (data: Data): Uint8Array => oneShot(KECCAK_384, data);
export const keccak_384Hex = (data: Data): string => oneShotHex(KECCAK_384, data);
export const createKeccak_384 = (): Digest => create(KECCAK_384);
export const keccak_512 = (data: Data): Uint8Array => oneShot(KECCAK_512, data);
export const keccak_512Hex = (data: Data): string => oneShotHex(KECCAK_512, data);
export const createKeccak_512 = (): Digest => create(KECCAK_512);
