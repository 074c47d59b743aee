// The CRCs' and Adler-32's WebAssembly, for scripts/gen/gen-wasm.mjs: one module over its own memory (its layout is
// packages/digestlab/src/wasm/crc.ts's; the tables are written into it by that loader from crc-tables.ts, so this
// module holds code only). WebAssembly 1.0.
//
//   crc32, crc32c(c, p, n) -> c  a reflected 32-bit CRC's register c over n bytes at p (CRC-32, CRC-32C)
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

const get = (v) => `(local.get $${v})`;
const set = (v, e) => `(local.set $${v} ${e})`;
const xor = (t, ...xs) => xs.reduce((a, b) => `(${t}.xor ${a} ${b})`);

/** Bytes sliced a step by the CRCs. */
export const SLICES = 16;

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
export const CRC_LAYOUT = {
  register: 0,
  tables: {
    'CRC-32': 1024,
    'CRC-32C': 1024 + 16384,
    CKSUM: 1024 + 32768,
    'CRC-64/NVME': 1024 + 49152,
    'CRC-64/XZ': 1024 + 81920,
  },
  input: 131072,
  inputBytes: 131072,
  slices: SLICES,
};

/** Table k's entry at byte index expression `i` (already scaled to the entry size), tables at `base`. */
const lookup32 = (base, k, i) => `(i32.load offset=${base + k * 1024} ${i})`;
const lookup64 = (base, k, i) => `(i64.load offset=${base + k * 2048} ${i})`;

/** One step of a 32-bit CRC: SLICES bytes at $p into $c; `first` is the first word's value xor the register. */
function step32(base, first) {
  const terms = [];
  for (let w = 0; w < SLICES / 4; w++) {
    const word = w === 0 ? first : `(i32.load offset=${4 * w} ${get('p')})`;
    terms.push(set(`w${w}`, word));
  }
  const xs = [];
  for (let i = 0; i < SLICES; i++) xs.push(lookup32(base, SLICES - 1 - i, index32(get(`w${i >> 2}`), i & 3)));
  return [...terms, set('c', xor('i32', ...xs))];
}

/** A byte-swapped i32 (WebAssembly 1.0 has no bswap): the left-shifting CRC's register as the loads see it. */
const bswap = (x) =>
  `(i32.or (i32.and (i32.rotr ${x} (i32.const 8)) (i32.const 0xff00ff00)) (i32.and (i32.rotl ${x} (i32.const 8)) (i32.const 0x00ff00ff)))`;

/** The whole-step loop then the byte loop of a 32-bit CRC function. */
function crc32Func(name, base, reflected) {
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
  return [
    `;; ${name}(c, p, n) -> c: the ${reflected ? 'reflected' : 'left-shifting'} register c over n bytes at p`,
    `(func (export "${name}") (param $c i32) (param $p i32) (param $n i32) (result i32) ${locals}`,
    '  (block $done (loop $step',
    `    (br_if $done (i32.lt_u ${get('n')} (i32.const ${SLICES})))`,
    ...step32(base, first).map((l) => `    ${l}`),
    `    ${set('p', `(i32.add ${get('p')} (i32.const ${SLICES}))`)}`,
    `    ${set('n', `(i32.sub ${get('n')} (i32.const ${SLICES}))`)}`,
    '    (br $step)))',
    '  (block $end (loop $byte',
    `    (br_if $end (i32.eqz ${get('n')}))`,
    `    ${set('c', tail)}`,
    `    ${set('p', `(i32.add ${get('p')} (i32.const 1))`)}`,
    `    ${set('n', `(i32.sub ${get('n')} (i32.const 1))`)}`,
    '    (br $byte)))',
    `  ${get('c')}`,
    ')',
  ];
}

/** A reflected 64-bit CRC: SLICES bytes a step, the register in memory at byte 0. */
function crc64Func(name, base) {
  const words = SLICES / 8;
  const step = [];
  for (let w = 0; w < words; w++) {
    const load = `(i64.load offset=${8 * w} ${get('p')})`;
    step.push(set(`w${w}`, w === 0 ? xor('i64', load, get('c')) : load));
  }
  const xs = [];
  for (let i = 0; i < SLICES; i++) xs.push(lookup64(base, SLICES - 1 - i, index64(get(`w${i >> 3}`), i & 7)));
  const byte = `(i64.load8_u ${get('p')})`;
  const tail = xor(
    'i64',
    `(i64.shr_u ${get('c')} (i64.const 8))`,
    lookup64(base, 0, index64(xor('i64', get('c'), byte), 0)),
  );
  const locals = Array.from({ length: words }, (_, w) => `(local $w${w} i64)`).join(' ');
  return [
    `;; ${name}(p, n): a reflected 64-bit CRC over n bytes at p; the register at byte 0`,
    `(func (export "${name}") (param $p i32) (param $n i32) (local $c i64) ${locals}`,
    `  ${set('c', '(i64.load (i32.const 0))')}`,
    '  (block $done (loop $step',
    `    (br_if $done (i32.lt_u ${get('n')} (i32.const ${SLICES})))`,
    ...step.map((l) => `    ${l}`),
    `    ${set('c', xor('i64', ...xs))}`,
    `    ${set('p', `(i32.add ${get('p')} (i32.const ${SLICES}))`)}`,
    `    ${set('n', `(i32.sub ${get('n')} (i32.const ${SLICES}))`)}`,
    '    (br $step)))',
    '  (block $end (loop $byte',
    `    (br_if $end (i32.eqz ${get('n')}))`,
    `    ${set('c', tail)}`,
    `    ${set('p', `(i32.add ${get('p')} (i32.const 1))`)}`,
    `    ${set('n', `(i32.sub ${get('n')} (i32.const 1))`)}`,
    '    (br $byte)))',
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
    ...crc32Func('crc32', CRC_LAYOUT.tables['CRC-32'], true),
    ...crc32Func('crc32c', CRC_LAYOUT.tables['CRC-32C'], true),
    ...crc32Func('cksum', CRC_LAYOUT.tables.CKSUM, false),
    ...crc64Func('nvme', CRC_LAYOUT.tables['CRC-64/NVME']),
    ...crc64Func('xz', CRC_LAYOUT.tables['CRC-64/XZ']),
    ...adlerFunc(),
  ];
  return [`;; ${note}`, '(module', '  (memory (export "memory") 4)', ...body.map((l) => `  ${l}`), ')', ''].join('\n');
}
