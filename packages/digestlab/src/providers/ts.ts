/** Provider `ts`: our own TypeScript, on every runtime. */
import { type AlgorithmName, chainBytes, chainHex, hashOnce, mdOnce } from '../block.js';
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
  digestOnce(algorithm, data) {
    const spec = lookup(algorithm).spec;
    const bytes = toBytesTransient(data);
    const md = spec.md;
    return md ? chainBytes(mdOnce(spec, md, bytes), spec.digestLength, md.littleEndian) : hashOnce(spec, bytes);
  },
  digestHexOnce(algorithm, data) {
    const spec = lookup(algorithm).spec;
    const bytes = toBytesTransient(data);
    const md = spec.md;
    return md ? chainHex(mdOnce(spec, md, bytes), spec.digestLength, md.littleEndian) : toHex(hashOnce(spec, bytes));
  },
  async digestAsync(algorithm, data) {
    return this.digestOnce(algorithm, data);
  },
};
