/**
 * The facts written by hand for the checksums and fast non-cryptographic hashes (constructions/checksum/): names as
 * the CRC catalogue (Greg Cook's "Catalogue of parametrised CRC algorithms") and xxHash spell them, the aliases
 * people type (zlib's, Java's, AWS's, xxhsum's, hash-wasm's spellings), `sum`'s tags (xxhsum's `--tag` words for
 * xxHash). None is cryptographic (facts.ts derives that from the construction, and HMAC refuses them); `broken`,
 * as collisions are made at will. node:crypto has none (`nodeName` is what one would be called).
 */
import { ADLER32 } from '../algorithms/adler32.js';
import { CKSUM, CRC32, CRC32C, CRC64_NVME, CRC64_XZ } from '../algorithms/crc.js';
import { XXH3_64, XXH3_128 } from '../algorithms/xxh3.js';
import { SEED32, SEED64, XXH32, XXH64 } from '../algorithms/xxhash.js';
import type { AlgorithmSpec } from '../spec/algorithm.js';
import type { OptionFact } from '../spec/constructions.js';
import type { Family, Given } from './facts.js';

function checksum(
  spec: AlgorithmSpec,
  family: Family,
  aliases: readonly string[],
  more: { tag?: string; options?: readonly OptionFact[] } = {},
): Given {
  // what one would be called: the name without punctuation, or the short alias (xxh3, xxh128)
  const nodeName = (spec.name.startsWith('XXH3-') ? aliases[0] : spec.name).toLowerCase().replace(/[^a-z0-9]/g, '');
  return { spec, family, nodeName, aliases, oids: [], broken: true, ...more };
}

export const CHECKSUMS: readonly Given[] = [
  checksum(CRC32, 'CRC', ['CRC32', 'CRC-32/ISO-HDLC', 'CRC-32/ADCCP', 'CRC-32/V-42', 'CRC-32/XZ', 'PKZIP'], {
    tag: 'CRC32',
  }),
  checksum(CRC32C, 'CRC', ['CRC32C', 'CRC-32/ISCSI', 'CRC-32/CASTAGNOLI', 'CRC-32/BASE91-C', 'CRC-32/INTERLAKEN'], {
    tag: 'CRC32C',
  }),
  checksum(CRC64_NVME, 'CRC', ['CRC64NVME', 'CRC-64-NVME'], { tag: 'CRC64NVME' }),
  checksum(CRC64_XZ, 'CRC', ['CRC-64/GO-ECMA', 'CRC64XZ', 'CRC-64-XZ'], { tag: 'CRC64XZ' }),
  // POSIX cksum: CRC-32/CKSUM over the input and then its length; named for the program, as it is not the
  // catalogue's CRC-32/CKSUM (which has no length)
  checksum(CKSUM, 'CRC', ['POSIX-CKSUM', 'CKSUM-POSIX'], { tag: 'CKSUM' }),
  checksum(ADLER32, 'Adler-32', ['ADLER-32']),
  checksum(XXH32, 'xxHash', ['XXHASH32'], { options: [SEED32] }),
  checksum(XXH64, 'xxHash', ['XXHASH64'], { options: [SEED64] }),
  checksum(XXH3_64, 'xxHash', ['XXH3', 'XXH3_64', 'XXH3-64BITS', 'XXH3_64BITS'], { tag: 'XXH3', options: [SEED64] }),
  checksum(XXH3_128, 'xxHash', ['XXH128', 'XXH3_128', 'XXH3-128BITS', 'XXH3_128BITS'], {
    tag: 'XXH128',
    options: [SEED64],
  }),
];
