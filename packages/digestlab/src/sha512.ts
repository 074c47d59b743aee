/** SHA-384, SHA-512, SHA-512/224 and SHA-512/256 alone, computed by our TypeScript: `from 'digestlab/sha512'`. */
import { SHA384, SHA512, SHA512_224, SHA512_256 } from './algorithms/sha512.js';
import type { Digest } from './api/digest.js';
import { create, oneShot, oneShotHex } from './api/family.js';
import type { Data } from './shared/bytes.js';

export { Digest } from './api/digest.js';
export type { Data } from './shared/bytes.js';

export const sha512 = (data: Data): Uint8Array => oneShot(SHA512, data);
export const sha512Hex = (data: Data): string => oneShotHex(SHA512, data);
export const createSha512 = (): Digest => create(SHA512);
export const sha384 = (data: Data): Uint8Array => oneShot(SHA384, data);
export const sha384Hex = (data: Data): string => oneShotHex(SHA384, data);
export const createSha384 = (): Digest => create(SHA384);
export const sha512_224 = (data: Data): Uint8Array => oneShot(SHA512_224, data);
export const sha512_224Hex = (data: Data): string => oneShotHex(SHA512_224, data);
export const createSha512_224 = (): Digest => create(SHA512_224);
export const sha512_256 = (data: Data): Uint8Array => oneShot(SHA512_256, data);
export const sha512_256Hex = (data: Data): string => oneShotHex(SHA512_256, data);
export const createSha512_256 = (): Digest => create(SHA512_256);
