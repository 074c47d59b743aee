/** MD2 alone, computed by our TypeScript: `import { md2Hex } from 'digestlab/md2'`. */
import { MD2 } from './algorithms/md2.js';
import type { Digest } from './api/digest.js';
import { create } from './api/family.js';
import { hashOnce } from './constructions/block/block.js';
import { type Data, toBytesTransient } from './shared/bytes.js';
import { toHex } from './shared/hex.js';

export { Digest } from './api/digest.js';
export type { Data } from './shared/bytes.js';

export const md2 = (data: Data): Uint8Array => hashOnce(MD2, toBytesTransient(data));
export const md2Hex = (data: Data): string => toHex(md2(data));
export const createMd2 = (): Digest => create(MD2);
