/**
 * The embedded modules' base64 decoding (src/wasm/base64.ts): through Buffer where the runtime has one (Node, Bun),
 * through `atob` elsewhere; both give the bytes that `btoa` (the platform's encoder, not ours) encoded, at every
 * length modulo 3 and for every byte value.
 */
import { describe, expect, it } from 'vitest';
import { decode } from '../src/wasm/base64.js';

/** `length` bytes covering every value, in an order that is not sorted. */
const bytes = (length: number) => Uint8Array.from({ length }, (_, i) => (i * 167 + 13) % 256);
const encode = (b: Uint8Array) => btoa(Array.from(b, (x) => String.fromCharCode(x)).join(''));
const LENGTHS = [0, 1, 2, 3, 4, 5, 255, 256, 257, 4095, 4096, 4097, 10_001];

describe('decode', () => {
  it('gives the bytes btoa encoded, through Buffer where there is one', () => {
    for (const n of LENGTHS) expect(decode(encode(bytes(n))), `${n} bytes`).toEqual(bytes(n));
  });

  it('gives the same bytes through atob, as where there is no Buffer (browsers, Deno)', () => {
    const g = globalThis as { Buffer?: unknown };
    const saved = g.Buffer;
    g.Buffer = undefined;
    try {
      for (const n of LENGTHS) expect(decode(encode(bytes(n))), `${n} bytes`).toEqual(bytes(n));
    } finally {
      g.Buffer = saved;
    }
  });

  it('returns bytes of their own, not a view of a shared pool', () => {
    const out = decode(encode(bytes(5)));
    expect(out.byteOffset).toBe(0);
    expect(out.buffer.byteLength).toBe(5);
  });
});
