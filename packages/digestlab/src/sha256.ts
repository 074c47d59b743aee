/** SHA-224 and SHA-256 alone, computed by our TypeScript: `import { sha256Hex } from 'digestlab/sha256'`. */
import { SHA224, SHA256 } from './algorithms/sha256.js';
import type { Digest } from './api/digest.js';
import { create, oneShot, oneShotHex } from './api/family.js';
import type { Data } from './shared/bytes.js';

export { Digest } from './api/digest.js';
export type { Data } from './shared/bytes.js';

export const sha256 = (data: Data): Uint8Array => oneShot(SHA256, data);
export const sha256Hex = (data: Data): string => oneShotHex(SHA256, data);
export const createSha256 = (): Digest => create(SHA256);
export const sha224 = (data: Data): Uint8Array => oneShot(SHA224, data);
export const sha224Hex = (data: Data): string => oneShotHex(SHA224, data);
export const createSha224 = (): Digest => create(SHA224);
