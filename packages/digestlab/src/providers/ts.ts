/** Provider `ts`: our own TypeScript, on every runtime. */
import { type AlgorithmName, hashOnce } from '../block.js';
import { toBytesTransient, toHex } from '../bytes.js';
import { lookup } from '../registry.js';
import type { Provider } from './provider.js';

export const tsProvider: Provider = {
  id: 'ts',
  implementedIn: 'TypeScript',
  sync: true,
  streaming: true,
  exportsState: true,
  unavailableReason: () => undefined,
  has: () => true,
  create: (algorithm: AlgorithmName) => lookup(algorithm).spec.create(),
  digestOnce: (algorithm, data) =>
    hashOnce(lookup(algorithm).spec, typeof data === 'string' ? toBytesTransient(data) : data),
  digestHexOnce(algorithm, data) {
    return toHex(this.digestOnce(algorithm, data));
  },
  async digestAsync(algorithm, data) {
    return this.digestOnce(algorithm, data);
  },
};
