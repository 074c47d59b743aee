import type { AlgorithmName, AlgorithmParams, Engine } from '../spec/algorithm.js';

/** Ids of the concrete providers. `auto` (the default) resolves to one of them when a digest is created. */
export type ProviderId = 'ts' | 'wasm' | 'node' | 'webcrypto';

export type ImplementedIn = 'TypeScript' | 'WebAssembly' | 'OpenSSL' | 'BoringSSL' | 'WebCrypto';

/** One implementation of (some of) the algorithms, behind one interface. */
export interface Provider {
  readonly id: ProviderId;
  /** What computes the digest: our TypeScript or WebAssembly, the runtime's OpenSSL, the platform's WebCrypto. */
  readonly implementedIn: ImplementedIn;
  /** The library and version behind it, where the runtime names one (`OpenSSL 3.0.19`, `BoringSSL fe703e9`). */
  library?(): string | undefined;
  /** Has synchronous calls (`digest`, `createDigest`). */
  readonly sync: boolean;
  /** Can take input in pieces (`update`, `digestStream`). */
  readonly streaming: boolean;
  /** `exportState()` works. */
  readonly exportsState: boolean;
  /** Why the provider cannot run on this runtime, or undefined when it can. */
  unavailableReason(): string | undefined;
  /** The algorithm runs here through this provider. */
  has(algorithm: AlgorithmName): boolean;
  /**
   * Why an algorithm this provider computes elsewhere does not run here while the provider does (`wasm` after a
   * `ready({ modules })` that left its module out where bytes do not compile), or undefined.
   */
  algorithmUnavailableReason?(algorithm: AlgorithmName): string | undefined;
  /**
   * A streaming engine; only for sync providers. `outputLength` (here and below) is given only for an
   * extendable-output function (SHAKE, BLAKE3), already checked; otherwise the output is the digest length.
   * `params` (BLAKE3's key or context) only for an algorithm that takes them, checked: a provider that has such
   * an algorithm honours them (node:crypto and WebCrypto have none).
   */
  create(algorithm: AlgorithmName, outputLength?: number, params?: AlgorithmParams): Engine;
  /** One-shot digest of whole input: bytes, or a string to hash as UTF-8 (some providers encode natively). */
  digestOnce(
    algorithm: AlgorithmName,
    data: Uint8Array | string,
    outputLength?: number,
    params?: AlgorithmParams,
  ): Uint8Array;
  /** The same as lowercase hex (some providers make hex natively, which is faster than making bytes). */
  digestHexOnce(
    algorithm: AlgorithmName,
    data: Uint8Array | string,
    outputLength?: number,
    params?: AlgorithmParams,
  ): string;
  digestAsync(
    algorithm: AlgorithmName,
    data: Uint8Array,
    outputLength?: number,
    params?: AlgorithmParams,
  ): Promise<Uint8Array>;
  /**
   * `digestHexOnce` for one algorithm at its digest length, prepared once: what the public call keeps per name, so
   * that the seed's call (a short string to hex) pays no lookup per call. Optional: {@link prepareHex} falls back.
   */
  prepareHex?(algorithm: AlgorithmName): PreparedHex;
  /** `digestOnce` for one algorithm at its digest length, prepared once (see {@link prepareHex}). */
  prepareBytes?(algorithm: AlgorithmName): PreparedBytes;
}

/** A one-shot digest to hex of one algorithm, at its digest length, of bytes or a string (as UTF-8). */
export type PreparedHex = (data: Uint8Array | string) => string;
/** A one-shot digest of one algorithm, at its digest length, of bytes or a string (as UTF-8). */
export type PreparedBytes = (data: Uint8Array | string) => Uint8Array;

/** What can compute one-shot digests: a provider, or `auto`'s dispatcher. */
type Once = Pick<Provider, 'digestOnce' | 'digestHexOnce' | 'prepareHex' | 'prepareBytes'>;

/** `p`'s prepared one-shot to hex of `algorithm`, or a call of its `digestHexOnce` where it prepares none. */
export function prepareHex(p: Once, algorithm: AlgorithmName): PreparedHex {
  return p.prepareHex?.(algorithm) ?? ((data) => p.digestHexOnce(algorithm, data));
}

/** `p`'s prepared one-shot of `algorithm`, or a call of its `digestOnce` where it prepares none. */
export function prepareBytes(p: Once, algorithm: AlgorithmName): PreparedBytes {
  return p.prepareBytes?.(algorithm) ?? ((data) => p.digestOnce(algorithm, data));
}

/**
 * The provider computes `algorithm` on this runtime. has() is asked first: it is cheap, and asking whether
 * WebAssembly runs compiles it.
 */
export function runsHere(p: Provider, algorithm: AlgorithmName): boolean {
  return p.has(algorithm) && p.unavailableReason() === undefined;
}
