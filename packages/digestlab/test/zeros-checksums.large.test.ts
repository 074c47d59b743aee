/**
 * Large tier: zero streams up to 2^32 + 5 bytes for the checksums whose length is a counter: XXH32 (which adds its
 * length mod 2^32: a 32-bit total is right there by luck, a saturated or signed one is not), XXH64 and XXH3 (the
 * whole 64-bit length), POSIX cksum's CRC (its length appended, in five bytes past 2^32). Against
 * vectors/zeros.json: Debian's python3-xxhash and coreutils' cksum (`node scripts/vectors/checksum-zeros.mjs`).
 * Our TypeScript, the one provider that has them.
 */
import type { AlgorithmName } from '../src/index.js';
import { zeroStreamSuite } from './helpers/zero-suite.js';

zeroStreamSuite(['XXH32', 'XXH64', 'XXH3-64', 'XXH3-128', 'CKSUM'] as AlgorithmName[], ['ts']);
