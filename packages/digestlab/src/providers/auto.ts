/**
 * `auto`, the default provider: per algorithm, input size and runtime, the fastest implementation that runs here.
 *
 * One-shot digests: below a measured size our WebAssembly is faster than node:crypto (a call into OpenSSL costs
 * about a microsecond, which a short input does not repay); from that size on, node:crypto (OpenSSL with
 * SHA-NI/AVX2) wins. Where node:crypto is absent (browsers, Workers): WebAssembly, else our TypeScript; except
 * that `digestAsync` of a long input goes to WebCrypto where it runs and wins there, which is already async and
 * uses the CPU's SHA instructions (Chromium, SHA-1 / SHA-256: 1.2-1.6x our WebAssembly at 8 KiB / 2 KiB, up to
 * 3.6x / 6x above); from what size, if any, is measured per browser engine ({@link WEBCRYPTO_CROSSOVERS}).
 * Streaming digests (`createDigest`, `digestStream`) do not know their length and are usually long: node:crypto
 * where it is faster on long inputs, else WebAssembly, else TypeScript.
 *
 * The crossovers are data (crossovers.json, read by crossovers.ts), measured on each runtime that has node:crypto
 * (Node, Bun, Deno) by scripts/measure/crossovers.mjs, and the table of the runtime the library runs on is chosen once,
 * at load. The bench's `auto` row checks them against every single provider at each size it runs; its
 * `auto:async` row checks the WebCrypto crossovers against `wasm:async` in the page's bench in each engine.
 */

import { lookup } from '../registry/registry.js';
import type { AlgorithmName, AlgorithmParams } from '../spec/algorithm.js';
import { type Crossovers, NODE_FROM, WEBCRYPTO_FROM, type WebCryptoFrom } from './crossovers.js';
import { nodeProvider } from './node.js';
import { type PreparedBytes, type PreparedHex, type Provider, prepareBytes, prepareHex, runsHere } from './provider.js';
import { SizeDispatch } from './size-dispatch.js';
import { tsProvider } from './ts.js';
import { wasmProvider } from './wasm.js';
import { webcryptoProvider } from './webcrypto.js';

// the tables auto follows, where its callers and tests have always found them
export {
  CROSSOVERS,
  type Crossover,
  type Crossovers,
  crossoversOf,
  type MeasuredRuntime,
  measuredRuntime,
  NEVER,
  NODE_FROM,
  WEBCRYPTO_CROSSOVERS,
  WEBCRYPTO_FROM,
  type WebCryptoFrom,
  webcryptoFromOf,
} from './crossovers.js';

/** What `auto` calls for one-shot digests: a provider's one-shot half. */
export type OneShot = Pick<Provider, 'digestOnce' | 'digestHexOnce' | 'digestAsync' | 'prepareHex' | 'prepareBytes'>;

/**
 * What `auto` chooses from: the concrete providers and whether each runs an algorithm here. The default is this
 * runtime; tests pass others to take the paths `auto` takes where node:crypto or WebAssembly is missing.
 */
export interface Candidates {
  /** Where node:crypto starts to win, on the runtime these candidates stand for. */
  readonly nodeFrom: Crossovers;
  readonly node: Provider;
  readonly wasm: Provider;
  readonly ts: Provider;
  /** Async one-shots only, for long inputs where node:crypto is absent, from {@link webcryptoFrom} on. */
  readonly webcrypto: Provider;
  /** Where WebCrypto starts to win, in the browser engine these candidates stand for ({@link WEBCRYPTO_FROM}). */
  readonly webcryptoFrom: WebCryptoFrom;
  runs(p: Provider, algorithm: AlgorithmName): boolean;
}

const HERE: Candidates = {
  nodeFrom: NODE_FROM,
  node: nodeProvider,
  wasm: wasmProvider,
  ts: tsProvider,
  webcrypto: webcryptoProvider,
  webcryptoFrom: WEBCRYPTO_FROM,
  runs: runsHere,
};

/**
 * The streaming provider `auto` picks for `algorithm` here: node:crypto where it wins from some size on, else our
 * WebAssembly, else TypeScript; ours always for a call with params (a BLAKE2 key, salt or personalization, which
 * node:crypto has not).
 */
export function autoStreaming(algorithm: AlgorithmName, from: Candidates = HERE, params = false): Provider {
  if (!params && from.nodeFrom[algorithm].bytes !== Number.POSITIVE_INFINITY && from.runs(from.node, algorithm)) {
    return from.node;
  }
  if (from.runs(from.wasm, algorithm)) return from.wasm;
  return from.ts;
}

/**
 * The one-shot dispatcher `auto` uses for `algorithm` here. Nothing is loaded before it is needed: where
 * node:crypto takes every size it is asked at once, otherwise only when an input reaches its crossover, so a
 * program hashing short inputs never loads node:crypto (~8 ms in a fresh worker), and one that only uses
 * node:crypto never compiles our WebAssembly.
 */
export function autoOneShot(algorithm: AlgorithmName, from: Candidates = HERE): OneShot {
  const { bytes, hex } = from.nodeFrom[algorithm];
  const subtleFrom = from.webcryptoFrom[algorithm] ?? Number.POSITIVE_INFINITY;
  const ours = () => (from.runs(from.wasm, algorithm) ? from.wasm : from.ts);
  const noSubtle = subtleFrom === Number.POSITIVE_INFINITY;
  // node:crypto never wins (MD2; any algorithm in a browser), and WebCrypto takes no long async inputs: ours alone
  if (bytes === Number.POSITIVE_INFINITY && hex === Number.POSITIVE_INFINITY && noSubtle) return ours();
  // node:crypto for every size, unless the algorithm takes parameters it lacks (BLAKE2's: the Dispatch sends those ours)
  if (bytes === 0 && hex === 0 && lookup(algorithm).spec.construction.kind !== 'haifa') {
    if (from.runs(from.node, algorithm)) return from.node;
    // node:crypto was asked already and lacks it (Keccak on Node 20): no size decides anything unless WebCrypto may
    // take long async inputs, so no dispatcher per call
    if (noSubtle) return ours();
  }
  return new Dispatch(algorithm, bytes, hex, subtleFrom, from);
}

/**
 * One class for every algorithm, so a call site that goes through `digestOnce` (a sized SHAKE digest, `digestMany`'s
 * long messages) sees one method, which V8 can inline. `digest()` and `digestHex()` without an output length call
 * what `prepareBytes` and `prepareHex` return instead: no dispatch at all where one side takes every length (SHA on
 * Node, to hex), else one length test and the side's own prepared call (scripts/measure/seed-call-ablation.mjs measures
 * it).
 */
class Dispatch extends SizeDispatch<Provider> implements OneShot {
  /** WebCrypto when it takes long async inputs here; null once known that it does not. */
  #subtle: Provider | null | undefined;

  constructor(
    private readonly algorithm: AlgorithmName,
    bytesFrom: number,
    hexFrom: number,
    private readonly subtleFrom: number,
    private readonly from: Candidates,
  ) {
    const { node, wasm, ts, runs } = from;
    super(bytesFrom, hexFrom, {
      small: () => (runs(wasm, algorithm) ? wasm : ts),
      large: () => (runs(node, algorithm) ? node : undefined),
    });
  }

  /**
   * Only where node:crypto is absent: where it runs it is faster than WebCrypto and already takes these sizes
   * (each engine's WebCrypto crossover is at least node:crypto's).
   */
  private subtle(): Provider | null {
    if (this.#subtle === undefined) {
      const { node, webcrypto, runs } = this.from;
      this.#subtle = !runs(node, this.algorithm) && runs(webcrypto, this.algorithm) ? webcrypto : null;
    }
    return this.#subtle;
  }

  digestOnce(
    algorithm: AlgorithmName,
    data: Uint8Array | string,
    outputLength?: number,
    params?: AlgorithmParams,
  ): Uint8Array {
    // a BLAKE2 key, salt or personalization: ours at every length (node:crypto has none of them)
    const p = params === undefined ? this.forBytes(data.length) : this.small();
    return p.digestOnce(algorithm, data, outputLength, params);
  }

  digestHexOnce(
    algorithm: AlgorithmName,
    data: Uint8Array | string,
    outputLength?: number,
    params?: AlgorithmParams,
  ): string {
    const p = params === undefined ? this.forHex(data.length) : this.small();
    return p.digestHexOnce(algorithm, data, outputLength, params);
  }

  /** The public call's per-algorithm function: a length test (where sizes decide) and the provider's own. */
  prepareHex(algorithm: AlgorithmName): PreparedHex {
    return this.prepared(true, (p) => prepareHex(p, algorithm));
  }

  prepareBytes(algorithm: AlgorithmName): PreparedBytes {
    return this.prepared(false, (p) => prepareBytes(p, algorithm));
  }

  digestAsync(
    algorithm: AlgorithmName,
    data: Uint8Array,
    outputLength?: number,
    params?: AlgorithmParams,
  ): Promise<Uint8Array> {
    const n = data.length;
    if (params !== undefined) return this.small().digestAsync(algorithm, data, outputLength, params);
    const subtle = n >= this.subtleFrom ? this.subtle() : null;
    return (subtle ?? this.forBytes(n)).digestAsync(algorithm, data, outputLength, params);
  }
}
