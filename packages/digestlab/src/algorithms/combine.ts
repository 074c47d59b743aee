/**
 * Combining checksums: the value of A followed by B from A's value, B's value and B's length, without the bytes
 * (zlib's crc32_combine and adler32_combine), so that one input can be split among workers and its pieces' values
 * joined. For a reflected CRC whose init and xorout are equal (CRC-32, CRC-32C, CRC-64/NVME, CRC-64/XZ: all ones),
 * crc(A‖B) = crc(A)·x^(8·|B|) mod P xor crc(B): the multiplication in GF(2)[x] mod P on the reflected register, the
 * power by squaring (x^(2^k) mod P for each bit of the length). BigInt, as it runs once per piece, not per byte.
 * POSIX cksum's value has the length folded in, and xxHash's state is not linear in its input: neither combines.
 */
import { reflect } from './crc-tables.js';

/** A reflected CRC's combination: its width and its polynomial as the catalogue writes it. */
export interface CrcShape {
  readonly width: 32 | 64;
  readonly poly: bigint;
}

export const COMBINABLE_CRCS: Readonly<Record<string, CrcShape>> = {
  'CRC-32': { width: 32, poly: 0x04c11db7n },
  'CRC-32C': { width: 32, poly: 0x1edc6f41n },
  'CRC-64/NVME': { width: 64, poly: 0xad93d23594c93659n },
  'CRC-64/XZ': { width: 64, poly: 0x42f0e1eba9ea3693n },
};

/** a·b mod P, both reflected (x^0 is the top bit). */
function multiply(a: bigint, b: bigint, width: number, rev: bigint): bigint {
  let m = 1n << BigInt(width - 1);
  let p = 0n;
  let x = b;
  for (; m > 0n; m >>= 1n) {
    if (a & m) p ^= x;
    x = x & 1n ? (x >> 1n) ^ rev : x >> 1n;
  }
  return p;
}

/** x^(8·bytes) mod P, reflected: the register's shift over `bytes` zero bytes. */
function shiftOver(bytes: number, width: number, rev: bigint): bigint {
  let p = 1n << BigInt(width - 1); // x^0
  let square = 1n << BigInt(width - 1 - 8); // x^8
  for (let n = bytes; n > 0; n = Math.floor(n / 2)) {
    if (n % 2 === 1) p = multiply(square, p, width, rev);
    square = multiply(square, square, width, rev);
  }
  return p;
}

/** The CRC of A‖B from crc(A), crc(B) (the algorithm's values, as integers) and |B| in bytes. */
export function combineCrc(shape: CrcShape, first: bigint, second: bigint, secondLength: number): bigint {
  const rev = reflect(shape.poly, shape.width);
  return multiply(shiftOver(secondLength, shape.width, rev), first, shape.width, rev) ^ second;
}

const BASE = 65521;

/** Adler-32 of A‖B from adler32(A), adler32(B) and |B| in bytes (zlib's adler32_combine). */
export function combineAdler32(first: number, second: number, secondLength: number): number {
  const rem = secondLength % BASE;
  const a1 = first & 0xffff;
  const b1 = first >>> 16;
  const a = (a1 + (second & 0xffff) + BASE - 1) % BASE;
  const b = (((rem * a1) % BASE) + b1 + (second >>> 16) + BASE - rem) % BASE;
  return ((b << 16) | a) >>> 0;
}
