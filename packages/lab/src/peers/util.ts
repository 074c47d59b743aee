import { type AlgorithmName, algorithms } from 'digestlab';
import type { Prepared } from '../rows.js';

/** A module loaded once, on first use, by dynamic import (so a peer that cannot load here fails only its row). */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | undefined;
  return () => {
    p ??= load();
    return p;
  };
}

/** The CommonJS module object behind an ESM import (`default`), or the namespace itself. */
export function cjs<T>(ns: unknown): T {
  const m = ns as { default?: unknown };
  return (m.default ?? m) as T;
}

/** Throws the error every adapter uses for an algorithm it lacks (callers check `algorithms` first). */
export function lacks(library: string, algorithm: AlgorithmName): never {
  throw new Error(`${library} has no ${algorithm}`);
}

const encoder = new TextEncoder();
/** UTF-8, for peers whose API takes bytes only (the conversion is part of what a user pays per call). */
export function utf8(s: string): Uint8Array {
  return encoder.encode(s);
}

export type { Prepared };

/** Each XOF's default output length in bits, from the library (SHAKE128: 128, SHAKE256: 256). */
const XOF_BITS = new Map(algorithms().flatMap((a) => (a.xof ? [[a.name, 8 * a.digestLength] as const] : [])));

/** The output length in bits a peer's SHAKE is bound to (ours by default); undefined for a fixed-length digest. */
export function defaultOutputBits(algorithm: AlgorithmName): number | undefined {
  return XOF_BITS.get(algorithm);
}

/** A BLAKE2 name's parameters as a peer's BLAKE2 takes them: BLAKE2b or BLAKE2s, and the digest length in bytes. */
export interface Blake2Params {
  variant: 'b' | 's';
  bytes: number;
}

/**
 * Every BLAKE2 name of the library's registry (the fixed lengths and the length-free BLAKE2b and BLAKE2s, at their
 * default length) with its {@link Blake2Params}: BLAKE2b's block is 128 bytes, BLAKE2s' 64.
 */
export const BLAKE2_PARAMS: ReadonlyMap<AlgorithmName, Blake2Params> = new Map(
  algorithms().flatMap((a) =>
    a.family === 'BLAKE2'
      ? [[a.name, { variant: a.blockLength === 128 ? 'b' : 's', bytes: a.digestLength }] as const]
      : [],
  ),
);
