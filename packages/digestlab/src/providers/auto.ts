/**
 * `auto`, the default provider: per algorithm, input size and runtime, the fastest implementation that runs here.
 *
 * One-shot digests: below a measured size our WebAssembly is faster than node:crypto (a call into OpenSSL costs
 * about a microsecond, which a short input does not repay); from that size on, node:crypto (OpenSSL with
 * SHA-NI/AVX2) wins. Where node:crypto is absent (browsers, Workers): WebAssembly, else our TypeScript.
 * Streaming digests (`createDigest`, `digestStream`) do not know their length and are usually long: node:crypto,
 * else WebAssembly, else TypeScript.
 *
 * The crossovers are from `npx digestlab bench --workload sizes` (BENCHMARKS.md, "auto") on Node 20, x86-64 with
 * SHA-NI; the bench's `auto` row checks them against every single provider at each size.
 */
import type { AlgorithmName } from '../block.js';
import { nodeProvider } from './node.js';
import type { Provider } from './provider.js';
import { tsProvider } from './ts.js';
import { wasmProvider } from './wasm.js';

/** From this many bytes (a string: this many UTF-16 units), node:crypto is faster than WebAssembly one-shot. */
export const NODE_FROM: Readonly<Record<AlgorithmName, number>> = {
  MD2: Number.POSITIVE_INFINITY, // not in OpenSSL 3
  MD5: 2048,
  'SHA-1': 256,
  // SHA-256 with SHA-NI is ~4x our WebAssembly; even the shortest input repays the call
  'SHA-224': 0,
  'SHA-256': 0,
  'SHA-384': 128,
  'SHA-512': 128,
  'SHA-512/224': 128,
  'SHA-512/256': 128,
};

/** What `auto` calls for one-shot digests: a provider's one-shot half. */
export type OneShot = Pick<Provider, 'digestOnce' | 'digestHexOnce' | 'digestAsync'>;

function runs(p: Provider, algorithm: AlgorithmName): boolean {
  return p.unavailableReason() === undefined && p.has(algorithm);
}

/** The streaming provider `auto` picks for `algorithm` here. */
export function autoStreaming(algorithm: AlgorithmName): Provider {
  if (runs(nodeProvider, algorithm)) return nodeProvider;
  if (runs(wasmProvider, algorithm)) return wasmProvider;
  return tsProvider;
}

/** The one-shot dispatcher `auto` uses for `algorithm` here. */
export function autoOneShot(algorithm: AlgorithmName): OneShot {
  const small = runs(wasmProvider, algorithm) ? wasmProvider : tsProvider;
  if (!runs(nodeProvider, algorithm)) return small;
  const from = NODE_FROM[algorithm];
  if (from === 0) return nodeProvider;
  const pick = (data: Uint8Array | string): Provider => (data.length < from ? small : nodeProvider);
  return {
    digestOnce: (a, data) => pick(data).digestOnce(a, data),
    digestHexOnce: (a, data) => pick(data).digestHexOnce(a, data),
    digestAsync: (a, data) => pick(data).digestAsync(a, data),
  };
}
