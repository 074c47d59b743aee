/** MD4 alone, computed by our TypeScript: `import { md4Hex } from 'digestlab/md4'`. */
import { MD4 } from './algorithms/md4.js';
import type { Digest } from './api/digest.js';
import { create, oneShot, oneShotHex } from './api/family.js';
import type { Data } from './shared/bytes.js';

export { Digest } from './api/digest.js';
export type { Data } from './shared/bytes.js';

export const md4 = (data: Data): Uint8Array => oneShot(MD4, data);
export const md4Hex = (data: Data): string => oneShotHex(MD4, data);
export const createMd4 = (): Digest => create(MD4);
