/** MD5 alone, computed by our TypeScript: `import { md5Hex } from 'digestlab/md5'`. */
import { MD5 } from './algorithms/md5.js';
import type { Digest } from './api/digest.js';
import { create, oneShot, oneShotHex } from './api/family.js';
import type { Data } from './shared/bytes.js';

export { Digest } from './api/digest.js';
export type { Data } from './shared/bytes.js';

export const md5 = (data: Data): Uint8Array => oneShot(MD5, data);
export const md5Hex = (data: Data): string => oneShotHex(MD5, data);
export const createMd5 = (): Digest => create(MD5);
