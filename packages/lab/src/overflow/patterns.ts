/**
 * The byte patterns `digestlab overflow` streams. Each is a pure function of the byte's offset, so any piece of the
 * input can be produced on its own (a resumed run starts in the middle) and checked independently.
 *
 * - `zeros`: every byte 0 (the seed's run: 257 × 1024 zeroed 1 MiB buffers).
 * - `ramp`:  byte i = i & 0xff.
 * - `index`: every aligned 8-byte word holds its own byte offset as a little-endian unsigned 64-bit integer: the word
 *            at offset 8k is 8k. A dropped, repeated or reordered chunk changes the input, so it cannot hide behind
 *            a repetitive pattern.
 */

export const PATTERNS = ['zeros', 'ramp', 'index'] as const;
export type Pattern = (typeof PATTERNS)[number];

export function isPattern(s: string): s is Pattern {
  return (PATTERNS as readonly string[]).includes(s);
}

/** One byte of a pattern, computed directly (slow; the reference the generators are tested against). */
export function patternByte(pattern: Pattern, offset: number): number {
  switch (pattern) {
    case 'zeros':
      return 0;
    case 'ramp':
      return offset % 256;
    case 'index': {
      const word = offset - (offset % 8);
      const shift = (offset % 8) * 8;
      return Number((BigInt(word) >> BigInt(shift)) & 0xffn);
    }
  }
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * Produces the pattern piece by piece. `chunk(offset, length)` returns bytes [offset, offset + length) of the
 * pattern as a view that is valid until the next call (buffers are reused: memory is flat whatever the size).
 */
export interface PatternSource {
  readonly pattern: Pattern;
  chunk(offset: number, length: number): Uint8Array;
}

/** A source whose chunks are at most `maxChunk` bytes. */
export function patternSource(pattern: Pattern, maxChunk: number): PatternSource {
  if (!Number.isSafeInteger(maxChunk) || maxChunk < 1) throw new RangeError(`bad chunk size ${maxChunk}`);
  switch (pattern) {
    case 'zeros': {
      const zeros = new Uint8Array(maxChunk);
      return { pattern, chunk: (_offset, length) => zeros.subarray(0, length) };
    }
    case 'ramp': {
      // one buffer of the ramp, 256 bytes longer than a chunk: every chunk is a view into it, never a copy
      const ramp = new Uint8Array(maxChunk + 256);
      for (let i = 0; i < ramp.length; i++) ramp[i] = i & 0xff;
      return {
        pattern,
        chunk: (offset, length) => {
          const start = offset % 256;
          return ramp.subarray(start, start + length);
        },
      };
    }
    case 'index':
      return indexSource(maxChunk);
  }
}

function indexSource(maxChunk: number): PatternSource {
  // room for the chunk plus one word either side, 8-aligned, so any offset is a view into whole words
  const words = Math.ceil(maxChunk / 8) + 2;
  const buf = new ArrayBuffer(words * 8);
  const bytes = new Uint8Array(buf);
  const u32 = new Uint32Array(buf);
  const view = new DataView(buf);
  return {
    pattern: 'index',
    chunk(offset, length) {
      const first = offset - (offset % 8); // offset of the first whole word
      const n = Math.ceil((offset + length - first) / 8);
      if (LITTLE_ENDIAN) {
        for (let k = 0, w = first; k < n; k++, w += 8) {
          u32[2 * k] = w % 0x100000000;
          u32[2 * k + 1] = Math.floor(w / 0x100000000);
        }
      } else {
        for (let k = 0, w = first; k < n; k++, w += 8) {
          view.setUint32(8 * k, w % 0x100000000, true);
          view.setUint32(8 * k + 4, Math.floor(w / 0x100000000), true);
        }
      }
      const start = offset - first;
      return bytes.subarray(start, start + length);
    },
  };
}
