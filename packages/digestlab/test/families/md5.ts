/** MD5: what the tests know of it, written down apart from the library (see ./known.ts). */
import { MD5_IV, md5Compress, md32, on32 } from '../helpers/md-reference.js';
import type { KnownFamily } from './known.js';

export const MD5: KnownFamily = {
  family: 'MD5',
  sources: "RFC 1321 §A.5 (the empty input); the usual test lists (one million 'a'); node:crypto agrees (kat.test.ts)",
  algorithms: {
    MD5: {
      nodeName: 'md5',
      digestLength: 16,
      blockLength: 64,
      oids: ['1.2.840.113549.2.5'],
      code: 2,
      chain: 16,
      broken: true,
      accepted: ['MD5', 'md5', '1.2.840.113549.2.5', 'OID.1.2.840.113549.2.5', 'Oid.1.2.840.113549.2.5'],
      providers: ['ts', 'wasm', 'node'],
      entry: { module: 'md5', name: 'md5' },
      empty: 'd41d8cd98f00b204e9800998ecf8427e',
      millionA: '7707d6ae4e027c70eea2a935c2296f21',
      boundaryReference: md32(MD5_IV, 16, on32(md5Compress), true),
    },
  },
};
