/**
 * node:crypto's one-shot `crypto.hash(alg, input, 'hex')` (Node >= 20.12 / 21.7), called directly: the fastest call
 * any JavaScript caller has for a string to hex, so the seed table shows how close digestlab's default comes to it.
 * `createHash` (the `node:crypto` row) pays for a Hash object per call; this one does not.
 *
 * Loaded through `process.getBuiltinModule` as the library's `node` provider is (the lab imports no Node module), so
 * where there is no node:crypto (a browser) or it has no `hash` (Node before 20.12), the row is skipped and says why.
 * Which algorithms it takes is found by trying each one, by node:crypto's name from the library's registry.
 */
import { type AlgorithmName, algorithms, providers } from 'digestlab';
import type { ImplementedIn, Prepared, Row } from '../rows.js';
import { lacks } from './util.js';

type HashFn = (algorithm: string, data: string | Uint8Array, outputEncoding?: 'hex' | 'buffer') => string | Uint8Array;

type Process = { getBuiltinModule?: (id: string) => unknown } | undefined;

/** `crypto.hash` of `proc` (this runtime's `process` by default), or why there is none (exported for the tests). */
export function loadHash(proc: Process = (globalThis as { process?: Process }).process): HashFn | string {
  let crypto: { hash?: unknown } | undefined;
  try {
    crypto = proc?.getBuiltinModule?.('node:crypto') as { hash?: unknown } | undefined;
  } catch {
    crypto = undefined;
  }
  if (!crypto) return 'no node:crypto on this runtime';
  if (typeof crypto.hash !== 'function') return "this runtime's node:crypto has no crypto.hash (Node >= 20.12)";
  return crypto.hash as HashFn;
}

/**
 * The fixed-length algorithms `hash` computes here. SHAKE is left out: `crypto.hash` takes no output length before
 * Node 24.4, and its implicit default output length is deprecated.
 */
function hashAlgorithms(hash: HashFn): AlgorithmName[] {
  return algorithms()
    .filter((a) => !a.xof)
    .filter((a) => {
      try {
        hash(a.nodeName, '', 'hex');
        return true;
      } catch {
        return false; // not in this runtime's OpenSSL / BoringSSL (MD2 in OpenSSL 3, Keccak in OpenSSL 3.0)
      }
    })
    .map((a) => a.name);
}

let found: { hash: HashFn | string; algorithms: AlgorithmName[] } | undefined;
/** Looked up on first use, not at import: the page imports every peer and has no node:crypto. */
function here(): { hash: HashFn | string; algorithms: AlgorithmName[] } {
  if (!found) {
    const hash = loadHash();
    found = { hash, algorithms: typeof hash === 'string' ? [] : hashAlgorithms(hash) };
  }
  return found;
}

const NODE_NAMES = new Map(algorithms().map((a) => [a.name, a.nodeName]));

export const nodeCryptoHash: Row = {
  id: 'node:crypto.hash',
  library: 'node:crypto',
  kind: 'peer',
  // the same node:crypto as digestlab's node provider: BoringSSL on Bun, OpenSSL elsewhere
  get implementedIn(): ImplementedIn {
    return providers().find((p) => p.id === 'node')?.implementedIn ?? 'OpenSSL';
  },
  note: "crypto.hash(alg, x, 'hex') for the seed string, crypto.hash(alg, x, 'buffer') for bytes, called directly",
  get algorithms() {
    return here().algorithms;
  },
  unavailableReason: () => {
    const { hash } = here();
    return typeof hash === 'string' ? hash : undefined;
  },
  async prepare(algorithm): Promise<Prepared> {
    const { hash, algorithms: has } = here();
    if (typeof hash === 'string' || !has.includes(algorithm)) lacks('node:crypto.hash', algorithm);
    const name = NODE_NAMES.get(algorithm) as string;
    return {
      async: false,
      hex: (s) => hash(name, s, 'hex') as string,
      bytes: (d) => hash(name, d, 'buffer') as Uint8Array,
    };
  },
};
