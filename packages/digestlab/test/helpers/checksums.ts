/**
 * References for the checksums in the suites that run every algorithm over any input (default.test.ts's size
 * sweep, kat.test.ts, the differential tests): hash-wasm's (its own C compiled to WebAssembly, a devDependency) for
 * CRC-32, CRC-32C, the two CRC-64s (its CRC-64 with the reflected polynomial as its documentation asks), Adler-32
 * and the xxHashes; POSIX cksum's CRC bit by bit from the POSIX text (the one written here), checked against
 * coreutils' cksum's stored values in checksums.test.ts, as hash-wasm's are against Python's and xxhsum's.
 */
import {
  createAdler32,
  createCRC32,
  createCRC64,
  createXXHash3,
  createXXHash32,
  createXXHash64,
  createXXHash128,
  type IHasher,
} from 'hash-wasm';
import type { AlgorithmName } from '../../src/index.js';

const HASHERS: Partial<Record<AlgorithmName, IHasher>> = {
  'CRC-32': await createCRC32(0xedb88320),
  'CRC-32C': await createCRC32(0x82f63b78),
  'CRC-64/NVME': await createCRC64('9a6c9329ac4bc9b5'),
  'CRC-64/XZ': await createCRC64('c96c5795d7870f42'),
  ADLER32: await createAdler32(),
  XXH32: await createXXHash32(),
  XXH64: await createXXHash64(),
  'XXH3-64': await createXXHash3(),
  'XXH3-128': await createXXHash128(),
};

/** CRC-32/CKSUM's register (not inverted) after `bytes` from `crc`, bit by bit. */
function cksumBits(crc: number, bytes: Iterable<number>): number {
  let c = crc;
  for (const byte of bytes) {
    c ^= byte << 24;
    for (let k = 0; k < 8; k++) c = c & 0x80000000 ? (c << 1) ^ 0x04c11db7 : c << 1;
  }
  return c;
}

/**
 * The end of POSIX cksum's CRC from the register after the input: the total `length` appended, least significant
 * byte first, in as few bytes as it takes (POSIX: "the length of the file ... in octets, least significant first"),
 * its bytes found by BigInt shifts here, then inverted.
 */
export function cksumFinish(register: number, length: number): string {
  const bytes: number[] = [];
  for (let n = BigInt(length); n > 0n; n >>= 8n) bytes.push(Number(n & 255n));
  return (~cksumBits(register, bytes) >>> 0).toString(16).padStart(8, '0');
}

/** POSIX cksum's CRC: the input then its length through CRC-32/CKSUM, bit by bit. */
export function cksumHex(data: Uint8Array): string {
  return cksumFinish(cksumBits(0, data), data.length);
}

/** The reference hex of a checksum, or undefined for another algorithm. */
export function checksumReference(algorithm: AlgorithmName, data: Uint8Array): string | undefined {
  if (algorithm === 'CKSUM') return cksumHex(data);
  const hasher = HASHERS[algorithm];
  return hasher?.init().update(data).digest('hex');
}
