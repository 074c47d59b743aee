/** RIPEMD-128, -160, -256 and -320, computed by our TypeScript: `import { ripemd160Hex } from 'digestlab/ripemd'`. */
import { RIPEMD128, RIPEMD160, RIPEMD256, RIPEMD320 } from './algorithms/ripemd.js';
import type { Digest } from './api/digest.js';
import { create, oneShot, oneShotHex } from './api/family.js';
import type { Data } from './shared/bytes.js';

export { Digest } from './api/digest.js';
export type { Data } from './shared/bytes.js';

export const ripemd128 = (data: Data): Uint8Array => oneShot(RIPEMD128, data);
export const ripemd128Hex = (data: Data): string => oneShotHex(RIPEMD128, data);
export const createRipemd128 = (): Digest => create(RIPEMD128);
export const ripemd160 = (data: Data): Uint8Array => oneShot(RIPEMD160, data);
export const ripemd160Hex = (data: Data): string => oneShotHex(RIPEMD160, data);
export const createRipemd160 = (): Digest => create(RIPEMD160);
export const ripemd256 = (data: Data): Uint8Array => oneShot(RIPEMD256, data);
export const ripemd256Hex = (data: Data): string => oneShotHex(RIPEMD256, data);
export const createRipemd256 = (): Digest => create(RIPEMD256);
export const ripemd320 = (data: Data): Uint8Array => oneShot(RIPEMD320, data);
export const ripemd320Hex = (data: Data): string => oneShotHex(RIPEMD320, data);
export const createRipemd320 = (): Digest => create(RIPEMD320);
