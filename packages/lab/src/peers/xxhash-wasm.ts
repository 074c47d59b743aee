/**
 * xxhash-wasm: XXH32 and XXH64 hand-written in WebAssembly text (no XXH3). Its one-shot calls return the hash as a
 * number (`h32Raw`) or a bigint (`h64Raw`), its cheapest form; the row turns that into the digest's big-endian bytes
 * (as xxhsum prints it, and digestlab returns it). The seed call is `h32ToString`/`h64ToString` on the string
 * (zero-padded hex). The stream is `create32()`/`create64()`. Loads its module with `WebAssembly.instantiate` from
 * bytes embedded in its script, so it runs wherever compiling bytes is allowed.
 */
import type { AlgorithmName } from 'digestlab';
import type { Prepared, Row } from '../rows.js';
import { lacks, lazy } from './util.js';

interface Hasher<T> {
  update(input: Uint8Array | string): Hasher<T>;
  digest(): T;
}

interface XxhashWasm {
  h32Raw(input: Uint8Array, seed?: number): number;
  h64Raw(input: Uint8Array, seed?: bigint): bigint;
  h32ToString(input: string, seed?: number): string;
  h64ToString(input: string, seed?: bigint): string;
  create32(seed?: number): Hasher<number>;
  create64(seed?: bigint): Hasher<bigint>;
}

const load = lazy(async () => {
  const m = (await import('xxhash-wasm')) as unknown as { default: () => Promise<XxhashWasm> };
  return m.default();
});

const ALGORITHMS: readonly AlgorithmName[] = ['XXH32', 'XXH64'];

/** A 32-bit hash as its 4 big-endian bytes. */
function be32(h: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, h >>> 0);
  return out;
}

/** A 64-bit hash as its 8 big-endian bytes. */
function be64(h: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, h);
  return out;
}

export const xxhashWasm: Row = {
  id: 'xxhash-wasm',
  library: 'xxhash-wasm',
  kind: 'peer',
  implementedIn: 'WebAssembly',
  note: 'h32Raw/h64Raw per call (a number or bigint), as big-endian bytes; XXH32 and XXH64 only',
  algorithms: ALGORITHMS,
  async prepare(algorithm): Promise<Prepared> {
    if (!ALGORITHMS.includes(algorithm)) lacks('xxhash-wasm', algorithm);
    const x = await load();
    if (algorithm === 'XXH32') {
      return {
        async: false,
        hex: (s) => x.h32ToString(s),
        bytes: (d) => be32(x.h32Raw(d)),
        stream: () => {
          const h = x.create32();
          return { update: (c) => void h.update(c), finish: () => be32(h.digest()) };
        },
      };
    }
    return {
      async: false,
      hex: (s) => x.h64ToString(s),
      bytes: (d) => be64(x.h64Raw(d)),
      stream: () => {
        const h = x.create64();
        return { update: (c) => void h.update(c), finish: () => be64(h.digest()) };
      },
    };
  },
};
