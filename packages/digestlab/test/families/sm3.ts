/** SM3: what the tests know of it, written down apart from the library (see ./known.ts). */
import { SM3_REFERENCE } from '../helpers/md-reference.js';
import type { KnownFamily } from './known.js';

export const SM3: KnownFamily = {
  family: 'SM3',
  sources: "`openssl dgst -sm3` and Python's hashlib (OpenSSL 3.0.x)",
  algorithms: {
    SM3: {
      nodeName: 'sm3',
      digestLength: 32,
      blockLength: 64,
      oids: ['1.2.156.10197.1.401'],
      code: 40,
      chain: 32,
      broken: false,
      accepted: ['SM3', 'sm3', '1.2.156.10197.1.401', 'OID.1.2.156.10197.1.401'],
      providers: ['ts', 'wasm'],
      nodeWhereNewer: true,
      entry: { module: 'sm3', name: 'sm3' },
      empty: '1ab21d8355cfa17f8e61194831e81a8f22bec8c728fefb747ed035eb5082aa2b',
      millionA: 'c8aaf89429554029e231941a2acc0ad61ff2a5acd8fadd25847a3a732b3b02c3',
      boundaryReference: SM3_REFERENCE,
    },
  },
};
