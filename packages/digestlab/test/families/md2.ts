/** MD2: what the tests know of it, written down apart from the library (see ./known.ts). */
import type { KnownFamily } from './known.js';

export const MD2: KnownFamily = {
  family: 'MD2',
  sources:
    "RFC 1319 §A.5 (the empty input); Java 17's SUN provider (one million 'a': `java vectors/tools/Md2Vectors.java --million-a`)",
  algorithms: {
    MD2: {
      nodeName: 'md2',
      digestLength: 16,
      blockLength: 16,
      oids: ['1.2.840.113549.2.2'],
      code: 1,
      chain: 32,
      broken: true,
      accepted: ['MD2', 'md2', 'Md2', '1.2.840.113549.2.2', 'OID.1.2.840.113549.2.2', 'oid.1.2.840.113549.2.2'],
      providers: ['ts'],
      entry: { module: 'md2', name: 'md2' },
      empty: '8350e5a3e24c153df2275c9f80692773',
      millionA: '8c0a09ff1216ecaf95c8130953c62efd',
    },
  },
};
