/** Provider `webcrypto`: the platform's crypto.subtle. Asynchronous and one-shot; SHA-1 and SHA-256/384/512. */
import type { AlgorithmName } from '../block.js';
import { AsyncOnlyError } from '../errors.js';
import type { Provider } from './provider.js';

const ALGORITHMS: readonly AlgorithmName[] = ['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512'];

function subtle(): SubtleCrypto | undefined {
  return (globalThis as { crypto?: Crypto }).crypto?.subtle;
}

export const webcryptoProvider: Provider = {
  id: 'webcrypto',
  implementedIn: 'WebCrypto',
  sync: false,
  streaming: false,
  exportsState: false,
  unavailableReason: () =>
    subtle() ? undefined : 'globalThis.crypto.subtle is missing (browsers expose it only in secure contexts)',
  has: (algorithm) => ALGORITHMS.includes(algorithm),
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
