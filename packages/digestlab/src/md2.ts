/** MD2 alone, computed by our TypeScript: `import { md2Hex } from 'digestlab/md2'`. */
import { MD2 } from './algorithms/md2.js';
import type { Digest } from './api/digest.js';
import { create, oneShot, oneShotHex } from './api/family.js';
import type { Data } from './shared/bytes.js';

export { Digest } from './api/digest.js';
export type { Data } from './shared/bytes.js';

export const md2 = (data: Data): Uint8Array => oneShot(MD2, data);
export const md2Hex = (data: Data): string => oneShotHex(MD2, data);
export const createMd2 = (): Digest => create(MD2);
