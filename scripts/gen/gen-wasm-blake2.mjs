// BLAKE2b and BLAKE2s's WebAssembly, for scripts/gen/gen-wasm.mjs: one module over its own memory (its layout is
// packages/digestlab/src/wasm/blake2.ts's; nothing is shared with the other modules' memory). WebAssembly 1.0.
//
//   blake2b(h, p, n, lo, hi, last): n blocks of 128 bytes at p into the chaining value h (eight i64 words, as
//       RFC 7693's h, little-endian in memory), the counter after the first block hi:lo (then 128 more per block),
//       the last of them with the final-block flag when `last` is 1. Native i64 words and i64.rotr.
//   blake2s(h, p, n, lo, hi, last): the same for BLAKE2s: 64-byte blocks, eight i32 words, the counter's two
//       32-bit words t0 and t1 from the i64 counter.
//
// G and its four rotations are BLAKE3's generator's (gen-wasm-blake3.mjs: BLAKE3 took G from BLAKE2s unchanged),
// with BLAKE2b's rotations (32, 24, 16, 63) on i64 words; the message schedule σ and the rounds (12 for BLAKE2b, 10
// for BLAKE2s) are RFC 7693 §2.7 and §3.2's. The counter crosses from JavaScript as two i32 halves (no BigInt).
//
// This module is WebAssembly 1.0, for every runtime; gen-wasm-blake2-simd.mjs writes the same two functions on SIMD128
// rows, which src/wasm/blake2.ts chooses where they run faster (docs/decisions/wasm-blake2-simd-rows.md).
// Loading message words at their use instead of into locals was no faster (0.96x against 1.00x).

import { BLAKE2_SIGMA as SIGMA } from './constants.mjs';
import { BLAKE3_IV, gRound, scalar } from './gen-wasm-blake3.mjs';

/** BLAKE2s' IV (RFC 7693 §2.6), which BLAKE3 kept. */
export const BLAKE2S_IV = BLAKE3_IV;

const hex64 = (n) => `0x${n.toString(16).padStart(16, '0')}`;
const get = (v) => `(local.get $${v})`;
const set = (v, e) => `(local.set $${v} ${e})`;

/** BLAKE2b's IV: SHA-512's initial hash value (FIPS 180-4 §5.3.5). */
export const BLAKE2B_IV = [
  0x6a09e667f3bcc908n,
  0xbb67ae8584caa73bn,
  0x3c6ef372fe94f82bn,
  0xa54ff53a5f1d36f1n,
  0x510e527fade682d1n,
  0x9b05688c2b3e6c1fn,
  0x1f83d9abfb41bd6bn,
  0x5be0cd19137e2179n,
];

const wide = {
  type: 'i64',
  add: (...xs) => xs.reduce((a, b) => `(i64.add ${a} ${b})`),
  xor: (a, b) => `(i64.xor ${a} ${b})`,
  rotr: (x, n) => `(i64.rotr ${x} (i64.const ${n}))`,
  const: (n) => `(i64.const ${hex64(n)})`,
};

/** The two variants: word type, block, rounds, IV, G's rotations, and the counter's words v12 and v13. */
const VARIANTS = {
  blake2b: {
    ops: wide,
    word: 8,
    rounds: 12,
    iv: BLAKE2B_IV,
    rotations: [32, 24, 16, 63],
    // the counter's upper 64 bits stay zero below 2^64 bytes: v13 is the IV's
    t0: get('ctr'),
    t1: undefined,
    flag: '(i64.extend_i32_s (local.get $f))',
  },
  blake2s: {
    ops: scalar,
    word: 4,
    rounds: 10,
    iv: BLAKE2S_IV,
    rotations: [16, 12, 8, 7],
    t0: '(i32.wrap_i64 (local.get $ctr))',
    t1: '(i32.wrap_i64 (i64.shr_u (local.get $ctr) (i64.const 32)))',
    flag: '(local.get $f)',
  },
};

/** One compression (RFC 7693 §3.2) of the message words m0..m15 into h0..h7, counter $ctr, flag $f (0 or -1). */
function compressBody(v) {
  const { ops } = v;
  const body = [];
  for (let i = 0; i < 8; i++) body.push(set(`v${i}`, get(`h${i}`)));
  for (let i = 0; i < 4; i++) body.push(set(`v${8 + i}`, ops.const(v.iv[i])));
  body.push(set('v12', ops.xor(ops.const(v.iv[4]), v.t0)));
  body.push(set('v13', v.t1 === undefined ? ops.const(v.iv[5]) : ops.xor(ops.const(v.iv[5]), v.t1)));
  body.push(set('v14', ops.xor(ops.const(v.iv[6]), v.flag)));
  body.push(set('v15', ops.const(v.iv[7])));
  for (let r = 0; r < v.rounds; r++) {
    const s = SIGMA[r % 10];
    body.push(
      ...gRound(
        ops,
        (k) => `m${s[2 * k]}`,
        (k) => `m${s[2 * k + 1]}`,
        v.rotations,
      ),
    );
  }
  for (let i = 0; i < 8; i++) body.push(set(`h${i}`, ops.xor(get(`h${i}`), ops.xor(get(`v${i}`), get(`v${8 + i}`)))));
  return body;
}

const range = (prefix, n) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const indent = (lines, n) => lines.map((l) => ' '.repeat(n) + l);

function blocksFunction(name) {
  const v = VARIANTS[name];
  const t = v.ops.type;
  const block = 16 * v.word;
  const locals = [...range('v', 16), ...range('m', 16), ...range('h', 8)].map((x) => `(local $${x} ${t})`).join(' ');
  const load = (prefix, count, at) =>
    Array.from({ length: count }, (_, i) => set(`${prefix}${i}`, `(${t}.load offset=${v.word * i} ${at})`));
  return [
    `;; ${name}(h, p, n, lo, hi, last): n blocks at p into h, the counter after the first hi:lo, then ${block} more per`,
    ';; block; the last block with the final-block flag when last is 1.',
    `(func $${name} (export "${name}") (param $h i32) (param $p i32) (param $n i32) (param $lo i32) (param $hi i32) (param $last i32)`,
    `  ${locals} (local $ctr i64) (local $f i32)`,
    '  (local.set $ctr (i64.or (i64.shl (i64.extend_i32_u (local.get $hi)) (i64.const 32)) (i64.extend_i32_u (local.get $lo))))',
    ...indent(load('h', 8, get('h')), 2),
    '  (block $done (loop $block',
    '    (br_if $done (i32.eqz (local.get $n)))',
    '    ;; the final-block flag: all ones on the last block of a call that ends the message',
    '    (local.set $f (i32.sub (i32.const 0) (i32.and (local.get $last) (i32.eq (local.get $n) (i32.const 1)))))',
    ...indent(load('m', 16, get('p')), 4),
    ...indent(compressBody(v), 4),
    `    (local.set $p (i32.add (local.get $p) (i32.const ${block})))`,
    `    (local.set $ctr (i64.add (local.get $ctr) (i64.const ${block})))`,
    '    (local.set $n (i32.sub (local.get $n) (i32.const 1)))',
    '    (br $block)))',
    ...Array.from({ length: 8 }, (_, i) => `  (${t}.store offset=${v.word * i} (local.get $h) (local.get $h${i}))`),
    ')',
  ];
}

/** The module's text, with `note` (the generated-file note) at the top. */
export function blake2Module(note) {
  return [
    `;; ${note}`,
    '(module',
    '  (memory (export "memory") 2)',
    ...indent([...blocksFunction('blake2b'), ...blocksFunction('blake2s')], 2),
    ')',
    '',
  ].join('\n');
}
