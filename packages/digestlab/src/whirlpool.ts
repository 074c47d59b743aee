/** Whirlpool alone, computed by our TypeScript: `import { whirlpoolHex } from 'digestlab/whirlpool'`. */
import { WHIRLPOOL } from './algorithms/whirlpool.js';
import type { Digest } from './api/digest.js';
import { create, oneShot, oneShotHex } from './api/family.js';
import type { Data } from './shared/bytes.js';

export { Digest } from './api/digest.js';
export type { Data } from './shared/bytes.js';

export const whirlpool = (data: Data): Uint8Array => oneShot(WHIRLPOOL, data);
export const whirlpoolHex = (data: Data): string => oneShotHex(WHIRLPOOL, data);
export const createWhirlpool = (): Digest => create(WHIRLPOOL);
