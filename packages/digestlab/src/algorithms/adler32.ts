/**
 * Adler-32 (RFC 1950 §8.2, zlib's adler32): two sums modulo 65521, a (1 plus the bytes) and b (the sum of the a's),
 * output b·65536 + a, big-endian. The reductions are deferred for 5552 bytes at a time, the most before b could
 * pass 2^32 (zlib's NMAX); here the sums are doubles, exact far beyond that.
 */
import { ChecksumHash } from '../constructions/checksum/checksum.js';
import type { AlgorithmSpec } from '../spec/algorithm.js';
import type { ChecksumCore } from '../spec/constructions.js';
import { putBE32 } from './crc.js';

const BASE = 65521;
const NMAX = 5552;

const CORE: ChecksumCore = {
  init: (s) => {
    s[0] = 1;
    s[1] = 0;
  },
  blocks: (s, d, off, n) => {
    let a = s[0];
    let b = s[1];
    const end = off + n;
    for (let i = off; i < end; ) {
      const stop = Math.min(end, i + NMAX);
      for (; i < stop; i++) {
        a += d[i];
        b += a;
      }
      a %= BASE;
      b %= BASE;
    }
    s[0] = a;
    s[1] = b;
  },
  finish: (s, _b, _p, _l, _seed, _h, out) => putBE32(out, 0, (s[1] << 16) | s[0]),
};

export const ADLER32: AlgorithmSpec = {
  name: 'ADLER32',
  code: 75,
  digestLength: 4,
  blockLength: 1,
  create: (_n, p) => new ChecksumHash(ADLER32, p),
  construction: { kind: 'checksum', words: 2, lazy: false, history: 0, core: CORE },
};
