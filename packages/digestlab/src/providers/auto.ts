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
 * The crossovers are measured on each runtime that has node:crypto (Node, Bun, Deno) by scripts/crossovers.mjs,
 * and the table of the runtime the library runs on is chosen once, at load: node:crypto's per-call cost differs
 * by a factor of three between them (BENCHMARKS.md, "Across runtimes"). The bench's `auto` row checks
 * them against every single provider at each size it runs; its `auto:async` row checks the WebCrypto crossovers
 * against `wasm:async` in the page's bench in each engine.
 */

import { ALGORITHM_NAMES, lookup } from '../registry/registry.js';
import { type BrowserEngine, type RuntimeName, runtime } from '../shared/runtime.js';
import type { AlgorithmName, AlgorithmParams } from '../spec/algorithm.js';
import { nodeProvider } from './node.js';
import { type PreparedBytes, type PreparedHex, type Provider, prepareBytes, prepareHex, runsHere } from './provider.js';
import { SizeDispatch } from './size-dispatch.js';
import { tsProvider } from './ts.js';
import { wasmProvider } from './wasm.js';
import { webcryptoProvider } from './webcrypto.js';

/**
 * From these input lengths on (bytes, or UTF-16 units of a string), node:crypto is faster than our WebAssembly for
 * a one-shot digest returned as bytes (from a Uint8Array), and as hex (from a string, the seed's call; node:crypto
 * makes hex natively, so it wins sooner there). Infinity: never, up to 1 MiB; then streams go to our WebAssembly
 * too, since they are usually long.
 */
export interface Crossover {
  readonly bytes: number;
  readonly hex: number;
}
export type Crossovers = Readonly<Record<AlgorithmName, Crossover>>;

/** node:crypto never wins (or lacks the algorithm everywhere). */
export const NEVER: Crossover = { bytes: Number.POSITIVE_INFINITY, hex: Number.POSITIVE_INFINITY };

/**
 * Keccak is in no node:crypto here (OpenSSL 3.0, BoringSSL, Deno's): 0 says "node:crypto if it has it", so that a
 * runtime without it gets our WebAssembly with no dispatcher per call, and one with it, node:crypto, until measured.
 */
const KECCAK = {
  'KECCAK-224': { bytes: 0, hex: 0 },
  'KECCAK-256': { bytes: 0, hex: 0 },
  'KECCAK-384': { bytes: 0, hex: 0 },
  'KECCAK-512': { bytes: 0, hex: 0 },
} as const;

/**
 * MD4 and RIPEMD-128/256/320 are in no node:crypto (OpenSSL keeps MD4 in its legacy provider and has no other
 * RIPEMD). RIPEMD-160 is in OpenSSL 3's default provider, in plain C: on Node 20, 14 sizes from 0 B to 1 MiB, node:crypto
 * ran 0.53-0.83x our WebAssembly as bytes and 0.72-0.93x as hex but at 16 B (1.01x) and 32 KiB (1.17x; 0.82x at
 * 64 KiB) (CPU time, medians of 7 interleaved rounds, load 12-15), so it is ours, streams included. Bun's and Deno's
 * are not measured; they get the same, which Deno's per-call cost favours.
 */
const MD4_RIPEMD = {
  MD4: NEVER,
  RIPEMD128: NEVER,
  RIPEMD160: NEVER,
  RIPEMD256: NEVER,
  RIPEMD320: NEVER,
} as const;

/**
 * Whirlpool and Tiger are in no node:crypto (OpenSSL's legacy provider only, none); SM3 is measured on Node, and
 * on Bun (BoringSSL has none) and Deno not yet: node:crypto where it has it.
 */
const CLASSIC = { SM3: { bytes: 0, hex: 0 }, WHIRLPOOL: NEVER, TIGER: NEVER } as const;

/**
 * BLAKE2: node:crypto has BLAKE2b-512 and BLAKE2s-256 only (Bun's also BLAKE2b-256), without key, salt or
 * personalization (which it refuses, providers/node.ts): our WebAssembly for the other names and for every call
 * with parameters; each runtime's table measures those it has (below).
 */
const BLAKE2 = {
  'BLAKE2B-160': NEVER,
  'BLAKE2B-256': NEVER,
  'BLAKE2B-384': NEVER,
  'BLAKE2B-512': NEVER,
  BLAKE2b: NEVER,
  'BLAKE2S-128': NEVER,
  'BLAKE2S-160': NEVER,
  'BLAKE2S-224': NEVER,
  'BLAKE2S-256': NEVER,
  BLAKE2s: NEVER,
} as const;

/**
 * Per runtime, measured on x86-64 with SHA-NI by `scripts/crossovers.mjs` (CPU time, best of 9 interleaved rounds;
 * Node's table is in BENCHMARKS.md, "Across runtimes"; Bun's and Deno's are in git, `git show 9e344b0:BENCHMARKS.md`).
 * MD2 is in no node:crypto here (OpenSSL 3, BoringSSL).
 */
export const CROSSOVERS: Readonly<Record<MeasuredRuntime, Crossovers>> = {
  // Node 20 (OpenSSL 3.0): a call costs about a microsecond, which inputs under 64-256 bytes do not repay, except
  // to hex, where OpenSSL's path beats our digest plus hex conversion; MD5, which no CPU instruction helps, is even
  // with our WebAssembly up to 1 KiB
  node: {
    MD2: NEVER,
    MD5: { bytes: 2048, hex: 1024 },
    'SHA-1': { bytes: 256, hex: 0 },
    'SHA-224': { bytes: 64, hex: 0 },
    'SHA-256': { bytes: 64, hex: 0 },
    'SHA-384': { bytes: 128, hex: 0 },
    'SHA-512': { bytes: 128, hex: 0 },
    'SHA-512/224': { bytes: 128, hex: 0 },
    'SHA-512/256': { bytes: 128, hex: 0 },
    // SHA-3 has no CPU instructions: OpenSSL's lead is smaller, and our WebAssembly wins short inputs as bytes
    // (node:crypto's native hex still wins those). SHAKE goes through createHash (crypto.hash() has no output
    // length), a slower call, so WebAssembly wins longer. Keccak is in no node:crypto here.
    'SHA3-224': { bytes: 512, hex: 0 },
    'SHA3-256': { bytes: 1024, hex: 0 },
    'SHA3-384': { bytes: 256, hex: 0 },
    'SHA3-512': { bytes: 512, hex: 0 },
    SHAKE128: { bytes: 1024, hex: 512 },
    SHAKE256: { bytes: 2048, hex: 256 },
    ...KECCAK,
    ...MD4_RIPEMD,
    // node:crypto has no BLAKE3 (OpenSSL, BoringSSL): ours, streams included
    'BLAKE3-256': NEVER,
    ...CLASSIC,
    // OpenSSL's SM3 is plain C, even with our WebAssembly within the noise up to 64 KiB (scripts/crossovers.mjs
    // --algorithms SM3 --rounds 5, load average 16): node:crypto from 1 MiB as bytes, never to hex
    SM3: { bytes: 1048576, hex: Number.POSITIVE_INFINITY },
    ...BLAKE2,
    // node:crypto's BLAKE2 (OpenSSL's C) against our WebAssembly (scripts/crossovers.mjs --rounds 9 --algorithms
    // BLAKE2B-512,BLAKE2S-256, twice, load average 8-8.5, to be re-run idle): to bytes, ours wins to 2-4 KiB
    // (node:crypto 0.27-0.5x ours below 256 B), node:crypto from 8 KiB (BLAKE2b: 1.0-1.07x, 1.15-1.42x at 1 MiB) and
    // 4 KiB (BLAKE2s: 1.03-1.13x); to hex from a string, node:crypto's native hex wins from 0 B (1.0-1.36x; 3.6-5.3x
    // at 64 KiB, where a string too long for our input area is encoded apart) but at 1 MiB (0.57-1.34x, noisy). A
    // call with a key, salt or personalization stays ours at every length (Dispatch, autoStreaming)
    'BLAKE2B-512': { bytes: 8192, hex: 0 },
    'BLAKE2S-256': { bytes: 4096, hex: 0 },
  },
  // Bun 1.4 (BoringSSL): a call costs half of Node's; node:crypto wins at every size but MD5 to bytes below 512 B
  bun: {
    MD2: NEVER,
    MD5: { bytes: 512, hex: 0 },
    'SHA-1': { bytes: 0, hex: 0 },
    'SHA-224': { bytes: 0, hex: 0 },
    'SHA-256': { bytes: 0, hex: 0 },
    'SHA-384': { bytes: 0, hex: 0 },
    'SHA-512': { bytes: 0, hex: 0 },
    'SHA-512/224': { bytes: 0, hex: 0 },
    'SHA-512/256': { bytes: 0, hex: 0 },
    // its SHA-3 beats our WebAssembly by 1.1-1.3x at every size; its SHAKE goes through createHash, which costs
    // more per call (0.5x below 256 B)
    'SHA3-224': { bytes: 0, hex: 0 },
    'SHA3-256': { bytes: 0, hex: 0 },
    'SHA3-384': { bytes: 0, hex: 0 },
    'SHA3-512': { bytes: 0, hex: 0 },
    SHAKE128: { bytes: 1024, hex: 2048 },
    SHAKE256: { bytes: 2048, hex: 4096 },
    ...KECCAK,
    ...MD4_RIPEMD,
    // node:crypto has no BLAKE3 (OpenSSL, BoringSSL): ours, streams included
    'BLAKE3-256': NEVER,
    ...CLASSIC,
    ...BLAKE2,
    // BoringSSL's BLAKE2 beats our WebAssembly at every size: BLAKE2b 2.8-4.5x, BLAKE2s 1.1-2.2x (but BLAKE2b-256 to
    // bytes at 0 B) (scripts/crossovers.mjs --rounds 9, load average 8.5, to be re-run idle)
    'BLAKE2B-256': { bytes: 16, hex: 0 },
    'BLAKE2B-512': { bytes: 0, hex: 0 },
    'BLAKE2S-256': { bytes: 0, hex: 0 },
  },
  // Deno 2.9 (node:crypto in Rust): a call costs about three times Node's, and its MD5 is slower than our
  // WebAssembly at every size (0.82-0.84x at 1 MiB), so MD5 streams go to WebAssembly there
  deno: {
    MD2: NEVER,
    MD5: NEVER,
    'SHA-1': { bytes: 2048, hex: 1024 },
    'SHA-224': { bytes: 8192, hex: 1024 },
    'SHA-256': { bytes: 1024, hex: 128 },
    'SHA-384': { bytes: 8192, hex: 2048 },
    'SHA-512': { bytes: 8192, hex: 2048 },
    'SHA-512/224': { bytes: 8192, hex: 2048 },
    'SHA-512/256': { bytes: 4096, hex: 2048 },
    // its SHA-3 and SHAKE lose to our WebAssembly at every size (0.7-0.97x at 1 MiB): ours, streams included
    'SHA3-224': NEVER,
    'SHA3-256': NEVER,
    'SHA3-384': NEVER,
    'SHA3-512': NEVER,
    SHAKE128: NEVER,
    SHAKE256: NEVER,
    ...KECCAK,
    ...MD4_RIPEMD,
    // node:crypto has no BLAKE3 (OpenSSL, BoringSSL): ours, streams included
    'BLAKE3-256': NEVER,
    ...CLASSIC,
    ...BLAKE2,
    // its BLAKE2 (Rust) against our WebAssembly: 0.16-0.6x to 4 KiB, even at 16-64 KiB, 1.08-1.36x at 1 MiB to bytes;
    // to hex from a string, 0.4-0.97x to 16 KiB, 3.4-5x from 64 KiB (scripts/crossovers.mjs --rounds 9, load
    // average 8.7-9.4, to be re-run idle)
    'BLAKE2B-512': { bytes: 1048576, hex: 65536 },
    'BLAKE2S-256': { bytes: 1048576, hex: 65536 },
  },
  // A browser's pages and Workers have no node:crypto: it never wins there, so a one-shot goes straight to our
  // WebAssembly (or WebCrypto, for long async inputs), with no length tested per call (a length test that always
  // chose WebAssembly made Firefox's seed MD5 0.86x of calling it: scripts/seed-call-ablation.mjs --browser)
  browser: Object.fromEntries(ALGORITHM_NAMES.map((name) => [name, NEVER])) as Crossovers,
};

/** The runtimes with a crossover table of their own. */
export type MeasuredRuntime = 'node' | 'bun' | 'deno' | 'browser';

/**
 * The runtime whose crossovers apply here: itself where measured (a browser: none to measure, it has no
 * node:crypto); Node's for a runtime not recognised, which may have a node:crypto as Node's.
 */
export function measuredRuntime(name: RuntimeName): MeasuredRuntime {
  return name === 'unknown' ? 'node' : name;
}

/** The crossovers of a runtime (see {@link measuredRuntime}). */
export function crossoversOf(name: RuntimeName): Crossovers {
  return CROSSOVERS[measuredRuntime(name)];
}

/** This runtime's crossovers, chosen once at load. */
export const NODE_FROM: Crossovers = crossoversOf(runtime().runtime);

/**
 * Where node:crypto is absent, `digestAsync` of an input from this length (bytes) on goes to WebCrypto when it runs
 * (a secure context); an algorithm not listed never does. A WebCrypto call's fixed cost differs by three orders of
 * magnitude between browser engines (microseconds in Blink, tens of them in WebKit), so each engine has its own
 * table, measured with the page's own bench (`auto:async` against `wasm:async` and `webcrypto`; BENCHMARKS.md, "Every
 * browser engine"), and the engine's table is chosen once, at load.
 */
export type WebCryptoFrom = Readonly<Partial<Record<AlgorithmName, number>>>;

export const WEBCRYPTO_CROSSOVERS: Readonly<Record<BrowserEngine, WebCryptoFrom>> = {
  // Chromium: the CPU's SHA instructions for SHA-1 and SHA-256; SHA-384 and SHA-512 (no instructions) were ahead of
  // our WebAssembly at some sizes but from no size on
  Blink: { 'SHA-1': 8192, 'SHA-256': 2048 },
  // Firefox: SHA-256 from 64 KiB (1.6-2.2x our WebAssembly there, 2-7x above; 32 KiB 1.0-1.2x, 16 KiB 0.5x). Its
  // SHA-1 loses at every size to 16 MiB (0.5-0.6x: no SHA instructions for it), as SHA-384 and SHA-512 do to 4 MiB
  Gecko: { 'SHA-256': 65536 },
  // WebKit (WebKitGTK 2.50): a WebCrypto call costs tens of microseconds, and its digests run on another thread, so
  // SHA-1 and SHA-256 win from 128 KiB (1.9-3.3x; 64 KiB: 0.5-1.7x), SHA-384 and SHA-512 from 256 KiB (1.3-2x;
  // 128 KiB 1.1-1.3x once)
  WebKit: { 'SHA-1': 131072, 'SHA-256': 131072, 'SHA-384': 262144, 'SHA-512': 262144 },
  // an engine we have not measured: our WebAssembly, which is never far from the best
  unknown: {},
};

/** The WebCrypto crossovers of a browser engine; outside a browser (no engine), none. */
export function webcryptoFromOf(engine: BrowserEngine | undefined): WebCryptoFrom {
  return WEBCRYPTO_CROSSOVERS[engine ?? 'unknown'];
}

/** This engine's WebCrypto crossovers, chosen once at load. Where node:crypto runs, they play no part. */
export const WEBCRYPTO_FROM: WebCryptoFrom = webcryptoFromOf(runtime().browser?.engine);

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
  if (bytes === 0 && hex === 0 && lookup(algorithm).spec.blake2 === undefined) {
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
 * Node, to hex), else one length test and the side's own prepared call (scripts/seed-call-ablation.mjs measures it).
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
