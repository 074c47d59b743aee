/** SM3 alone, computed by our TypeScript: `import { sm3Hex } from 'digestlab/sm3'`. */
import { SM3 } from './algorithms/sm3.js';
import type { Digest } from './api/digest.js';
import { create, oneShot, oneShotHex } from './api/family.js';
import type { Data } from './shared/bytes.js';

export { Digest } from './api/digest.js';
export type { Data } from './shared/bytes.js';

export const sm3 = (data: Data): Uint8Array => oneShot(SM3, data);
export const sm3Hex = (data: Data): string => oneShotHex(SM3, data);
export const createSm3 = (): Digest => create(SM3);
