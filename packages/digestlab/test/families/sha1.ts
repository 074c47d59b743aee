/** SHA-1: what the tests know of it, written down apart from the library (see ./known.ts). */
import { md32, on32, SHA1_IV, sha1Compress } from '../helpers/md-reference.js';
import type { KnownFamily } from './known.js';

export const SHA_1: KnownFamily = {
  family: 'SHA-1',
  sources: "FIPS 180-2's third example (one million 'a'); node:crypto agrees with both (kat.test.ts)",
  algorithms: {
    'SHA-1': {
      nodeName: 'sha1',
      digestLength: 20,
      blockLength: 64,
      oids: ['1.3.14.3.2.26'],
      code: 3,
      chain: 20,
      broken: true,
      accepted: ['SHA-1', 'sha-1', 'SHA1', 'sha1', 'SHA', 'sha', 'SHA_1', '1.3.14.3.2.26', 'OID.1.3.14.3.2.26'],
      providers: ['ts', 'wasm', 'node', 'webcrypto'],
      entry: { module: 'sha1', name: 'sha1' },
      empty: 'da39a3ee5e6b4b0d3255bfef95601890afd80709',
      millionA: '34aa973cd4c4daa4f61eeb2bdbad27316534016f',
      boundaryReference: md32(SHA1_IV, 20, on32(sha1Compress)),
    },
  },
};
