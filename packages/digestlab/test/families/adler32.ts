/** Adler-32: what the tests know of it, written down apart from the library (see ./known.ts). */
import type { KnownFamily } from './known.js';

export const ADLER_32: KnownFamily = {
  family: 'Adler-32',
  sources: "Debian's /usr/bin/python3's zlib",
  algorithms: {
    ADLER32: {
      nodeName: 'adler32',
      digestLength: 4,
      blockLength: 1,
      oids: [],
      code: 75,
      chain: 16,
      broken: true,
      accepted: ['ADLER32', 'adler32', 'Adler-32'],
      providers: ['ts', 'wasm'],
      empty: '00000001',
      millionA: '15d870f9',
    },
  },
};
