// xxHash's WebAssembly, for scripts/gen/gen-wasm.mjs: two modules over their own memory (its layout is
// packages/digestlab/src/wasm/xxhash.ts's). Only the stripes run here; the engine (buffering, the end, the state)
// is the TypeScript one (constructions/checksum/), so that a state is the same whichever core made it.
//
//   xxhash:      xxh32 (16-byte stripes), xxh64 (32-byte stripes), xxh3 (1024-byte blocks: 16 stripes into the
//                eight 64-bit accumulators, then the scramble). WebAssembly 1.0.
//   xxhashsimd:  xxh32 with its four accumulators in the lanes of one i32x4; xxh3 on four v128 of two 64-bit
//                accumulators each (xxHash's SSE2 path, on i64x2 lanes). Separate so that a runtime without SIMD
//                still gets `xxhash`.
//
// From xxHash's specification (doc/xxhash_spec.md): XXH32's and XXH64's rounds, XXH3's accumulate and scramble.
// Every function takes pointers into the module's memory and the count of stripes or blocks.

import { XXHASH_ENDS } from './xxhash-ends.mjs';

const P32_1 = 0x9e3779b1;
const P32_2 = 0x85ebca77;
const P64_1 = 0x9e3779b185ebca87n;
const P64_2 = 0xc2b2ae3d27d4eb4fn;
const i32c = (n) => `(i32.const ${n | 0})`;
const i64c = (n) => `(i64.const ${BigInt.asIntN(64, n)})`;
const indent = (lines, n) => lines.map((l) => ' '.repeat(n) + l);

/** XXH32's and XXH64's stripes: four lanes, each acc = rotl(acc + lane * PRIME_2, r) * PRIME_1. */
function stripes(name, t, width, prime1, prime2, r) {
  const vars = [0, 1, 2, 3];
  return [
    `;; ${name}(state, p, n): n stripes of ${4 * width} bytes at p into the four accumulators at state.`,
    `(func $${name} (export "${name}") (param $s i32) (param $p i32) (param $n i32)`,
    `  ${vars.map((v) => `(local $a${v} ${t})`).join(' ')} (local $end i32)`,
    ...vars.map((v) => `  (local.set $a${v} (${t}.load offset=${width * v} (local.get $s)))`),
    `  (local.set $end (i32.add (local.get $p) (i32.mul (local.get $n) (i32.const ${4 * width}))))`,
    '  (block $done (loop $stripe',
    '    (br_if $done (i32.ge_u (local.get $p) (local.get $end)))',
    ...vars.map(
      (v) =>
        `    (local.set $a${v} (${t}.mul (${t}.rotl (${t}.add (local.get $a${v}) (${t}.mul (${t}.load offset=${width * v} (local.get $p)) ${prime2})) (${t}.const ${r})) ${prime1}))`,
    ),
    `    (local.set $p (i32.add (local.get $p) (i32.const ${4 * width})))`,
    '    (br $stripe)))',
    ...vars.map((v) => `  (${t}.store offset=${width * v} (local.get $s) (local.get $a${v}))`),
    ')',
  ];
}

const range = (n) => Array.from({ length: n }, (_, i) => i);

/** XXH3's scalar accumulate of the stripe at $p with the secret at $k: lane i to acc i ^ 1, the product to acc i. */
const accumulate = () =>
  range(8).flatMap((i) => [
    `(local.set $d (i64.load offset=${8 * i} (local.get $p)))`,
    `(local.set $x (i64.xor (local.get $d) (i64.load offset=${8 * i} (local.get $k))))`,
    `(local.set $a${i ^ 1} (i64.add (local.get $a${i ^ 1}) (local.get $d)))`,
    `(local.set $a${i} (i64.add (local.get $a${i}) (i64.mul (i64.and (local.get $x) (i64.const 0xffffffff)) (i64.shr_u (local.get $x) (i64.const 32)))))`,
  ]);

/** The scramble at a block's end: acc ^= acc >> 47, ^= the secret's last 64 bytes (byte 128), *= PRIME32_1. */
const scramble = () =>
  range(8).map(
    (i) =>
      `(local.set $a${i} (i64.mul (i64.xor (i64.xor (local.get $a${i}) (i64.shr_u (local.get $a${i}) (i64.const 47))) (i64.load offset=${128 + 8 * i} (local.get $sec))) (i64.const ${P32_1})))`,
  );

/** A block loop over `acc` locals: 16 stripes (secret advancing 8 bytes each) then the scramble. */
function blockLoop(locals, load, store, stripe, scr) {
  return [
    `(func (export "xxh3") (param $s i32) (param $sec i32) (param $p i32) (param $n i32)`,
    `  ${locals} (local $k i32) (local $end i32)`,
    ...indent(load, 2),
    '  (block $done (loop $block',
    '    (br_if $done (i32.eqz (local.get $n)))',
    '    (local.set $k (local.get $sec))',
    '    (local.set $end (i32.add (local.get $sec) (i32.const 128)))',
    '    (loop $stripe',
    ...indent(stripe, 6),
    '      (local.set $p (i32.add (local.get $p) (i32.const 64)))',
    '      (local.set $k (i32.add (local.get $k) (i32.const 8)))',
    '      (br_if $stripe (i32.lt_u (local.get $k) (local.get $end))))',
    ...indent(scr, 4),
    '    (local.set $n (i32.sub (local.get $n) (i32.const 1)))',
    '    (br $block)))',
    ...indent(store, 2),
    ')',
  ];
}

const SCALAR = [
  ...stripes('xxh32', 'i32', 4, i32c(P32_1), i32c(P32_2), 13),
  ...stripes('xxh64', 'i64', 8, i64c(P64_1), i64c(P64_2), 31),
  ';; xxh3(state, secret, p, n): n whole 1024-byte blocks at p into the eight accumulators at state (secret: 192 bytes).',
  ...blockLoop(
    `${range(8)
      .map((i) => `(local $a${i} i64)`)
      .join(' ')} (local $d i64) (local $x i64)`,
    range(8).map((i) => `(local.set $a${i} (i64.load offset=${8 * i} (local.get $s)))`),
    range(8).map((i) => `(i64.store offset=${8 * i} (local.get $s) (local.get $a${i}))`),
    accumulate(),
    scramble(),
  ),
];

/** Lanes 0, 1 of an i32x4 from the low and from the high halves of each 64-bit lane. */
const LOW_HALVES = '0 1 2 3 8 9 10 11 0 1 2 3 8 9 10 11';
const HIGH_HALVES = '4 5 6 7 12 13 14 15 4 5 6 7 12 13 14 15';
const SWAP64 = '8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7';

/** XXH3's accumulate two 64-bit lanes a v128: the lanes swapped into the neighbour's, the 32x32 product in place. */
const accumulate2 = () =>
  range(4).flatMap((j) => [
    `(local.set $d (v128.load offset=${16 * j} align=1 (local.get $p)))`,
    `(local.set $x (v128.xor (local.get $d) (v128.load offset=${16 * j} align=1 (local.get $k))))`,
    `(local.set $a${j} (i64x2.add (local.get $a${j}) (i8x16.shuffle ${SWAP64} (local.get $d) (local.get $d))))`,
    `(local.set $a${j} (i64x2.add (local.get $a${j}) (i64x2.extmul_low_i32x4_u (i8x16.shuffle ${LOW_HALVES} (local.get $x) (local.get $x)) (i8x16.shuffle ${HIGH_HALVES} (local.get $x) (local.get $x)))))`,
  ]);

const scramble2 = () =>
  range(4).map(
    (j) =>
      `(local.set $a${j} (i64x2.mul (v128.xor (v128.xor (local.get $a${j}) (i64x2.shr_u (local.get $a${j}) (i32.const 47))) (v128.load offset=${128 + 16 * j} align=1 (local.get $sec))) (i64x2.splat (i64.const ${P32_1}))))`,
  );

const splat32 = (c) => `(i32x4.splat ${i32c(c)})`;
const rotl32x4 = (x, n) => `(v128.or (i32x4.shl ${x} (i32.const ${n})) (i32x4.shr_u ${x} (i32.const ${32 - n})))`;

/** XXH32's stripes with the four accumulators in one i32x4: one stripe is one load, two multiplies, a rotate. */
const XXH32_SIMD = [
  ";; xxh32(state, p, n): as the scalar module's, the four accumulators in the lanes of one i32x4.",
  '(func (export "xxh32") (param $s i32) (param $p i32) (param $n i32)',
  '  (local $a v128) (local $t v128) (local $end i32)',
  '  (local.set $a (v128.load (local.get $s)))',
  '  (local.set $end (i32.add (local.get $p) (i32.shl (local.get $n) (i32.const 4))))',
  '  (block $done (loop $stripe',
  '    (br_if $done (i32.ge_u (local.get $p) (local.get $end)))',
  `    (local.set $t (i32x4.add (local.get $a) (i32x4.mul (v128.load (local.get $p)) ${splat32(P32_2)})))`,
  `    (local.set $a (i32x4.mul ${rotl32x4('(local.get $t)', 13)} ${splat32(P32_1)}))`,
  '    (local.set $p (i32.add (local.get $p) (i32.const 16)))',
  '    (br $stripe)))',
  '  (v128.store (local.get $s) (local.get $a))',
  ')',
];

const SIMD = [
  '(import "xxhash" "memory" (memory 1))',
  ...XXH32_SIMD,
  ";; xxh3(state, secret, p, n): as the scalar module's, two accumulators a v128.",
  ...blockLoop(
    `${range(4)
      .map((j) => `(local $a${j} v128)`)
      .join(' ')} (local $d v128) (local $x v128)`,
    range(4).map((j) => `(local.set $a${j} (v128.load offset=${16 * j} (local.get $s)))`),
    range(4).map((j) => `(v128.store offset=${16 * j} (local.get $s) (local.get $a${j}))`),
    accumulate2(),
    scramble2(),
  ),
];

/** The two modules' text, with `note` (the generated-file note) at the top of each. */
export function xxhashModules(note) {
  return {
    xxhash: [
      `;; ${note}`,
      '(module',
      '  (memory (export "memory") 5)',
      ...indent([...SCALAR, ...XXHASH_ENDS], 2),
      ')',
      '',
    ].join('\n'),
    xxhashsimd: [`;; ${note}`, '(module', ...indent(SIMD, 2), ')', ''].join('\n'),
  };
}
