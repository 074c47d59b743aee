/** Tiger: what the tests know of it, written down apart from the library (see ./known.ts). */
import { TIGER_REFERENCE } from '../helpers/md-reference.js';
import type { KnownFamily } from './known.js';

export const TIGER: KnownFamily = {
  family: 'Tiger',
  sources: '`rhash --tiger` (RHash 1.4.3)',
  algorithms: {
    TIGER: {
      nodeName: 'tiger',
      digestLength: 24,
      blockLength: 64,
      oids: ['1.3.6.1.4.1.11591.12.2'],
      code: 42,
      chain: 24,
      broken: false,
      accepted: ['TIGER', 'Tiger', '1.3.6.1.4.1.11591.12.2', 'OID.1.3.6.1.4.1.11591.12.2'],
      providers: ['ts', 'wasm'],
      entry: { module: 'tiger', name: 'tiger' },
      empty: '3293ac630c13f0245f92bbb1766e16167a4e58492dde73f3',
      millionA: '6db0e2729cbead93d715c6a7d36302e9b3cee0d2bc314b41',
      boundaryReference: TIGER_REFERENCE,
    },
  },
};
