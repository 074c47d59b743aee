/** SHA-1 alone, computed by our TypeScript: `import { sha1Hex } from 'digestlab/sha1'`. */
import { SHA1 } from './algorithms/sha1.js';
import type { Digest } from './api/digest.js';
import { create, oneShot, oneShotHex } from './api/family.js';
import type { Data } from './shared/bytes.js';

export { Digest } from './api/digest.js';
export type { Data } from './shared/bytes.js';

export const sha1 = (data: Data): Uint8Array => oneShot(SHA1, data);
export const sha1Hex = (data: Data): string => oneShotHex(SHA1, data);
export const createSha1 = (): Digest => create(SHA1);
