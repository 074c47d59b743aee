/**
 * Provider `node`: node:crypto, that is the runtime's OpenSSL (Node; Deno, which reports one) or BoringSSL (Bun). Loaded through `process.getBuiltinModule` (Node >= 20.16), so the library has no static
 * import of a Node module and bundles for browsers unchanged; where that is missing the provider is unavailable.
 * CRC-32 is node:zlib's `crc32` (Node >= 20.15; node-zlib.ts), where this runtime has it.
 */

import { ENTRIES } from '../registry/registry.js';
import { InvalidOptionError } from '../shared/errors.js';
import { runtime } from '../shared/runtime.js';
import type { AlgorithmName, AlgorithmParams, Engine } from '../spec/algorithm.js';
import { ZLIB, zlibHas } from './node-zlib.js';
import type { PreparedBytes, PreparedHex, Provider } from './provider.js';

/** The part of node:crypto used here (exported for the tests' stand-ins). */
export interface NodeHash {
  update(data: Uint8Array | string): NodeHash;
  digest(): Uint8Array;
  digest(encoding: 'hex' | 'latin1'): string;
  /** Without options the copy of a SHAKE hash forgets its output length: pass it again. */
  copy(options?: NodeHashOptions): NodeHash;
}
/** For SHAKE, always given: Node has a default, which newer versions deprecate, and Bun may differ. */
export interface NodeHashOptions {
  outputLength?: number;
}
export interface NodeHmac {
  update(data: Uint8Array | string): NodeHmac;
  digest(encoding: 'hex' | 'latin1'): string;
}
export interface NodeCrypto {
  createHash(algorithm: string, options?: NodeHashOptions): NodeHash;
  createHmac(algorithm: string, key: Uint8Array): NodeHmac;
  /** One-shot, Node >= 20.12; a string is hashed as UTF-8 (lone surrogates as U+FFFD, as TextEncoder does). */
  hash?(algorithm: string, data: Uint8Array | string, outputEncoding: 'hex' | 'latin1'): string;
}

/** node:crypto's name of each algorithm, from the registry (a record: read on every one-shot call). */
const NODE_NAMES = Object.fromEntries(ENTRIES.map((e) => [e.spec.name, e.nodeName])) as Record<AlgorithmName, string>;

/** Each extendable-output function's default output length, from the registry (SHAKE128: 16, SHAKE256: 32). */
const XOF_DEFAULT = new Map(ENTRIES.flatMap((e) => (e.output === 'xof' ? [[e.spec.name, e.spec.digestLength]] : [])));

/** The longest XOF output node:crypto gives: its `outputLength` option is a 32-bit unsigned integer. */
export const NODE_MAX_OUTPUT = 2 ** 32 - 1;

/**
 * The options that make `createHash` give `algorithm`'s output: an explicit output length for an XOF (SHAKE).
 * Longer than node:crypto takes is refused with InvalidOptionError (node:crypto itself throws a RangeError).
 */
function optionsFor(algorithm: AlgorithmName, outputLength?: number): NodeHashOptions | undefined {
  const byDefault = XOF_DEFAULT.get(algorithm);
  if (byDefault === undefined) return undefined;
  if (outputLength !== undefined && outputLength > NODE_MAX_OUTPUT) {
    throw new InvalidOptionError(
      'outputLength',
      `node:crypto gives at most 2^32 - 1 bytes of ${algorithm} output; use provider ts or wasm (or auto)`,
    );
  }
  return { outputLength: outputLength ?? byDefault };
}

type Process = { getBuiltinModule?: (id: string) => unknown } | undefined;

/** node:crypto from `proc` (this runtime's `process` by default), or undefined where it cannot be loaded. */
export function load(proc: Process = (globalThis as { process?: Process }).process): NodeCrypto | undefined {
  try {
    return proc?.getBuiltinModule?.('node:crypto') as NodeCrypto | undefined;
    // Stryker disable next-line BlockStatement: without the return, the function still returns undefined
  } catch {
    return undefined;
  }
}

/**
 * node:crypto and the algorithms it has here, loaded on first use: loading node:crypto costs ~9 ms of a fresh
 * process's start, which a program that never asks for it should not pay.
 */
let loaded: { crypto: NodeCrypto | undefined; available: Set<AlgorithmName> } | undefined;

function nodeCrypto(): { crypto: NodeCrypto | undefined; available: Set<AlgorithmName> } {
  if (loaded) return loaded;
  const crypto = load();
  loaded = { crypto, available: crypto ? availableIn(crypto) : new Set() };
  return loaded;
}

/**
 * The algorithms `crypto` computes. getHashes() is no guide: it can list what the loaded OpenSSL providers then
 * refuse, and Bun's omits SHAKE, which works. Creating a hash is the real test.
 */
export function availableIn(crypto: NodeCrypto): Set<AlgorithmName> {
  const available = new Set<AlgorithmName>();
  for (const [algorithm, name] of Object.entries(NODE_NAMES) as [AlgorithmName, string][]) {
    try {
      crypto.createHash(name, optionsFor(algorithm)).digest();
      available.add(algorithm);
    } catch {
      // not in this OpenSSL (MD2 is absent from OpenSSL 3's default provider, Keccak from OpenSSL 3.0)
    }
  }
  return available;
}

/** node:crypto; only called once the provider was found available. */
function c(): NodeCrypto {
  return nodeCrypto().crypto as NodeCrypto;
}

/** node:crypto's Hash#update refuses views longer than 2^31 - 1 bytes ("data is too long"); feed it slices. */
const SLICE = 2 ** 30;

export function feed<H extends { update(data: Uint8Array): H }>(hash: H, data: Uint8Array): H {
  if (data.length <= SLICE) return hash.update(data);
  for (let off = 0; off < data.length; off += SLICE) hash.update(data.subarray(off, off + SLICE));
  return hash;
}

/**
 * `crypto.hash` where this Node has it (>= 20.12), else a Hash; SHAKE (`options`: its output length) always a Hash,
 * as crypto.hash() takes no output length.
 */
export function oneShot(
  crypto: NodeCrypto,
  name: string,
  data: Uint8Array | string,
  encoding: 'hex' | 'latin1',
  options?: NodeHashOptions,
): string {
  if (crypto.hash && options === undefined) return crypto.hash(name, data, encoding);
  const hash = crypto.createHash(name, options);
  // Stryker disable next-line StringLiteral: feed() gives a string (never over 2^30 units) to update() as it is
  return (typeof data === 'string' ? hash.update(data) : feed(hash, data)).digest(encoding);
}

/** node:crypto's one-shot of `algorithm` (SHAKE: `outputLength` bytes, by default 16 or 32). */
function nodeOnce(
  algorithm: AlgorithmName,
  data: Uint8Array | string,
  encoding: 'hex' | 'latin1',
  outputLength?: number,
): string {
  return oneShot(c(), NODE_NAMES[algorithm], data, encoding, optionsFor(algorithm, outputLength));
}

/** A one-shot digest of bytes as hex or latin1 (the digest's bytes one per character). */
export type HashOnce = (data: Uint8Array, encoding: 'hex' | 'latin1') => string;

/**
 * node:crypto's one-shot crypto.hash() (Node >= 20.12) for `algorithm`, bound to its node name, or undefined where
 * node:crypto has no crypto.hash: what HMAC's short one-shots are built on (hmac/node.ts). Only for an algorithm the
 * provider has.
 */
export function nodeHashOnce(algorithm: AlgorithmName): HashOnce | undefined {
  const hash = c().hash;
  if (hash === undefined) return undefined;
  const name = NODE_NAMES[algorithm];
  return (data, encoding) => hash(name, data, encoding);
}

/**
 * HMAC of whole input with node:crypto's createHmac (for an algorithm the provider has), as hex or as latin1 (the
 * MAC's bytes one per character: a string result is cheaper than a Buffer for short inputs, as in `oneShot`).
 */
export function nodeHmacOnce(
  algorithm: AlgorithmName,
  key: Uint8Array,
  data: Uint8Array | string,
  encoding: 'hex' | 'latin1',
): string {
  const mac = c().createHmac(NODE_NAMES[algorithm], key);
  // a string (never over 2^30 units) as it is; bytes through feed(), which slices what node:crypto would refuse
  return (typeof data === 'string' ? mac.update(data) : feed(mac, data)).digest(encoding);
}

/** A digest that node:crypto gave as latin1 (its bytes one per character) as bytes. */
function latin1Bytes(digest: string): Uint8Array {
  const out = new Uint8Array(digest.length);
  for (let i = 0; i < out.length; i++) out[i] = digest.charCodeAt(i);
  return out;
}

/**
 * The public call's floor: `crypto.hash(name, data, encoding)` itself, the name bound once; where this Node has no
 * crypto.hash, or for SHAKE (which it cannot size), the general one-shot.
 */
function prepared(algorithm: AlgorithmName, encoding: 'hex' | 'latin1'): (data: Uint8Array | string) => string {
  const hash = c().hash;
  if (hash === undefined || XOF_DEFAULT.has(algorithm)) return (data) => nodeOnce(algorithm, data, encoding);
  const name = NODE_NAMES[algorithm];
  return (data) => hash(name, data, encoding);
}

/** A plain Uint8Array over a Buffer's bytes, so results compare equal to other providers'. */
function plain(b: Uint8Array): Uint8Array {
  return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
}

class NodeEngine implements Engine {
  constructor(
    private readonly name: string,
    private readonly options: NodeHashOptions | undefined,
    private hash: NodeHash,
  ) {}
  update(data: Uint8Array): void {
    feed(this.hash, data);
  }
  digest(): Uint8Array {
    return plain(this.hash.digest());
  }
  reset(): void {
    this.hash = c().createHash(this.name, this.options);
  }
  clone(): Engine {
    return new NodeEngine(this.name, this.options, this.hash.copy(this.options));
  }
}

/**
 * node:crypto's BLAKE2 (BLAKE2b-512, BLAKE2s-256) has no key, salt or personalization: a call that passes them is
 * refused, never answered with the plain digest. (No other algorithm node:crypto has takes params.)
 */
function plainOnly(algorithm: AlgorithmName, params: AlgorithmParams | undefined): void {
  if (params === undefined) return;
  const option = (['key', 'salt', 'personalization', 'context'] as const).find((o) => params[o] !== undefined);
  throw new InvalidOptionError(
    option ?? 'key',
    `node:crypto computes ${algorithm} without a key, salt or personalization; use provider ts (or auto)`,
  );
}

export const nodeProvider: Provider = {
  id: 'node',
  // what node:crypto is built on here: Bun's and workerd's are BoringSSL; Node's and (as Deno reports it) Deno's
  // are OpenSSL
  get implementedIn() {
    const here = runtime().runtime;
    return here === 'bun' || here === 'workerd' ? 'BoringSSL' : 'OpenSSL';
  },
  library: () => runtime().cryptoLibrary,
  sync: true,
  streaming: true,
  exportsState: false,
  unavailableReason: () =>
    nodeCrypto().crypto
      ? undefined
      : 'node:crypto cannot be loaded here (it needs process.getBuiltinModule: Node >= 20.16, Bun, Deno)',
  has: (algorithm) => nodeCrypto().available.has(algorithm) || zlibHas(algorithm),
  create(algorithm, outputLength, params) {
    if (zlibHas(algorithm)) return ZLIB.create();
    plainOnly(algorithm, params);
    const name = NODE_NAMES[algorithm];
    const options = optionsFor(algorithm, outputLength);
    return new NodeEngine(name, options, c().createHash(name, options));
  },
  // crypto.hash() with a string result is ~2-3x faster for short inputs than any call that returns a Buffer
  // (Buffer allocation dominates); 'latin1' gives the digest bytes one per character.
  digestOnce(algorithm, data, outputLength, params) {
    if (zlibHas(algorithm)) return ZLIB.bytes(data);
    plainOnly(algorithm, params);
    return latin1Bytes(nodeOnce(algorithm, data, 'latin1', outputLength));
  },
  digestHexOnce(algorithm, data, outputLength, params) {
    if (zlibHas(algorithm)) return ZLIB.hex(data);
    plainOnly(algorithm, params);
    return nodeOnce(algorithm, data, 'hex', outputLength);
  },
  prepareHex: (algorithm): PreparedHex => (zlibHas(algorithm) ? ZLIB.hex : prepared(algorithm, 'hex')),
  prepareBytes(algorithm): PreparedBytes {
    if (zlibHas(algorithm)) return ZLIB.bytes;
    const latin1 = prepared(algorithm, 'latin1');
    return (data) => latin1Bytes(latin1(data));
  },
  async digestAsync(algorithm, data, outputLength, params) {
    return this.digestOnce(algorithm, data, outputLength, params);
  },
};
