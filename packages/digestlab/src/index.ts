/**
 * digestlab: message digests for every JavaScript runtime, one API over several providers.
 *
 *   digestHex('SHA-256', 'abc')                  // our TypeScript or node:crypto, whichever `auto` picks
 *   await digestHexAsync('SHA-1', data, { provider: 'webcrypto' })
 *   createDigest('MD5').update(a).update(b).digestHex()
 *   hmacHex('HmacSHA256', key, message)            // HMAC (RFC 2104) over any fixed-length digest
 */

// biome-ignore assist/source/organizeImports: a bundler places modules in the order this file first reaches them; this order keeps BLAKE3's WebAssembly beside the other modules' (1 kB less gzip for the root entry: scripts/measure/bundle-size.mjs)
export { importState } from './api/import-state.js';
export {
  createDigest,
  type DigestOptions,
  digest,
  digestAsync,
  digestHex,
  digestHexAsync,
  digestMany,
  digestStream,
  type ReadyOptions,
  ready,
} from './api/calls.js';
export {
  type Blake3ModeOptions,
  type Blake3Subtree,
  type Blake3Tree,
  createBlake3Subtree,
  createBlake3Tree,
} from './api/blake3-split.js';
export { type AlgorithmInfo, algorithms, type ProviderInfo, providers } from './api/catalog.js';
export { combineChecksums } from './api/combine.js';
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
export type { Counter } from './registry/boundaries.js';
export type { Construction, Family, OutputKind, SumFact, WebCryptoSupport } from './registry/facts.js';
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
export type { OptionFact, OptionName } from './spec/constructions.js';
export type { WasmModuleName, WasmModules } from './wasm/names.js';
