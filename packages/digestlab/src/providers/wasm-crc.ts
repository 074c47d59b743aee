/**
 * The CRCs and Adler-32 in WebAssembly (wasm/crc.ts): the checksum construction (checksum.ts) is the TypeScript one,
 * so buffering, state export and clone are shared; its core's `blocks` runs in the module, the input copied into its
 * memory 128 KiB at a time. POSIX cksum's end (its length bytes) stays TypeScript's: a few bytes.
 */

import { CKSUM } from '../algorithms/crc.js';
import { normal32, reflected32, reflected64 } from '../algorithms/crc-tables.js';
import { ChecksumHash, checksumOnce } from '../constructions/checksum/checksum.js';
import { toBytesTransient } from '../shared/bytes.js';
import { chainHex, toHex } from '../shared/hex.js';
import { writeUtf8 } from '../shared/strings.js';
import type { AlgorithmSpec } from '../spec/algorithm.js';
import type { ChecksumCore, ChecksumParams } from '../spec/constructions.js';
import { type CrcName, type CrcWasm, INPUT, INPUT_BYTES, loadCrc, REGISTER, SLICES, TABLE_AT } from '../wasm/crc.js';
import type { WasmPaths } from './wasm-paths.js';

/** Each CRC's tables, as crc-tables.ts computes them, sliced as the module reads them. */
const TABLES: Record<CrcName, () => Int32Array> = {
  'CRC-32': () => reflected32(0x04c11db7, SLICES),
  'CRC-32C': () => reflected32(0x1edc6f41, SLICES),
  CKSUM: () => normal32(0x04c11db7, SLICES),
  'CRC-64/NVME': () => reflected64(0xad93d23594c93659n, SLICES),
  'CRC-64/XZ': () => reflected64(0x42f0e1eba9ea3693n, SLICES),
};

/** The module with `name`'s tables in its memory. */
function withTables(name: CrcName): CrcWasm {
  const w = loadCrc();
  if (!w.written.has(name)) {
    w.words.set(TABLES[name](), TABLE_AT[name] >> 2);
    w.written.add(name);
  }
  return w;
}

/** `n` bytes of `d` from `off` through the module, 128 KiB at a time: `run(w, bytes)` after each copy. */
function each(w: CrcWasm, d: Uint8Array, off: number, n: number, run: (k: number) => void): void {
  for (let done = 0; done < n; done += INPUT_BYTES) {
    const k = Math.min(n - done, INPUT_BYTES);
    w.input.set(d.subarray(off + done, off + done + k));
    run(k);
  }
}

/** A core whose `blocks` is the module's; init and finish the TypeScript core's. */
function core(ts: ChecksumCore, blocks: ChecksumCore['blocks']): ChecksumCore {
  return { init: ts.init, finish: ts.finish, blocks };
}

/** A 32-bit CRC's blocks: the register is state word 0. */
function crc32Blocks(name: CrcName, f: 'crc32' | 'crc32c' | 'cksum'): ChecksumCore['blocks'] {
  return (s, d, off, n) => {
    const w = withTables(name);
    const run = w[f];
    let c = s[0];
    each(w, d, off, n, (k) => {
      c = run(c, INPUT, k);
    });
    s[0] = c;
  };
}

/** A 64-bit CRC's blocks: the register's (low, high) words are state words 0 and 1, and memory's first 8 bytes. */
function crc64Blocks(name: CrcName, f: 'nvme' | 'xz'): ChecksumCore['blocks'] {
  return (s, d, off, n) => {
    const w = withTables(name);
    const run = w[f];
    const at = REGISTER >> 2;
    w.words[at] = s[0];
    w.words[at + 1] = s[1];
    each(w, d, off, n, (k) => run(INPUT, k));
    s[0] = w.words[at];
    s[1] = w.words[at + 1];
  };
}

/** Adler-32's blocks: its sums are state words 0 (a) and 1 (b), both below 65521 between calls. */
const adlerBlocks: ChecksumCore['blocks'] = (s, d, off, n) => {
  const w = loadCrc();
  let ab = (s[1] << 16) | s[0];
  each(w, d, off, n, (k) => {
    ab = w.adler32(ab, INPUT, k);
  });
  s[0] = ab & 0xffff;
  s[1] = ab >>> 16;
};

/** The wasm core of an algorithm, by name (the spec's TypeScript core gives init and finish). */
const BLOCKS: Record<string, ChecksumCore['blocks']> = {
  'CRC-32': crc32Blocks('CRC-32', 'crc32'),
  'CRC-32C': crc32Blocks('CRC-32C', 'crc32c'),
  [CKSUM.name]: crc32Blocks('CKSUM', 'cksum'),
  'CRC-64/NVME': crc64Blocks('CRC-64/NVME', 'nvme'),
  'CRC-64/XZ': crc64Blocks('CRC-64/XZ', 'xz'),
  ADLER32: adlerBlocks,
};

const specs = new Map<AlgorithmSpec, AlgorithmSpec>();

/** `spec` with its core's blocks in WebAssembly: same name, code and state, so states cross providers. */
function wasmSpec(spec: AlgorithmSpec): AlgorithmSpec {
  let w = specs.get(spec);
  if (w === undefined) {
    const c = spec.construction as ChecksumParams;
    const blocks = BLOCKS[spec.name];
    if (blocks === undefined) throw new Error(`digestlab: ${spec.name} has no WebAssembly checksum core`);
    const made: AlgorithmSpec = {
      ...spec,
      create: (_n, p) => new ChecksumHash(made, p),
      construction: { ...c, core: core(c.core, blocks) },
    };
    w = made;
    specs.set(spec, w);
  }
  return w;
}

const bytes: WasmPaths['bytes'] = (spec, data, _n, params) =>
  checksumOnce(wasmSpec(spec), toBytesTransient(data), params);

/** The output words, big-endian, for chainHex. */
const OUT = new Int32Array(2);

/** A checksum of `n` bytes already in the input area, as hex, from its initial state. */
const IN_PLACE: Record<string, (n: number) => string> = {
  'CRC-32': (n) => {
    OUT[0] = ~withTables('CRC-32').crc32(-1, INPUT, n);
    return chainHex(OUT, 4, false);
  },
  'CRC-32C': (n) => {
    OUT[0] = ~withTables('CRC-32C').crc32c(-1, INPUT, n);
    return chainHex(OUT, 4, false);
  },
  'CRC-64/NVME': (n) => crc64InPlace(withTables('CRC-64/NVME').nvme, n),
  'CRC-64/XZ': (n) => crc64InPlace(withTables('CRC-64/XZ').xz, n),
  ADLER32: (n) => {
    OUT[0] = loadCrc().adler32(1, INPUT, n);
    return chainHex(OUT, 4, false);
  },
};

function crc64InPlace(run: (p: number, n: number) => void, n: number): string {
  const { words } = loadCrc();
  const at = REGISTER >> 2;
  words[at] = -1;
  words[at + 1] = -1;
  run(INPUT, n);
  OUT[0] = ~words[at + 1];
  OUT[1] = ~words[at];
  return chainHex(OUT, 8, false);
}

/** Longest string written straight into the input area: 3 UTF-8 bytes a UTF-16 unit at most. */
const STRING_UNITS = INPUT_BYTES / 3;

/**
 * The public call to hex (the seed's call): input that fits the input area goes there directly (a string encoded
 * straight into it) and the register becomes hex from its words, with no engine, no digest array in between.
 */
function prepareHex(spec: AlgorithmSpec): (data: Uint8Array | string) => string {
  const inPlace = IN_PLACE[spec.name];
  const general = (data: Uint8Array | string) => toHex(bytes(spec, data));
  if (inPlace === undefined) return general;
  return (data) => {
    if (typeof data === 'string') {
      if (data.length > STRING_UNITS) return general(data);
      return inPlace(writeUtf8(data, loadCrc().input));
    }
    if (data.length > INPUT_BYTES) return general(data);
    loadCrc().input.set(data);
    return inPlace(data.length);
  };
}

/** The provider's paths for the CRCs and Adler-32 (wasm.ts's checksum table names the algorithms). */
export const CRC_PATHS: WasmPaths = {
  create: (spec, _n, params) => new ChecksumHash(wasmSpec(spec), params),
  bytes,
  hex: (spec, data, n, params) => toHex(bytes(spec, data, n, params)),
  prepareHex,
};
