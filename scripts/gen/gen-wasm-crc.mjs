// The CRCs' and Adler-32's WebAssembly, for scripts/gen/gen-wasm.mjs: one module over its own memory (its layout is
// packages/digestlab/src/wasm/crc.ts's; the tables are written into it by that loader from crc-tables.ts, so this
// module holds code only). WebAssembly 1.0.
//
//   crc32, crc32c(c, p, n) -> c  a reflected 32-bit CRC's register c over n bytes at p (CRC-32, CRC-32C): from
//                                256 bytes Chorba's shifts and xors (crc-chorba.mjs) first, the tables for the rest
//   cksum(c, p, n) -> c          the 32-bit CRC that shifts left (POSIX cksum's, its length aside)
//   nvme, xz(p, n)               a reflected 64-bit CRC over n bytes at p, its register the i64 at byte 0, tables at t
//   adler32(ab, p, n) -> ab  Adler-32's sums packed as b·65536 + a (both below 65521)
//
// The CRCs slice SLICES bytes a step (slicing-by-N: table k advances the register over a byte followed by k zero
// bytes, the table layout crc-tables.ts writes: entry k·256 + b, 4 or 8 bytes each); WebAssembly is little-endian, so
// a reflected CRC xors the register into the first word as loaded. The left-shifting CRC does the same on its
// register byte-swapped (so that byte i of the xor is the register's top byte xor the input's byte i) and looks the
// bytes up as the reflected one does; the tables give the new register unswapped. Adler-32 adds 16 bytes a step and
// reduces every NMAX bytes, zlib's schedule (RFC 1950 §8.2).

import { CHORBA_DISTANCES, chorbaLocals, chorbaStep } from './crc-chorba.mjs';

const get = (v) => `(local.get $${v})`;
const set = (v, e) => `(local.set $${v} ${e})`;
const xor = (t, ...xs) => xs.reduce((a, b) => `(${t}.xor ${a} ${b})`);
/** The xor of `xs` as a balanced tree: its depth log2 of their count, not their count. */
const tree = (t, xs) =>
  xs.length === 1 ? xs[0] : `(${t}.xor ${tree(t, xs.slice(0, xs.length >> 1))} ${tree(t, xs.slice(xs.length >> 1))})`;
/**
 * A step's new register: the lookups of the bytes the register was xored into (`dependent`, the first word's)
 * joined last, so that the chain from one step's register to the next is a few xors, not every lookup of the step.
 */
const join = (t, independent, dependent) =>
  independent.length === 0 ? tree(t, dependent) : `(${t}.xor ${xor(t, ...independent)} ${tree(t, dependent)})`;

/** Bytes sliced a step by the CRCs. */
export const SLICES = 32;

/** Byte `b` (0 = lowest) of the i32 `w`, times 4: an index into a table of i32 entries. */
function index32(w, b) {
  if (b === 0) return `(i32.and (i32.shl ${w} (i32.const 2)) (i32.const 1020))`;
  if (b === 1) return `(i32.and (i32.shr_u ${w} (i32.const 6)) (i32.const 1020))`;
  return `(i32.and (i32.shr_u ${w} (i32.const ${8 * b - 2})) (i32.const 1020))`;
}

/** Byte `b` (0 = lowest) of the i64 `w`, times 8: an index into a table of i64 entries. */
function index64(w, b) {
  const x = b === 0 ? `(i64.shl ${w} (i64.const 3))` : `(i64.shr_u ${w} (i64.const ${8 * b - 3}))`;
  return `(i32.and (i32.wrap_i64 ${x}) (i32.const 2040))`;
}

/**
 * Where each CRC's tables live in the module's memory (byte addresses; the loader, src/wasm/crc.ts, writes them
 * there): every function is generated for its tables, their address a load's immediate offset, not an addition.
 */
export const CRC_LAYOUT = (() => {
  const t32 = SLICES * 1024;
  const t64 = SLICES * 2048;
  const at = 1024;
  const end = at + 3 * t32 + 2 * t64;
  return {
    register: 0,
    tables: {
      'CRC-32': at,
      'CRC-32C': at + t32,
      CKSUM: at + 2 * t32,
      'CRC-64/NVME': at + 3 * t32,
      'CRC-64/XZ': at + 3 * t32 + t64,
    },
    input: Math.ceil(end / 65536) * 65536,
    inputBytes: 131072,
    slices: SLICES,
  };
})();

/** The module's memory in 64 KiB pages: up to the end of the input area. */
const PAGES = (CRC_LAYOUT.input + CRC_LAYOUT.inputBytes) / 65536;

/** Table k's entry at byte index expression `i` (already scaled to the entry size), tables at `base`. */
const lookup32 = (base, k, i) => `(i32.load offset=${base + k * 1024} ${i})`;
const lookup64 = (base, k, i) => `(i64.load offset=${base + k * 2048} ${i})`;

/**
 * One step of a 32-bit CRC: `bytes` bytes at $p into $c (tables bytes-1 down to 0); `first` is the first word's
 * value xor the register.
 */
function step32(base, first, bytes) {
  const terms = [];
  for (let w = 0; w < bytes / 4; w++) {
    const word = w === 0 ? first : `(i32.load offset=${4 * w} ${get('p')})`;
    terms.push(set(`w${w}`, word));
  }
  const xs = [];
  for (let i = 0; i < bytes; i++) xs.push(lookup32(base, bytes - 1 - i, index32(get(`w${i >> 2}`), i & 3)));
  return [...terms, set('c', join('i32', xs.slice(4), xs.slice(0, 4)))];
}

/** One step of a 64-bit CRC: `bytes` bytes at $p into $c. */
function step64(base, bytes) {
  const step = [];
  for (let w = 0; w < bytes / 8; w++) {
    const load = `(i64.load offset=${8 * w} ${get('p')})`;
    step.push(set(`w${w}`, w === 0 ? xor('i64', load, get('c')) : load));
  }
  const xs = [];
  for (let i = 0; i < bytes; i++) xs.push(lookup64(base, bytes - 1 - i, index64(get(`w${i >> 3}`), i & 7)));
  return [...step, set('c', join('i64', xs.slice(8), xs.slice(0, 8)))];
}

/** A loop of `body`, `bytes` bytes a pass, while that many are left. */
function loopOf(label, bytes, body) {
  const exit = bytes === 1 ? `(i32.eqz ${get('n')})` : `(i32.lt_u ${get('n')} (i32.const ${bytes}))`;
  return [
    `(block $${label}_done (loop $${label}`,
    `  (br_if $${label}_done ${exit})`,
    ...body.map((l) => `  ${l}`),
    `  ${set('p', `(i32.add ${get('p')} (i32.const ${bytes}))`)}`,
    `  ${set('n', `(i32.sub ${get('n')} (i32.const ${bytes}))`)}`,
    `  (br $${label})))`,
  ];
}

/** A byte-swapped i32 (WebAssembly 1.0 has no bswap): the left-shifting CRC's register as the loads see it. */
const bswap = (x) =>
  `(i32.or (i32.and (i32.rotr ${x} (i32.const 8)) (i32.const 0xff00ff00)) (i32.and (i32.rotl ${x} (i32.const 8)) (i32.const 0x00ff00ff)))`;

/** A 32-bit CRC function: Chorba's step where it has distances, then SLICES bytes a step, then 8, then one. */
function crc32Func(name, base, reflected, distances) {
  const first = reflected
    ? xor('i32', `(i32.load ${get('p')})`, get('c'))
    : xor('i32', `(i32.load ${get('p')})`, bswap(get('c')));
  const byte = `(i32.load8_u ${get('p')})`;
  const tail = reflected
    ? xor('i32', `(i32.shr_u ${get('c')} (i32.const 8))`, lookup32(base, 0, index32(xor('i32', get('c'), byte), 0)))
    : xor(
        'i32',
        `(i32.shl ${get('c')} (i32.const 8))`,
        lookup32(base, 0, index32(xor('i32', `(i32.shr_u ${get('c')} (i32.const 24))`, byte), 0)),
      );
  const locals = Array.from({ length: SLICES / 4 }, (_, w) => `(local $w${w} i32)`).join(' ');
  const chorba = distances ? [chorbaLocals(distances)] : [];
  return [
    `;; ${name}(c, p, n) -> c: the ${reflected ? 'reflected' : 'left-shifting'} register c over n bytes at p`,
    `(func $${name} (export "${name}") (param $c i32) (param $p i32) (param $n i32) (result i32) ${[locals, ...chorba].join(' ')}`,
    ...(distances ? chorbaStep(name, distances).map((l) => `  ${l}`) : []),
    ...loopOf('step', SLICES, step32(base, first, SLICES)).map((l) => `  ${l}`),
    ...loopOf('eight', 8, step32(base, first, 8)).map((l) => `  ${l}`),
    ...loopOf('byte', 1, [set('c', tail)]).map((l) => `  ${l}`),
    `  ${get('c')}`,
    ')',
  ];
}

/** A reflected 64-bit CRC: SLICES bytes a step, then 8, then one; the register in memory at byte 0. */
function crc64Func(name, base) {
  const byte = `(i64.load8_u ${get('p')})`;
  const tail = xor(
    'i64',
    `(i64.shr_u ${get('c')} (i64.const 8))`,
    lookup64(base, 0, index64(xor('i64', get('c'), byte), 0)),
  );
  const locals = Array.from({ length: SLICES / 8 }, (_, w) => `(local $w${w} i64)`).join(' ');
  return [
    `;; ${name}(p, n): a reflected 64-bit CRC over n bytes at p; the register at byte 0`,
    `(func (export "${name}") (param $p i32) (param $n i32) (local $c i64) ${locals}`,
    `  ${set('c', '(i64.load (i32.const 0))')}`,
    ...loopOf('step', SLICES, step64(base, SLICES)).map((l) => `  ${l}`),
    ...loopOf('eight', 8, step64(base, 8)).map((l) => `  ${l}`),
    ...loopOf('byte', 1, [set('c', tail)]).map((l) => `  ${l}`),
    `  (i64.store (i32.const 0) ${get('c')})`,
    ')',
  ];
}

/** zlib's NMAX: the most bytes before b could pass 2^32 from sums below 65521; a multiple of 16 below it. */
const NMAX = 5552;
const BASE = 65521;

/** Adler-32: 16 bytes a step (a += byte, b += a), reduced mod 65521 every NMAX bytes. */
function adlerFunc() {
  const add = [];
  for (let i = 0; i < 16; i++) {
    add.push(set('a', `(i32.add ${get('a')} (i32.load8_u offset=${i} ${get('p')}))`));
    add.push(set('b', `(i32.add ${get('b')} ${get('a')})`));
  }
  const reduce = [
    set('a', `(i32.rem_u ${get('a')} (i32.const ${BASE}))`),
    set('b', `(i32.rem_u ${get('b')} (i32.const ${BASE}))`),
  ];
  return [
    ';; adler32(ab, p, n) -> ab: Adler-32 over n bytes at p, its sums packed as b·65536 + a',
    '(func (export "adler32") (param $ab i32) (param $p i32) (param $n i32) (result i32) (local $a i32) (local $b i32) (local $k i32)',
    `  ${set('a', `(i32.and ${get('ab')} (i32.const 0xffff))`)}`,
    `  ${set('b', `(i32.shr_u ${get('ab')} (i32.const 16))`)}`,
    '  (block $done (loop $run',
    `    (br_if $done (i32.eqz ${get('n')}))`,
    `    ${set('k', `(select (i32.const ${NMAX}) ${get('n')} (i32.gt_u ${get('n')} (i32.const ${NMAX})))`)}`,
    `    ${set('n', `(i32.sub ${get('n')} ${get('k')})`)}`,
    '    (block $short (loop $sixteen',
    `      (br_if $short (i32.lt_u ${get('k')} (i32.const 16)))`,
    ...add.map((l) => `      ${l}`),
    `      ${set('p', `(i32.add ${get('p')} (i32.const 16))`)}`,
    `      ${set('k', `(i32.sub ${get('k')} (i32.const 16))`)}`,
    '      (br $sixteen)))',
    '    (block $bytes (loop $one',
    `      (br_if $bytes (i32.eqz ${get('k')}))`,
    `      ${add[0]}`,
    `      ${add[1]}`,
    `      ${set('p', `(i32.add ${get('p')} (i32.const 1))`)}`,
    `      ${set('k', `(i32.sub ${get('k')} (i32.const 1))`)}`,
    '      (br $one)))',
    ...reduce.map((l) => `    ${l}`),
    '    (br $run)))',
    `  (i32.or (i32.shl ${get('b')} (i32.const 16)) ${get('a')})`,
    ')',
  ];
}

/** The module's text, with `note` (the generated-file note) at the top. */
export function crcModule(note) {
  const body = [
    ...crc32Func('crc32', CRC_LAYOUT.tables['CRC-32'], true, CHORBA_DISTANCES['CRC-32']),
    ...crc32Func('crc32c', CRC_LAYOUT.tables['CRC-32C'], true, CHORBA_DISTANCES['CRC-32C']),
    ...crc32Func('cksum', CRC_LAYOUT.tables.CKSUM, false),
    ...crc64Func('nvme', CRC_LAYOUT.tables['CRC-64/NVME']),
    ...crc64Func('xz', CRC_LAYOUT.tables['CRC-64/XZ']),
    ...adlerFunc(),
  ];
  return [`;; ${note}`, '(module', `  (memory (export "memory") ${PAGES})`, ...body.map((l) => `  ${l}`), ')', ''].join(
    '\n',
  );
}
