/**
 * What an algorithm is, independent of who computes it: its name, sizes and construction parameters, and the
 * shape of the engines that run it. Types only (and the length limit), importing only the other type modules of
 * spec/ (names.ts, constructions.ts), which import nothing: the lowest layer of the hashing code.
 */

import type { ConstructionKind, ConstructionParams } from './constructions.js';
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

/** The parameters of the construction of kind `K`. */
export type ParamsOf<K extends ConstructionKind> = Extract<ConstructionParams, { readonly kind: K }>;

/**
 * `spec`, narrowed to a spec of construction `kind`: for code below a dispatch by kind (an engine of one
 * construction, its state codec), which knows the kind but was handed the spec alone (a switch on
 * `spec.construction.kind` narrows the construction, not the spec). Throws on another kind: a caller's bug, never
 * the input's.
 */
export function narrow<K extends ConstructionKind>(spec: AlgorithmSpec, kind: K): AlgorithmSpec<ParamsOf<K>> {
  if (spec.construction.kind !== kind) throw new Error(`digestlab: ${spec.name} is not ${kind}`);
  // the check above is the narrowing TypeScript cannot follow through a type parameter
  return spec as AlgorithmSpec<ParamsOf<K>>;
}

/**
 * The `default` of an exhaustive switch on a construction's kind: the type checker sends a new kind here, and so
 * asks for its branch; at run time it cannot be reached.
 */
export function unknownConstruction(c: never): never {
  throw new Error(`digestlab: no branch for ${(c as ConstructionParams).kind}`);
}

/**
 * What an algorithm is, independent of who computes it. `C` narrows its construction where the type is known (a
 * family's own specs: `AlgorithmSpec<MDParams>`), so code for one construction reads its parameters unchecked.
 */
export interface AlgorithmSpec<C extends ConstructionParams = ConstructionParams> {
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
  /**
   * How it is computed, and what another engine (WebAssembly, another provider's one-shot) needs to compute the
   * same digest: the Merkle–Damgård padding and IV, the sponge's suffix, BLAKE2's options, …; told apart by `kind`.
   */
  readonly construction: C;
}

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

/**
 * The fields of a running engine that an exported state holds (each construction's state.ts reads and writes
 * them): a plain shape, so that the state format needs no engine class.
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

/** What a provider supplies for one running digest. The Digest wrapper (api/digest.ts) owns the lifecycle rules. */
export interface Engine {
  update(data: Uint8Array): void;
  /** Finalizes. The engine is not used again until `reset()`. */
  digest(): Uint8Array;
  reset(): void;
  clone(): Engine;
  /** Absent when the provider cannot export its state. */
  exportState?(): Uint8Array;
}

/** One of our block engines (block.ts's BlockHash): what `AlgorithmSpec.create` returns. */
export interface BlockEngine extends EngineFields {
  update(data: Uint8Array): void;
  /** Finalizes and returns the digest. The engine must be reset before further use. */
  digest(): Uint8Array;
  reset(): void;
  /** The state in digestlab's versioned format (shared/state-envelope.ts and the construction's codec). */
  exportState(): Uint8Array;
  clone(): BlockEngine;
}
