/**
 * The part of provider `node` that is node:zlib rather than node:crypto: `zlib.crc32` (Node >= 20.15, zlib's C,
 * with its folding by carry-less multiplication where the CPU has it) for CRC-32. Loaded through
 * `process.getBuiltinModule` on first use, as node:crypto is (node.ts); where either is missing, `node` lacks
 * CRC-32 and `auto` runs ours.
 */
import type { AlgorithmName, Engine } from '../spec/algorithm.js';

/** zlib.crc32(data, value): the CRC-32 of `data` continued from the CRC-32 `value` of what came before. */
export type ZlibCrc32 = (data: Uint8Array | string, value?: number) => number;

type Process = { getBuiltinModule?: (id: string) => unknown } | undefined;

let loaded: { crc32: ZlibCrc32 | undefined } | undefined;

/** node:zlib's crc32 from `proc` (this runtime's `process` by default), or undefined where it is missing. */
export function loadZlibCrc32(proc: Process = (globalThis as { process?: Process }).process): ZlibCrc32 | undefined {
  try {
    const zlib = proc?.getBuiltinModule?.('node:zlib') as { crc32?: unknown } | undefined;
    return typeof zlib?.crc32 === 'function' ? (zlib.crc32 as ZlibCrc32) : undefined;
  } catch {
    return undefined;
  }
}

function crc32(): ZlibCrc32 | undefined {
  loaded ??= { crc32: loadZlibCrc32() };
  return loaded.crc32;
}

/** Whether node:zlib computes `algorithm` here. */
export function zlibHas(algorithm: AlgorithmName): boolean {
  return algorithm === 'CRC-32' && crc32() !== undefined;
}

/** zlib.crc32 takes a length in an int: longer input in slices. */
const SLICE = 2 ** 30;

function update(f: ZlibCrc32, value: number, data: Uint8Array | string): number {
  // Node 20.20's crc32 returns 0, not `value`, for an empty view of an empty ArrayBuffer: nothing to add anyway
  if (data.length === 0) return value;
  if (typeof data === 'string' || data.length <= SLICE) return f(data, value);
  let v = value;
  for (let off = 0; off < data.length; off += SLICE) v = f(data.subarray(off, off + SLICE), v);
  return v;
}

/** The CRC-32 `value` as its 4 bytes, big-endian (as the catalogue prints it). */
function bytesOf(value: number): Uint8Array {
  return Uint8Array.of(value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255);
}

/** A streaming CRC-32 over zlib.crc32: the running value is the whole state. */
class ZlibEngine implements Engine {
  constructor(
    private readonly f: ZlibCrc32,
    private value = 0,
  ) {}
  update(data: Uint8Array): void {
    this.value = update(this.f, this.value, data);
  }
  digest(): Uint8Array {
    return bytesOf(this.value);
  }
  reset(): void {
    this.value = 0;
  }
  clone(): Engine {
    return new ZlibEngine(this.f, this.value);
  }
}

/** node:zlib's CRC-32 paths (only for an algorithm {@link zlibHas}). */
export const ZLIB = {
  create: (): Engine => new ZlibEngine(crc32() as ZlibCrc32),
  bytes: (data: Uint8Array | string): Uint8Array => bytesOf(update(crc32() as ZlibCrc32, 0, data)),
  hex: (data: Uint8Array | string): string =>
    (update(crc32() as ZlibCrc32, 0, data) >>> 0).toString(16).padStart(8, '0'),
};
