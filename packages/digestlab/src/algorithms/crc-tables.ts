/**
 * The tables of the table-driven CRCs (crc.ts), computed at load from each CRC's polynomial as the catalogue writes
 * it (normal form, top bit implied): `slices` tables of 256 entries each for slicing-by-N (table k advances the
 * register over a byte followed by k zero bytes): sixteen for the TypeScript's CRC-32 and CRC-32C, eight for its others, thirty-two for the WebAssembly (wasm/crc.ts). A 64-bit CRC's entries are (low, high) 32-bit word pairs.
 */

/** `poly`'s low `width` bits in reverse order: the polynomial of a reflected CRC as its shift register holds it. */
export function reflect(poly: bigint, width: number): bigint {
  let r = 0n;
  for (let i = 0; i < width; i++) if ((poly >> BigInt(i)) & 1n) r |= 1n << BigInt(width - 1 - i);
  return r;
}

/** Slicing tables of a reflected 32-bit CRC: entry k·256 + b. */
export function reflected32(poly: number, slices = 8): Int32Array {
  const rev = Number(reflect(BigInt(poly), 32));
  const t = new Int32Array(slices * 256);
  for (let b = 0; b < 256; b++) {
    let c = b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (rev & -(c & 1));
    t[b] = c;
  }
  for (let i = 256; i < t.length; i++) t[i] = (t[i - 256] >>> 8) ^ t[t[i - 256] & 255];
  return t;
}

/** Slicing tables of a 32-bit CRC that shifts left, most significant bit first (POSIX cksum's). */
export function normal32(poly: number, slices = 8): Int32Array {
  const t = new Int32Array(slices * 256);
  for (let b = 0; b < 256; b++) {
    let c = b << 24;
    for (let k = 0; k < 8; k++) c = (c << 1) ^ (poly & (c >> 31));
    t[b] = c;
  }
  for (let i = 256; i < t.length; i++) t[i] = (t[i - 256] << 8) ^ t[(t[i - 256] >>> 24) & 255];
  return t;
}

/** Slicing tables of a reflected 64-bit CRC: entry k·256 + b at 2(k·256 + b) (low word), + 1 (high word). */
export function reflected64(poly: bigint, slices = 8): Int32Array {
  const rev = reflect(poly, 64);
  const t = new Int32Array(2 * slices * 256);
  const big: bigint[] = [];
  for (let b = 0; b < 256; b++) {
    let c = BigInt(b);
    for (let k = 0; k < 8; k++) c = c & 1n ? (c >> 1n) ^ rev : c >> 1n;
    big.push(c);
  }
  for (let i = 256; i < slices * 256; i++) big.push((big[i - 256] >> 8n) ^ big[Number(big[i - 256] & 255n)]);
  big.forEach((c, i) => {
    t[2 * i] = Number(c & 0xffffffffn) | 0;
    t[2 * i + 1] = Number(c >> 32n) | 0;
  });
  return t;
}
