// BLAKE2b's and BLAKE2s's SIMD128 WebAssembly, for scripts/gen/gen-wasm.mjs: the module `blake2simd`, over the memory
// of `blake2` (gen-wasm-blake2.mjs), which it imports; its exports take the same arguments as the scalar ones.
// Separate so that a runtime without SIMD still gets `blake2`.
//
// Row-parallel, as the reference's SSE code lays BLAKE2 out (not copied from it): the state's four rows are
// vectors, G runs on the four columns at once, then the rows b, c, d are rotated by one, two and three words so that
// the diagonals stand in columns, and rotated back after (RFC 7693 §3.2's round).
//   BLAKE2s: a row is one i32x4. Rotations by 16 and 8 are byte shuffles, by 12 and 7 two shifts and an or; the
//            diagonalisation is a word shuffle of each of b, c, d.
//   BLAKE2b: a row is two i64x2 (words 0-1 and 2-3), each step written for both halves interleaved (V8's
//            Turboshaft compiles in written order). Rotation by 32 is a word shuffle, by 24 and 16 byte shuffles, by
//            63 `(x + x) | (x >> 63)`; the diagonalisation is an 8-byte rotation across each row's two halves for b
//            and d (the halves of c just swap names: no code).
// The message words each column or diagonal step takes (σ, RFC 7693 §2.7) are gathered from the block in memory by
// lane loads (a zeroing load, then one lane insert a word), away from the state's dependency chains.

import { BLAKE2_SIGMA as SIGMA } from '../../../scripts/gen/constants.mjs';

const hex32 = (n) => `0x${(n >>> 0).toString(16).padStart(8, '0')}`;
const hex64 = (n) => `0x${n.toString(16).padStart(16, '0')}`;
const get = (v) => `(local.get $${v})`;
const set = (v, e) => `(local.set $${v} ${e})`;
const bytes = (xs) => xs.join(' ');
const X = (k) => (process.env.B2X ?? '').split(',').includes(k);
const range = (n) => Array.from({ length: n }, (_, i) => i);

const IV32 = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
const IV64 = [
  0x6a09e667f3bcc908n,
  0xbb67ae8584caa73bn,
  0x3c6ef372fe94f82bn,
  0xa54ff53a5f1d36f1n,
  0x510e527fade682d1n,
  0x9b05688c2b3e6c1fn,
  0x1f83d9abfb41bd6bn,
  0x5be0cd19137e2179n,
];

/** The byte shuffle that rotates every lane of `lane` bytes right by `r` bits (r a multiple of 8). */
const rotrBytes = (lane, r) => range(16).map((i) => (i - (i % lane)) + ((i % lane) + r / 8) % lane);

/** BLAKE2s' ops on i32x4 rows. */
const S = {
  add: (a, b) => `(i32x4.add ${a} ${b})`,
  xor: (a, b) => `(v128.xor ${a} ${b})`,
  rotr: (x, n) =>
    n % 8 === 0
      ? X('swz')
        ? `(i8x16.swizzle ${x} (local.get $r${n}))`
        : `(i8x16.shuffle ${bytes(rotrBytes(4, n))} ${x} ${x})`
      : `(v128.or (i32x4.shr_u ${x} (i32.const ${n})) (i32x4.shl ${x} (i32.const ${32 - n})))`,
};

/** BLAKE2b's ops on i64x2 halves of rows. */
const B = {
  add: (a, b) => `(i64x2.add ${a} ${b})`,
  xor: (a, b) => `(v128.xor ${a} ${b})`,
  rotr: (x, n) =>
    n === 63
      ? `(v128.or (i64x2.add ${x} ${x}) (i64x2.shr_u ${x} (i32.const 63)))`
      : n !== 32 && X('swz')
        ? `(i8x16.swizzle ${x} (local.get $r${n}))`
        : `(i8x16.shuffle ${bytes(rotrBytes(8, n))} ${x} ${x})`,
};

/**
 * Half of G on rows held in locals: a = (a + m) + b; d = (d ^ a) >>> r1; c = c + d; b = (b ^ c) >>> r2, for each
 * of `parts` (the rows' halves, written step by step interleaved), `m(k)` the message vector of part k.
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

// ---- BLAKE2s ------------------------------------------------------------------------------------------------

/** The i32x4 of message words `words` (indices) of the block at $p. */
const gather32 = (words) =>
  X('rl') ? words.slice(1).reduce((v, w, i) => `(i32x4.replace_lane ${i + 1} ${v} (i32.load offset=${4 * w} (local.get $p)))`, `(i32x4.splat (i32.load offset=${4 * words[0]} (local.get $p)))`) :
  words
    .slice(1)
    .reduce(
      (v, w, i) => `(v128.load32_lane offset=${4 * w} ${i + 1} (local.get $p) ${v})`,
      `(v128.load32_zero offset=${4 * words[0]} (local.get $p))`,
    );

/** A word shuffle of one i32x4: lane i of the result is lane (i + k) % 4 of x. */
const turn32 = (x, k) => `(i8x16.shuffle ${bytes(range(16).map((i) => (i + 4 * k) % 16))} ${x} ${x})`;

function roundS(s) {
  // lane j of the diagonal step runs G number 4 + k: k = j with b turned (the reference's layout), k = j - 1 with a,
  // c and d turned instead (b, the chain's last word, then goes on unmoved)
  const acd = X('acd');
  const gOf = (j, diagonal) => (diagonal ? (acd ? (j + 3) % 4 : j) + 4 : j);
  const half = (diagonal) => [
    set('mx', gather32(range(4).map((j) => s[2 * gOf(j, diagonal)]))),
    set('my', gather32(range(4).map((j) => s[2 * gOf(j, diagonal) + 1]))),
    ...halfG(S, [''], () => get('mx'), 16, 12),
    ...halfG(S, [''], () => get('my'), 8, 7),
  ];
  const turn = (ka, kb, kc, kd) =>
    [['a', ka], ['b', kb], ['c', kc], ['d', kd]].filter(([, k]) => k !== 0).map(([r, k]) => set(r, turn32(get(r), k)));
  return acd
    ? [...half(false), ...turn(3, 0, 1, 2), ...half(true), ...turn(1, 0, 3, 2)]
    : [...half(false), ...turn(0, 1, 2, 3), ...half(true), ...turn(0, 3, 2, 1)];
}

function blake2s() {
  const iv = (i) => `(v128.const i32x4 ${bytes(IV32.slice(i, i + 4).map(hex32))})`;
  return [
    ';; blake2s(h, p, n, lo, hi, last): as the scalar module\'s, on rows of four i32 lanes.',
    '(func (export "blake2s") (param $h i32) (param $p i32) (param $n i32) (param $lo i32) (param $hi i32) (param $last i32)',
    '  (local $a v128) (local $b v128) (local $c v128) (local $d v128) (local $mx v128) (local $my v128)',
    '  (local $h0 v128) (local $h1 v128) (local $ctr i64) (local $f i32) (local $r16 v128) (local $r8 v128)',
    `  (local.set $r16 (v128.const i8x16 ${bytes(rotrBytes(4, 16))}))`,
    `  (local.set $r8 (v128.const i8x16 ${bytes(rotrBytes(4, 8))}))`,
    '  (local.set $ctr (i64.or (i64.shl (i64.extend_i32_u (local.get $hi)) (i64.const 32)) (i64.extend_i32_u (local.get $lo))))',
    `  ${set('h0', '(v128.load (local.get $h))')}`,
    `  ${set('h1', '(v128.load offset=16 (local.get $h))')}`,
    '  (block $done (loop $block',
    '    (br_if $done (i32.eqz (local.get $n)))',
    '    (local.set $f (i32.sub (i32.const 0) (i32.and (local.get $last) (i32.eq (local.get $n) (i32.const 1)))))',
    `    ${set('a', get('h0'))}`,
    `    ${set('b', get('h1'))}`,
    `    ${set('c', iv(0))}`,
    // v12..v15: the IV's words 4..7 xor (t0, t1, f, 0)
    `    ${set('d', `(v128.xor ${iv(4)} (i32x4.replace_lane 2 (i64x2.replace_lane 0 (v128.const i64x2 0 0) (local.get $ctr)) (local.get $f)))`)}`,
    ...SIGMA.flatMap(roundS).map((l) => `    ${l}`),
    `    ${set('h0', S.xor(get('h0'), S.xor(get('a'), get('c'))))}`,
    `    ${set('h1', S.xor(get('h1'), S.xor(get('b'), get('d'))))}`,
    '    (local.set $p (i32.add (local.get $p) (i32.const 64)))',
    '    (local.set $ctr (i64.add (local.get $ctr) (i64.const 64)))',
    '    (local.set $n (i32.sub (local.get $n) (i32.const 1)))',
    '    (br $block)))',
    '  (v128.store (local.get $h) (local.get $h0))',
    '  (v128.store offset=16 (local.get $h) (local.get $h1))',
    ')',
  ];
}

// ---- BLAKE2b ------------------------------------------------------------------------------------------------

/** The i64x2 of message words w0, w1 of the block at $p. */
const pick = (w0, w1) => {
  const lane = (w, base) => range(8).map((i) => base + 8 * (w & 1) + i);
  if (w0 >> 1 === w1 >> 1) return `(i8x16.shuffle ${bytes([...lane(w0, 0), ...lane(w1, 0)])} (local.get $M${w0 >> 1}) (local.get $M${w0 >> 1}))`;
  return `(i8x16.shuffle ${bytes([...lane(w0, 0), ...lane(w1, 16)])} (local.get $M${w0 >> 1}) (local.get $M${w1 >> 1}))`;
};
const gather64 = (w0, w1) => X('sh') ? pick(w0, w1) : X('rl') ? `(i64x2.replace_lane 1 (i64x2.splat (i64.load offset=${8 * w0} (local.get $p))) (i64.load offset=${8 * w1} (local.get $p)))` :
  `(v128.load64_lane offset=${8 * w1} 1 (local.get $p) (v128.load64_zero offset=${8 * w0} (local.get $p)))`;

/** The i64x2 (x's high word, y's low word): a row's two halves turned by one word. */
const across = (x, y) => `(i8x16.shuffle ${bytes(range(16).map((i) => i + 8))} ${x} ${y})`;

/** Rows r0, r1 := across(r_i, r_j), across(r_k, r_l) for [i, j, k, l]. */
const cross = (r, [i, j, k, l]) => [
  set('t', across(get(`${r}${i}`), get(`${r}${j}`))),
  set(`${r}1`, across(get(`${r}${k}`), get(`${r}${l}`))),
  set(`${r}0`, get('t')),
];
const swap = (r) => [set('t', get(`${r}0`)), set(`${r}0`, get(`${r}1`)), set(`${r}1`, get('t'))];

function roundB(s) {
  const acd = X('acd');
  // lane j (part j >> 1, lane j & 1) of the diagonal step runs G number 4 + k, as in roundS
  const gOf = (j, diagonal) => (diagonal ? (acd ? (j + 3) % 4 : j) + 4 : j);
  const half = (diagonal) => {
    const m = (y) => (k) => gather64(s[2 * gOf(2 * k, diagonal) + y], s[2 * gOf(2 * k + 1, diagonal) + y]);
    return [...halfG(B, [0, 1], m(0), 32, 24), ...halfG(B, [0, 1], m(1), 16, 63)];
  };
  if (acd) {
    // a: (v0 v1)(v2 v3) to (v3 v0)(v1 v2); c: (v8 v9)(v10 v11) to (v9 v10)(v11 v8); d's halves swap
    const diagonal = [...cross('a', [1, 0, 0, 1]), ...cross('c', [0, 1, 1, 0]), ...swap('d')];
    const undiagonal = [...cross('a', [0, 1, 1, 0]), ...cross('c', [1, 0, 0, 1]), ...swap('d')];
    return [...half(false), ...diagonal, ...half(true), ...undiagonal];
  }
  // b: (v4 v5)(v6 v7) to (v5 v6)(v7 v4); c's halves swap; d: (v12 v13)(v14 v15) to (v15 v12)(v13 v14)
  const diagonal = [...cross('b', [0, 1, 1, 0]), ...swap('c'), ...cross('d', [1, 0, 0, 1])];
  const undiagonal = [...cross('b', [1, 0, 0, 1]), ...swap('c'), ...cross('d', [0, 1, 1, 0])];
  return [...half(false), ...diagonal, ...half(true), ...undiagonal];
}

function blake2b() {
  const iv = (i) => `(v128.const i64x2 ${hex64(IV64[i])} ${hex64(IV64[i + 1])})`;
  const rows = ['a', 'b', 'c', 'd'].flatMap((r) => [`${r}0`, `${r}1`]);
  const locals = [...rows, 't', 'h0', 'h1', 'h2', 'h3'].map((x) => `(local $${x} v128)`).join(' ');
  return [
    ";; blake2b(h, p, n, lo, hi, last): as the scalar module's, each row as two i64x2.",
    '(func (export "blake2b") (param $h i32) (param $p i32) (param $n i32) (param $lo i32) (param $hi i32) (param $last i32)',
    `  ${locals} (local $ctr i64) (local $f i64) (local $r24 v128) (local $r16 v128) ${range(8).map((i) => `(local $M${i} v128)`).join(' ')}`,
    `  (local.set $r24 (v128.const i8x16 ${bytes(rotrBytes(8, 24))}))`,
    `  (local.set $r16 (v128.const i8x16 ${bytes(rotrBytes(8, 16))}))`,
    '  (local.set $ctr (i64.or (i64.shl (i64.extend_i32_u (local.get $hi)) (i64.const 32)) (i64.extend_i32_u (local.get $lo))))',
    ...(X('hm') ? [] : range(4).map((i) => `  ${set(`h${i}`, `(v128.load offset=${16 * i} (local.get $h))`)}`)),
    '  (block $done (loop $block',
    '    (br_if $done (i32.eqz (local.get $n)))',
    '    (local.set $f (i64.extend_i32_s (i32.sub (i32.const 0) (i32.and (local.get $last) (i32.eq (local.get $n) (i32.const 1))))))',
    ...range(4).map((i) => `    ${set(`${'ab'[i >> 1]}${i & 1}`, X('hm') ? `(v128.load offset=${16 * i} (local.get $h))` : get(`h${i}`))}`),
    ...(X('sh') ? range(8).map((i) => `    ${set(`M${i}`, `(v128.load offset=${16 * i} (local.get $p))`)}`) : []),
    `    ${set('c0', iv(0))}`,
    `    ${set('c1', iv(2))}`,
    // v12, v13: the IV's words 4, 5 xor (t0, 0); v14, v15: words 6, 7 xor (f, 0)
    `    ${set('d0', `(v128.xor ${iv(4)} (i64x2.replace_lane 0 (v128.const i64x2 0 0) (local.get $ctr)))`)}`,
    `    ${set('d1', `(v128.xor ${iv(6)} (i64x2.replace_lane 0 (v128.const i64x2 0 0) (local.get $f)))`)}`,
    ...range(12)
      .flatMap((r) => roundB(SIGMA[r % 10]))
      .map((l) => `    ${l}`),
    ...range(4).map((i) =>
      X('hm')
        ? `    (v128.store offset=${16 * i} (local.get $h) ${B.xor(`(v128.load offset=${16 * i} (local.get $h))`, B.xor(get(`${'ab'[i >> 1]}${i & 1}`), get(`${'cd'[i >> 1]}${i & 1}`)))})`
        : `    ${set(`h${i}`, B.xor(get(`h${i}`), B.xor(get(`${'ab'[i >> 1]}${i & 1}`), get(`${'cd'[i >> 1]}${i & 1}`))))}`,
    ),
    '    (local.set $p (i32.add (local.get $p) (i32.const 128)))',
    '    (local.set $ctr (i64.add (local.get $ctr) (i64.const 128)))',
    '    (local.set $n (i32.sub (local.get $n) (i32.const 1)))',
    '    (br $block)))',
    ...(X('hm') ? [] : range(4).map((i) => `  (v128.store offset=${16 * i} (local.get $h) (local.get $h${i}))`)),
    ')',
  ];
}

/** The module's text, with `note` (the generated-file note) at the top. */
export function blake2SimdModule(note) {
  return [
    `;; ${note}`,
    '(module',
    '  (import "blake2" "memory" (memory 2))',
    ...[...blake2b(), ...blake2s()].map((l) => `  ${l}`),
    ')',
    '',
  ].join('\n');
}
