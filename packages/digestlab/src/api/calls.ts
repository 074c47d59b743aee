import { forgetHmacResolutions } from '../hmac/resolve.js';
import { autoStreaming } from '../providers/auto.js';
import {
  bytesOnceFor,
  forgetResolutions,
  hexOnceFor,
  type ProviderChoice,
  type Resolved,
  resolve,
} from '../providers/index.js';
import { NODE_MAX_OUTPUT } from '../providers/node.js';
import { wasmProvider } from '../providers/wasm.js';
import { probeWebCrypto } from '../providers/webcrypto.js';
import { lookup } from '../registry/registry.js';
import { type Data, toBytes, toBytesTransient } from '../shared/bytes.js';
import { toHex } from '../shared/hex.js';
import type { DigestAlgorithm } from '../spec/algorithm.js';
import { outputLengthOf, paramsOf } from '../spec/options.js';
import { readyBlake2 } from '../wasm/blake2.js';
import { readyBlake3 } from '../wasm/blake3.js';
import { readyCrc } from '../wasm/crc.js';
import { ready as compileWasm, load as loadWasm, useModules } from '../wasm/module.js';
import type { WasmModules } from '../wasm/names.js';
import { readyXxhash } from '../wasm/xxhash.js';
import { Digest, described } from './digest.js';
import { digestManyWasm } from './many.js';
import { feed, type StreamSource } from './stream.js';

/**
 * Options of every call: which provider computes the digest (default `auto`), an XOF's output length, BLAKE3's
 * key or context, BLAKE2's output length, key, salt and personalization, xxHash's seed. Each is refused with
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
  /**
   * xxHash's seed: an unsigned 32-bit (XXH32) or 64-bit (XXH64, XXH3-64, XXH3-128) integer, as a safe integer or a
   * bigint; default 0.
   */
  seed?: number | bigint;
}

/** Only the provider, or nothing: the call prepared per name (no options work) computes it. */
function plain(options: DigestOptions | undefined): boolean {
  return (
    options === undefined ||
    (options.outputLength === undefined &&
      options.key === undefined &&
      options.context === undefined &&
      options.salt === undefined &&
      options.personalization === undefined &&
      options.seed === undefined)
  );
}

/** What {@link ready} may be given. */
export interface ReadyOptions {
  /**
   * digestlab's WebAssembly modules, compiled by the application or its runtime from the package's `.wasm` files
   * (dist/wasm/NAME.wasm: core, shasimd, simd, ripemd, classic, blake2, blake2simd, blake3, blake3simd, xxhash,
   * xxhashsimd, crc), for a runtime that refuses to compile bytes (Vercel Edge: `import core from
   * 'digestlab/wasm/core.wasm?module'`). Give all twelve there: a module not given is compiled from the bytes embedded
   * in the library, which such a runtime refuses at the call that needs it.
   */
  modules?: WasmModules;
}

/**
 * Prepares digestlab's WebAssembly (the `wasm` provider and `digestMany`'s SIMD path). Needed only on a browser's
 * main thread, which refuses to compile it synchronously, and to hand over compiled modules (`modules`) where
 * compiling bytes is refused; elsewhere the first call compiles it. Rejects only an invalid `modules`
 * ({@link InvalidOptionError}); where WebAssembly cannot run, the `wasm` provider stays unavailable and says why.
 */
export async function ready(options?: ReadyOptions): Promise<void> {
  if (options?.modules !== undefined) useModules(options.modules);
  await Promise.all([compileWasm(), probeWebCrypto(), readyBlake2(), readyBlake3(), readyXxhash(), readyCrc()]);
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
  if (lookup(algorithm).spec.construction.kind === 'sponge') await probeWebCrypto();
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
  // has(): its module may be missing where bytes are refused (a partial ready({ modules })); auto then goes on below
  const batched =
    (choice === 'auto' || choice === 'wasm') &&
    spec.construction.kind === 'merkle-damgard' &&
    wasmProvider.has(spec.name);
  const wasm = batched ? loadWasm() : undefined;
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

export function start(resolved: Resolved, options: DigestOptions | undefined): Digest {
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
