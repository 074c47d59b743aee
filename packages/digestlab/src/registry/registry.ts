/**
 * The one table of what digestlab knows about each algorithm: its canonical name (as Java's MessageDigest spells
 * it), aliases and OIDs, node:crypto's name, its construction and output, the options it takes, whether HMAC
 * applies, its `sum` tag, and the input lengths where an implementation's counters wrap. Every other package reads
 * these through `algorithms()` (index.ts) rather than keeping a copy. What follows from the spec (block.ts) is
 * derived here, not written twice: the construction from `md`/`sponge`, XOF from `sponge.xof`, the hex length.
 * Lookup is case-insensitive and accepts the canonical name, any alias, an OID, or "OID." followed by an OID.
 */

import {
  BLAKE2B,
  BLAKE2B_160,
  BLAKE2B_256,
  BLAKE2B_384,
  BLAKE2B_512,
  BLAKE2S,
  BLAKE2S_128,
  BLAKE2S_160,
  BLAKE2S_224,
  BLAKE2S_256,
} from '../algorithms/blake2.js';
import { BLAKE3_256 } from '../algorithms/blake3.js';
import { MD2 } from '../algorithms/md2.js';
import { MD4 } from '../algorithms/md4.js';
import { MD5 } from '../algorithms/md5.js';
import { RIPEMD128, RIPEMD160, RIPEMD256, RIPEMD320 } from '../algorithms/ripemd.js';
import { SHA1 } from '../algorithms/sha1.js';
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
} from '../algorithms/sha3.js';
import { SHA224, SHA256 } from '../algorithms/sha256.js';
import { SHA384, SHA512, SHA512_224, SHA512_256 } from '../algorithms/sha512.js';
import { SM3 } from '../algorithms/sm3.js';
import { TIGER } from '../algorithms/tiger.js';
import { WHIRLPOOL } from '../algorithms/whirlpool.js';
import { UnknownAlgorithmError } from '../shared/errors.js';
import type { AlgorithmName, AlgorithmSpec } from '../spec/algorithm.js';
import { CONTEXT, KEY, OUTPUT_LENGTH } from '../spec/options.js';
import { boundariesOf, type Counter } from './boundaries.js';

export type { Counter } from './boundaries.js';

/**
 * How the algorithm turns a message into a digest: `merkle-damgard` (MD5, SHA-1, SHA-2: blocks compressed into a
 * chaining value, the bit length in the padding), `sponge` (Keccak-f[1600]: SHA-3, SHAKE, Keccak), `md2` (MD2's
 * own: padding by value and a checksum block, no length), `tree` (BLAKE3: chunks, parents and a root, tree.ts),
 * `haifa` (BLAKE2: a chain whose compression takes a byte counter and a final-block flag, haifa.ts); `checksum`
 * (CRC) has no algorithm yet.
 */
export type Construction = 'merkle-damgard' | 'sponge' | 'md2' | 'tree' | 'haifa' | 'checksum';

/**
 * How long the output is: `fixed` (the digest length), `xof` (an extendable-output function: as long as the caller
 * asks, `outputLength`), `parameter` (set by a parameter of the algorithm and part of its digest: BLAKE2's
 * `outputLength`, 1 to 64 or 32 bytes on the length-free BLAKE2b and BLAKE2s). The default is the spec's digest
 * length.
 */
export type OutputKind = 'fixed' | 'xof' | 'parameter';

/**
 * The family an algorithm belongs to, as its standard names it: SHAKE is SHA-3's (FIPS 202); Keccak is the sponge
 * as submitted to the SHA-3 competition, before FIPS 202 changed its padding (Ethereum's keccak256).
 */
export type Family =
  | 'MD2'
  | 'MD5'
  | 'SHA-1'
  | 'SHA-2'
  | 'SHA-3'
  | 'Keccak'
  | 'MD4'
  | 'RIPEMD'
  | 'BLAKE3'
  | 'BLAKE2'
  | 'SM3'
  | 'Whirlpool'
  | 'Tiger';

/**
 * What the `webcrypto` provider asks `crypto.subtle.digest` for (under digestlab's name, which is WebCrypto's):
 * `always` (the standard's SHA-1 and SHA-256/384/512, which every WebCrypto has), `probed` (SHA-3, which Bun and Deno
 * accept: asked once, kept where it is accepted), `never` (not asked: outside the standard; a runtime may still accept
 * one, as Bun's does SHA-224, which the provider leaves alone).
 */
export type WebCryptoSupport = 'always' | 'probed' | 'never';

/** The options a call can pass for an algorithm. Next: `seed`. */
export type OptionName = 'outputLength' | 'key' | 'context' | 'salt' | 'personalization';

/** One option an algorithm accepts, and its sizes. */
export interface OptionFact {
  readonly name: OptionName;
  /**
   * `length`: a number of bytes, from `min` to `max` (SHAKE's and BLAKE2's `outputLength`); `bytes`: a Uint8Array
   * of that many bytes (BLAKE3's and BLAKE2's `key`, BLAKE2's `salt` and `personalization`); `string`: a string of
   * that many UTF-16 units (BLAKE3's `context`).
   */
  readonly kind: 'length' | 'bytes' | 'string';
  readonly min: number;
  readonly max: number;
}

/** What `digestlab sum` prints and reads for the algorithm. */
export interface SumFact {
  /** The word a tagged line starts with (`SHA256 (file) = …`): coreutils' where it has the algorithm, else ours. */
  readonly tag: string;
  /** coreutils' program for it (`sha256sum`), where coreutils has one; null otherwise. */
  readonly command: string | null;
  /** Hex digits of the digest a line holds: twice the (default) digest length. */
  readonly hexLength: number;
}

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
  readonly family: Family;
  readonly construction: Construction;
  readonly output: OutputKind;
  readonly webCrypto: WebCryptoSupport;
  /** The options it accepts beyond `provider` (SHAKE: `outputLength`); empty for most. */
  readonly options: readonly OptionFact[];
  /** Meant to resist collisions and preimages (broken or not); a checksum is not. */
  readonly cryptographic: boolean;
  /** HMAC (RFC 2104) is defined over it: a cryptographic hash of one output length, so not an XOF. */
  readonly hmac: boolean;
  readonly sum: SumFact;
  /** The counts an implementation keeps whose 32-bit wrap could give it a wrong digest (boundaries.ts). */
  readonly counters: readonly Counter[];
  /** The input lengths in bytes where those counts wrap, ascending: what the overflow check runs it at. */
  readonly boundaries: readonly number[];
}

/** What is written by hand for an entry; the rest follows from the spec and the construction. */
interface Given {
  spec: AlgorithmSpec;
  nodeName: string;
  aliases: readonly string[];
  oids: readonly string[];
  broken: boolean;
  family: Family;
  /** `never` when absent. */
  webCrypto?: WebCryptoSupport;
  /** `sum`'s tag; the canonical name when absent (SHA3-256, as newer coreutils' cksum and OpenSSL write it). */
  tag?: string;
  command?: string;
  /** Only for a spec that is neither Merkle–Damgård (`md`) nor a sponge (`sponge`), which say so themselves. */
  construction?: Construction;
  /** The options it takes; an XOF's `outputLength` alone when absent. */
  options?: readonly OptionFact[];
}

/**
 * The counts that matter to each construction. A Merkle–Damgård hash encodes its bit length and is computed block
 * by block; MD2 encodes no length, but its implementations keep the same totals as the hashes beside them. A sponge
 * has no length field and no counter of its own: only the totals an implementation keeps for itself (to 2^32 + 5).
 * `tree` and `checksum` get the totals too until the issue that adds one says more (BLAKE3's chunk counter).
 */
const COUNTERS: Readonly<Record<Construction, readonly Counter[]>> = {
  'merkle-damgard': ['bits', 'bytes', 'blocks'],
  md2: ['bits', 'bytes', 'blocks'],
  sponge: ['bits', 'bytes'],
  tree: ['bits', 'bytes'],
  // BLAKE2's byte counter: BLAKE2s' t0 wraps into t1 at 2^32 bytes
  haifa: ['bits', 'bytes'],
  checksum: ['bits', 'bytes'],
};

function constructionOf(g: Given): Construction {
  if (g.spec.md) return 'merkle-damgard';
  if (g.spec.sponge) return 'sponge';
  if (g.spec.tree) return 'tree';
  if (g.spec.blake2) return 'haifa';
  if (g.construction) return g.construction;
  throw new Error(`digestlab registry: say how ${g.spec.name} is constructed`);
}

/**
 * An entry with its derived facts. A block count is checked at 2^32 blocks of every Merkle–Damgård block length
 * (64 and 128 bytes), for every hash that counts blocks: a 64-byte-block count wraps again at 2^39 (2^33 blocks), a
 * 128-byte one reaches its sign bit at 2^38 (2^31 blocks).
 */
function define(g: Given, blockLengths: readonly number[]): AlgorithmEntry {
  const construction = constructionOf(g);
  const output: OutputKind = g.spec.sponge?.xof || g.spec.tree ? 'xof' : g.spec.blake2 ? 'parameter' : 'fixed';
  const cryptographic = construction !== 'checksum';
  const counters = COUNTERS[construction];
  return {
    spec: g.spec,
    aliases: g.aliases,
    oids: g.oids,
    nodeName: g.nodeName,
    broken: g.broken,
    family: g.family,
    construction,
    output,
    webCrypto: g.webCrypto ?? 'never',
    options: g.options ?? g.spec.blake2?.options ?? (output === 'xof' ? [OUTPUT_LENGTH] : []),
    cryptographic,
    hmac: cryptographic && output !== 'xof',
    sum: { tag: g.tag ?? g.spec.name, command: g.command ?? null, hexLength: 2 * g.spec.digestLength },
    counters,
    boundaries: boundariesOf(counters, blockLengths),
  };
}

/** Aliases the SHA-2 names share: SHA256, SHA2-256, SHA_256, and OpenSSL's SHA512-224 for SHA-512/224. */
function sha2Aliases(bits: string): string[] {
  const aliases = [`SHA${bits}`, `SHA2-${bits}`, `SHA_${bits}`];
  if (bits.includes('/')) aliases.push(`SHA${bits.replace('/', '-')}`, `SHA-${bits.replace('/', '-')}`);
  return aliases;
}

/** A SHA-2 hash: its aliases, and its `sum` tag (coreutils' SHA256; BSD's SHA512t256 for SHA-512/256). */
function sha2(spec: AlgorithmSpec, bits: string, oid: number, more: Partial<Given> = {}): Given {
  const tag = `SHA${bits.replace('/', 't')}`;
  const nodeName = `sha${bits.replace('/', '-')}`;
  const oids = [`${NIST_HASH_ARC}.${oid}`];
  return { spec, family: 'SHA-2', nodeName, aliases: sha2Aliases(bits), oids, broken: false, tag, ...more };
}

/** A FIPS 202 sponge (SHA3-256, SHAKE128): its OID, node:crypto's name, aliases; WebCrypto has SHA-3 in places. */
function fips202(spec: AlgorithmSpec, oid: number, aliases: readonly string[]): Given {
  const webCrypto = spec.sponge?.xof ? 'never' : 'probed';
  const nodeName = spec.name.toLowerCase();
  return { spec, family: 'SHA-3', nodeName, aliases, oids: [`${NIST_HASH_ARC}.${oid}`], broken: false, webCrypto };
}

/** Keccak as submitted (KECCAK-256): no OID; OpenSSL 3.2's name; BouncyCastle's spellings KECCAK256, KECCAK_256. */
function keccak(spec: AlgorithmSpec, bits: string): Given {
  const aliases = [`KECCAK${bits}`, `KECCAK_${bits}`];
  return { spec, family: 'Keccak', nodeName: `keccak-${bits}`, aliases, oids: [], broken: false };
}

/**
 * BLAKE3, as BouncyCastle names it (BLAKE3-256: its default output), `BLAKE3` as b3sum and the paper do: one
 * algorithm, an XOF in three modes (hash; keyed_hash with `key`; derive_key with `context`). No OID, no
 * node:crypto (OpenSSL has none: the name is what one would be called).
 */
function blake3(spec: AlgorithmSpec): Given {
  const options = [OUTPUT_LENGTH, KEY, CONTEXT];
  return {
    spec,
    family: 'BLAKE3',
    nodeName: 'blake3',
    aliases: ['BLAKE3'],
    oids: [],
    broken: false,
    tag: 'BLAKE3',
    options,
  };
}

const NIST_HASH_ARC = '2.16.840.1.101.3.4.2';

/**
 * BLAKE2 (RFC 7693): BouncyCastle's names (BLAKE2B-512, BLAKE2S-256, ...), OpenSSL's as aliases and node:crypto's
 * (BLAKE2b512, BLAKE2s256: OpenSSL has only these two, found by trying), the OIDs of RFC 7693 §4 under
 * 1.3.6.1.4.1.1722.12.2 (.1 BLAKE2b, .2 BLAKE2s; the last arc is the digest length in 32-bit words), and the
 * length-free BLAKE2b and BLAKE2s of b2sum and Python's hashlib, which have no OID and no node:crypto (`blake2b` is
 * what one would be called). `sum`'s tag is b2sum's `--tag`: BLAKE2b for the length-free form, BLAKE2b-256 for a
 * length (b2sum writes BLAKE2b for -l 512 too: one tag names one algorithm here). `sum -a blake2b [-l BITS]` is
 * b2sum (packages/cli/src/sum/algorithms.ts, B2SUM).
 */
function blake2(spec: AlgorithmSpec): Given {
  const b = spec.blockLength === 128;
  const letter = b ? 'b' : 's';
  const bits = 8 * spec.digestLength;
  const free = spec.name === `BLAKE2${letter}`;
  const openssl = `BLAKE2${letter}${bits}`;
  return {
    spec,
    family: 'BLAKE2',
    nodeName: free ? `blake2${letter}` : openssl.toLowerCase(),
    aliases: free ? [] : [openssl],
    oids: free ? [] : [`1.3.6.1.4.1.1722.12.2.${b ? 1 : 2}.${spec.digestLength / 4}`],
    broken: false,
    tag: free ? `BLAKE2${letter}` : `BLAKE2${letter}-${bits}`,
  };
}

/**
 * A RIPEMD (RIPEMD160): BouncyCastle's name is the canonical one, with the hyphenated spelling (RIPEMD-160) and
 * OpenSSL's RMD160 as aliases; OIDs from TeleTrusT (1.3.36.3.2.n) and ISO/IEC 10118-3 (1.0.10118.3.0.n), where
 * they assigned one (RIPEMD-320 has none). node:crypto's name is OpenSSL's (only RIPEMD-160 is in OpenSSL).
 */
function ripemd(spec: AlgorithmSpec, bits: string, oids: readonly string[]): Given {
  const aliases = [`RIPEMD-${bits}`, `RMD${bits}`];
  return { spec, family: 'RIPEMD', nodeName: `ripemd${bits}`, aliases, oids, broken: false };
}

/**
 * SM3, Whirlpool and Tiger: BouncyCastle's names (any case: its `Whirlpool`, `Tiger`), OpenSSL's as node:crypto's
 * (OpenSSL has no Tiger, and Whirlpool only in its legacy provider, which node:crypto does not load: found by
 * trying), and the OIDs: SM3's of GM/T 0006 (1.2.156.10197.1.401), Whirlpool's of ISO/IEC 10118-3 (dedicated hash
 * function 7), Tiger's in the GNU arc (libgcrypt's, for Tiger/192 with the 0x01 padding).
 */
function classic(spec: AlgorithmSpec, family: Family, oid: string): Given {
  return { spec, family, nodeName: spec.name.toLowerCase(), aliases: [], oids: [oid], broken: false };
}

const ALWAYS = { webCrypto: 'always' } as const;

const GIVEN: readonly Given[] = [
  {
    spec: MD2,
    family: 'MD2',
    nodeName: 'md2',
    aliases: [],
    oids: ['1.2.840.113549.2.2'],
    broken: true,
    construction: 'md2',
  },
  {
    spec: MD5,
    family: 'MD5',
    nodeName: 'md5',
    aliases: [],
    oids: ['1.2.840.113549.2.5'],
    broken: true,
    command: 'md5sum',
  },
  {
    spec: SHA1,
    family: 'SHA-1',
    nodeName: 'sha1',
    aliases: ['SHA', 'SHA1', 'SHA_1'],
    oids: ['1.3.14.3.2.26'],
    broken: true,
    tag: 'SHA1',
    command: 'sha1sum',
    ...ALWAYS,
  },
  sha2(SHA224, '224', 4, { command: 'sha224sum' }),
  sha2(SHA256, '256', 1, { command: 'sha256sum', ...ALWAYS }),
  sha2(SHA384, '384', 2, { command: 'sha384sum', ...ALWAYS }),
  sha2(SHA512, '512', 3, { command: 'sha512sum', ...ALWAYS }),
  sha2(SHA512_224, '512/224', 5),
  sha2(SHA512_256, '512/256', 6),
  fips202(SHA3_224, 7, ['SHA3_224']),
  fips202(SHA3_256, 8, ['SHA3_256']),
  fips202(SHA3_384, 9, ['SHA3_384']),
  fips202(SHA3_512, 10, ['SHA3_512']),
  fips202(SHAKE128, 11, ['SHAKE-128', 'SHAKE_128']),
  fips202(SHAKE256, 12, ['SHAKE-256', 'SHAKE_256']),
  keccak(KECCAK_224, '224'),
  keccak(KECCAK_256, '256'),
  keccak(KECCAK_384, '384'),
  keccak(KECCAK_512, '512'),
  // MD4 is in OpenSSL 3's legacy provider only, which node:crypto does not load (ERR_OSSL_EVP_UNSUPPORTED)
  { spec: MD4, family: 'MD4', nodeName: 'md4', aliases: [], oids: ['1.2.840.113549.2.4'], broken: true },
  ripemd(RIPEMD128, '128', ['1.3.36.3.2.2', '1.0.10118.3.0.50']),
  ripemd(RIPEMD160, '160', ['1.3.36.3.2.1', '1.0.10118.3.0.49']),
  ripemd(RIPEMD256, '256', ['1.3.36.3.2.3']),
  ripemd(RIPEMD320, '320', []),
  blake3(BLAKE3_256),
  // BLAKE2 (RFC 7693): BouncyCastle's names, then the length-free forms
  blake2(BLAKE2B_160),
  blake2(BLAKE2B_256),
  blake2(BLAKE2B_384),
  blake2(BLAKE2B_512),
  blake2(BLAKE2B),
  blake2(BLAKE2S_128),
  blake2(BLAKE2S_160),
  blake2(BLAKE2S_224),
  blake2(BLAKE2S_256),
  blake2(BLAKE2S),
  classic(SM3, 'SM3', '1.2.156.10197.1.401'),
  classic(WHIRLPOOL, 'Whirlpool', '1.0.10118.3.0.55'),
  classic(TIGER, 'Tiger', '1.3.6.1.4.1.11591.12.2'),
];

/** The block lengths a block count is checked at: those of the Merkle–Damgård hashes (64, 128). */
const COUNTED_BLOCKS = [...new Set(GIVEN.flatMap((g) => (g.spec.md ? [g.spec.blockLength] : [])))].sort(
  (a, b) => a - b,
);

export const ENTRIES: readonly AlgorithmEntry[] = GIVEN.map((g) => define(g, COUNTED_BLOCKS));

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
