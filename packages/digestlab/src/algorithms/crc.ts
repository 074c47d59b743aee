/**
 * The CRCs, as the catalogue of parametrised CRC algorithms (Greg Cook's) names and defines them: CRC-32
 * (ISO-HDLC: zlib's, gzip's, PNG's, Java's CRC32), CRC-32C (Castagnoli: iSCSI, ext4, Java's CRC32C), CRC-64/NVME
 * (S3's default checksum), CRC-64/XZ (ECMA-182 reflected: xz's, Go's crc64.ECMA), and POSIX cksum's CRC
 * (CRC-32/CKSUM over the input followed by its length, least significant byte first, in as few bytes as it takes).
 * Table-driven: CRC-32 and CRC-32C sixteen bytes a step (slicing-by-16), the others eight (slicing-by-8); the register is the state's words, the output big-endian as the
 * catalogue's check values print.
 */
import { ChecksumHash } from '../constructions/checksum/checksum.js';
import type { AlgorithmName, AlgorithmSpec } from '../spec/algorithm.js';
import type { ChecksumCore } from '../spec/constructions.js';
import { normal32, reflected32, reflected64 } from './crc-tables.js';

/** Little-endian 32-bit word of `d` at `i`. */
const le32 = (d: Uint8Array, i: number): number => d[i] | (d[i + 1] << 8) | (d[i + 2] << 16) | (d[i + 3] << 24);

/** Whether this platform's typed arrays are little-endian (every one that runs JavaScript today is). */
const LITTLE = new Uint8Array(Uint32Array.of(1).buffer)[0] === 1;

/**
 * Sixteen bytes a step (slicing-by-16) as four words read through an Int32Array view of the input (`w`, from word
 * 0), `words` of them (a multiple of 4). The lookups of the word the register was xored into are joined last, so
 * that the chain from one step's register to the next is four lookups and a few xors, not every lookup of the step.
 */
function crc32Words(t: Int32Array, crc: number, w: Int32Array, words: number): number {
  let c = crc;
  for (let j = 0; j < words; j += 4) {
    const a = c ^ w[j];
    const b = w[j + 1];
    const e = w[j + 2];
    const f = w[j + 3];
    const rest =
      t[2816 + (b & 255)] ^
      t[2560 + ((b >>> 8) & 255)] ^
      t[2304 + ((b >>> 16) & 255)] ^
      t[2048 + (b >>> 24)] ^
      t[1792 + (e & 255)] ^
      t[1536 + ((e >>> 8) & 255)] ^
      t[1280 + ((e >>> 16) & 255)] ^
      t[1024 + (e >>> 24)] ^
      t[768 + (f & 255)] ^
      t[512 + ((f >>> 8) & 255)] ^
      t[256 + ((f >>> 16) & 255)] ^
      t[f >>> 24];
    c =
      rest ^
      (t[3840 + (a & 255)] ^ t[3584 + ((a >>> 8) & 255)]) ^
      (t[3328 + ((a >>> 16) & 255)] ^ t[3072 + (a >>> 24)]);
  }
  return c;
}

/**
 * A reflected 32-bit CRC (init and xorout all ones, as CRC-32 and CRC-32C have them) over `n` bytes, with its
 * slicing-by-16 tables `t`: bytes one at a time to a 4-byte boundary, then 16 a step through a word view
 * (little-endian platforms), then 8 a step from bytes, then one at a time.
 */
export function crc32Update(t: Int32Array, crc: number, d: Uint8Array, off: number, n: number): number {
  let c = crc;
  let i = off;
  const end = off + n;
  if (LITTLE && n >= 64) {
    for (; (d.byteOffset + i) & 3; i++) c = (c >>> 8) ^ t[(c ^ d[i]) & 255];
    const words = ((end - i) >> 4) << 2;
    c = crc32Words(t, c, new Int32Array(d.buffer, d.byteOffset + i, words), words);
    i += 4 * words;
  }
  for (; i + 8 <= end; i += 8) {
    c ^= le32(d, i);
    c =
      t[1792 + (c & 255)] ^
      t[1536 + ((c >>> 8) & 255)] ^
      t[1280 + ((c >>> 16) & 255)] ^
      t[1024 + (c >>> 24)] ^
      t[768 + d[i + 4]] ^
      t[512 + d[i + 5]] ^
      t[256 + d[i + 6]] ^
      t[d[i + 7]];
  }
  for (; i < end; i++) c = (c >>> 8) ^ t[(c ^ d[i]) & 255];
  return c;
}

/** A 32-bit CRC that shifts left (POSIX cksum's) over `n` bytes. */
export function crcNormalUpdate(t: Int32Array, crc: number, d: Uint8Array, off: number, n: number): number {
  let c = crc;
  let i = off;
  const end = off + n;
  for (; i + 8 <= end; i += 8) {
    c ^= (d[i] << 24) | (d[i + 1] << 16) | (d[i + 2] << 8) | d[i + 3];
    c =
      t[1792 + (c >>> 24)] ^
      t[1536 + ((c >>> 16) & 255)] ^
      t[1280 + ((c >>> 8) & 255)] ^
      t[1024 + (c & 255)] ^
      t[768 + d[i + 4]] ^
      t[512 + d[i + 5]] ^
      t[256 + d[i + 6]] ^
      t[d[i + 7]];
  }
  for (; i < end; i++) c = (c << 8) ^ t[((c >>> 24) ^ d[i]) & 255];
  return c;
}

/** A reflected 64-bit CRC over `n` bytes; the register's (low, high) words in `s[0]`, `s[1]`. */
export function crc64Update(t: Int32Array, s: Int32Array, d: Uint8Array, off: number, n: number): void {
  let lo = s[0];
  let hi = s[1];
  let i = off;
  const end = off + n;
  for (; i + 8 <= end; i += 8) {
    const a = lo ^ le32(d, i);
    const b = hi ^ le32(d, i + 4);
    let l = 0;
    let h = 0;
    for (let k = 0; k < 4; k++) {
      const x = 2 * ((7 - k) * 256 + ((a >>> (8 * k)) & 255));
      const y = 2 * ((3 - k) * 256 + ((b >>> (8 * k)) & 255));
      l ^= t[x] ^ t[y];
      h ^= t[x + 1] ^ t[y + 1];
    }
    lo = l;
    hi = h;
  }
  for (; i < end; i++) {
    const x = 2 * ((lo ^ d[i]) & 255);
    lo = ((lo >>> 8) | (hi << 24)) ^ t[x];
    hi = (hi >>> 8) ^ t[x + 1];
  }
  s[0] = lo;
  s[1] = hi;
}

/** Writes `w` big-endian at `out[at..at + 4]`. */
export function putBE32(out: Uint8Array, at: number, w: number): void {
  out[at] = w >>> 24;
  out[at + 1] = w >>> 16;
  out[at + 2] = w >>> 8;
  out[at + 3] = w;
}

/** A reflected 32-bit CRC with init and xorout all ones. */
function reflectedCore(poly: number): ChecksumCore {
  const t = reflected32(poly, 16);
  return {
    init: (s) => {
      s[0] = -1;
    },
    blocks: (s, d, off, n) => {
      s[0] = crc32Update(t, s[0], d, off, n);
    },
    finish: (s, _b, _p, _l, _seed, _h, out) => putBE32(out, 0, ~s[0]),
  };
}

/** A reflected 64-bit CRC with init and xorout all ones (CRC-64/NVME and CRC-64/XZ). */
function reflected64Core(poly: bigint): ChecksumCore {
  const t = reflected64(poly);
  return {
    init: (s) => s.fill(-1),
    blocks: (s, d, off, n) => crc64Update(t, s, d, off, n),
    finish: (s, _b, _p, _l, _seed, _h, out) => {
      putBE32(out, 0, ~s[1]);
      putBE32(out, 4, ~s[0]);
    },
  };
}

/** POSIX cksum's polynomial (CRC-32/CKSUM: IEEE 802.3's, not reflected, init 0, xorout all ones). */
export const CKSUM_TABLES = normal32(0x04c11db7);

/** The bytes of `length`, least significant first, in as few bytes as it takes (none for 0): what cksum appends. */
export function lengthBytes(length: number): Uint8Array {
  const bytes: number[] = [];
  for (let n = length; n > 0; n = Math.floor(n / 256)) bytes.push(n % 256);
  return Uint8Array.from(bytes);
}

const CKSUM_CORE: ChecksumCore = {
  init: (s) => {
    s[0] = 0;
  },
  blocks: (s, d, off, n) => {
    s[0] = crcNormalUpdate(CKSUM_TABLES, s[0], d, off, n);
  },
  finish: (s, _b, _p, length, _seed, _h, out) => {
    const len = lengthBytes(length);
    putBE32(out, 0, ~crcNormalUpdate(CKSUM_TABLES, s[0], len, 0, len.length));
  },
};

/** A CRC's spec: byte-sized blocks, so nothing is ever buffered. */
function crc(name: AlgorithmName, code: number, bytes: 4 | 8, core: ChecksumCore): AlgorithmSpec {
  const spec: AlgorithmSpec = {
    name,
    code,
    digestLength: bytes,
    blockLength: 1,
    create: (_n, p) => new ChecksumHash(spec, p),
    construction: { kind: 'checksum', words: bytes / 4, lazy: false, history: 0, core },
  };
  return spec;
}

export const CRC32 = crc('CRC-32', 70, 4, reflectedCore(0x04c11db7));
export const CRC32C = crc('CRC-32C', 71, 4, reflectedCore(0x1edc6f41));
export const CRC64_NVME = crc('CRC-64/NVME', 72, 8, reflected64Core(0xad93d23594c93659n));
export const CRC64_XZ = crc('CRC-64/XZ', 73, 8, reflected64Core(0x42f0e1eba9ea3693n));
export const CKSUM = crc('CKSUM', 74, 4, CKSUM_CORE);
