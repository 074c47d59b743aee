/**
 * What an algorithm is, independent of who computes it: its name, sizes and construction parameters, and the
 * shape of the engines our code runs for it. Types only (and the length limit): most modules import this and
 * nothing else of the hashing code, and it imports nothing but types, so no import circle can pass through it.
 */

import type { OptionFact } from '../registry/registry.js';
import type { AlgorithmAlias, AlgorithmName, HmacAlgorithmName } from './names.js';

export type { AlgorithmAlias, AlgorithmName, HmacAlgorithmName } from './names.js';

/**
 * What a digest call's `algorithm` takes: a name, alias or OID, in any case, so any string; the names digestlab
 * knows are listed for an editor to complete (`(string & {})` is a string that does not absorb them into `string`).
 */
export type DigestAlgorithm = AlgorithmName | AlgorithmAlias | (string & {});

/** What an HMAC call's `algorithm` takes: a {@link DigestAlgorithm}, or one behind Java's "Hmac" (`HmacSHA256`). */
export type HmacAlgorithm = HmacAlgorithmName | (string & {});

/** Largest total input, in bytes, that a digest accepts. */
export const MAX_LENGTH = Number.MAX_SAFE_INTEGER;

/** What an algorithm is, independent of who computes it. */
export interface AlgorithmSpec {
  readonly name: AlgorithmName;
  /** Identifies the algorithm inside an exported state; never reused. */
  readonly code: number;
  /** Bytes of digest; for an extendable-output function (SHAKE), the default output length. */
  readonly digestLength: number;
  /** Bytes per block: the rate for the sponges (SHA-3, SHAKE, Keccak). */
  readonly blockLength: number;
  /**
   * A fresh TypeScript engine for this algorithm; `outputLength` only for an extendable-output function, `params`
   * only for an algorithm that takes them (BLAKE3's key or context), both checked already (options.ts).
   */
  create(outputLength?: number, params?: AlgorithmParams): BlockEngine;
  /** For the Merkle–Damgård hashes: what another engine (WebAssembly) needs to compute the same digest. */
  readonly md?: MDParams;
  /** For the sponges over Keccak-f[1600]: their padding, and whether the output length is the caller's. */
  readonly sponge?: SpongeParams;
  /** For BLAKE3's tree (tree.ts): its compression, chunk and parent functions. */
  readonly tree?: TreeParams;
  /** For BLAKE2b and BLAKE2s (haifa.ts): the compression, the IV and the options. */
  readonly blake2?: Blake2Params;
}

/**
 * BLAKE2 (RFC 7693): `blockLength` is 128 (BLAKE2b) or 64 (BLAKE2s) bytes, 16 words of `word` bytes. Words are
 * held as 32-bit halves throughout (BLAKE2b's 64-bit word i: low half at 2i, high at 2i + 1).
 */
export interface Blake2Params {
  /** Bytes per word: 8 (BLAKE2b) or 4 (BLAKE2s). */
  readonly word: 8 | 4;
  /** The IV as 32-bit words, little-endian halves: 16 for BLAKE2b, 8 for BLAKE2s. */
  readonly iv: Int32Array;
  /** The options it takes, with their sizes (options.ts's blake2Options): what the registry lists too. */
  readonly options: readonly OptionFact[];
  readonly core: Blake2Compress;
}

/**
 * BLAKE2's compression F (RFC 7693 §3.2) of the block at `data[offset..]` into `h` (in place), with the byte
 * counter t (the bytes compressed so far, this block's included) given as its two low 32-bit words `t0`, `t1`;
 * its upper words are zero below 2^64 bytes (digestlab stops at 2^53 − 1). `last`: the final block flag.
 */
export type Blake2Compress = (
  h: Int32Array,
  data: Uint8Array,
  offset: number,
  t0: number,
  t1: number,
  last: boolean,
) => void;

/**
 * The options of a call beyond the provider and the output length, checked (options.ts): BLAKE3's `key`
 * (keyed_hash) or `context` (derive_key, the input being the key material), at most one of the two; BLAKE2's
 * `key` (up to 64 or 32 bytes), `salt` and `personalization`.
 */
export interface AlgorithmParams {
  readonly key?: Uint8Array;
  readonly context?: string;
  /** BLAKE2's salt and personalization, at most 16 (BLAKE2b) or 8 (BLAKE2s) bytes, zero-padded. */
  readonly salt?: Uint8Array;
  readonly personalization?: Uint8Array;
}

/** BLAKE3 (tree.ts): the functions of the engine that computes it (TypeScript, or WebAssembly). */
export interface TreeParams {
  readonly core: Blake3Core;
}

/**
 * BLAKE3's compression function and the wide loops over it (the reference's `hash_many`), over 32-bit words as
 * BLAKE3 reads them (little-endian). Counters are JavaScript numbers (exact to 2^53), split into their two 32-bit
 * halves by division, never by a 32-bit shift.
 */
export interface Blake3Core {
  /**
   * One compression: the chaining value at `cv[cvOff..+8]`, the block `m[mOff..+16]`, the counter, the block's
   * length in bytes and the flags; the 16 output words (the state's two halves XORed, then the upper half XORed
   * with the input chaining value) into `out`, which may be neither `cv` nor `m`.
   */
  compress(
    cv: Int32Array,
    cvOff: number,
    m: Int32Array,
    mOff: number,
    counter: number,
    blockLength: number,
    flags: number,
    out: Int32Array,
  ): void;
  /**
   * `n` inner blocks of a chunk (none its last), at `data[offset..]`, compressed into the chaining value `cv` (8
   * words, in place) with chunk counter `counter` and `flags`; the first also with CHUNK_START when `first`.
   */
  blocks(
    cv: Int32Array,
    data: Uint8Array,
    offset: number,
    n: number,
    counter: number,
    flags: number,
    first: boolean,
  ): void;
  /**
   * The chaining values of `count` whole chunks (1024 bytes) of `data` from `offset`, the first with chunk counter
   * `counter`, under `key` (8 words) and `flags`: into `cvs`, 8 words each from word 0.
   */
  chunks(
    key: Int32Array,
    flags: number,
    data: Uint8Array,
    offset: number,
    count: number,
    counter: number,
    cvs: Int32Array,
  ): void;
  /** `count` parent nodes under `key` and `flags`: the parent of chaining values 2i, 2i + 1 of `cvs` becomes its i-th. */
  parents(key: Int32Array, flags: number, cvs: Int32Array, count: number): void;
}

/** A sponge over Keccak-f[1600] (FIPS 202 §4), with `blockLength` as its rate. */
export interface SpongeParams {
  /**
   * The domain bits and the first bit of pad10*1, as one byte XORed after the message: 0x06 for SHA-3 (bits 01),
   * 0x1f for SHAKE (1111), 0x01 for Keccak as submitted to the competition (none).
   */
  readonly suffix: number;
  /** An extendable-output function (SHAKE): the caller chooses the output length. */
  readonly xof: boolean;
  /** Keccak-f[1600] in TypeScript (the WebAssembly engine brings its own). */
  readonly core: KeccakCore;
}

/**
 * How a Merkle–Damgård hash pads its last block (strengthening): the pad byte after the message, zeros, then the
 * message length in bits in a field at the end of the block. merkle-damgard.ts's `padInPlace` is the one routine
 * that writes it in TypeScript, for every path (streaming, one-shot, HMAC), and its `paddedLength` sizes
 * `digestMany`'s batch; the WebAssembly batch pads with its own copy (scripts/gen-wasm.mjs), tested against it.
 */
export interface MDPadding {
  /** The byte after the message: 0x80 (a 1 bit, then zeros) for MD5, SHA-1 and SHA-2; Tiger's is 0x01. */
  readonly padByte: number;
  /** Bytes of the length field: 8 in 64-byte blocks, 16 in SHA-512's 128-byte blocks; Whirlpool's is 32. */
  readonly lengthBytes: number;
  /** Byte order of the length field and of the words (chaining value, digest): little-endian for MD5. */
  readonly littleEndian: boolean;
}

/** A Merkle–Damgård hash: its TypeScript compression function, the WebAssembly core's name, the IV, its padding. */
export interface MDParams extends MDPadding {
  readonly compress: Compress;
  readonly core:
    | 'md5'
    | 'sha1'
    | 'sha256'
    | 'sha512'
    | 'md4'
    | 'ripemd128'
    | 'ripemd160'
    | 'ripemd256'
    | 'ripemd320'
    | 'sm3'
    | 'whirlpool'
    | 'tiger';
  readonly iv: Int32Array;
}

/** A compression function over whole blocks: `blocks` blocks of `data` from `offset`, into the chaining value. */
export type Compress = (chain: Int32Array, data: Uint8Array, offset: number, blocks: number) => void;

/**
 * An implementation of Keccak-f[1600] (TypeScript, or WebAssembly) over its own representation of the state,
 * with what crosses into and out of that representation: input blocks, output bytes and the lanes.
 */
export interface KeccakCore {
  /** XORs each of `blocks` blocks of `rate` bytes of `data` from `offset` into the state, permuting after each. */
  absorb(state: Int32Array, data: Uint8Array, offset: number, blocks: number, rate: number): void;
  /** Keccak-f[1600] in place. */
  permute(state: Int32Array): void;
  /** Writes the state's first `n` bytes (FIPS 202's order) to `out` at `offset`. */
  extract(state: Int32Array, out: Uint8Array, offset: number, n: number): void;
  /** The state as plain lanes: lane i's low 32 bits at word 2i, its high 32 bits at 2i + 1. */
  toLanes(state: Int32Array, lanes: Int32Array): void;
  /** The inverse of {@link toLanes}. */
  fromLanes(lanes: Int32Array, state: Int32Array): void;
}

/**
 * The fields of a running engine that an exported state holds (state.ts reads and writes them): a plain shape,
 * so that the state format needs no engine class.
 */
export interface EngineFields {
  readonly spec: AlgorithmSpec;
  /** Chaining value: 32-bit words (SHA-512's 64-bit words as hi, lo pairs), MD2's bytes, or a sponge's state. */
  readonly chain: Int32Array | Uint8Array;
  readonly buffer: Uint8Array;
  /** Bytes waiting in `buffer`: always `length % blockLength`. */
  pos: number;
  /** Total bytes hashed. */
  length: number;
  /** A sponge's own fields; absent on the other engines. */
  readonly sponge?: SpongeFields;
  /** BLAKE3's own fields; absent on the other engines. */
  readonly tree?: TreeFields;
  /** BLAKE2's own fields; absent on the other engines. */
  readonly blake2?: Blake2Fields;
}

/**
 * What a BLAKE2 engine's state adds (haifa.ts): its parameters, which `reset` starts from again. `chain` is h;
 * `buffer` holds 1 to a block's bytes once anything was hashed (the last block waits for the end), and a keyed
 * engine's padded key block before any input. `length` counts the input, not the key block.
 */
export interface Blake2Fields {
  readonly outputLength: number;
  /** The key, 0 to 64 (32) bytes: a keyed state holds it. */
  readonly key: Uint8Array;
  /** Salt and personalization, zero-padded to 16 (8) bytes. */
  readonly salt: Uint8Array;
  readonly personalization: Uint8Array;
}

/**
 * What a BLAKE3 engine's state adds (tree.ts): its mode and key, its output length, the chaining-value stack of
 * the subtrees finished so far. `chain` is the current chunk's chaining value; `buffer` holds 1 to 64 bytes once
 * anything was hashed (a chunk's last block waits until more input, or the end, says whether it is the root's).
 */
export interface TreeFields {
  readonly outputLength: number;
  /** 0 (hash), KEYED_HASH (16) or DERIVE_KEY_MATERIAL (64): the flags every compression of the input carries. */
  flags: number;
  /** The key words: the IV (hash), the key (keyed_hash), or the context's key (derive_key). */
  readonly key: Int32Array;
  /** The stack's chaining values, 8 words each, bottom first; `depth` of them are live. */
  readonly stack: Int32Array;
  depth: number;
}

/** What a sponge engine's state adds: its output length, and its state as plain lanes (see KeccakCore.toLanes). */
export interface SpongeFields {
  readonly outputLength: number;
  lanes: Int32Array;
}

/** One of our block engines (block.ts's BlockHash): what `AlgorithmSpec.create` returns. */
export interface BlockEngine extends EngineFields {
  update(data: Uint8Array): void;
  /** Finalizes and returns the digest. The engine must be reset before further use. */
  digest(): Uint8Array;
  reset(): void;
  /** The state in digestlab's versioned format (see state.ts). */
  exportState(): Uint8Array;
  clone(): BlockEngine;
}
