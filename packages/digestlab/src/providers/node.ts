/**
 * Provider `node`: node:crypto, that is the runtime's OpenSSL (Node; Deno, which reports one) or BoringSSL (Bun). Loaded through `process.getBuiltinModule` (Node >= 20.16), so the library has no static
 * import of a Node module and bundles for browsers unchanged; where that is missing the provider is unavailable.
 */
import type { AlgorithmName } from '../block.js';
import type { Engine } from '../digest.js';
import { runtime } from '../runtime.js';
import type { Provider } from './provider.js';

/** The part of node:crypto used here. */
export interface NodeHash {
  update(data: Uint8Array | string): NodeHash;
  digest(): Uint8Array;
  digest(encoding: 'hex' | 'latin1'): string;
  copy(): NodeHash;
}
export interface NodeCrypto {
  createHash(algorithm: string): NodeHash;
  getHashes(): string[];
  /** One-shot, Node >= 20.12; a string is hashed as UTF-8 (lone surrogates as U+FFFD, as TextEncoder does). */
  hash?(algorithm: string, data: Uint8Array | string, outputEncoding: 'hex' | 'latin1'): string;
}

const NODE_NAMES: Record<AlgorithmName, string> = {
  MD2: 'md2',
  MD5: 'md5',
  'SHA-1': 'sha1',
  'SHA-224': 'sha224',
  'SHA-256': 'sha256',
  'SHA-384': 'sha384',
  'SHA-512': 'sha512',
  'SHA-512/224': 'sha512-224',
  'SHA-512/256': 'sha512-256',
};

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

/** The algorithms `crypto` computes. */
export function availableIn(crypto: NodeCrypto): Set<AlgorithmName> {
  const available = new Set<AlgorithmName>();
  const names = new Set(crypto.getHashes());
  for (const [algorithm, name] of Object.entries(NODE_NAMES) as [AlgorithmName, string][]) {
    // getHashes() can list what the loaded OpenSSL providers then refuse; creating a hash is the real test.
    if (!names.has(name)) continue;
    try {
      crypto.createHash(name).digest();
      available.add(algorithm);
    } catch {
      // not in this OpenSSL (MD2 is absent from OpenSSL 3's default provider)
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

export function feed(hash: NodeHash, data: Uint8Array): NodeHash {
  if (data.length <= SLICE) return hash.update(data);
  for (let off = 0; off < data.length; off += SLICE) hash.update(data.subarray(off, off + SLICE));
  return hash;
}

/** `crypto.hash` where this Node has it (>= 20.12), else a Hash. */
export function oneShot(
  crypto: NodeCrypto,
  name: string,
  data: Uint8Array | string,
  encoding: 'hex' | 'latin1',
): string {
  if (crypto.hash) return crypto.hash(name, data, encoding);
  const hash = crypto.createHash(name);
  // Stryker disable next-line StringLiteral: feed() gives a string (never over 2^30 units) to update() as it is
  return (typeof data === 'string' ? hash.update(data) : feed(hash, data)).digest(encoding);
}

/** A plain Uint8Array over a Buffer's bytes, so results compare equal to other providers'. */
function plain(b: Uint8Array): Uint8Array {
  return new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
}

class NodeEngine implements Engine {
  constructor(
    private readonly name: string,
    private hash: NodeHash,
  ) {}
  update(data: Uint8Array): void {
    feed(this.hash, data);
  }
  digest(): Uint8Array {
    return plain(this.hash.digest());
  }
  reset(): void {
    this.hash = c().createHash(this.name);
  }
  clone(): Engine {
    return new NodeEngine(this.name, this.hash.copy());
  }
}

export const nodeProvider: Provider = {
  id: 'node',
  // what node:crypto is built on here: Bun's is BoringSSL; Node's and (as Deno reports it) Deno's are OpenSSL
  get implementedIn() {
    return runtime().runtime === 'bun' ? 'BoringSSL' : 'OpenSSL';
  },
  library: () => runtime().cryptoLibrary,
  sync: true,
  streaming: true,
  exportsState: false,
  unavailableReason: () =>
    nodeCrypto().crypto
      ? undefined
      : 'node:crypto cannot be loaded here (it needs process.getBuiltinModule: Node >= 20.16, Bun, Deno)',
  has: (algorithm) => nodeCrypto().available.has(algorithm),
  create(algorithm) {
    const name = NODE_NAMES[algorithm];
    return new NodeEngine(name, c().createHash(name));
  },
  // crypto.hash() with a string result is ~2-3x faster for short inputs than any call that returns a Buffer
  // (Buffer allocation dominates); 'latin1' gives the digest bytes one per character.
  digestOnce(algorithm, data) {
    const digest = oneShot(c(), NODE_NAMES[algorithm], data, 'latin1');
    const out = new Uint8Array(digest.length);
    for (let i = 0; i < out.length; i++) out[i] = digest.charCodeAt(i);
    return out;
  },
  digestHexOnce: (algorithm, data) => oneShot(c(), NODE_NAMES[algorithm], data, 'hex'),
  async digestAsync(algorithm, data) {
    return this.digestOnce(algorithm, data);
  },
};
