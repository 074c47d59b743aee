/**
 * digestlab: message digests for every JavaScript runtime, one API over several providers.
 *
 *   digestHex('SHA-256', 'abc')                  // our TypeScript or node:crypto, whichever `auto` picks
 *   await digestHexAsync('SHA-1', data, { provider: 'webcrypto' })
 *   createDigest('MD5').update(a).update(b).digestHex()
 *   hmacHex('HmacSHA256', key, message)            // HMAC (RFC 2104) over any fixed-length digest
 */

import { Digest, described } from './api/digest.js';
import { digestManyWasm } from './api/many.js';
import { feed, type StreamSource } from './api/stream.js';
import type { BlockHash } from './constructions/block/block.js';
import { Blake2Hash } from './constructions/haifa/haifa.js';
import { SpongeHash } from './constructions/sponge/sponge.js';
import { decodeState, stateAlgorithmCode } from './constructions/state.js';
import { TreeHash } from './constructions/tree/tree.js';
import { forgetHmacResolutions } from './hmac/resolve.js';
import { autoStreaming } from './providers/auto.js';
import {
  bytesOnceFor,
  forgetResolutions,
  hexOnceFor,
  PROVIDERS,
  type ProviderChoice,
  providersWith,
  type Resolved,
  resolve,
} from './providers/index.js';
import { NODE_MAX_OUTPUT } from './providers/node.js';
import type { ImplementedIn, ProviderId } from './providers/provider.js';
import { probeWebCrypto } from './providers/webcrypto.js';
import {
  ALGORITHM_NAMES,
  byCode,
  type Construction,
  type Counter,
  ENTRIES,
  type Family,
  lookup,
  type OptionFact,
  type OutputKind,
  type SumFact,
  type WebCryptoSupport,
} from './registry/registry.js';
import { type Data, toBytes, toBytesTransient } from './shared/bytes.js';
import { BadStateError, StateUnsupportedError } from './shared/errors.js';
import { toHex } from './shared/hex.js';
import type { AlgorithmName, DigestAlgorithm } from './spec/algorithm.js';
import { outputLengthOf, paramsOf } from './spec/options.js';
import { readyBlake2 } from './wasm/blake2.js';
import { readyBlake3 } from './wasm/blake3.js';
import { ready as compileWasm, load as loadWasm } from './wasm/module.js';

export {
  type Blake3ModeOptions,
  type Blake3Subtree,
  type Blake3Tree,
  createBlake3Subtree,
  createBlake3Tree,
} from './api/blake3-split.js';
export { Digest } from './api/digest.js';
export type {
  BlobLike,
  ReadableStreamLike,
  ReadableStreamReaderLike,
  ReadResultLike,
  StreamSource,
} from './api/stream.js';
export {
  createHmac,
  type HmacOptions,
  hmac,
  hmacAsync,
  hmacHex,
  hmacHexAsync,
  hmacVerify,
  hmacVerifyAsync,
} from './hmac/api.js';
export { Mac } from './hmac/mac.js';
export type { ProviderChoice } from './providers/index.js';
export type { ImplementedIn, ProviderId } from './providers/provider.js';
export type { Data } from './shared/bytes.js';
export * from './shared/errors.js';
export { toHex } from './shared/hex.js';
export { type BrowserEngine, type RuntimeInfo, type RuntimeName, runtime } from './shared/runtime.js';
export type {
  AlgorithmAlias,
  AlgorithmName,
  DigestAlgorithm,
  HmacAlgorithm,
  HmacAlgorithmName,
} from './spec/algorithm.js';
export { MAX_LENGTH } from './spec/algorithm.js';

/**
 * Options of every call: which provider computes the digest (default `auto`), an XOF's output length, BLAKE3's
 * key or context, BLAKE2's output length, key, salt and personalization. Each is refused with
 * {@link InvalidOptionError} by an algorithm that does not take it.
 */
export interface DigestOptions {
  provider?: ProviderChoice;
  /**
   * Bytes of output of an extendable-output function (SHAKE128, SHAKE256, BLAKE3; default 16, 32 and 32, as
   * node:crypto's and b3sum's): a non-negative safe integer. BLAKE2's digest length, which changes the digest (its
   * parameter block holds it): 1 to 64 bytes on BLAKE2b, 1 to 32 on BLAKE2s; a BLAKE2 name with a length
   * (BLAKE2B-256) takes only its own.
   */
  outputLength?: number;
  /**
   * BLAKE3's keyed_hash: its 32-byte key; BLAKE2's key, up to 64 (BLAKE2b) or 32 (BLAKE2s) bytes (empty: none).
   * Copied when the call starts.
   */
  key?: Uint8Array;
  /** BLAKE3's derive_key: the context string (hashed as UTF-8); the input is the key material. Not with `key`. */
  context?: string;
  /** BLAKE2's salt: up to 16 (BLAKE2b) or 8 (BLAKE2s) bytes, zero-padded as Python's hashlib does. */
  salt?: Uint8Array;
  /** BLAKE2's personalization: up to 16 (BLAKE2b) or 8 (BLAKE2s) bytes, zero-padded. */
  personalization?: Uint8Array;
}

/** Only the provider, or nothing: the call prepared per name (no options work) computes it. */
function plain(options: DigestOptions | undefined): boolean {
  return (
    options === undefined ||
    (options.outputLength === undefined &&
      options.key === undefined &&
      options.context === undefined &&
      options.salt === undefined &&
      options.personalization === undefined)
  );
}

/**
 * Prepares digestlab's WebAssembly (the `wasm` provider and `digestMany`'s SIMD path). Needed only on a browser's
 * main thread, which refuses to compile it synchronously; elsewhere the first call compiles it. Never rejects.
 */
export async function ready(): Promise<void> {
  await Promise.all([compileWasm(), probeWebCrypto(), readyBlake2(), readyBlake3()]);
  forgetResolutions();
  forgetHmacResolutions();
}

/** The digest of `data` (bytes as they are, a string as UTF-8). Synchronous providers only. */
export function digest(algorithm: DigestAlgorithm, data: Data, options?: DigestOptions): Uint8Array {
  // no output length, key or context (every call but the XOFs' sized ones and BLAKE3's modes): the call
  // prepared for this name, no options work
  if (plain(options)) {
    return bytesOnceFor(algorithm, options?.provider)(typeof data === 'string' ? data : toBytesTransient(data));
  }
  const { entry, oneShot } = resolve(algorithm, options?.provider);
  const n = outputLengthOf(entry.spec, options?.outputLength);
  const params = paramsOf(entry.spec.name, entry.options, options);
  return oneShot.digestOnce(entry.spec.name, typeof data === 'string' ? data : toBytesTransient(data), n, params);
}

/** {@link digest} as lowercase hex: Java's `getMessageDigestString(input, alg)` is `digestHex(alg, input)`. */
export function digestHex(algorithm: DigestAlgorithm, data: Data, options?: DigestOptions): string {
  // no output length, key or context: the call prepared for this name, e.g. crypto.hash itself
  if (plain(options)) {
    return hexOnceFor(algorithm, options?.provider)(typeof data === 'string' ? data : toBytesTransient(data));
  }
  const { entry, oneShot } = resolve(algorithm, options?.provider);
  const n = outputLengthOf(entry.spec, options?.outputLength);
  const params = paramsOf(entry.spec.name, entry.options, options);
  return oneShot.digestHexOnce(entry.spec.name, typeof data === 'string' ? data : toBytesTransient(data), n, params);
}

/** The digest of `data` through any provider, WebCrypto included. */
export async function digestAsync(
  algorithm: DigestAlgorithm,
  data: Data,
  options?: DigestOptions,
): Promise<Uint8Array> {
  // whether WebCrypto has SHA-3 here is an asynchronous question, answered once
  if (lookup(algorithm).spec.sponge) await probeWebCrypto();
  const { entry, oneShot } = resolve(algorithm, options?.provider);
  const n = outputLengthOf(entry.spec, options?.outputLength);
  const params = paramsOf(entry.spec.name, entry.options, options);
  // a fresh array, not the scratch one: an asynchronous provider may read it after this call returns
  return oneShot.digestAsync(entry.spec.name, toBytes(data), n, params);
}

/** {@link digestAsync} as lowercase hex. */
export async function digestHexAsync(algorithm: DigestAlgorithm, data: Data, options?: DigestOptions): Promise<string> {
  return toHex(await digestAsync(algorithm, data, options));
}

/**
 * The digests of many independent messages, in order: `digestMany('SHA-256', chunks)`. With `auto`, short
 * messages go through our WebAssembly in one pass, four at a time in SIMD lanes for MD5, SHA-1 and SHA-256 where
 * the runtime has WebAssembly SIMD; long ones (over 64 KiB, the batch's input area: BATCH_MAX in many.ts) through
 * whatever `auto` picks for them. With a named provider, every message goes through that provider (`wasm`: the
 * same batched pass). Synchronous providers only.
 * The batched digests are views into one ArrayBuffer per batch (each its own bytes; `.buffer` is the batch's).
 */
export function digestMany(
  algorithm: DigestAlgorithm,
  messages: readonly Data[],
  options?: DigestOptions,
): Uint8Array[] {
  const choice = options?.provider ?? 'auto';
  const { entry, oneShot } = resolve(algorithm, choice);
  const spec = entry.spec;
  const n = outputLengthOf(spec, options?.outputLength);
  const params = paramsOf(spec.name, entry.options, options);
  const wasm = (choice === 'auto' || choice === 'wasm') && spec.md ? loadWasm() : undefined;
  if (wasm) {
    const alone = choice === 'auto' ? (data: Uint8Array) => oneShot.digestOnce(spec.name, data) : undefined;
    return digestManyWasm(wasm, spec, messages, { simd: true, alone });
  }
  return messages.map((m) => oneShot.digestOnce(spec.name, typeof m === 'string' ? m : toBytesTransient(m), n, params));
}

/** A running digest to feed piece by piece. Synchronous, streaming providers only. */
export function createDigest(algorithm: DigestAlgorithm, options?: DigestOptions): Digest {
  return start(resolve(algorithm, options?.provider), options);
}

function start(resolved: Resolved, options: DigestOptions | undefined): Digest {
  const spec = resolved.entry.spec;
  const n = outputLengthOf(spec, options?.outputLength);
  const params = paramsOf(spec.name, resolved.entry.options, options);
  // auto with params (a BLAKE2 key, salt or personalization), or with more output than node:crypto gives (SHAKE
  // past 2^32 - 1 bytes), streams on ours, which has them
  const auto = (options?.provider ?? 'auto') === 'auto';
  const ours = params !== undefined || (n ?? 0) > NODE_MAX_OUTPUT;
  const provider = auto && ours ? autoStreaming(spec.name, undefined, true) : resolved.provider;
  return new Digest(described(spec, n), provider.id, provider.create(spec.name, n, params));
}

/**
 * Continues a digest from bytes that `Digest.exportState()` returned (on this runtime or another, from any
 * provider that exports state). It continues in our TypeScript unless `options.provider` names another provider
 * that can (`wasm`; `auto` picks `wasm` where it runs).
 */
export function importState(state: Uint8Array, options?: DigestOptions): Digest {
  const code = stateAlgorithmCode(state);
  const spec = byCode(code);
  if (!spec) throw new BadStateError(`algorithm code ${code} is unknown to this build`);
  let id: string = options?.provider ?? 'ts';
  if (id === 'auto') id = providersWith(spec.name).some((p) => p.id === 'wasm') ? 'wasm' : 'ts';
  const { provider } = resolve(spec.name, id);
  if (!provider.exportsState) throw new StateUnsupportedError(provider.id);
  // providers that export state run on BlockHash engines (ts, wasm), which decodeState fills
  const engine = decodeState(state, spec, (n, p) => provider.create(spec.name, n, p) as BlockHash | TreeHash);
  const n =
    engine instanceof SpongeHash || engine instanceof TreeHash || engine instanceof Blake2Hash
      ? engine.outputLength
      : undefined;
  return new Digest(described(spec, n), provider.id, engine);
}

/**
 * The digest of everything `source` yields (a ReadableStream, an async iterable such as a Node stream, or a
 * Blob), read one chunk at a time: memory stays flat whatever the length.
 */
export async function digestStream(
  algorithm: DigestAlgorithm,
  source: StreamSource,
  options?: DigestOptions,
): Promise<Uint8Array> {
  const d = start(resolve(algorithm, options?.provider, 'streaming'), options);
  await feed(d, source);
  return d.digest();
}

export type {
  Construction,
  Counter,
  Family,
  OptionFact,
  OptionName,
  OutputKind,
  SumFact,
  WebCryptoSupport,
} from './registry/registry.js';

/**
 * What digestlab knows about one algorithm: the facts the lab, the CLI, the page and the scripts read rather than
 * keep a copy of (registry.ts is their one source).
 */
export interface AlgorithmInfo {
  /** Canonical name, as Java spells it. */
  name: AlgorithmName;
  /**
   * node:crypto's (OpenSSL's) name, as `createHash(nodeName)` takes it (for SHAKE, with an `outputLength` option, as
   * node:crypto's default is deprecated): given whether or not this runtime's node:crypto has the algorithm, which
   * `providers` tells (it includes `node` when it does).
   */
  nodeName: string;
  aliases: string[];
  /** Object identifiers; each also matches with an "OID." prefix. */
  oids: string[];
  /** Bytes of digest; for an extendable-output function, the default output length (node:crypto's: 16, 32). */
  digestLength: number;
  /** Bytes per block: the rate for SHA-3, SHAKE and Keccak. */
  blockLength: number;
  /** As its standard names it: `MD5`, `SHA-1`, `SHA-2`, `SHA-3` (SHAKE too), `Keccak` (as submitted), `MD2`. */
  family: Family;
  /** `merkle-damgard`, `sponge` or `md2` (room for `tree` and `checksum`). */
  construction: Construction;
  /** `fixed`, `xof` (the caller's `outputLength`, default `digestLength`) or `parameter` (none yet). */
  output: OutputKind;
  /** An extendable-output function (SHAKE128, SHAKE256): takes an `outputLength` option. `output === 'xof'`. */
  xof: boolean;
  /** The options it accepts besides `provider`, with their sizes (SHAKE: `outputLength`, 0 to 2^53 − 1 bytes). */
  options: OptionFact[];
  /** A cryptographic hash (broken or not), as opposed to a checksum. */
  cryptographic: boolean;
  /** HMAC (RFC 2104) is defined over it (`hmac('Hmac' + name, …)` works): a cryptographic hash of fixed length. */
  hmac: boolean;
  /** Collision resistance is broken (MD2, MD5, SHA-1): fine for checksums, not for signatures. */
  broken: boolean;
  /** `digestlab sum`'s tag (`SHA256 (file) = …`), coreutils' `*sum` program where it has one, hex digits. */
  sum: SumFact;
  /** What an implementation counts whose 32-bit wrap matters here: `bits`, `bytes`, `blocks`. */
  counters: Counter[];
  /**
   * Input lengths in bytes where those counts wrap (2^28±1 … 2^32+5, and 2^38±1, 2^39±1 for a block count),
   * ascending: what `digestlab overflow --size boundaries` and vectors/zeros.json cover.
   */
  boundaries: number[];
  /**
   * Whether `crypto.subtle.digest` takes it (by this name): `always` (SHA-1, SHA-256/384/512), `probed` (SHA-3,
   * where the runtime accepts it), `never`. `providers` says whether `webcrypto` has it here.
   */
  webCrypto: WebCryptoSupport;
  /** Providers that compute it on this runtime. */
  providers: ProviderId[];
}

/** Every algorithm digestlab knows, with the providers that have it here. */
export function algorithms(): AlgorithmInfo[] {
  return ENTRIES.map((e) => ({
    name: e.spec.name,
    nodeName: e.nodeName,
    aliases: [...e.aliases],
    oids: [...e.oids],
    digestLength: e.spec.digestLength,
    blockLength: e.spec.blockLength,
    family: e.family,
    construction: e.construction,
    output: e.output,
    xof: e.output === 'xof',
    options: e.options.map((o) => ({ ...o })),
    cryptographic: e.cryptographic,
    hmac: e.hmac,
    broken: e.broken,
    sum: { ...e.sum },
    counters: [...e.counters],
    boundaries: [...e.boundaries],
    webCrypto: e.webCrypto,
    providers: providersWith(e.spec.name).map((p) => p.id),
  }));
}

export interface ProviderInfo {
  id: ProviderId;
  implementedIn: ImplementedIn;
  /** The library and version behind it, where the runtime names one: node's `OpenSSL 3.0.19`, `BoringSSL fe703e9`. */
  library?: string;
  available: boolean;
  /** Why it is not available, when it is not. */
  reason?: string;
  /** Has synchronous calls (`digest`, `createDigest`); otherwise only the `*Async` ones. */
  sync: boolean;
  /** Takes input in pieces (`createDigest`, `digestStream`). */
  streaming: boolean;
  /** `exportState()` works. */
  exportState: boolean;
  /** Algorithms it computes on this runtime (empty when unavailable). */
  algorithms: AlgorithmName[];
}

/** Every provider, and what it can do on this runtime. `auto` is not listed: it resolves to one of these. */
export function providers(): ProviderInfo[] {
  return PROVIDERS.map((p) => {
    const reason = p.unavailableReason();
    const library = reason === undefined ? p.library?.() : undefined;
    return {
      id: p.id,
      implementedIn: p.implementedIn,
      ...(library === undefined ? {} : { library }),
      available: reason === undefined,
      ...(reason === undefined ? {} : { reason }),
      sync: p.sync,
      streaming: p.streaming,
      exportState: p.exportsState,
      algorithms: reason === undefined ? ALGORITHM_NAMES.filter((a) => p.has(a)) : [],
    };
  });
}
