/**
 * What the registry holds of each algorithm (an {@link AlgorithmEntry}), and what of it follows from the spec and
 * the construction rather than being written twice: the construction (the spec's `construction.kind`), the output
 * kind, HMAC's applicability, the counters and the lengths where they wrap.
 */

import type { AlgorithmSpec } from '../spec/algorithm.js';
import type { ConstructionKind, OptionFact, OutputKind } from '../spec/constructions.js';
import type { Family } from '../spec/names.js';
import { OUTPUT_LENGTH, outputKindOf } from '../spec/options.js';
import { boundariesOf, type Counter } from './boundaries.js';

/**
 * How the algorithm turns a message into a digest: the kind of its spec's construction (spec/constructions.ts,
 * where each is described), not written a second time.
 */
export type Construction = ConstructionKind;

export type { Family, OutputKind };

/**
 * What the `webcrypto` provider asks `crypto.subtle.digest` for (under digestlab's name, which is WebCrypto's):
 * `always` (the standard's SHA-1 and SHA-256/384/512, which every WebCrypto has), `probed` (SHA-3, which Bun and Deno
 * accept: asked once, kept where it is accepted), `never` (not asked: outside the standard; a runtime may still accept
 * one, as Bun's does SHA-224, which the provider leaves alone).
 */
export type WebCryptoSupport = 'always' | 'probed' | 'never';

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
export interface Given {
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
  /** The options it takes; an XOF's `outputLength` alone when absent. */
  options?: readonly OptionFact[];
}

/**
 * The counts that matter to each construction. A Merkle–Damgård hash encodes its bit length and is computed block
 * by block; MD2 encodes no length, but its implementations keep the same totals as the hashes beside them. A sponge
 * has no length field and no counter of its own: only the totals an implementation keeps for itself (to 2^32 + 5).
 * `tree` gets the totals too (BLAKE3's chunk counter is a JavaScript number: tree.ts). A new construction's row is
 * asked for by the type checker.
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

/**
 * An entry with its derived facts. A block count is checked at 2^32 blocks of every Merkle–Damgård block length
 * (64 and 128 bytes), for every hash that counts blocks: a 64-byte-block count wraps again at 2^39 (2^33 blocks), a
 * 128-byte one reaches its sign bit at 2^38 (2^31 blocks).
 */
export function define(g: Given, blockLengths: readonly number[]): AlgorithmEntry {
  const c = g.spec.construction;
  const construction = c.kind;
  const output = outputKindOf(g.spec);
  // the checksums (CRC, Adler-32, xxHash) are not
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
    options: g.options ?? (c.kind === 'haifa' ? c.options : output === 'xof' ? [OUTPUT_LENGTH] : []),
    cryptographic,
    hmac: cryptographic && output !== 'xof',
    sum: { tag: g.tag ?? g.spec.name, command: g.command ?? null, hexLength: 2 * g.spec.digestLength },
    counters,
    boundaries: boundariesOf(counters, blockLengths),
  };
}
