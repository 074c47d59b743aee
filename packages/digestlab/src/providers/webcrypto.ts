/**
 * Provider `webcrypto`: the platform's crypto.subtle. Asynchronous and one-shot: SHA-1 and SHA-256/384/512
 * everywhere, and SHA-3 where the runtime's `crypto.subtle.digest` accepts it (Bun and Deno do, Node 20 and
 * browsers so far do not), found by trying: see {@link probeWebCrypto}.
 */

import type { WebCryptoSupport } from '../registry/facts.js';
import { ENTRIES } from '../registry/registry.js';
import { AsyncOnlyError } from '../shared/errors.js';
import type { AlgorithmName } from '../spec/algorithm.js';
import type { Provider } from './provider.js';

/** What crypto.subtle has everywhere, from the registry (SHA-1, SHA-256/384/512). */
const ALGORITHMS = webCryptoNames('always');
/** Asked of crypto.subtle by name (WebCrypto spells them as digestlab does): SHA-3; SHAKE and Keccak are not digests there. */
const MAYBE = webCryptoNames('probed');

function webCryptoNames(support: WebCryptoSupport): AlgorithmName[] {
  return ENTRIES.flatMap((e) => (e.webCrypto === support ? [e.spec.name] : []));
}

function subtle(): SubtleCrypto | undefined {
  return (globalThis as { crypto?: Crypto }).crypto?.subtle;
}

/**
 * The SHA-3 digests `s` computes, found by asking it for the digest of nothing. Never rejects: a refusal, whether a
 * rejected promise (as the standard has it) or a synchronous throw (as some polyfills do), means "not here".
 */
export async function sha3DigestsOf(s: SubtleCrypto | undefined): Promise<AlgorithmName[]> {
  if (!s) return [];
  const accepted = await Promise.all(
    MAYBE.map(async (a) => {
      try {
        await s.digest(a, new Uint8Array(0));
        return true;
      } catch {
        return false;
      }
    }),
  );
  return MAYBE.filter((_, i) => accepted[i]);
}

/** The SHA-3 digests crypto.subtle accepted here; empty until {@link probeWebCrypto} has settled. */
const found = new Set<AlgorithmName>();
let probing: Promise<void> | undefined;

/**
 * Finds out, once, which SHA-3 digests this runtime's crypto.subtle computes (an asynchronous question, so `has()`
 * answers false for them until it settles). Never rejects.
 */
export function probeWebCrypto(): Promise<void> {
  probing ??= sha3DigestsOf(subtle()).then((list) => {
    for (const a of list) found.add(a);
  });
  return probing;
}

export const webcryptoProvider: Provider = {
  id: 'webcrypto',
  implementedIn: 'WebCrypto',
  sync: false,
  streaming: false,
  exportsState: false,
  unavailableReason: () =>
    subtle() ? undefined : 'globalThis.crypto.subtle is missing (browsers expose it only in secure contexts)',
  has: (algorithm) => ALGORITHMS.includes(algorithm) || found.has(algorithm),
  create() {
    throw new AsyncOnlyError('webcrypto', 'createDigest()');
  },
  digestOnce() {
    throw new AsyncOnlyError('webcrypto', 'digest()');
  },
  digestHexOnce() {
    throw new AsyncOnlyError('webcrypto', 'digestHex()');
  },
  async digestAsync(algorithm, data) {
    // crypto.subtle refuses views of a SharedArrayBuffer; copy those.
    const input = data.buffer instanceof ArrayBuffer ? data : data.slice();
    return new Uint8Array(await (subtle() as SubtleCrypto).digest(algorithm, input as Uint8Array<ArrayBuffer>));
  },
};
