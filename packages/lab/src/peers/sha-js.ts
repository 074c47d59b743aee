/** sha.js (browserify's): SHA-1 and SHA-2 over bytes or strings. */
import type { AlgorithmName } from 'digestlab';
import type { Prepared, Row } from '../rows.js';
import { cjs, lacks, lazy } from './util.js';

interface ShaJsHash {
  update(m: string | Uint8Array, enc?: 'utf8'): ShaJsHash;
  digest(): Uint8Array;
  digest(enc: 'hex'): string;
}
const SHAJS_NAMES: Partial<Record<AlgorithmName, string>> = {
  // 'sha' in sha.js is SHA-0; SHA-1 is 'sha1'.
  'SHA-1': 'sha1',
  'SHA-224': 'sha224',
  'SHA-256': 'sha256',
  'SHA-384': 'sha384',
  'SHA-512': 'sha512',
};
const shajsMod = lazy(async () => cjs<(algorithm: string) => ShaJsHash>(await import('sha.js')));

export const shajsRow: Row = {
  id: 'sha.js',
  library: 'sha.js',
  kind: 'peer',
  implementedIn: 'JavaScript',
  algorithms: Object.keys(SHAJS_NAMES) as AlgorithmName[],
  async prepare(algorithm): Promise<Prepared> {
    const shajs = await shajsMod();
    const name = SHAJS_NAMES[algorithm] ?? lacks('sha.js', algorithm);
    return {
      async: false,
      hex: (s) => shajs(name).update(s, 'utf8').digest('hex'),
      bytes: (d) => shajs(name).update(d).digest(),
      stream: () => {
        const h = shajs(name);
        return { update: (c) => void h.update(c), finish: () => h.digest() };
      },
    };
  },
};
