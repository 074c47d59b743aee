/**
 * HMAC in each provider, and `auto`'s choice among them. A provider computes HMAC over exactly the hashes it
 * computes here (node:crypto's createHmac takes the hashes its createHash takes; WebCrypto's HMAC is asked and
 * refuses what it lacks).
 *
 * - `ts`, `wasm`: a running MAC keys an inner and an outer engine once and clones them per message; a one-shot over
 *   a Merkle–Damgård hash runs without engines (hmac/md.ts), other hashes (MD2) over engines.
 * - `node`: one-shots of short messages as two calls of node:crypto's one-shot hash (hmac/node.ts), longer ones
 *   through createHmac. Its Hmac cannot be copied, so a running MAC (which clones) is the keyed construction over
 *   node:crypto's Hash, whose copy() is OpenSSL's.
 * - `webcrypto`: crypto.subtle's importKey + sign, asynchronous only.
 */

import { chainBytes } from '../constructions/merkle-damgard/merkle-damgard.js';
import { HMAC_NODE_CRYPTO } from '../providers/crossovers.generated.js';
import { type Crossovers, crossover, type MeasuredRuntime, measuredRuntime } from '../providers/crossovers.js';
import { providersWith } from '../providers/index.js';
import { nodeHmacOnce, nodeProvider } from '../providers/node.js';
import type { Provider, ProviderId } from '../providers/provider.js';
import { runsHere } from '../providers/provider.js';
import { SizeDispatch } from '../providers/size-dispatch.js';
import { tsProvider } from '../providers/ts.js';
import { wasmProvider } from '../providers/wasm.js';
import { toBytesTransient } from '../shared/bytes.js';
import { AlgorithmUnavailableError, AsyncOnlyError, HmacUnsupportedError } from '../shared/errors.js';
import { chainHex, toHex } from '../shared/hex.js';
import { runtime } from '../shared/runtime.js';
import type { AlgorithmName, AlgorithmSpec } from '../spec/algorithm.js';
import { load as loadWasm, type Wasm } from '../wasm/module.js';
import { keyedMac, keyedOnce, type MacEngine } from './keyed.js';
import { hmacChainTs, hmacInWasm } from './md.js';
import { nodeHmacHashed } from './node.js';

/** HMAC's one-shot calls, as a provider or `auto`'s dispatcher implements them. */
export interface HmacOnce {
  /** HMAC of whole input: bytes, or a string to MAC as UTF-8. `key` is the caller's, already bytes. */
  once(spec: AlgorithmSpec, key: Uint8Array, data: Uint8Array | string): Uint8Array;
  onceHex(spec: AlgorithmSpec, key: Uint8Array, data: Uint8Array | string): string;
  async(spec: AlgorithmSpec, key: Uint8Array, data: Uint8Array): Promise<Uint8Array>;
}

/** HMAC in one provider. */
export interface HmacProvider extends HmacOnce {
  readonly id: ProviderId;
  /** A running MAC keyed with `key` (synchronous providers only). */
  create(spec: AlgorithmSpec, key: Uint8Array): MacEngine;
}

/** What a string becomes for providers that take bytes only. */
function bytesOf(data: Uint8Array | string): Uint8Array {
  return typeof data === 'string' ? toBytesTransient(data) : data;
}

/**
 * The keyed construction over a provider's own engines: its running MAC, and the one-shot for hashes without a
 * faster path.
 */
function overEngines(base: Provider) {
  return {
    create: (spec: AlgorithmSpec, key: Uint8Array): MacEngine =>
      keyedMac(() => base.create(spec.name), key, spec.blockLength),
    once: (spec: AlgorithmSpec, key: Uint8Array, data: Uint8Array | string): Uint8Array =>
      keyedOnce(() => base.create(spec.name), key, spec.blockLength, bytesOf(data)),
  };
}

const tsEngines = overEngines(tsProvider);

export const tsHmac: HmacProvider = {
  id: 'ts',
  create: tsEngines.create,
  once(spec, key, data) {
    const md = spec.construction;
    if (md.kind !== 'merkle-damgard') return tsEngines.once(spec, key, data);
    return chainBytes(hmacChainTs(spec, md, key, bytesOf(data)), spec.digestLength, md.littleEndian);
  },
  onceHex(spec, key, data) {
    const md = spec.construction;
    if (md.kind !== 'merkle-damgard') return toHex(tsEngines.once(spec, key, data));
    return chainHex(hmacChainTs(spec, md, key, bytesOf(data)), spec.digestLength, md.littleEndian);
  },
  async async(spec, key, data) {
    return this.once(spec, key, data);
  },
};

const wasmEngines = overEngines(wasmProvider);

function wasm(): Wasm {
  const w = loadWasm();
  if (!w) throw new Error('digestlab: the wasm provider was used while unavailable'); // resolution prevents this
  return w;
}

/** The wasm provider's one-shot digest, for a key longer than a block. */
const wasmHash = (spec: AlgorithmSpec) => (data: Uint8Array) => wasmProvider.digestOnce(spec.name, data);

export const wasmHmac: HmacProvider = {
  id: 'wasm',
  create: wasmEngines.create,
  once(spec, key, data) {
    const md = spec.construction;
    if (md.kind === 'merkle-damgard') {
      const w = wasm();
      if (hmacInWasm(w, spec, md, key, data, wasmHash(spec)))
        return chainBytes(w.words, spec.digestLength, md.littleEndian);
    }
    return wasmEngines.once(spec, key, data);
  },
  onceHex(spec, key, data) {
    const md = spec.construction;
    if (md.kind === 'merkle-damgard') {
      const w = wasm();
      if (hmacInWasm(w, spec, md, key, data, wasmHash(spec)))
        return chainHex(w.words, spec.digestLength, md.littleEndian);
    }
    return toHex(wasmEngines.once(spec, key, data));
  },
  async async(spec, key, data) {
    return this.once(spec, key, data);
  },
};

const nodeEngines = overEngines(nodeProvider);

/** Hashes this runtime's createHash takes and its createHmac refuses (Deno 2.9: sm3, "Invalid digest"). */
const createHmacRefuses = new Set<AlgorithmName>();

/**
 * node:crypto's one-shot HMAC: two one-shot hashes for a short message (hmac/node.ts), else createHmac; where
 * createHmac refuses a hash node:crypto has, RFC 2104's construction over node:crypto's own hash.
 */
function nodeOnce(spec: AlgorithmSpec, key: Uint8Array, data: Uint8Array | string, encoding: 'hex' | 'latin1'): string {
  const hashed = nodeHmacHashed(spec, key, data, encoding);
  if (hashed !== undefined) return hashed;
  if (!createHmacRefuses.has(spec.name)) {
    try {
      return nodeHmacOnce(spec.name, key, data, encoding);
    } catch (e) {
      if (!/digest/i.test(String((e as Error)?.message))) throw e;
      createHmacRefuses.add(spec.name);
    }
  }
  const mac = nodeEngines.once(spec, key, data);
  return encoding === 'hex' ? toHex(mac) : String.fromCharCode(...mac);
}

export const nodeHmac: HmacProvider = {
  id: 'node',
  create: nodeEngines.create,
  once(spec, key, data) {
    const mac = nodeOnce(spec, key, data, 'latin1');
    const out = new Uint8Array(mac.length);
    for (let i = 0; i < out.length; i++) out[i] = mac.charCodeAt(i);
    return out;
  },
  onceHex: (spec, key, data) => nodeOnce(spec, key, data, 'hex'),
  async async(spec, key, data) {
    return this.once(spec, key, data);
  },
};

function subtle(): SubtleCrypto {
  return (globalThis as { crypto: Crypto }).crypto.subtle;
}

/** crypto.subtle refuses views of a SharedArrayBuffer; copy those. */
function ownBuffer(data: Uint8Array): Uint8Array<ArrayBuffer> {
  return (data.buffer instanceof ArrayBuffer ? data : data.slice()) as Uint8Array<ArrayBuffer>;
}

export const webcryptoHmac: HmacProvider = {
  id: 'webcrypto',
  create() {
    throw new AsyncOnlyError('webcrypto', 'createHmac()', 'hmacAsync() or hmacHexAsync()');
  },
  once() {
    throw new AsyncOnlyError('webcrypto', 'hmac()', 'hmacAsync() or hmacHexAsync()');
  },
  onceHex() {
    throw new AsyncOnlyError('webcrypto', 'hmacHex()', 'hmacAsync() or hmacHexAsync()');
  },
  async async(spec, key, data) {
    if (key.length === 0) {
      throw new HmacUnsupportedError(
        spec.name,
        'WebCrypto refuses an empty key; provider "auto" (the default), "ts", "wasm" or "node" takes it',
        'webcrypto',
      );
    }
    const algorithm = { name: 'HMAC', hash: spec.name };
    let k: CryptoKey;
    try {
      k = await subtle().importKey('raw', ownBuffer(key), algorithm, false, ['sign']);
    } catch (e) {
      // a hash this runtime's WebCrypto digests but does not take for HMAC
      if ((e as { name?: unknown }).name !== 'NotSupportedError') throw e;
      throw new AlgorithmUnavailableError(
        `HMAC-${spec.name}`,
        'webcrypto',
        providersWith(spec.name)
          .filter((p) => p.id !== 'webcrypto')
          .map((p) => p.id),
      );
    }
    return new Uint8Array(await subtle().sign('HMAC', k, ownBuffer(data)));
  },
};

export const HMAC_PROVIDERS: Readonly<Record<ProviderId, HmacProvider>> = {
  ts: tsHmac,
  wasm: wasmHmac,
  node: nodeHmac,
  webcrypto: webcryptoHmac,
};

// ------------------------------------------------------------------------------------------------------- auto

/** A runtime's HMAC table: the algorithms it lists (providers/crossovers.generated.ts's HMAC_NODE_CRYPTO). */
function hmacTable(pairs: Readonly<Record<string, readonly [number | null, number | null]>>): Partial<Crossovers> {
  return Object.fromEntries(Object.entries(pairs).map(([name, [bytes, hex]]) => [name, crossover(bytes, hex)]));
}

/**
 * From these message lengths on, node:crypto is faster than our WebAssembly for a one-shot HMAC returned as bytes,
 * and as hex, per runtime as for digests (crossovers.json's `hmac`, with the command and machine that measured
 * them). An algorithm missing from a runtime's table (SHA-3, Keccak) uses its digest crossover, the nearest fact
 * there is; a browser has no node:crypto, and the digests' table (every algorithm NEVER) says so.
 */
export const HMAC_CROSSOVERS: Readonly<Record<MeasuredRuntime, Partial<Crossovers>>> = {
  node: hmacTable(HMAC_NODE_CRYPTO.node),
  bun: hmacTable(HMAC_NODE_CRYPTO.bun),
  deno: hmacTable(HMAC_NODE_CRYPTO.deno),
  workerd: hmacTable(HMAC_NODE_CRYPTO.workerd),
  browser: {},
};

/** This runtime's HMAC crossovers, chosen once at load. */
export const HMAC_NODE_FROM: Partial<Crossovers> = HMAC_CROSSOVERS[measuredRuntime(runtime().runtime)];

/** `auto`'s one-shot HMAC: by message length, our WebAssembly (else TypeScript) below a crossover, node:crypto from it. */
export class AutoHmac extends SizeDispatch<HmacProvider> implements HmacOnce {
  constructor(algorithm: AlgorithmName, bytesFrom: number, hexFrom: number) {
    super(bytesFrom, hexFrom, {
      small: () => (runsHere(wasmProvider, algorithm) ? wasmHmac : tsHmac),
      large: () => (runsHere(nodeProvider, algorithm) ? nodeHmac : undefined),
    });
  }

  once(spec: AlgorithmSpec, key: Uint8Array, data: Uint8Array | string): Uint8Array {
    return this.forBytes(data.length).once(spec, key, data);
  }

  onceHex(spec: AlgorithmSpec, key: Uint8Array, data: Uint8Array | string): string {
    return this.forHex(data.length).onceHex(spec, key, data);
  }

  async(spec: AlgorithmSpec, key: Uint8Array, data: Uint8Array): Promise<Uint8Array> {
    return this.forBytes(data.length).async(spec, key, data);
  }
}
