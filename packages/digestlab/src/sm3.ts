/** SM3 alone, computed by our TypeScript: `import { sm3Hex } from 'digestlab/sm3'`. */
import { SM3 } from './algorithms/sm3.js';
import type { Data } from './bytes.js';
import type { Digest } from './digest.js';
import { create, oneShot, oneShotHex } from './family.js';

export type { Data } from './bytes.js';
export { Digest } from './digest.js';

export const sm3 = (data: Data): Uint8Array => oneShot(SM3, data);
export const sm3Hex = (data: Data): string => oneShotHex(SM3, data);
export const createSm3 = (): Digest => create(SM3);
