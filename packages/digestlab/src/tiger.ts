/** Tiger alone, computed by our TypeScript: `import { tigerHex } from 'digestlab/tiger'`. */
import { TIGER } from './algorithms/tiger.js';
import type { Digest } from './api/digest.js';
import { create, oneShot, oneShotHex } from './api/family.js';
import type { Data } from './shared/bytes.js';

export { Digest } from './api/digest.js';
export type { Data } from './shared/bytes.js';

export const tiger = (data: Data): Uint8Array => oneShot(TIGER, data);
export const tigerHex = (data: Data): string => oneShotHex(TIGER, data);
export const createTiger = (): Digest => create(TIGER);
