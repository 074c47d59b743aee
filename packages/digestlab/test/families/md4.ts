/** MD4: what the tests know of it, written down apart from the library (see ./known.ts). */
import { md4Family } from '../helpers/md-reference.js';
import type { KnownFamily } from './known.js';

export const MD4: KnownFamily = {
  family: 'MD4',
  sources:
    'BouncyCastle 1.72: `java -cp /usr/share/java/bcprov.jar vectors/tools/BcVectors.java --million-a MD4`; the empty input is Len = 0 of vectors/bc/MD4.txt',
  algorithms: {
    MD4: {
      nodeName: 'md4',
      digestLength: 16,
      blockLength: 64,
      oids: ['1.2.840.113549.2.4'],
      code: 30,
      chain: 16,
      broken: true,
      accepted: ['MD4', 'md4', '1.2.840.113549.2.4', 'OID.1.2.840.113549.2.4'],
      providers: ['ts', 'wasm'],
      nodeWhereNewer: true,
      entry: { module: 'md4', name: 'md4' },
      empty: '31d6cfe0d16ae931b73c59d7e0c089c0',
      millionA: 'bbce80cc6bb65e5c6745e30d4eeca9a4',
      boundaryReference: md4Family('MD4'),
    },
  },
};
