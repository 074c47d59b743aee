/**
 * The seed call's ablation, platform-neutral: the variants (the whole call, each of its steps alone, the fastest
 * peers' calls) and the interleaved rounds that time them. Bundled by esbuild with the library's sources (the steps
 * are internal functions, which the built entry points do not export), for Node by
 * scripts/measure/seed-call-ablation.mjs and for a browser page by scripts/measure/ablation/page.mjs. The host gives
 * what differs: its clock, and rows of its own (Node's node:crypto calls).
 */

import { padInPlace } from '../../../packages/digestlab/src/constructions/merkle-damgard/merkle-damgard.ts';
import { digestHex } from '../../../packages/digestlab/src/index.ts';
import { resolve } from '../../../packages/digestlab/src/providers/index.ts';
import { wasmProvider } from '../../../packages/digestlab/src/providers/wasm.ts';
import { lookup } from '../../../packages/digestlab/src/registry/registry.ts';
import { chainHex } from '../../../packages/digestlab/src/shared/hex.ts';
import { asciiString } from '../../../packages/digestlab/src/shared/strings.ts';
import { HEX_OUT, INPUT, INPUT_CAPACITY, STATE } from '../../../packages/digestlab/src/wasm/layout.ts';
import { load, scalarCore } from '../../../packages/digestlab/src/wasm/module.ts';
import { hashWasm } from '../../../packages/lab/src/peers/hash-wasm.ts';
import { noble } from '../../../packages/lab/src/peers/noble.ts';

/** The seed's input, as packages/lab/src/seed.ts defines it (93 ASCII characters). */
export const SEED = "!QAZ@WSX#EDC$RFV%TGB^YHN&UJM*IK<(OL>)P:?_{\"+}|1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik,9ol.0p;/-['=]']";

/** The row every other is divided by, round by round, unless measure() is given another. */
export const PUBLIC = 'public digestHex(alg, s)';

/**
 * What every call hashes: the seed, or `n` bytes (`bytesInput`). The rows' names say `s` either way; with bytes the
 * steps of the string's call are left out and the compression functions are timed over the whole input area.
 */
let input = SEED;

/** `n` pseudo-random bytes, the same in every host (a 32-bit xorshift from a fixed seed). */
export function bytesInput(n) {
  const out = new Uint8Array(n);
  let x = 0x9e3779b9;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x;
  }
  return out;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();
let sink = 0;

/** Each byte's two hex digits as one 16-bit unit, as hex.ts lays them out. */
const PAIRS = new Uint16Array(256);
{
  const b = new Uint8Array(PAIRS.buffer);
  const d = '0123456789abcdef';
  for (let i = 0; i < 256; i++) {
    b[2 * i] = d.charCodeAt(i >>> 4);
    b[2 * i + 1] = d.charCodeAt(i & 15);
  }
}

/** The chaining value's digits into `units`, no string: hex.ts's chainHex without its last step. */
function hexDigits(words, units, dl, le) {
  for (let i = 0, k = 0; i < dl / 4; i++, k += 4) {
    const x = words[i];
    if (le) {
      units[k] = PAIRS[x & 255];
      units[k + 1] = PAIRS[(x >>> 8) & 255];
      units[k + 2] = PAIRS[(x >>> 16) & 255];
      units[k + 3] = PAIRS[x >>> 24];
    } else {
      units[k] = PAIRS[x >>> 24];
      units[k + 1] = PAIRS[(x >>> 16) & 255];
      units[k + 2] = PAIRS[(x >>> 8) & 255];
      units[k + 3] = PAIRS[x & 255];
    }
  }
}

/** `s` written to `bytes` from `at` while it is ASCII; the units written, or -1 at the first that is not. */
function ascii(s, bytes, at) {
  for (let i = 0; i < s.length; i++) {
    const u = s.charCodeAt(i);
    if (u > 127) return -1;
    bytes[at + i] = u;
  }
  return s.length;
}

/** A string's length and its last unit: reading a unit makes an engine flatten a rope, as a caller's use would. */
const read = (s) => s.length + s.charCodeAt(s.length - 1);

/** Each byte's two hex digits as a string. */
const TWO = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** The digest's hex as two-digit strings joined by `+`, straight from the chaining value (a rope until read). */
function joined(words, dl, le) {
  let s = '';
  for (let i = 0; i < dl / 4; i++) {
    const x = words[i];
    s += le
      ? TWO[x & 255] + TWO[(x >>> 8) & 255] + TWO[(x >>> 16) & 255] + TWO[x >>> 24]
      : TWO[x >>> 24] + TWO[(x >>> 16) & 255] + TWO[(x >>> 8) & 255] + TWO[x & 255];
  }
  return s;
}

/** `String.fromCharCode(b[0], b[1], …)` with the digits as explicit arguments (a function made per length). */
const spreads = new Map();
function spread(b) {
  let f = spreads.get(b.length);
  if (f === undefined) {
    const args = Array.from({ length: b.length }, (_, i) => `b[${i}]`).join(', ');
    f = new Function('b', `return String.fromCharCode(${args});`);
    spreads.set(b.length, f);
  }
  return f(b);
}

/** `(module (memory 2) (func (export "f") (param i32 i32 i32)))`: what a call into WebAssembly costs, empty. */
const EMPTY = new WebAssembly.Instance(
  new WebAssembly.Module(
    Uint8Array.of(
      ...[0, 97, 115, 109, 1, 0, 0, 0],
      ...[1, 7, 1, 96, 3, 127, 127, 127, 0],
      ...[3, 2, 1, 0],
      ...[5, 3, 1, 0, 2],
      ...[7, 5, 1, 1, 102, 0, 0],
      ...[10, 4, 1, 2, 0, 11],
    ),
  ),
).exports.f;

/** A function of no arguments making one call of `f(input)` and keeping its result alive. */
const call = (f) => () => {
  sink += f(input).length;
};

/** The whole calls: the public one, with a provider named, the name resolution alone (the seed's steps). */
function calls(alg, seed) {
  return {
    [PUBLIC]: call((s) => digestHex(alg, s)),
    'digestHex(alg, s, {provider: wasm})': call((s) => digestHex(alg, s, { provider: 'wasm' })),
    ...(seed && {
      'digestHex(alg, s, {provider: ts})': call((s) => digestHex(alg, s, { provider: 'ts' })),
      "wasm's prepared call alone (no dispatch)": call(wasmProvider.prepareHex(alg)),
      'resolve(alg)': () => {
        sink += resolve(alg).entry.spec.digestLength;
      },
    }),
  };
}

/** The public calls of another copy of the library (`--base`: the library before a change), beside this one's. */
export function baseRows(digestHex, alg) {
  return {
    'base: public digestHex(alg, s)': call((s) => digestHex(alg, s)),
    'base: digestHex(alg, s, {provider: wasm})': call((s) => digestHex(alg, s, { provider: 'wasm' })),
    'base: digestHex(alg, s, {provider: ts})': call((s) => digestHex(alg, s, { provider: 'ts' })),
  };
}

/**
 * The fastest JavaScript and WebAssembly peers' seed calls, as the lab's rows make them; with bytes, the
 * WebAssembly one alone.
 */
async function peers(alg, seed) {
  const rows = {};
  for (const row of seed ? [hashWasm, noble] : [hashWasm]) {
    if (!row.algorithms.includes(alg)) continue;
    const prepared = await row.prepare(alg);
    if (prepared.async || !prepared.hex) continue;
    rows[`peer: ${row.id}`] = call(prepared.hex);
  }
  return rows;
}

/** The steps of the wasm call, each alone: a function of no arguments doing one call's worth of it. */
function wasmSteps(spec) {
  const w = load();
  const md = spec.construction;
  const bl = spec.blockLength;
  const dl = spec.digestLength;
  const f = w.blocks[md.core];
  // a padded copy of the seed in memory, for the compression alone
  const n = encoder.encodeInto(SEED, w.input).written;
  const blocks = padInPlace(w.bytes, INPUT, n, bl, md) / bl;
  const units = new Uint16Array(dl);
  const unitBytes = new Uint8Array(units.buffer);
  const digits = Array.from(unitBytes);
  const { words, bytes } = w;
  const hex = w.hex[md.core];
  return {
    'wasm: an empty call (3 arguments)': () => {
      EMPTY(STATE, INPUT, n);
      sink++;
    },
    'wasm: encodeInto': () => {
      sink += encoder.encodeInto(SEED, w.input).written;
    },
    'wasm: ASCII loop, bail out at the first non-ASCII unit': () => {
      sink += ascii(SEED, bytes, INPUT);
    },
    'wasm: ASCII loop': () => {
      let c = 0;
      for (let i = 0; i < SEED.length; i++) {
        const u = SEED.charCodeAt(i);
        c |= u;
        bytes[INPUT + i] = u;
      }
      sink += c;
    },
    'wasm: pad + IV': () => {
      sink += padInPlace(bytes, INPUT, n, bl, md);
      words.set(md.iv, STATE >> 2);
    },
    'wasm: compress': () => {
      f(STATE, INPUT, blocks);
      sink += words[0];
    },
    ...scalarCompress(md.core, blocks, w.bytes.slice(INPUT, INPUT + blocks * bl), 'wasm: compress'),
    ...(hex && {
      'wasm: IV + one call (pad, compress, hex digits)': () => {
        for (let i = 0; i < md.iv.length; i++) words[i] = md.iv[i];
        hex(STATE, INPUT, n, HEX_OUT, dl);
        sink += bytes[HEX_OUT];
      },
      "wasm: string (this engine's codec)": () => {
        sink += read(asciiString(w.hexDigits(dl)));
      },
    }),
    'wasm: hex digits': () => {
      hexDigits(words, units, dl, md.littleEndian);
      sink += units[0];
    },
    'wasm: string (TextDecoder)': () => {
      sink += read(decoder.decode(unitBytes));
    },
    'wasm: string (fromCharCode)': () => {
      sink += read(String.fromCharCode.apply(null, unitBytes));
    },
    'wasm: string (fromCharCode, one argument a digit)': () => {
      sink += read(spread(unitBytes));
    },
    'wasm: string (fromCharCode.apply over an Array)': () => {
      for (let i = 0; i < digits.length; i++) digits[i] = unitBytes[i];
      sink += read(String.fromCharCode.apply(null, digits));
    },
    'wasm: string (two-digit strings joined by +)': () => {
      sink += read(joined(words, dl, md.littleEndian));
    },
    'wasm: chainHex (digits + string)': () => {
      sink += read(chainHex(words, dl, md.littleEndian));
    },
  };
}

/**
 * `label`, scalar core: the core module's compression alone (no SIMD schedule: a runtime without SIMD runs it), over
 * `data` in the input area of a core of its own; nothing where the core's function is the one `load()` gives.
 */
function scalarCompress(core, blocks, data, label) {
  if (!load().simdSchedule || (core !== 'sha1' && core !== 'sha256')) return {};
  const scalar = scalarCore();
  scalar.bytes.set(data, INPUT);
  const f = scalar.blocks[core];
  return {
    [`${label}, scalar core`]: () => {
      f(STATE, INPUT, blocks);
      sink += scalar.words[0];
    },
  };
}

/** With bytes as the input: the compression function over the whole input area (64 KiB), as load() gives it. */
function areaSteps(spec) {
  const w = load();
  const f = w.blocks[spec.construction.core];
  const blocks = INPUT_CAPACITY / spec.blockLength;
  const data = bytesInput(INPUT_CAPACITY);
  w.bytes.set(data, INPUT);
  return {
    'wasm: compress 64 KiB': () => {
      f(STATE, INPUT, blocks);
      sink += w.words[0];
    },
    ...scalarCompress(spec.construction.core, blocks, data, 'wasm: compress 64 KiB'),
  };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/**
 * Every variant of each algorithm timed in `rounds` interleaved rounds (the order rotated every round) of `calls`
 * calls each, on the clock `now` (milliseconds); `extra(alg, name)` adds the host's own rows. Each variant's result
 * is its median ns per call and the median of its per-round ratios to the `reference` row (the public call unless
 * named): robust to other load, which slows a whole round rather than one variant. `bytes`: hash that many bytes
 * (bytesInput) instead of the seed.
 */
export async function measure({ algorithms, rounds, calls: n, now, extra = () => ({}), bytes, reference = PUBLIC }) {
  input = bytes === undefined ? SEED : bytesInput(bytes);
  const timeOnce = (fn) => {
    const t0 = now();
    for (let i = 0; i < n; i++) fn();
    return ((now() - t0) * 1e6) / n;
  };
  const results = {};
  for (const alg of algorithms) {
    const entry = lookup(alg);
    const vs = Object.entries({
      ...calls(alg, bytes === undefined),
      ...extra(alg, entry.nodeName),
      ...(await peers(alg, bytes === undefined)),
      ...(bytes === undefined ? wasmSteps(entry.spec) : areaSteps(entry.spec)),
    });
    if (!vs.some(([k]) => k === reference)) throw new Error(`ablation: no row ${reference}`);
    for (const [, fn] of vs) timeOnce(fn); // warm-up: every variant compiled before it is timed
    const ns = Object.fromEntries(vs.map(([k]) => [k, []]));
    const ratio = Object.fromEntries(vs.map(([k]) => [k, []]));
    for (let r = 0; r < rounds; r++) {
      const round = {};
      for (let i = 0; i < vs.length; i++) {
        const [k, fn] = vs[(i + r) % vs.length];
        round[k] = timeOnce(fn);
      }
      for (const [k] of vs) {
        ns[k].push(round[k]);
        ratio[k].push(round[k] / round[reference]);
      }
    }
    results[alg] = Object.fromEntries(vs.map(([k]) => [k, { ns: median(ns[k]), ratio: median(ratio[k]) }]));
  }
  if (sink === 0) throw new Error('ablation: every call was optimized away');
  return results;
}

/** The results as the table the script prints: a row per variant, a column per algorithm. */
export function render(results) {
  const algorithms = Object.keys(results);
  const keys = [...new Set(algorithms.flatMap((a) => Object.keys(results[a])))];
  const width = Math.max(...keys.map((k) => k.length));
  const lines = [`${''.padEnd(width)}  ${algorithms.map((a) => a.padStart(16)).join('')}`];
  for (const k of keys) {
    const cells = algorithms.map((a) => {
      const cell = results[a][k];
      return cell ? `${cell.ns.toFixed(0).padStart(6)} ns ${cell.ratio.toFixed(2).padStart(5)}x` : 'n/a'.padStart(16);
    });
    lines.push(`${k.padEnd(width)}  ${cells.join('')}`);
  }
  return lines.join('\n');
}
