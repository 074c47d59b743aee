/**
 * Tiger's four S-boxes, generated as their authors define them (Anderson and Biham, "Tiger: A Fast New Hash
 * Function", 1996, and the generator `sboxes.c` of their reference code): 1024 64-bit words, every byte of word i
 * first i mod 256; then, for five passes over i = 0..255 and each box, the state a, b, c (Tiger's initial value)
 * is renewed by Tiger's own compression of the 64-byte string below every third step, and byte k of box word i is
 * swapped with byte k of the box word that byte k of a (or b, or c, in turn) names. The compression reads the
 * boxes as they are being made. About 1,700 compressions: done on first use, not at load.
 */
import { encodeUtf8 } from '../shared/strings.js';
import type { Compress } from '../spec/constructions.js';

/**
 * The boxes t1..t4, word i of box t (a 64-bit word) at index 512 t + 2 i as (lo, hi): the layout the compression
 * functions read (generated/tiger.ts, and the WebAssembly core, which copies it).
 */
export const T = new Int32Array(2048);

const SEED = 'Tiger - A Fast New Hash Function, by Ross Anderson and Eli Biham';
const PASSES = 5;

/** Byte k (least significant first) of 64-bit word w of `words`, (lo, hi) pairs. */
const byteOf = (words: Int32Array, w: number, k: number): number => (words[2 * w + (k >> 2)] >>> ((k & 3) << 3)) & 255;

function setByte(words: Int32Array, w: number, k: number, v: number): void {
  const i = 2 * w + (k >> 2);
  const shift = (k & 3) << 3;
  words[i] = (words[i] & ~(255 << shift)) | (v << shift);
}

let made = false;

/** Fills {@link T}, once, with `compress` (Tiger's, reading T). */
export function makeTables(compress: Compress): void {
  if (made) return;
  for (let i = 0; i < 1024; i++) {
    const b = i & 255;
    T[2 * i] = T[2 * i + 1] = b | (b << 8) | (b << 16) | (b << 24);
  }
  const seed = encodeUtf8(SEED);
  // a, b, c of Tiger's initial value, (lo, hi) pairs
  const state = Int32Array.from([0x89abcdef, 0x01234567, 0x76543210, 0xfedcba98, 0xc3b2e187, 0xf096a5b4]);
  let abc = 2;
  for (let pass = 0; pass < PASSES; pass++) {
    for (let i = 0; i < 256; i++) {
      for (let box = 0; box < 1024; box += 256) {
        if (++abc === 3) {
          abc = 0;
          compress(state, seed, 0, 1);
        }
        for (let k = 0; k < 8; k++) {
          const other = box + byteOf(state, abc, k);
          const here = byteOf(T, box + i, k);
          setByte(T, box + i, k, byteOf(T, other, k));
          setByte(T, other, k, here);
        }
      }
    }
  }
  made = true;
}
