/** MD5 alone, computed by our TypeScript: `import { md5Hex } from 'digestlab/md5'`. */
import { MD5 } from './algorithms/md5.js';
import type { Data } from './bytes.js';
import type { Digest } from './digest.js';
import { create, oneShot, oneShotHex } from './family.js';

export type { Data } from './bytes.js';
export { Digest } from './digest.js';

export const md5 = (data: Data): Uint8Array => oneShot(MD5, data);
export const md5Hex = (data: Data): string => oneShotHex(MD5, data);
export const createMd5 = (): Digest => create(MD5);
