/** MD4 alone, computed by our TypeScript: `import { md4Hex } from 'digestlab/md4'`. */
import { MD4 } from './algorithms/md4.js';
import type { Data } from './bytes.js';
import type { Digest } from './digest.js';
import { create, oneShot, oneShotHex } from './family.js';

export type { Data } from './bytes.js';
export { Digest } from './digest.js';

export const md4 = (data: Data): Uint8Array => oneShot(MD4, data);
export const md4Hex = (data: Data): string => oneShotHex(MD4, data);
export const createMd4 = (): Digest => create(MD4);
