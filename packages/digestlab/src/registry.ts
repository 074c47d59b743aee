/**
 * One table of every algorithm: canonical name (as Java's MessageDigest spells it), node:crypto's name, aliases, OIDs,
 * sizes.
 * Lookup is case-insensitive and accepts the canonical name, any alias, an OID, or "OID." followed by an OID.
 */

import { MD2 } from './algorithms/md2.js';
import { MD5 } from './algorithms/md5.js';
import { SHA1 } from './algorithms/sha1.js';
import {
  KECCAK_224,
  KECCAK_256,
  KECCAK_384,
  KECCAK_512,
  SHA3_224,
  SHA3_256,
  SHA3_384,
  SHA3_512,
  SHAKE128,
  SHAKE256,
} from './algorithms/sha3.js';
import { SHA224, SHA256 } from './algorithms/sha256.js';
import { SHA384, SHA512, SHA512_224, SHA512_256 } from './algorithms/sha512.js';
import { UnknownAlgorithmError } from './errors.js';
import type { AlgorithmName, AlgorithmSpec } from './spec.js';

export interface AlgorithmEntry {
  readonly spec: AlgorithmSpec;
  readonly aliases: readonly string[];
  readonly oids: readonly string[];
  /**
   * node:crypto's name (OpenSSL's): what `createHash` takes. Whether this runtime's node:crypto has the algorithm is
   * another matter, found by trying (providers/node.ts): OpenSSL 3 has no MD2, OpenSSL 3.0 (Node 20) no Keccak.
   */
  readonly nodeName: string;
  /** Collisions can be found in practice: fine for checksums, not for signatures or certificates. */
  readonly broken: boolean;
}

/** Aliases the SHA-2 names share: SHA256, SHA2-256, SHA_256, and OpenSSL's SHA512-224 for SHA-512/224. */
function sha2Aliases(bits: string): string[] {
  const aliases = [`SHA${bits}`, `SHA2-${bits}`, `SHA_${bits}`];
  if (bits.includes('/')) aliases.push(`SHA${bits.replace('/', '-')}`, `SHA-${bits.replace('/', '-')}`);
  return aliases;
}

/** SHA3_256; SHAKE-128 and SHAKE_128; KECCAK256 and KECCAK_256 (BouncyCastle's spellings). */
const sha3Aliases = (bits: string): string[] => [`SHA3_${bits}`];
const shakeAliases = (bits: string): string[] => [`SHAKE-${bits}`, `SHAKE_${bits}`];
const keccakAliases = (bits: string): string[] => [`KECCAK${bits}`, `KECCAK_${bits}`];

const NIST_HASH_ARC = '2.16.840.1.101.3.4.2';

export const ENTRIES: readonly AlgorithmEntry[] = [
  { spec: MD2, nodeName: 'md2', aliases: [], oids: ['1.2.840.113549.2.2'], broken: true },
  { spec: MD5, nodeName: 'md5', aliases: [], oids: ['1.2.840.113549.2.5'], broken: true },
  { spec: SHA1, nodeName: 'sha1', aliases: ['SHA', 'SHA1', 'SHA_1'], oids: ['1.3.14.3.2.26'], broken: true },
  { spec: SHA224, nodeName: 'sha224', aliases: sha2Aliases('224'), oids: [`${NIST_HASH_ARC}.4`], broken: false },
  { spec: SHA256, nodeName: 'sha256', aliases: sha2Aliases('256'), oids: [`${NIST_HASH_ARC}.1`], broken: false },
  { spec: SHA384, nodeName: 'sha384', aliases: sha2Aliases('384'), oids: [`${NIST_HASH_ARC}.2`], broken: false },
  { spec: SHA512, nodeName: 'sha512', aliases: sha2Aliases('512'), oids: [`${NIST_HASH_ARC}.3`], broken: false },
  {
    spec: SHA512_224,
    nodeName: 'sha512-224',
    aliases: sha2Aliases('512/224'),
    oids: [`${NIST_HASH_ARC}.5`],
    broken: false,
  },
  {
    spec: SHA512_256,
    nodeName: 'sha512-256',
    aliases: sha2Aliases('512/256'),
    oids: [`${NIST_HASH_ARC}.6`],
    broken: false,
  },
  { spec: SHA3_224, nodeName: 'sha3-224', aliases: sha3Aliases('224'), oids: [`${NIST_HASH_ARC}.7`], broken: false },
  { spec: SHA3_256, nodeName: 'sha3-256', aliases: sha3Aliases('256'), oids: [`${NIST_HASH_ARC}.8`], broken: false },
  { spec: SHA3_384, nodeName: 'sha3-384', aliases: sha3Aliases('384'), oids: [`${NIST_HASH_ARC}.9`], broken: false },
  { spec: SHA3_512, nodeName: 'sha3-512', aliases: sha3Aliases('512'), oids: [`${NIST_HASH_ARC}.10`], broken: false },
  { spec: SHAKE128, nodeName: 'shake128', aliases: shakeAliases('128'), oids: [`${NIST_HASH_ARC}.11`], broken: false },
  { spec: SHAKE256, nodeName: 'shake256', aliases: shakeAliases('256'), oids: [`${NIST_HASH_ARC}.12`], broken: false },
  { spec: KECCAK_224, nodeName: 'keccak-224', aliases: keccakAliases('224'), oids: [], broken: false },
  { spec: KECCAK_256, nodeName: 'keccak-256', aliases: keccakAliases('256'), oids: [], broken: false },
  { spec: KECCAK_384, nodeName: 'keccak-384', aliases: keccakAliases('384'), oids: [], broken: false },
  { spec: KECCAK_512, nodeName: 'keccak-512', aliases: keccakAliases('512'), oids: [], broken: false },
];

export const ALGORITHM_NAMES: readonly AlgorithmName[] = ENTRIES.map((e) => e.spec.name);

const byKey = new Map<string, AlgorithmEntry>();
/** The same keys as written: most calls name an algorithm exactly so, and skip lowercasing (an allocation). */
const byExactKey = new Map<string, AlgorithmEntry>();
for (const entry of ENTRIES) {
  for (const key of [entry.spec.name, ...entry.aliases, ...entry.oids, ...entry.oids.map((o) => `OID.${o}`)]) {
    const k = key.toLowerCase();
    if (byKey.has(k)) throw new Error(`digestlab registry: ${key} names two algorithms`);
    byKey.set(k, entry);
    byExactKey.set(key, entry);
  }
}

/** The entry for a name, alias or OID, case-insensitively; throws {@link UnknownAlgorithmError}. */
export function lookup(algorithm: string): AlgorithmEntry {
  const entry =
    typeof algorithm === 'string' ? (byExactKey.get(algorithm) ?? byKey.get(algorithm.toLowerCase())) : undefined;
  if (!entry) throw new UnknownAlgorithmError(String(algorithm), ALGORITHM_NAMES);
  return entry;
}

/** The spec with this state code, if any. */
export function byCode(code: number): AlgorithmSpec | undefined {
  return ENTRIES.find((e) => e.spec.code === code)?.spec;
}
