/** MD2 alone, computed by our TypeScript: `import { md2Hex } from 'digestlab/md2'`. */
import { MD2 } from './algorithms/md2.js';
import type { Data } from './bytes.js';
import type { Digest } from './digest.js';
import { create, oneShot, oneShotHex } from './family.js';

export type { Data } from './bytes.js';
export { Digest } from './digest.js';

export const md2 = (data: Data): Uint8Array => oneShot(MD2, data);
export const md2Hex = (data: Data): string => oneShotHex(MD2, data);
export const createMd2 = (): Digest => create(MD2);
