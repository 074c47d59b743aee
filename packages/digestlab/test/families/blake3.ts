/** BLAKE3: what the tests know of it, written down apart from the library (see ./known.ts). */
import type { KnownFamily } from './known.js';

export const BLAKE3: KnownFamily = {
  family: 'BLAKE3',
  sources:
    "Debian's b3sum 1.2.0: `python3 -c \"import sys; sys.stdout.write('a' * 1000000)\" | b3sum`; the empty input is input_len 0 of BLAKE3's official vectors (vectors/blake3/test_vectors.json)",
  algorithms: {
    'BLAKE3-256': {
      nodeName: 'blake3',
      digestLength: 32,
      blockLength: 64,
      oids: [],
      code: 50,
      chain: 74,
      broken: false,
      accepted: ['BLAKE3-256', 'blake3-256', 'BLAKE3', 'blake3', 'Blake3'],
      providers: ['ts', 'wasm'],
      entry: { module: 'blake3', name: 'blake3' },
      empty: 'af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262',
      millionA: '616f575a1b58d4c9797d4217b9730ae5e6eb319d76edef6549b46f4efe31ff8b',
    },
  },
};
