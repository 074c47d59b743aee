/** Whirlpool alone, computed by our TypeScript: `import { whirlpoolHex } from 'digestlab/whirlpool'`. */
import { WHIRLPOOL } from './algorithms/whirlpool.js';
import type { Data } from './bytes.js';
import type { Digest } from './digest.js';
import { create, oneShot, oneShotHex } from './family.js';

export type { Data } from './bytes.js';
export { Digest } from './digest.js';

export const whirlpool = (data: Data): Uint8Array => oneShot(WHIRLPOOL, data);
export const whirlpoolHex = (data: Data): string => oneShotHex(WHIRLPOOL, data);
export const createWhirlpool = (): Digest => create(WHIRLPOOL);
