/**
 * The facts written by hand for every algorithm, in the registry's order: names, aliases and OIDs as each standard
 * and library spells them, node:crypto's name, WebCrypto's support, `sum`'s tag and command.
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
import type { AlgorithmSpec } from '../spec/algorithm.js';
import { CONTEXT, KEY, OUTPUT_LENGTH, outputKindOf } from '../spec/options.js';
import type { Family, Given } from './facts.js';

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
  const webCrypto = outputKindOf(spec) === 'xof' ? 'never' : 'probed';
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

export const GIVEN: readonly Given[] = [
  {
    spec: MD2,
    family: 'MD2',
    nodeName: 'md2',
    aliases: [],
    oids: ['1.2.840.113549.2.2'],
    broken: true,
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
