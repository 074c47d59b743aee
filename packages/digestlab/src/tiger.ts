/** Tiger alone, computed by our TypeScript: `import { tigerHex } from 'digestlab/tiger'`. */
import { TIGER } from './algorithms/tiger.js';
import type { Data } from './bytes.js';
import type { Digest } from './digest.js';
import { create, oneShot, oneShotHex } from './family.js';

export type { Data } from './bytes.js';
export { Digest } from './digest.js';

export const tiger = (data: Data): Uint8Array => oneShot(TIGER, data);
export const tigerHex = (data: Data): string => oneShotHex(TIGER, data);
export const createTiger = (): Digest => create(TIGER);
