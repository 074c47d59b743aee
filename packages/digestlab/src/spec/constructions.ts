/**
 * What each construction needs of an algorithm: its parameters (padding, rate, IV, options) and the shape of the
 * cores that compress for it, in TypeScript or WebAssembly. Types only, importing nothing: algorithm.ts builds the
 * spec from them, and the constructions, algorithms and providers read them.
 *
 * {@link ConstructionParams} is the one union of them, told apart by `kind`: a spec's `construction`. Code that does
 * something per construction switches on `kind` (exhaustively: a new kind is a type error until each switch has
 * its branch) and reads the parameters narrowed, never through a cast.
 */

/**
 * The constructions, each with its parameters: `merkle-damgard` (MD5, SHA-1, SHA-2, …: blocks compressed into a
 * chaining value, the bit length in the padding), `sponge` (Keccak-f[1600]: SHA-3, SHAKE, Keccak), `md2` (MD2's
 * own: padding by value and a checksum block, no length; its engine is the spec's `create`), `tree` (BLAKE3:
 * chunks, parents and a root), `haifa` (BLAKE2: a chain whose compression takes a byte counter and a final-block
 * flag).
 */
export type ConstructionParams = MDParams | SpongeParams | Md2Params | TreeParams | Blake2Params;

/** The name of a construction: what the registry lists (`algorithms()`'s `construction`). */
export type ConstructionKind = ConstructionParams['kind'];

/**
 * How long the output is: `fixed` (the digest length), `xof` (an extendable-output function: as long as the caller
 * asks, `outputLength`), `parameter` (set by a parameter of the algorithm and part of its digest: BLAKE2's
 * `outputLength`, 1 to 64 or 32 bytes on the length-free BLAKE2b and BLAKE2s). The default is the spec's digest
 * length. Follows from the construction (options.ts's outputKindOf).
 */
export type OutputKind = 'fixed' | 'xof' | 'parameter';

/** MD2 takes no parameters: its engine is all of it (algorithms/md2.ts). */
export interface Md2Params {
  readonly kind: 'md2';
}

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

/**
 * BLAKE2 (RFC 7693): `blockLength` is 128 (BLAKE2b) or 64 (BLAKE2s) bytes, 16 words of `word` bytes. Words are
 * held as 32-bit halves throughout (BLAKE2b's 64-bit word i: low half at 2i, high at 2i + 1).
 */
export interface Blake2Params {
  readonly kind: 'haifa';
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

/** BLAKE3 (tree.ts): the functions of the engine that computes it (TypeScript, or WebAssembly). */
export interface TreeParams {
  readonly kind: 'tree';
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
  readonly kind: 'sponge';
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
 * `digestMany`'s batch; the WebAssembly batch pads with its own copy (scripts/gen/gen-wasm.mjs), tested against it.
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
  readonly kind: 'merkle-damgard';
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
