// BLAKE2b's and BLAKE2s's SIMD128 WebAssembly, for scripts/gen/gen-wasm.mjs: the module `blake2simd`, over the memory
// of `blake2` (gen-wasm-blake2.mjs), which it imports; its two exports take the scalar ones' arguments. Separate so
// that a runtime without SIMD still gets `blake2` (src/wasm/blake2.ts chooses at load).
//
// Row-parallel, as the reference's SSE code lays BLAKE2 out (written here from RFC 7693, not copied): the state's
// four rows a, b, c, d are vectors and G runs on the four columns at once; for the diagonals, rows a, c and d turn by
// one, three and two words so that each diagonal stands in one lane, and turn back after. b, whose rotation ends each
// half of G and which the next step adds first, is the row that does not move: the turns run beside the chain, not
// on it (turning b, c and d as the reference does was slower here).
//   BLAKE2s: a row is one i32x4. Rotations by 16 and 8 are byte swizzles, by 12 and 7 two shifts and an or.
//   BLAKE2b: a row is two i64x2 (words 0-1 and 2-3), every step written for both halves in turn (V8's Turboshaft
//            compiles in written order). Rotation by 32 is a word shuffle, by 24 and 16 byte swizzles, by 63
//            `(x + x) | (x >> 63)`; a row turns by one word across its two halves (c's and d's halves, by two words,
//            just swap names: no code).
// The byte swizzles read their masks from locals set once: V8 then keeps each mask in a register, where a constant
// shuffle rebuilt the mask at every use. The message words a step takes (σ, RFC 7693 §2.7) are gathered from the
// block in memory by lane loads, off the state's dependency chains. G adds the message word before the word just
// rotated, as the scalar code does. Why this is not faster in V8 on every core: docs/decisions/wasm-blake2-simd-rows.md.

import { BLAKE2_SIGMA as SIGMA } from './constants.mjs';
import { BLAKE2B_IV, BLAKE2S_IV } from './gen-wasm-blake2.mjs';

const hex32 = (n) => `0x${(n >>> 0).toString(16).padStart(8, '0')}`;
const hex64 = (n) => `0x${n.toString(16).padStart(16, '0')}`;
const get = (v) => `(local.get $${v})`;
const set = (v, e) => `(local.set $${v} ${e})`;
const bytes = (xs) => xs.join(' ');
const range = (n) => Array.from({ length: n }, (_, i) => i);
const indent = (lines, n) => lines.map((l) => ' '.repeat(n) + l);

/** The byte swizzle that rotates every lane of `lane` bytes right by `r` bits (r a multiple of 8). */
const rotrBytes = (lane, r) => range(16).map((i) => i - (i % lane) + (((i % lane) + r / 8) % lane));
const swizzle = (x, r) => `(i8x16.swizzle ${x} (local.get $r${r}))`;
const masks = (lane, rs) => [
  rs.map((r) => `(local $r${r} v128)`).join(' '),
  ...rs.map((r) => set(`r${r}`, `(v128.const i8x16 ${bytes(rotrBytes(lane, r))})`)),
];

/** BLAKE2s' ops on i32x4 rows. */
const S = {
  add: (a, b) => `(i32x4.add ${a} ${b})`,
  xor: (a, b) => `(v128.xor ${a} ${b})`,
  rotr: (x, n) =>
    n % 8 === 0
      ? swizzle(x, n)
      : `(v128.or (i32x4.shr_u ${x} (i32.const ${n})) (i32x4.shl ${x} (i32.const ${32 - n})))`,
};

/** BLAKE2b's ops on i64x2 halves of rows. */
const B = {
  add: (a, b) => `(i64x2.add ${a} ${b})`,
  xor: (a, b) => `(v128.xor ${a} ${b})`,
  rotr: (x, n) => {
    if (n === 32) return `(i8x16.shuffle ${bytes(rotrBytes(8, 32))} ${x} ${x})`;
    if (n === 63) return `(v128.or (i64x2.add ${x} ${x}) (i64x2.shr_u ${x} (i32.const 63)))`;
    return swizzle(x, n);
  },
};

/**
 * Half of G on rows held in locals: a = (a + m) + b; d = (d ^ a) >>> r1; c = c + d; b = (b ^ c) >>> r2, for each of
 * `parts` (the rows' halves, written step by step in turn), `m(k)` the message vector of part k.
 */
function halfG(ops, parts, m, r1, r2) {
  const steps = [
    (k) => set(`a${k}`, ops.add(ops.add(get(`a${k}`), m(k)), get(`b${k}`))),
    (k) => set(`d${k}`, ops.rotr(ops.xor(get(`d${k}`), get(`a${k}`)), r1)),
    (k) => set(`c${k}`, ops.add(get(`c${k}`), get(`d${k}`))),
    (k) => set(`b${k}`, ops.rotr(ops.xor(get(`b${k}`), get(`c${k}`)), r2)),
  ];
  return steps.flatMap((step) => parts.map(step));
}

/**
 * The G that lane j (0..3 along a row) runs: G j on the columns; on the diagonals, with b unmoved (lane j holds
 * v[4 + j]), G 4 + k for the diagonal through v[4 + j]: k = j - 1.
 */
const gOf = (j, diagonal) => (diagonal ? 4 + ((j + 3) % 4) : j);

/** The loop over the blocks around `body` (one compression of the block at $p), `block` bytes each. */
const blockLoop = (block, flag, body) => [
  '(block $done (loop $block',
  '  (br_if $done (i32.eqz (local.get $n)))',
  '  ;; the final-block flag: all ones on the last block of a call that ends the message',
  `  ${set('f', flag('(i32.sub (i32.const 0) (i32.and (local.get $last) (i32.eq (local.get $n) (i32.const 1))))'))}`,
  ...indent(body, 2),
  `  (local.set $p (i32.add (local.get $p) (i32.const ${block})))`,
  `  (local.set $ctr (i64.add (local.get $ctr) (i64.const ${block})))`,
  '  (local.set $n (i32.sub (local.get $n) (i32.const 1)))',
  '  (br $block)))',
];

const SIGNATURE = '(param $h i32) (param $p i32) (param $n i32) (param $lo i32) (param $hi i32) (param $last i32)';
const COUNTER =
  '(local.set $ctr (i64.or (i64.shl (i64.extend_i32_u (local.get $hi)) (i64.const 32)) (i64.extend_i32_u (local.get $lo))))';
const ZERO = '(v128.const i64x2 0 0)';

// ---- BLAKE2s ------------------------------------------------------------------------------------------------

/** The i32x4 of the block's message words `words` (indices): a zeroing load, then one lane load a word. */
const gather32 = (words) =>
  words
    .slice(1)
    .reduce(
      (v, w, i) => `(v128.load32_lane offset=${4 * w} ${i + 1} (local.get $p) ${v})`,
      `(v128.load32_zero offset=${4 * words[0]} (local.get $p))`,
    );

/** Row r turned by k words: lane i takes lane (i + k) % 4. */
const turn32 = (r, k) => set(r, `(i8x16.shuffle ${bytes(range(16).map((i) => (i + 4 * k) % 16))} ${get(r)} ${get(r)})`);

function roundS(s) {
  const half = (diagonal) => [
    set('mx', gather32(range(4).map((j) => s[2 * gOf(j, diagonal)]))),
    set('my', gather32(range(4).map((j) => s[2 * gOf(j, diagonal) + 1]))),
    ...halfG(S, [''], () => get('mx'), 16, 12),
    ...halfG(S, [''], () => get('my'), 8, 7),
  ];
  // to the diagonals: lane j of a takes v[j - 1], of c v[8 + j + 1], of d v[12 + j + 2]; and back
  return [
    ...half(false),
    ...[turn32('a', 3), turn32('c', 1), turn32('d', 2)],
    ...half(true),
    ...[turn32('a', 1), turn32('c', 3), turn32('d', 2)],
  ];
}

function blake2s() {
  const iv = (i) => `(v128.const i32x4 ${bytes(BLAKE2S_IV.slice(i, i + 4).map(hex32))})`;
  const [maskLocals, ...maskSets] = masks(4, [16, 8]);
  return [
    ";; blake2s(h, p, n, lo, hi, last): as the scalar module's, on rows of four i32 lanes.",
    `(func (export "blake2s") ${SIGNATURE}`,
    '  (local $a v128) (local $b v128) (local $c v128) (local $d v128) (local $mx v128) (local $my v128)',
    `  (local $h0 v128) (local $h1 v128) (local $ctr i64) (local $f i32) ${maskLocals}`,
    ...indent([COUNTER, ...maskSets], 2),
    `  ${set('h0', '(v128.load (local.get $h))')}`,
    `  ${set('h1', '(v128.load offset=16 (local.get $h))')}`,
    ...indent(
      blockLoop(64, (x) => x, [
        set('a', get('h0')),
        set('b', get('h1')),
        set('c', iv(0)),
        // v12..v15: the IV's words 4..7 xor (t0, t1, f, 0)
        set('d', `(v128.xor ${iv(4)} (i32x4.replace_lane 2 (i64x2.replace_lane 0 ${ZERO} ${get('ctr')}) ${get('f')}))`),
        ...SIGMA.flatMap(roundS),
        set('h0', S.xor(get('h0'), S.xor(get('a'), get('c')))),
        set('h1', S.xor(get('h1'), S.xor(get('b'), get('d')))),
      ]),
      2,
    ),
    '  (v128.store (local.get $h) (local.get $h0))',
    '  (v128.store offset=16 (local.get $h) (local.get $h1))',
    ')',
  ];
}

// ---- BLAKE2b ------------------------------------------------------------------------------------------------

/** The i64x2 of the block's message words w0, w1. */
const gather64 = (w0, w1) =>
  `(v128.load64_lane offset=${8 * w1} 1 (local.get $p) (v128.load64_zero offset=${8 * w0} (local.get $p)))`;

/** The i64x2 (x's high word, y's low word). */
const across = (x, y) => `(i8x16.shuffle ${bytes(range(16).map((i) => i + 8))} ${x} ${y})`;

/** Row r's halves r0, r1 := (r_i.hi, r_j.lo), (r_j.hi, r_i.lo): the row turned by one word (i, j = 1, 0) or three. */
const turn64 = (r, i, j) => [
  set('t', across(get(`${r}${i}`), get(`${r}${j}`))),
  set(`${r}1`, across(get(`${r}${j}`), get(`${r}${i}`))),
  set(`${r}0`, get('t')),
];
const swapHalves = (r) => [set('t', get(`${r}0`)), set(`${r}0`, get(`${r}1`)), set(`${r}1`, get('t'))];

function roundB(s) {
  const half = (diagonal) => {
    // part k holds lanes 2k and 2k + 1 of the row
    const m = (y) => (k) => gather64(s[2 * gOf(2 * k, diagonal) + y], s[2 * gOf(2 * k + 1, diagonal) + y]);
    return [...halfG(B, [0, 1], m(0), 32, 24), ...halfG(B, [0, 1], m(1), 16, 63)];
  };
  // to the diagonals: a (v0 v1)(v2 v3) to (v3 v0)(v1 v2); c (v8 v9)(v10 v11) to (v9 v10)(v11 v8); d's halves swap
  const there = [...turn64('a', 1, 0), ...turn64('c', 0, 1), ...swapHalves('d')];
  const back = [...turn64('a', 0, 1), ...turn64('c', 1, 0), ...swapHalves('d')];
  return [...half(false), ...there, ...half(true), ...back];
}

function blake2b() {
  const iv = (i) => `(v128.const i64x2 ${hex64(BLAKE2B_IV[i])} ${hex64(BLAKE2B_IV[i + 1])})`;
  const rows = ['a0', 'a1', 'b0', 'b1', 'c0', 'c1', 'd0', 'd1'];
  const [maskLocals, ...maskSets] = masks(8, [24, 16]);
  const row = (i) => `${'ab'[i >> 1]}${i & 1}`;
  const far = (i) => `${'cd'[i >> 1]}${i & 1}`;
  return [
    ";; blake2b(h, p, n, lo, hi, last): as the scalar module's, each row as two i64x2.",
    `(func (export "blake2b") ${SIGNATURE}`,
    `  ${[...rows, 't', 'h0', 'h1', 'h2', 'h3'].map((x) => `(local $${x} v128)`).join(' ')}`,
    `  (local $ctr i64) (local $f i64) ${maskLocals}`,
    ...indent([COUNTER, ...maskSets], 2),
    ...range(4).map((i) => `  ${set(`h${i}`, `(v128.load offset=${16 * i} (local.get $h))`)}`),
    ...indent(
      blockLoop(128, (x) => `(i64.extend_i32_s ${x})`, [
        ...range(4).map((i) => set(row(i), get(`h${i}`))),
        set('c0', iv(0)),
        set('c1', iv(2)),
        // v12, v13: the IV's words 4, 5 xor (t0, 0); v14, v15: words 6, 7 xor (f, 0)
        set('d0', `(v128.xor ${iv(4)} (i64x2.replace_lane 0 ${ZERO} ${get('ctr')}))`),
        set('d1', `(v128.xor ${iv(6)} (i64x2.replace_lane 0 ${ZERO} ${get('f')}))`),
        ...range(12).flatMap((r) => roundB(SIGMA[r % 10])),
        ...range(4).map((i) => set(`h${i}`, B.xor(get(`h${i}`), B.xor(get(row(i)), get(far(i)))))),
      ]),
      2,
    ),
    ...range(4).map((i) => `  (v128.store offset=${16 * i} (local.get $h) (local.get $h${i}))`),
    ')',
  ];
}

/** The module's text, with `note` (the generated-file note) at the top. */
export function blake2SimdModule(note) {
  return [
    `;; ${note}`,
    '(module',
    '  (import "blake2" "memory" (memory 2))',
    ...indent([...blake2b(), ...blake2s()], 2),
    ')',
    '',
  ].join('\n');
}
