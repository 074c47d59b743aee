/**
 * Every family the tests know, in the registry's order: one line a family (its file beside this one). A suite that goes
 * over every algorithm reads these; a registered algorithm with no known answers here fails families.test.ts.
 */
import type { AlgorithmName } from '../../src/index.js';
import { ADLER_32 } from './adler32.js';
import { BLAKE2 } from './blake2.js';
import { BLAKE3 } from './blake3.js';
import { CRC } from './crc.js';
import { KECCAK } from './keccak.js';
import type { KnownAlgorithm, KnownFamily } from './known.js';
import { MD2 } from './md2.js';
import { MD4 } from './md4.js';
import { MD5 } from './md5.js';
import { RIPEMD } from './ripemd.js';
import { SHA_1 } from './sha1.js';
import { SHA_2 } from './sha2.js';
import { SHA_3 } from './sha3.js';
import { SM3 } from './sm3.js';
import { TIGER } from './tiger.js';
import { WHIRLPOOL } from './whirlpool.js';
import { XXHASH } from './xxhash.js';

export type { KnownAlgorithm, KnownFamily } from './known.js';

export const FAMILIES: readonly KnownFamily[] = [
  MD2,
  MD5,
  SHA_1,
  SHA_2,
  SHA_3,
  KECCAK,
  MD4,
  RIPEMD,
  BLAKE3,
  BLAKE2,
  SM3,
  WHIRLPOOL,
  TIGER,
  CRC,
  ADLER_32,
  XXHASH,
];

/** Each algorithm's known facts and answers, with its family, in the registry's order. */
export const KNOWN: ReadonlyMap<AlgorithmName, KnownAlgorithm & { family: KnownFamily }> = new Map(
  FAMILIES.flatMap((family) =>
    Object.entries(family.algorithms).map(([name, known]) => [name as AlgorithmName, { ...known, family }] as const),
  ),
);

/** The algorithms the tests know, in the registry's order. */
export const KNOWN_NAMES: readonly AlgorithmName[] = [...KNOWN.keys()];

/** What the tests know of `name`; throws for an algorithm they do not know (families.test.ts names every such one). */
export function known(name: AlgorithmName): KnownAlgorithm & { family: KnownFamily } {
  const k = KNOWN.get(name);
  if (k === undefined) throw new Error(`no known answers for ${name}: add it to its family's file in test/families/`);
  return k;
}
