/**
 * xxHash in WebAssembly: the TypeScript engine (constructions/checksum/: buffering, the state) with its core's
 * `blocks` and `finish` swapped for a module's, so that streaming, clone and exported states are the TypeScript
 * ones. One table by algorithm: a row says which module's functions run an algorithm's whole blocks and its end
 * (XXH3's end in the module up to 240 bytes; past that, the TypeScript's, a few bigint operations a digest). An
 * algorithm without a row has no WebAssembly core (the provider says so through `has`). The public one-shot calls
 * (prepareHex, prepareBytes) hash input that fits the module's input area in place, a string encoded straight into
 * it, with no engine: the seed's call.
 */

import { putBE32 } from '../algorithms/crc.js';
import { secretOf } from '../algorithms/xxh3-secret.js';
import { ChecksumHash, checksumOnce } from '../constructions/checksum/checksum.js';
import { toBytesTransient } from '../shared/bytes.js';
import { chainHex, toHex } from '../shared/hex.js';
import { writeUtf8 } from '../shared/strings.js';
import type { AlgorithmName, AlgorithmSpec } from '../spec/algorithm.js';
import type { ChecksumCore, ChecksumParams } from '../spec/constructions.js';
import { DEFAULT_SECRET, INPUT, INPUT_BYTES, loadXxhash, OUT, SECRET, STATE } from '../wasm/xxhash.js';
import type { WasmPaths } from './wasm-paths.js';

type Blocks = ChecksumCore['blocks'];
type Finish = ChecksumCore['finish'];

/**
 * Whole blocks of `block` bytes through a module's function over the state (`words` 32-bit words at STATE): the
 * state copied in, the input in runs that fit the input area, the state copied back.
 */
function viaWasm(block: number, words: number, run: (p: number, n: number, seed: Int32Array) => void): Blocks {
  const room = Math.floor(INPUT_BYTES / block);
  return (s, d, off, n, seed) => {
    const w = loadXxhash();
    w.words.set(s, STATE >> 2);
    for (let done = 0; done < n; ) {
      const k = Math.min(n - done, room);
      const at = off + done * block;
      w.bytes.set(d.subarray(at, at + k * block), INPUT);
      run(INPUT, k, seed);
      done += k;
    }
    for (let i = 0; i < words; i++) s[i] = w.words[(STATE >> 2) + i];
  };
}

const xxh3Blocks = viaWasm(1024, 16, (p, n, seed) => {
  const w = loadXxhash();
  const secret = secretOf(seed).bytes;
  if (w.secret !== secret) {
    w.bytes.set(secret, SECRET);
    w.secret = secret;
  }
  w.xxh3(STATE, SECRET, p, n);
});

/** The result words, big-endian (the high word first), for chainHex and the bytes. */
const RESULT = new Int32Array(4);

/** The module's 64- or 128-bit result at OUT into RESULT, big-endian words. */
function resultWords(words: number): void {
  const w = loadXxhash().words;
  for (let i = 0; i < words; i++) RESULT[i] = w[(OUT >> 2) + words - 1 - i];
}

/** RESULT's first `words` words into `out`, big-endian. */
function putResult(out: Uint8Array, words: number): void {
  for (let i = 0; i < words; i++) putBE32(out, 4 * i, RESULT[i]);
}

/** The state's words and the `pos` buffered bytes into the module, for an end. */
function endInput(s: Int32Array, buf: Uint8Array, pos: number): void {
  const w = loadXxhash();
  w.words.set(s, STATE >> 2);
  w.bytes.set(buf.subarray(0, pos), INPUT);
}

/** The length's words: the low 32 bits (signed), the high ones. */
const lenLow = (length: number): number => (length % 2 ** 32) | 0;
const lenHigh = (length: number): number => Math.floor(length / 2 ** 32) | 0;

const xxh32End: Finish = (s, buf, pos, length, seed, _h, out) => {
  endInput(s, buf, pos);
  putBE32(out, 0, loadXxhash().xxh32_end(STATE, INPUT, pos, length >= 16 ? 1 : 0, lenLow(length), seed[0]));
};

const xxh64End: Finish = (s, buf, pos, length, seed, _h, out) => {
  endInput(s, buf, pos);
  loadXxhash().xxh64_end(STATE, INPUT, pos, lenLow(length), lenHigh(length), seed[0], seed[1], OUT);
  resultWords(2);
  putResult(out, 2);
};

/** XXH3's end: up to 240 bytes (all of them buffered) in the module, longer inputs the TypeScript core's. */
function xxh3End(ts: Finish, wide: boolean): Finish {
  return (s, buf, pos, length, seed, history, out) => {
    if (length > 240) return ts(s, buf, pos, length, seed, history, out);
    const w = loadXxhash();
    w.bytes.set(buf.subarray(0, pos), INPUT);
    (wide ? w.xxh3_128 : w.xxh3_64)(INPUT, pos, DEFAULT_SECRET, seed[0], seed[1], OUT);
    resultWords(wide ? 4 : 2);
    putResult(out, wide ? 4 : 2);
  };
}

type Row = (ts: Finish) => Pick<ChecksumCore, 'blocks' | 'finish'>;

/** The rows: each algorithm's blocks and end in WebAssembly (`ts`: the TypeScript core's end). */
const CORES: Partial<Record<AlgorithmName, Row>> = {
  XXH32: () => ({ blocks: viaWasm(16, 4, (p, n) => loadXxhash().xxh32(STATE, p, n)), finish: xxh32End }),
  XXH64: () => ({ blocks: viaWasm(32, 8, (p, n) => loadXxhash().xxh64(STATE, p, n)), finish: xxh64End }),
  'XXH3-64': (ts) => ({ blocks: xxh3Blocks, finish: xxh3End(ts, false) }),
  'XXH3-128': (ts) => ({ blocks: xxh3Blocks, finish: xxh3End(ts, true) }),
};

const specs = new Map<AlgorithmSpec, AlgorithmSpec>();

/** `spec` with its core's blocks and end in WebAssembly (one per algorithm, kept): same name, code and state. */
function wasmSpec(spec: AlgorithmSpec): AlgorithmSpec {
  let w = specs.get(spec);
  if (w === undefined) {
    const c = spec.construction as ChecksumParams;
    const row = CORES[spec.name] as Row;
    const derived: AlgorithmSpec = {
      ...spec,
      create: (_n, p) => new ChecksumHash(derived, p),
      construction: { ...c, core: { ...c.core, ...row(c.core.finish) } },
    };
    w = derived;
    specs.set(spec, w);
  }
  return w;
}

const bytes: WasmPaths['bytes'] = (spec, data, _n, params) =>
  checksumOnce(wasmSpec(spec), toBytesTransient(data), params);

/**
 * The unseeded digest of `n` (at most `max`) bytes already at INPUT, into RESULT: XXH32 and XXH64 whole stripes
 * then the end, XXH3 its short inputs only.
 */
interface InPlace {
  readonly max: number;
  run(n: number): void;
}

/** From this length XXH32 in place runs its stripes on the SIMD lanes (xxh32_once's loop is the scalar one). */
const XXH32_LANES_FROM = 1024;

function inPlaceOf(spec: AlgorithmSpec): InPlace {
  switch (spec.name) {
    case 'XXH32':
      return { max: INPUT_BYTES, run: xxh32InPlace };
    case 'XXH64':
      return {
        max: INPUT_BYTES,
        run: (n) => {
          loadXxhash().xxh64_once(INPUT, n, 0, 0, OUT);
          resultWords(2);
        },
      };
    default: {
      const wide = spec.name === 'XXH3-128';
      const run = (n: number): void => {
        (wide ? loadXxhash().xxh3_128 : loadXxhash().xxh3_64)(INPUT, n, DEFAULT_SECRET, 0, 0, OUT);
        resultWords(wide ? 4 : 2);
      };
      return { max: 240, run };
    }
  }
}

/** XXH32's accumulators from seed 0: PRIME32_1 + PRIME32_2, PRIME32_2, 0, −PRIME32_1. */
const XXH32_START = Int32Array.of((0x9e3779b1 + 0x85ebca77) | 0, 0x85ebca77 | 0, 0, -0x9e3779b1 | 0);

function xxh32InPlace(n: number): void {
  const w = loadXxhash();
  if (n < XXH32_LANES_FROM) {
    RESULT[0] = w.xxh32_once(INPUT, n, 0);
    return;
  }
  const whole = n - (n % 16);
  w.words.set(XXH32_START, STATE >> 2);
  w.xxh32(STATE, INPUT, whole / 16);
  RESULT[0] = w.xxh32_end(STATE, INPUT + whole, n - whole, 1, n, 0);
}

/** Longest string written straight into the input area: 3 UTF-8 bytes a UTF-16 unit at most. */
const STRING_UNITS = INPUT_BYTES / 3;

/** `data` hashed in place where it fits (true: RESULT holds the digest); false: not hashed. */
function hashInPlace(p: InPlace, data: Uint8Array | string): boolean {
  const w = loadXxhash();
  let n = data.length;
  if (typeof data === 'string') {
    // a unit is at least one byte: a longer string never fits
    if (n > p.max || n > STRING_UNITS) return false;
    n = writeUtf8(data, w.input);
    if (n > p.max) return false;
  } else {
    if (n > p.max) return false;
    w.input.set(data);
  }
  p.run(n);
  return true;
}

function prepareHex(spec: AlgorithmSpec): (data: Uint8Array | string) => string {
  const inPlace = inPlaceOf(spec);
  const n = spec.digestLength;
  return (data) => (hashInPlace(inPlace, data) ? chainHex(RESULT, n, false) : toHex(bytes(spec, data)));
}

function prepareBytes(spec: AlgorithmSpec): (data: Uint8Array | string) => Uint8Array {
  const inPlace = inPlaceOf(spec);
  const n = spec.digestLength;
  return (data) => {
    if (!hashInPlace(inPlace, data)) return bytes(spec, data);
    const out = new Uint8Array(n);
    putResult(out, n / 4);
    return out;
  };
}

/** XXH32, XXH64, XXH3-64 and XXH3-128 (providers/wasm.ts's checksum table gives them these paths). */
export const XXHASH_PATHS: WasmPaths = {
  create: (spec, _n, params) => new ChecksumHash(wasmSpec(spec), params),
  bytes,
  hex: (spec, data, _n, params) => toHex(bytes(spec, data, _n, params)),
  prepareHex,
  prepareBytes,
};
