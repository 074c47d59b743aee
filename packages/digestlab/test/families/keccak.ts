/** Keccak: what the tests know of it, written down apart from the library (see ./known.ts). */
import type { KnownFamily } from './known.js';

export const KECCAK: KnownFamily = {
  family: 'Keccak',
  sources:
    "@noble/hashes (Node 20's OpenSSL has no Keccak); KECCAK-256 of nothing is Ethereum's well-known empty hash c5d24601…",
  algorithms: {
    'KECCAK-224': {
      nodeName: 'keccak-224',
      digestLength: 28,
      blockLength: 144,
      oids: [],
      code: 16,
      chain: 208,
      broken: false,
      accepted: ['KECCAK-224', 'keccak-224', 'KECCAK224', 'keccak_224'],
      providers: ['ts', 'wasm'],
      entry: { module: 'sha3', name: 'keccak_224' },
      empty: 'f71837502ba8e10837bdd8d365adb85591895602fc552b48b7390abd',
      millionA: '19f9167be2a04c43abd0ed554788101b9c339031acc8e1468531303f',
    },
    'KECCAK-256': {
      nodeName: 'keccak-256',
      digestLength: 32,
      blockLength: 136,
      oids: [],
      code: 17,
      chain: 208,
      broken: false,
      accepted: ['KECCAK-256', 'keccak256', 'Keccak-256', 'KECCAK_256'],
      providers: ['ts', 'wasm'],
      entry: { module: 'sha3', name: 'keccak_256' },
      empty: 'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
      millionA: 'fadae6b49f129bbb812be8407b7b2894f34aecf6dbd1f9b0f0c7e9853098fc96',
    },
    'KECCAK-384': {
      nodeName: 'keccak-384',
      digestLength: 48,
      blockLength: 104,
      oids: [],
      code: 18,
      chain: 208,
      broken: false,
      accepted: ['KECCAK-384', 'keccak384', 'KECCAK_384'],
      providers: ['ts', 'wasm'],
      entry: { module: 'sha3', name: 'keccak_384' },
      empty: '2c23146a63a29acf99e73b88f8c24eaa7dc60aa771780ccc006afbfa8fe2479b2dd2b21362337441ac12b515911957ff',
      millionA: '0c8324e1ebc182822c5e2a086cac07c2fe00e3bce61d01ba8ad6b71780e2dec5fb89e5ae90cb593e57bc6258fdd94e17',
    },
    'KECCAK-512': {
      nodeName: 'keccak-512',
      digestLength: 64,
      blockLength: 72,
      oids: [],
      code: 19,
      chain: 208,
      broken: false,
      accepted: ['KECCAK-512', 'keccak512', 'KECCAK_512'],
      providers: ['ts', 'wasm'],
      entry: { module: 'sha3', name: 'keccak_512' },
      empty:
        '0eab42de4c3ceb9235fc91acffe746b29c29a8c366b7c60e4e67c466f36a4304c00fa9caf9d87976ba469bcbe06713b435f091ef2769fb160cdab33d3670680e',
      millionA:
        '5cf53f2e556be5a624425ede23d0e8b2c7814b4ba0e4e09cbbf3c2fac7056f61e048fc341262875ebc58a5183fea651447124370c1ebf4d6c89bc9a7731063bb',
    },
  },
};
