// BLAKE3's WebAssembly, for scripts/gen/gen-wasm.mjs: two modules over BLAKE3's own memory (its layout is
// packages/digestlab/src/wasm/blake3.ts's; nothing is shared with the core and simd modules' memory).
//
//   blake3:      compress (one block, the 16 output words), blocks (a run of a chunk's inner blocks), chunks
//                (whole chunks to their chaining values, one after another), parents (pairs of chaining values to
//                parents, in place), root (a one-chunk input's whole hash: the short one-shot). WebAssembly 1.0.
//   blake3simd:  chunks and parents four at a time, one chunk (or parent) per 32-bit lane of a v128: the
//                reference's hash_many (BLAKE3 paper §5.3); fewer than four left go to the scalar functions, which
//                it imports. Separate so that a runtime without SIMD still gets `blake3`.
//
// The rounds are written once, from the paper (§2.2: G, seven rounds, the message permutation), over an "ops"
// object: the same generator emits the scalar (i32) and the 4-lane (i32x4) code. Counters cross from JavaScript as
// two i32 halves (no BigInt) and are joined into an i64 here.

import { COLUMNS_DIAGONALS } from './constants.mjs';

const hex32 = (n) => `0x${(n >>> 0).toString(16).padStart(8, '0')}`;
const get = (v) => `(local.get $${v})`;
const set = (v, e) => `(local.set $${v} ${e})`;

export const BLAKE3_IV = [
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
];
const PERMUTATION = [2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8];

/** Round r reads message word SCHEDULE[r][i] where round 0 reads word i. */
const SCHEDULE = (() => {
  const out = [];
  let order = Array.from({ length: 16 }, (_, i) => i);
  for (let r = 0; r < 7; r++) {
    out.push(order);
    order = PERMUTATION.map((p) => order[p]);
  }
  return out;
})();

export const scalar = {
  type: 'i32',
  add: (...xs) => xs.reduce((a, b) => `(i32.add ${a} ${b})`),
  xor: (a, b) => `(i32.xor ${a} ${b})`,
  rotr: (x, n) => `(i32.rotr ${x} (i32.const ${n}))`,
  const: (n) => `(i32.const ${hex32(n)})`,
};

/** Byte shuffles that rotate every 32-bit lane right by 16 and by 8; 12 and 7 take two shifts and an or. */
const ROTR_BYTES = {
  16: '2 3 0 1 6 7 4 5 10 11 8 9 14 15 12 13',
  8: '1 2 3 0 5 6 7 4 9 10 11 8 13 14 15 12',
};
const vector = {
  type: 'v128',
  add: (...xs) => xs.reduce((a, b) => `(i32x4.add ${a} ${b})`),
  xor: (a, b) => `(v128.xor ${a} ${b})`,
  rotr: (x, n) =>
    ROTR_BYTES[n]
      ? `(i8x16.shuffle ${ROTR_BYTES[n]} ${x} ${x})`
      : `(v128.or (i32x4.shr_u ${x} (i32.const ${n})) (i32x4.shl ${x} (i32.const ${32 - n})))`,
  const: (n) => `(v128.const i32x4 ${[0, 1, 2, 3].map(() => hex32(n)).join(' ')})`,
};

/**
 * G (§2.2) on state words a, b, c, d with message words x, y: BLAKE2s' G (RFC 7693 §3.1), whose rotations BLAKE3
 * kept; BLAKE2b's generator (gen-wasm-blake2.mjs) passes its own four. `a + b + m` is summed as `(a + m) + b`: `b` was
 * rotated just before, so one addition waits for it, not two (docs/decisions/wasm-blake-interleaved-g.md).
 */
function g(ops, [a, b, c, d], x, y, [r1, r2, r3, r4] = [16, 12, 8, 7]) {
  const v = (i) => `v${i}`;
  const step = (p, q, r, m, n) => [
    set(v(p), m === undefined ? ops.add(get(v(p)), get(v(q))) : ops.add(get(v(p)), get(m), get(v(q)))),
    set(v(r), ops.rotr(ops.xor(get(v(r)), get(v(p))), n)),
  ];
  return [
    ...step(a, b, d, x, r1),
    ...step(c, d, b, undefined, r2),
    ...step(a, b, d, y, r3),
    ...step(c, d, b, undefined, r4),
  ];
}

/**
 * One round: G on the four columns, then on the four diagonals (BLAKE2s' and BLAKE2b's order too, RFC 7693 §3.2),
 * message words `x(k)`, `y(k)` for the k-th G. The four G's of each half are independent, and their steps are written
 * interleaved (each step of the four, then the next): V8 since Turboshaft compiles WebAssembly in the order it is
 * written, where the older TurboFan scheduled the four chains among one another itself
 * (docs/decisions/wasm-blake-interleaved-g.md).
 */
export function gRound(ops, x, y, rotations) {
  const body = [];
  for (const half of [0, 4]) {
    const gs = [0, 1, 2, 3].map((j) => g(ops, COLUMNS_DIAGONALS[half + j], x(half + j), y(half + j), rotations));
    for (let step = 0; step < gs[0].length; step++) for (const steps of gs) body.push(steps[step]);
  }
  return body;
}

/**
 * One compression's state set up and its seven rounds: v0..v7 from h0..h7, v8..v11 the IV, v12..v15 from the
 * locals c0, c1 (counter halves), len and f (flags); message words in m0..m15.
 */
function compressBody(ops) {
  const body = [];
  for (let i = 0; i < 8; i++) body.push(set(`v${i}`, get(`h${i}`)));
  for (let i = 0; i < 4; i++) body.push(set(`v${8 + i}`, ops.const(BLAKE3_IV[i])));
  body.push(set('v12', get('c0')), set('v13', get('c1')), set('v14', get('len')), set('v15', get('f')));
  for (const order of SCHEDULE) {
    body.push(
      ...gRound(
        ops,
        (k) => `m${order[2 * k]}`,
        (k) => `m${order[2 * k + 1]}`,
      ),
    );
  }
  return body;
}

const locals = (names, t) => names.map((n) => `(local $${n} ${t})`).join(' ');
const range = (prefix, n) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const STATE = [...range('v', 16), ...range('m', 16), ...range('h', 8), 'c0', 'c1', 'len', 'f'];
const indent = (lines, n) => lines.map((l) => ' '.repeat(n) + l);

const loadWords = (prefix, count, at) =>
  Array.from({ length: count }, (_, i) => set(`${prefix}${i}`, `(i32.load offset=${4 * i} ${at})`));
const storeChain = (at) =>
  Array.from(
    { length: 8 },
    (_, i) => `(i32.store offset=${4 * i} ${at} ${scalar.xor(get(`v${i}`), get(`v${i + 8}`))})`,
  );
/** All 16 output words of the compression just done, at `at`: the chaining value, then v8..v15 ^ h0..h7. */
const storeOutput = (at) => [
  ...storeChain(at),
  ...Array.from(
    { length: 8 },
    (_, i) => `(i32.store offset=${32 + 4 * i} ${at} ${scalar.xor(get(`v${i + 8}`), get(`h${i}`))})`,
  ),
];
/** The block at $p compressed into the chaining value h0..h7 (the counter, len and f already set). */
const chainBlock = () => [
  ...loadWords('m', 16, get('p')),
  ...compressBody(scalar),
  ...Array.from({ length: 8 }, (_, i) => set(`h${i}`, scalar.xor(get(`v${i}`), get(`v${i + 8}`)))),
];

const SCALAR = [
  ';; compress(cv, m, lo, hi, len, flags, out): one compression, the 16 output words at out.',
  '(func $compress (export "compress") (param $cv i32) (param $m i32) (param $lo i32) (param $hi i32) (param $blen i32) (param $flags i32) (param $out i32)',
  `  ${locals(STATE, 'i32')}`,
  ...indent([...loadWords('h', 8, get('cv')), ...loadWords('m', 16, get('m'))], 2),
  `  ${set('c0', get('lo'))} ${set('c1', get('hi'))} ${set('len', get('blen'))} ${set('f', get('flags'))}`,
  ...indent(compressBody(scalar), 2),
  ...indent(storeOutput(get('out')), 2),
  ')',
  ';; chunks(key, flags, p, count, lo, hi, out): the chaining values of count whole chunks at p, counters from hi:lo.',
  '(func $chunks (export "chunks") (param $key i32) (param $flags i32) (param $p i32) (param $count i32) (param $lo i32) (param $hi i32) (param $out i32)',
  `  ${locals(STATE, 'i32')} (local $b i32) (local $ctr i64)`,
  '  (local.set $ctr (i64.or (i64.shl (i64.extend_i32_u (local.get $hi)) (i64.const 32)) (i64.extend_i32_u (local.get $lo))))',
  '  (local.set $len (i32.const 64))',
  '  (block $done (loop $chunk',
  '    (br_if $done (i32.eqz (local.get $count)))',
  ...indent(loadWords('h', 8, get('key')), 4),
  '    (local.set $c0 (i32.wrap_i64 (local.get $ctr)))',
  '    (local.set $c1 (i32.wrap_i64 (i64.shr_u (local.get $ctr) (i64.const 32))))',
  '    (local.set $b (i32.const 0))',
  '    (loop $block',
  '      (local.set $f (i32.or (local.get $flags) (i32.or (i32.eqz (local.get $b)) (i32.shl (i32.eq (local.get $b) (i32.const 15)) (i32.const 1)))))',
  ...indent(chainBlock(), 6),
  '      (local.set $p (i32.add (local.get $p) (i32.const 64)))',
  '      (local.set $b (i32.add (local.get $b) (i32.const 1)))',
  '      (br_if $block (i32.lt_u (local.get $b) (i32.const 16))))',
  ...Array.from({ length: 8 }, (_, i) => `    (i32.store offset=${4 * i} (local.get $out) (local.get $h${i}))`),
  '    (local.set $out (i32.add (local.get $out) (i32.const 32)))',
  '    (local.set $ctr (i64.add (local.get $ctr) (i64.const 1)))',
  '    (local.set $count (i32.sub (local.get $count) (i32.const 1)))',
  '    (br $chunk)))',
  ')',
  ';; blocks(cv, p, n, lo, hi, flags, first): n inner blocks of a chunk at p into the chaining value at cv, chunk',
  ';; counter hi:lo; the first with CHUNK_START too when first is 1.',
  '(func $blocks (export "blocks") (param $cv i32) (param $p i32) (param $n i32) (param $lo i32) (param $hi i32) (param $flags i32) (param $first i32)',
  `  ${locals(STATE, 'i32')}`,
  ...indent(loadWords('h', 8, get('cv')), 2),
  '  (local.set $c0 (local.get $lo)) (local.set $c1 (local.get $hi)) (local.set $len (i32.const 64))',
  '  (block $done (loop $block',
  '    (br_if $done (i32.eqz (local.get $n)))',
  '    (local.set $f (i32.or (local.get $flags) (local.get $first)))',
  ...indent(chainBlock(), 4),
  '    (local.set $first (i32.const 0))',
  '    (local.set $p (i32.add (local.get $p) (i32.const 64)))',
  '    (local.set $n (i32.sub (local.get $n) (i32.const 1)))',
  '    (br $block)))',
  ...Array.from({ length: 8 }, (_, i) => `  (i32.store offset=${4 * i} (local.get $cv) (local.get $h${i}))`),
  ')',
  ';; root(key, flags, p, n, out): an input of n <= 1024 bytes at p (one chunk, the root), zero-padded by the caller',
  ';; to a whole block: its blocks compressed with the chunk flags, the last as the root; its 16 output words at out',
  ';; (the first 64 bytes of the XOF). The one-shot of a short message in one call: nothing crosses per block.',
  '(func $root (export "root") (param $key i32) (param $flags i32) (param $p i32) (param $n i32) (param $out i32)',
  `  ${locals(STATE, 'i32')} (local $left i32)`,
  ...indent(loadWords('h', 8, get('key')), 2),
  '  (local.set $c0 (i32.const 0)) (local.set $c1 (i32.const 0))',
  '  (local.set $f (i32.or (local.get $flags) (i32.const 1)))',
  '  (local.set $left (local.get $n))',
  '  (block $last (loop $block',
  '    (br_if $last (i32.le_u (local.get $left) (i32.const 64)))',
  '    (local.set $len (i32.const 64))',
  ...indent(chainBlock(), 4),
  '    (local.set $f (local.get $flags))',
  '    (local.set $p (i32.add (local.get $p) (i32.const 64)))',
  '    (local.set $left (i32.sub (local.get $left) (i32.const 64)))',
  '    (br $block)))',
  '  ;; the last block (0 to 64 bytes): CHUNK_END and ROOT',
  '  (local.set $len (local.get $left))',
  '  (local.set $f (i32.or (local.get $f) (i32.const 10)))',
  ...indent(loadWords('m', 16, get('p')), 2),
  ...indent(compressBody(scalar), 2),
  ...indent(storeOutput(get('out')), 2),
  ')',
  ';; parents(key, flags, cvs, count): the parent of chaining values 2i, 2i + 1 at cvs becomes the i-th, in place.',
  '(func $parents (export "parents") (param $key i32) (param $flags i32) (param $cvs i32) (param $count i32)',
  `  ${locals(STATE, 'i32')} (local $out i32)`,
  '  (local.set $out (local.get $cvs))',
  '  (local.set $c0 (i32.const 0)) (local.set $c1 (i32.const 0)) (local.set $len (i32.const 64))',
  '  (local.set $f (i32.or (local.get $flags) (i32.const 4)))',
  '  (block $done (loop $parent',
  '    (br_if $done (i32.eqz (local.get $count)))',
  ...indent([...loadWords('h', 8, get('key')), ...loadWords('m', 16, get('cvs'))], 4),
  ...indent(compressBody(scalar), 4),
  ...indent(storeChain(get('out')), 4),
  '    (local.set $cvs (i32.add (local.get $cvs) (i32.const 64)))',
  '    (local.set $out (i32.add (local.get $out) (i32.const 32)))',
  '    (local.set $count (i32.sub (local.get $count) (i32.const 1)))',
  '    (br $parent)))',
  ')',
];

/** i8x16.shuffle's byte indices for 32-bit lanes `lanes` of its two operands (0-3 the first's, 4-7 the second's). */
const lanes32 = (lanes) => lanes.flatMap((l) => [0, 1, 2, 3].map((b) => 4 * l + b)).join(' ');
/**
 * The 16 message words of four messages as m0..m15 (lane k from `base(k)`): four words of each message a v128 load,
 * the 4x4 block of words transposed by eight shuffles (the reference's transpose_msg_vecs).
 */
function gatherTransposed(base) {
  const lines = [];
  const sh = (a, b, ls) => `(i8x16.shuffle ${lanes32(ls)} (local.get $${a}) (local.get $${b}))`;
  for (let q = 0; q < 4; q++) {
    for (let k = 0; k < 4; k++) lines.push(set(`r${k}`, `(v128.load offset=${16 * q} ${base(k)})`));
    lines.push(set('t0', sh('r0', 'r1', [0, 4, 1, 5])), set('t1', sh('r0', 'r1', [2, 6, 3, 7])));
    lines.push(set('t2', sh('r2', 'r3', [0, 4, 1, 5])), set('t3', sh('r2', 'r3', [2, 6, 3, 7])));
    lines.push(set(`m${4 * q}`, sh('t0', 't2', [0, 1, 4, 5])), set(`m${4 * q + 1}`, sh('t0', 't2', [2, 3, 6, 7])));
    lines.push(set(`m${4 * q + 2}`, sh('t1', 't3', [0, 1, 4, 5])), set(`m${4 * q + 3}`, sh('t1', 't3', [2, 3, 6, 7])));
  }
  return lines;
}
const TRANSPOSE = ['r0', 'r1', 'r2', 'r3', 't0', 't1', 't2', 't3'];

/** Each lane k's chaining value (v_i ^ v_{i+8}) stored at `base(k)`. */
function scatterChain(base) {
  const lines = [];
  for (let i = 0; i < 8; i++) {
    lines.push(set(`h${i}`, vector.xor(get(`v${i}`), get(`v${i + 8}`))));
    for (let k = 0; k < 4; k++) {
      lines.push(`(i32.store offset=${4 * i} ${base(k)} (i32x4.extract_lane ${k} (local.get $h${i})))`);
    }
  }
  return lines;
}

const lane = (p, stride) => (k) => (k === 0 ? get(p) : `(i32.add ${get(p)} (i32.const ${stride * k}))`);

const SIMD = [
  '(import "blake3" "memory" (memory 1))',
  '(import "blake3" "chunks" (func $chunks1 (param i32 i32 i32 i32 i32 i32 i32)))',
  '(import "blake3" "parents" (func $parents1 (param i32 i32 i32 i32)))',
  ';; chunks4(key, flags, p, lo, hi, out): four whole chunks at p, p + 1024, ..., one per lane, counters hi:lo + k.',
  '(func $chunks4 (param $key i32) (param $flags i32) (param $p i32) (param $lo i32) (param $hi i32) (param $out i32)',
  `  ${locals([...STATE, ...TRANSPOSE], 'v128')} (local $b i32) (local $ctr i64) (local $k i64)`,
  '  (local.set $ctr (i64.or (i64.shl (i64.extend_i32_u (local.get $hi)) (i64.const 32)) (i64.extend_i32_u (local.get $lo))))',
  ...[0, 1, 2, 3].flatMap((k) => [
    `  (local.set $k (i64.add (local.get $ctr) (i64.const ${k})))`,
    `  (local.set $c0 (i32x4.replace_lane ${k} (local.get $c0) (i32.wrap_i64 (local.get $k))))`,
    `  (local.set $c1 (i32x4.replace_lane ${k} (local.get $c1) (i32.wrap_i64 (i64.shr_u (local.get $k) (i64.const 32)))))`,
  ]),
  `  (local.set $len ${vector.const(64)})`,
  ...Array.from({ length: 8 }, (_, i) => `  ${set(`h${i}`, `(v128.load32_splat offset=${4 * i} (local.get $key))`)}`),
  '  (local.set $b (i32.const 0))',
  '  (loop $block',
  '    (local.set $f (i32x4.splat (i32.or (local.get $flags) (i32.or (i32.eqz (local.get $b)) (i32.shl (i32.eq (local.get $b) (i32.const 15)) (i32.const 1))))))',
  ...indent(gatherTransposed(lane('p', 1024)), 4),
  ...indent(compressBody(vector), 4),
  ...Array.from({ length: 8 }, (_, i) => `    ${set(`h${i}`, vector.xor(get(`v${i}`), get(`v${i + 8}`)))}`),
  '    (local.set $p (i32.add (local.get $p) (i32.const 64)))',
  '    (local.set $b (i32.add (local.get $b) (i32.const 1)))',
  '    (br_if $block (i32.lt_u (local.get $b) (i32.const 16))))',
  ...Array.from({ length: 8 }, (_, i) =>
    [0, 1, 2, 3].map(
      (k) => `  (i32.store offset=${32 * k + 4 * i} (local.get $out) (i32x4.extract_lane ${k} (local.get $h${i})))`,
    ),
  ).flat(),
  ')',
  ';; parents4(key, flags, cvs, out): four parents, of the 64-byte pairs at cvs, cvs + 64, ..., to out, out + 32, ...',
  '(func $parents4 (param $key i32) (param $flags i32) (param $cvs i32) (param $out i32)',
  `  ${locals([...STATE, ...TRANSPOSE], 'v128')}`,
  ...Array.from({ length: 8 }, (_, i) => `  ${set(`h${i}`, `(v128.load32_splat offset=${4 * i} (local.get $key))`)}`),
  `  (local.set $c0 ${vector.const(0)}) (local.set $c1 ${vector.const(0)}) (local.set $len ${vector.const(64)})`,
  '  (local.set $f (i32x4.splat (i32.or (local.get $flags) (i32.const 4))))',
  ...indent(gatherTransposed(lane('cvs', 64)), 2),
  ...indent(compressBody(vector), 2),
  ...indent(scatterChain(lane('out', 32)), 2),
  ')',
  ";; chunks(key, flags, p, count, lo, hi, out): as the scalar module's, four chunks at a time.",
  '(func (export "chunks") (param $key i32) (param $flags i32) (param $p i32) (param $count i32) (param $lo i32) (param $hi i32) (param $out i32)',
  '  (local $ctr i64)',
  '  (local.set $ctr (i64.or (i64.shl (i64.extend_i32_u (local.get $hi)) (i64.const 32)) (i64.extend_i32_u (local.get $lo))))',
  '  (block $done (loop $four',
  '    (br_if $done (i32.lt_u (local.get $count) (i32.const 4)))',
  '    (call $chunks4 (local.get $key) (local.get $flags) (local.get $p) (i32.wrap_i64 (local.get $ctr)) (i32.wrap_i64 (i64.shr_u (local.get $ctr) (i64.const 32))) (local.get $out))',
  '    (local.set $p (i32.add (local.get $p) (i32.const 4096)))',
  '    (local.set $out (i32.add (local.get $out) (i32.const 128)))',
  '    (local.set $ctr (i64.add (local.get $ctr) (i64.const 4)))',
  '    (local.set $count (i32.sub (local.get $count) (i32.const 4)))',
  '    (br $four)))',
  '  (call $chunks1 (local.get $key) (local.get $flags) (local.get $p) (local.get $count) (i32.wrap_i64 (local.get $ctr)) (i32.wrap_i64 (i64.shr_u (local.get $ctr) (i64.const 32))) (local.get $out))',
  ')',
  ";; parents(key, flags, cvs, count): as the scalar module's, four parents at a time (in place: each four is read",
  ';; before it is written, and writes land at or below what is still to read).',
  '(func (export "parents") (param $key i32) (param $flags i32) (param $cvs i32) (param $count i32)',
  '  (local $out i32)',
  '  (local.set $out (local.get $cvs))',
  '  (block $done (loop $four',
  '    (br_if $done (i32.lt_u (local.get $count) (i32.const 4)))',
  '    (call $parents4 (local.get $key) (local.get $flags) (local.get $cvs) (local.get $out))',
  '    (local.set $cvs (i32.add (local.get $cvs) (i32.const 256)))',
  '    (local.set $out (i32.add (local.get $out) (i32.const 128)))',
  '    (local.set $count (i32.sub (local.get $count) (i32.const 4)))',
  '    (br $four)))',
  '  ;; the rest one by one; the scalar function reads pairs at $cvs and writes from $out, so move them down first',
  '  (memory.copy (local.get $out) (local.get $cvs) (i32.shl (local.get $count) (i32.const 6)))',
  '  (call $parents1 (local.get $key) (local.get $flags) (local.get $out) (local.get $count))',
  ')',
];

/** The two modules' text, with `note` (the generated-file note) at the top of each. */
export function blake3Modules(note) {
  return {
    blake3: [`;; ${note}`, '(module', '  (memory (export "memory") 2)', ...indent(SCALAR, 2), ')', ''].join('\n'),
    blake3simd: [`;; ${note}`, '(module', ...indent(SIMD, 2), ')', ''].join('\n'),
  };
}
