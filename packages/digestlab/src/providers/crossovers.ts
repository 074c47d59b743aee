/**
 * The sizes from which `auto` (auto.ts) leaves our WebAssembly: for node:crypto per runtime, for WebCrypto per
 * browser engine. The measurements are data, crossovers.json, with the command, runtime and machine that measured
 * them and the notes that explain them (`node scripts/measure/crossovers.mjs --write` rewrites a runtime's); its
 * numbers alone reach the bundle, through crossovers.generated.ts (scripts/gen/crossovers-data.mjs writes it); this
 * module turns them into the tables auto reads and picks this runtime's once, at load: node:crypto's per-call cost
 * differs by a factor of three between runtimes (BENCHMARKS.md, "`auto`'s crossovers";
 * docs/decisions/auto-crossovers-per-runtime.md).
 */

import { ALGORITHM_NAMES } from '../registry/registry.js';
import { type BrowserEngine, type RuntimeName, runtime } from '../shared/runtime.js';
import type { AlgorithmName } from '../spec/algorithm.js';
import { ALGORITHMS, NODE_CRYPTO, WEB_CRYPTO } from './crossovers.generated.js';

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

/** The runtimes with a crossover table of their own. */
export type MeasuredRuntime = 'node' | 'bun' | 'deno' | 'workerd' | 'browser';

/** A crossover from its measured pair: bytes, hex, null for never. */
export function crossover(bytes: number | null, hex: number | null): Crossover {
  const size = (n: number | null) => n ?? Number.POSITIVE_INFINITY;
  return bytes === null && hex === null ? NEVER : { bytes: size(bytes), hex: size(hex) };
}

/**
 * A runtime's table from its pairs (crossovers.generated.ts): bytes then hex per algorithm of `algorithms`, null for
 * never. An algorithm of the registry with no row (not measured yet: a new one) is never node:crypto's, as for one
 * no node:crypto has: `auto` keeps it on our code until a measurement says otherwise.
 */
export function table(pairs: readonly (number | null)[], algorithms: readonly string[] = ALGORITHMS): Crossovers {
  const measured = new Map(algorithms.map((name, i) => [name, crossover(pairs[2 * i], pairs[2 * i + 1])]));
  return Object.fromEntries(ALGORITHM_NAMES.map((name) => [name, measured.get(name) ?? NEVER])) as Crossovers;
}

export const CROSSOVERS: Readonly<Record<MeasuredRuntime, Crossovers>> = {
  node: table(NODE_CRYPTO.node),
  bun: table(NODE_CRYPTO.bun),
  deno: table(NODE_CRYPTO.deno),
  // workerd's node:crypto (nodejs_compat) is BoringSSL behind workerd's bindings: a call costs several times Node's,
  // so our WebAssembly keeps inputs up to a few KiB that Node hands to OpenSSL (the seed's SHA-256: 4x faster)
  workerd: table(NODE_CRYPTO.workerd),
  // A browser's pages and Workers have no node:crypto: it never wins there, so a one-shot goes straight to our
  // WebAssembly (or WebCrypto, for long async inputs), with no length tested per call (a length test that always
  // chose WebAssembly made Firefox's seed MD5 0.86x of calling it: scripts/measure/seed-call-ablation.mjs --browser)
  browser: Object.fromEntries(ALGORITHM_NAMES.map((name) => [name, NEVER])) as Crossovers,
};

/**
 * The runtime whose crossovers apply here: itself where measured (a browser: none to measure, it has no
 * node:crypto; workerd: measured with nodejs_compat, and without it there is no node:crypto to choose); Node's
 * elsewhere (edge-runtime, Hermes and a runtime not recognised have none, or one as Node's).
 */
export function measuredRuntime(name: RuntimeName): MeasuredRuntime {
  return name === 'bun' || name === 'deno' || name === 'workerd' || name === 'browser' ? name : 'node';
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
 * table (crossovers.json's `webCrypto`), and the engine's table is chosen once, at load.
 */
export type WebCryptoFrom = Readonly<Partial<Record<AlgorithmName, number>>>;

export const WEBCRYPTO_CROSSOVERS: Readonly<Record<BrowserEngine, WebCryptoFrom>> = WEB_CRYPTO;

/** The WebCrypto crossovers of a browser engine; outside a browser (no engine), none. */
export function webcryptoFromOf(engine: BrowserEngine | undefined): WebCryptoFrom {
  return WEBCRYPTO_CROSSOVERS[engine ?? 'unknown'];
}

/** This engine's WebCrypto crossovers, chosen once at load. Where node:crypto runs, they play no part. */
export const WEBCRYPTO_FROM: WebCryptoFrom = webcryptoFromOf(runtime().browser?.engine);
