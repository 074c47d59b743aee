// xxHash's ends in WebAssembly, for gen-wasm-xxhash.mjs's scalar module (WebAssembly 1.0, native i64): XXH32's and
// XXH64's end (the accumulators converged, the last bytes, the avalanche) and XXH3-64's and XXH3-128's whole digest
// of inputs up to 240 bytes. From xxHash's specification (doc/xxhash_spec.md), as algorithms/xxhash.ts and
// xxh3-short.ts compute them; 64-bit results are stored little-endian at `out` (a JavaScript caller reads two words
// and no bigint is made). A seed comes as its (low, high) 32-bit words.

const P32 = ['0x9e3779b1', '0x85ebca77', '0xc2b2ae3d', '0x27d4eb2f', '0x165667b1'];
const P64 = [
  '0x9e3779b185ebca87',
  '0xc2b2ae3d27d4eb4f',
  '0x165667b19e3779f9',
  '0x85ebca77c2b2ae63',
  '0x27d4eb2f165667c5',
];
const MX1 = '0x165667919e3779f9';
const MX2 = '0x9fb21c651e98df25';
const i32 = (n) => `(i32.const ${n})`;
const c64 = (hex) => `(i64.const ${BigInt.asIntN(64, BigInt(hex))})`;
const g = (name) => `(local.get $${name})`;
const set = (name, v) => `(local.set $${name} ${v})`;
const ld64 = (p, off = 0) => `(i64.load offset=${off} ${p})`;
const ld32u = (p, off = 0) => `(i64.load32_u offset=${off} ${p})`;
const add = (t, ...xs) => xs.reduce((a, b) => `(${t}.add ${a} ${b})`);
const xor = (t, ...xs) => xs.reduce((a, b) => `(${t}.xor ${a} ${b})`);
const at = (p, off) => `(i32.add ${p} ${off})`;
const seed64 =
  '(i64.or (i64.extend_i32_u (local.get $seedlo)) (i64.shl (i64.extend_i32_u (local.get $seedhi)) (i64.const 32)))';
const SEED_PARAMS = '(param $seedlo i32) (param $seedhi i32)';

/** Helpers every end uses: the 128-bit product (low returned, high in $hi), its fold, byte swaps, avalanches. */
const HELPERS = [
  '(global $hi (mut i64) (i64.const 0))',
  ';; the 128-bit product of a and b by 32-bit halves (no term overflows): the low half, the high one in $hi',
  '(func $mul128 (param $a i64) (param $b i64) (result i64) (local $ll i64) (local $lh i64) (local $cross i64)',
  '  (local.set $ll (i64.mul (i64.and (local.get $a) (i64.const 0xffffffff)) (i64.and (local.get $b) (i64.const 0xffffffff))))',
  '  (local.set $lh (i64.mul (i64.and (local.get $a) (i64.const 0xffffffff)) (i64.shr_u (local.get $b) (i64.const 32))))',
  '  (local.set $cross (i64.add (i64.add (i64.shr_u (local.get $ll) (i64.const 32)) (i64.and (local.get $lh) (i64.const 0xffffffff)))',
  '    (i64.mul (i64.shr_u (local.get $a) (i64.const 32)) (i64.and (local.get $b) (i64.const 0xffffffff)))))',
  '  (global.set $hi (i64.add (i64.add (i64.mul (i64.shr_u (local.get $a) (i64.const 32)) (i64.shr_u (local.get $b) (i64.const 32)))',
  '    (i64.shr_u (local.get $lh) (i64.const 32))) (i64.shr_u (local.get $cross) (i64.const 32))))',
  '  (i64.or (i64.shl (local.get $cross) (i64.const 32)) (i64.and (local.get $ll) (i64.const 0xffffffff))))',
  '(func $fold (param $a i64) (param $b i64) (result i64) (i64.xor (call $mul128 (local.get $a) (local.get $b)) (global.get $hi)))',
  '(func $bswap32 (param $x i32) (result i32)',
  '  (i32.rotl (i32.or (i32.and (i32.shr_u (local.get $x) (i32.const 8)) (i32.const 0x00ff00ff))',
  '    (i32.shl (i32.and (local.get $x) (i32.const 0x00ff00ff)) (i32.const 8))) (i32.const 16)))',
  '(func $bswap64 (param $x i64) (result i64)',
  '  (local.set $x (i64.or (i64.and (i64.shr_u (local.get $x) (i64.const 8)) (i64.const 0x00ff00ff00ff00ff))',
  '    (i64.shl (i64.and (local.get $x) (i64.const 0x00ff00ff00ff00ff)) (i64.const 8))))',
  '  (local.set $x (i64.or (i64.and (i64.shr_u (local.get $x) (i64.const 16)) (i64.const 0x0000ffff0000ffff))',
  '    (i64.shl (i64.and (local.get $x) (i64.const 0x0000ffff0000ffff)) (i64.const 16))))',
  '  (i64.rotl (local.get $x) (i64.const 32)))',
  ";; XXH3's avalanche and XXH64's",
  '(func $av3 (param $h i64) (result i64)',
  `  (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 37))) ${c64(MX1)}))`,
  '  (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 32))))',
  '(func $av64 (param $h i64) (result i64)',
  `  (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))) ${c64(P64[1])}))`,
  `  (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 29))) ${c64(P64[2])}))`,
  '  (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 32))))',
  ";; XXH64's round of a lane on a zero accumulator",
  '(func $round0 (param $v i64) (result i64)',
  `  (i64.mul (i64.rotl (i64.mul (local.get $v) ${c64(P64[1])}) (i64.const 31)) ${c64(P64[0])}))`,
  ";; XXH3's mix of 16 bytes at p with the secret at k",
  '(func $mix16 (param $p i32) (param $k i32) (param $seed i64) (result i64)',
  `  (call $fold ${xor('i64', ld64(g('p')), add('i64', ld64(g('k')), g('seed')))}`,
  `    ${xor('i64', ld64(g('p'), 8), `(i64.sub ${ld64(g('k'), 8)} ${g('seed')})`)}))`,
];

/** XXH32's end: the accumulators at s (if `long`), `pos` bytes at p, the length mod 2^32; the hash. */
const XXH32_END = [
  ';; xxh32_end(s, p, pos, long, len, seed) -> hash: s the accumulators (read if long), p the last pos (< 16) bytes',
  '(func $xxh32_end (export "xxh32_end") (param $s i32) (param $p i32) (param $pos i32) (param $long i32) (param $len i32) (param $seed i32) (result i32)',
  '  (local $h i32) (local $end i32)',
  `  ${set('h', `(if (result i32) ${g('long')} (then ${add('i32', ...[1, 7, 12, 18].map((r, i) => `(i32.rotl (i32.load offset=${4 * i} ${g('s')}) ${i32(r)})`))}) (else ${add('i32', g('seed'), i32(P32[4]))}))`)}`,
  `  ${set('h', add('i32', g('h'), g('len')))}`,
  `  ${set('end', add('i32', g('p'), g('pos')))}`,
  '  (block $w (loop $words',
  `    (br_if $w (i32.gt_u (i32.add ${g('p')} ${i32(4)}) ${g('end')}))`,
  `    ${set('h', `(i32.mul (i32.rotl (i32.add ${g('h')} (i32.mul (i32.load ${g('p')}) ${i32(P32[2])})) ${i32(17)}) ${i32(P32[3])})`)}`,
  `    ${set('p', at(g('p'), i32(4)))}`,
  '    (br $words)))',
  '  (block $b (loop $bytes',
  `    (br_if $b (i32.ge_u ${g('p')} ${g('end')}))`,
  `    ${set('h', `(i32.mul (i32.rotl (i32.add ${g('h')} (i32.mul (i32.load8_u ${g('p')}) ${i32(P32[4])})) ${i32(11)}) ${i32(P32[0])})`)}`,
  `    ${set('p', at(g('p'), i32(1)))}`,
  '    (br $bytes)))',
  ...[
    [15, 1],
    [13, 2],
  ].map(([r, k]) => `  ${set('h', `(i32.mul (i32.xor ${g('h')} (i32.shr_u ${g('h')} ${i32(r)})) ${i32(P32[k])})`)}`),
  `  (i32.xor ${g('h')} (i32.shr_u ${g('h')} ${i32(16)})))`,
];

/** XXH64's end, stored at out. */
const XXH64_END = [
  ';; xxh64_end(s, p, pos, lenlo, lenhi, seed, out): as xxh32_end, 64 bits; the accumulators read when len >= 32',
  `(func $xxh64_end (export "xxh64_end") (param $s i32) (param $p i32) (param $pos i32) (param $lenlo i32) (param $lenhi i32) ${SEED_PARAMS} (param $out i32)`,
  '  (local $h i64) (local $len i64) (local $v i64) (local $i i32) (local $end i32)',
  `  ${set('len', '(i64.or (i64.extend_i32_u (local.get $lenlo)) (i64.shl (i64.extend_i32_u (local.get $lenhi)) (i64.const 32)))')}`,
  `  (if (i64.ge_u ${g('len')} (i64.const 32)) (then`,
  `    ${set('h', add('i64', ...[1, 7, 12, 18].map((r, i) => `(i64.rotl ${ld64(g('s'), 8 * i)} (i64.const ${r}))`)))}`,
  '    (loop $merge',
  `      ${set('v', `(call $round0 (i64.load (i32.add ${g('s')} (i32.shl ${g('i')} ${i32(3)}))))`)}`,
  `      ${set('h', `(i64.add (i64.mul (i64.xor ${g('h')} ${g('v')}) ${c64(P64[0])}) ${c64(P64[3])})`)}`,
  `      ${set('i', at(g('i'), i32(1)))}`,
  `      (br_if $merge (i32.lt_u ${g('i')} ${i32(4)}))))`,
  `  (else ${set('h', `(i64.add ${seed64} ${c64(P64[4])})`)}))`,
  `  ${set('h', add('i64', g('h'), g('len')))}`,
  `  ${set('end', add('i32', g('p'), g('pos')))}`,
  '  (block $w (loop $words',
  `    (br_if $w (i32.gt_u (i32.add ${g('p')} ${i32(8)}) ${g('end')}))`,
  `    ${set('h', `(i64.add (i64.mul (i64.rotl (i64.xor ${g('h')} (call $round0 ${ld64(g('p'))})) (i64.const 27)) ${c64(P64[0])}) ${c64(P64[3])})`)}`,
  `    ${set('p', at(g('p'), i32(8)))}`,
  '    (br $words)))',
  `  (if (i32.le_u (i32.add ${g('p')} ${i32(4)}) ${g('end')}) (then`,
  `    ${set('h', `(i64.add (i64.mul (i64.rotl (i64.xor ${g('h')} (i64.mul ${ld32u(g('p'))} ${c64(P64[0])})) (i64.const 23)) ${c64(P64[1])}) ${c64(P64[2])})`)}`,
  `    ${set('p', at(g('p'), i32(4)))}))`,
  '  (block $b (loop $bytes',
  `    (br_if $b (i32.ge_u ${g('p')} ${g('end')}))`,
  `    ${set('h', `(i64.mul (i64.rotl (i64.xor ${g('h')} (i64.mul (i64.load8_u ${g('p')}) ${c64(P64[4])})) (i64.const 11)) ${c64(P64[0])})`)}`,
  `    ${set('p', at(g('p'), i32(1)))}`,
  '    (br $bytes)))',
  `  (i64.store ${g('out')} (call $av64 ${g('h')})))`,
];

/**
 * XXH32's and XXH64's whole digest of n bytes at p (the accumulators at 0, started from the seed, then the stripes
 * by the scalar loop, then the end): one call for a short input.
 */
const ONCE = [
  ';; xxh32_once(p, n, seed) -> hash; xxh64_once(p, n, seed, out): the digest of n bytes at p (the state at 0)',
  '(func (export "xxh32_once") (param $p i32) (param $n i32) (param $seed i32) (result i32) (local $whole i32)',
  `  ${set('whole', `(i32.and ${g('n')} ${i32(-16)})`)}`,
  `  (if ${g('whole')} (then`,
  ...[
    add('i32', g('seed'), i32(P32[0]), i32(P32[1])),
    add('i32', g('seed'), i32(P32[1])),
    g('seed'),
    `(i32.sub ${g('seed')} ${i32(P32[0])})`,
  ].map((v, i) => `    (i32.store offset=${4 * i} (i32.const 0) ${v})`),
  `    (call $xxh32 (i32.const 0) ${g('p')} (i32.shr_u ${g('whole')} ${i32(4)}))))`,
  `  (call $xxh32_end (i32.const 0) ${at(g('p'), g('whole'))} (i32.sub ${g('n')} ${g('whole')}) (i32.ne ${g('whole')} ${i32(0)}) ${g('n')} ${g('seed')}))`,
  `(func (export "xxh64_once") (param $p i32) (param $n i32) ${SEED_PARAMS} (param $out i32) (local $whole i32) (local $seed i64)`,
  `  ${set('whole', `(i32.and ${g('n')} ${i32(-32)})`)}`,
  `  ${set('seed', seed64)}`,
  `  (if ${g('whole')} (then`,
  ...[
    add('i64', g('seed'), c64(P64[0]), c64(P64[1])),
    add('i64', g('seed'), c64(P64[1])),
    g('seed'),
    `(i64.sub ${g('seed')} ${c64(P64[0])})`,
  ].map((v, i) => `    (i64.store offset=${8 * i} (i32.const 0) ${v})`),
  `    (call $xxh64 (i32.const 0) ${g('p')} (i32.shr_u ${g('whole')} ${i32(5)}))))`,
  `  (call $xxh64_end (i32.const 0) ${at(g('p'), g('whole'))} (i32.sub ${g('n')} ${g('whole')}) ${g('n')} ${i32(0)} ${g('seedlo')} ${g('seedhi')} ${g('out')}))`,
];

/** XXH3's 1 to 3 bytes: the combined word, zero-extended. */
const combined = `(i64.extend_i32_u (i32.or (i32.or (i32.load8_u (i32.sub (i32.add ${g('p')} ${g('n')}) ${i32(1)})) (i32.shl ${g('n')} ${i32(8)}))
      (i32.or (i32.shl (i32.load8_u ${g('p')}) ${i32(16)}) (i32.shl (i32.load8_u (i32.add ${g('p')} (i32.shr_u ${g('n')} ${i32(1)}))) ${i32(24)}))))`;
/** The seed with its low word's bytes swapped into its high word (the 4-to-8-byte paths). */
const swappedSeed = `(i64.xor ${g('seed')} (i64.shl (i64.extend_i32_u (call $bswap32 (i32.wrap_i64 ${g('seed')}))) (i64.const 32)))`;
const n64 = `(i64.extend_i32_u ${g('n')})`;
const last8 = `(i64.load (i32.sub (i32.add ${g('p')} ${g('n')}) ${i32(8)}))`;
const last4 = `(i64.load32_u (i32.sub (i32.add ${g('p')} ${g('n')}) ${i32(4)}))`;
const sec32pair = (a) =>
  `(i64.extend_i32_u (i32.xor (i32.load offset=${a} ${g('k')}) (i32.load offset=${a + 4} ${g('k')})))`;
const sec64pair = (a) => xor('i64', ld64(g('k'), a), ld64(g('k'), a + 8));
const mix16 = (p, k, seed = g('seed')) => `(call $mix16 ${p} ${k} ${seed})`;

const HEAD = (name) =>
  `(func (export "${name}") (param $p i32) (param $n i32) (param $k i32) ${SEED_PARAMS} (param $out i32)`;

/** XXH3-64 of n (at most 240) bytes at p with the secret at k. */
const XXH3_64 = [
  ';; xxh3_64(p, n, k, seed, out): XXH3-64 of n <= 240 bytes at p with the 192-byte secret at k, to out',
  HEAD('xxh3_64'),
  '  (local $seed i64) (local $lo i64) (local $hi i64) (local $h i64) (local $acc i64) (local $i i32)',
  `  ${set('seed', seed64)}`,
  `  (i64.store ${g('out')} (block $r (result i64)`,
  `    (if (i32.le_u ${g('n')} ${i32(16)}) (then`,
  `      (if (i32.gt_u ${g('n')} ${i32(8)}) (then`,
  `        ${set('lo', xor('i64', ld64(g('p')), add('i64', sec64pair(24), g('seed'))))}`,
  `        ${set('hi', xor('i64', last8, `(i64.sub ${sec64pair(40)} ${g('seed')})`))}`,
  `        (br $r (call $av3 ${add('i64', n64, `(call $bswap64 ${g('lo')})`, g('hi'), `(call $fold ${g('lo')} ${g('hi')})`)}))))`,
  `      (if (i32.ge_u ${g('n')} ${i32(4)}) (then`,
  `        ${set('h', xor('i64', `(i64.or ${last4} (i64.shl ${ld32u(g('p'))} (i64.const 32)))`, `(i64.sub ${sec64pair(8)} ${swappedSeed})`))}`,
  `        ${set('h', xor('i64', g('h'), `(i64.rotl ${g('h')} (i64.const 49))`, `(i64.rotl ${g('h')} (i64.const 24))`))}`,
  `        ${set('h', `(i64.mul ${g('h')} ${c64(MX2)})`)}`,
  `        ${set('h', `(i64.mul (i64.xor ${g('h')} (i64.add (i64.shr_u ${g('h')} (i64.const 35)) ${n64})) ${c64(MX2)})`)}`,
  `        (br $r (i64.xor ${g('h')} (i64.shr_u ${g('h')} (i64.const 28))))))`,
  `      (if (i32.gt_u ${g('n')} ${i32(0)}) (then`,
  `        (br $r (call $av64 (i64.xor ${combined} (i64.add ${sec32pair(0)} ${g('seed')}))))))`,
  `      (br $r (call $av64 ${xor('i64', g('seed'), ld64(g('k'), 56), ld64(g('k'), 64))}))))`,
  `    ${set('acc', `(i64.mul ${n64} ${c64(P64[0])})`)}`,
  `    (if (i32.le_u ${g('n')} ${i32(128)}) (then`,
  `      ${set('i', `(i32.shr_u (i32.sub ${g('n')} ${i32(1)}) ${i32(5)})`)}`,
  '      (loop $pairs',
  `        ${set('acc', add('i64', g('acc'), mix16(at(g('p'), `(i32.shl ${g('i')} ${i32(4)})`), at(g('k'), `(i32.shl ${g('i')} ${i32(5)})`)), mix16(`(i32.sub (i32.add ${g('p')} ${g('n')}) (i32.add (i32.shl ${g('i')} ${i32(4)}) ${i32(16)}))`, `(i32.add ${g('k')} (i32.add (i32.shl ${g('i')} ${i32(5)}) ${i32(16)}))`)))}`,
  `        ${set('i', `(i32.sub ${g('i')} ${i32(1)})`)}`,
  `        (br_if $pairs (i32.ge_s ${g('i')} ${i32(0)})))`,
  `      (br $r (call $av3 ${g('acc')}))))`,
  '    (loop $first',
  `      ${set('acc', add('i64', g('acc'), mix16(at(g('p'), `(i32.shl ${g('i')} ${i32(4)})`), at(g('k'), `(i32.shl ${g('i')} ${i32(4)})`))))}`,
  `      ${set('i', at(g('i'), i32(1)))}`,
  `      (br_if $first (i32.lt_u ${g('i')} ${i32(8)})))`,
  `    ${set('acc', `(call $av3 ${g('acc')})`)}`,
  `    (block $done (loop $rest`,
  `      (br_if $done (i32.ge_u ${g('i')} (i32.shr_u ${g('n')} ${i32(4)})))`,
  `      ${set('acc', add('i64', g('acc'), mix16(at(g('p'), `(i32.shl ${g('i')} ${i32(4)})`), at(g('k'), `(i32.sub (i32.shl ${g('i')} ${i32(4)}) ${i32(125)})`))))}`,
  `      ${set('i', at(g('i'), i32(1)))}`,
  '      (br $rest)))',
  `    (call $av3 (i64.add ${g('acc')} ${mix16(`(i32.sub (i32.add ${g('p')} ${g('n')}) ${i32(16)})`, at(g('k'), i32(119)))}))))`,
  ')',
];

/** XXH3-128's mix of the 16-byte chunks at i and j (pointers) with the secret at k into $a0, $a1. */
const mix32 = (i, j, k, seed = g('seed')) => [
  `${set('t0', add('i64', g('a0'), mix16(i, k, seed)))}`,
  `${set('t1', add('i64', g('a1'), mix16(j, at(k, i32(16)), seed)))}`,
  `${set('a0', xor('i64', g('t0'), add('i64', `(i64.load ${j})`, `(i64.load offset=8 ${j})`)))}`,
  `${set('a1', xor('i64', g('t1'), add('i64', `(i64.load ${i})`, `(i64.load offset=8 ${i})`)))}`,
];
const done128 = (lo, hi) => `(i64.store ${g('out')} ${lo}) (i64.store offset=8 ${g('out')} ${hi}) (return)`;
const indent = (lines, n) => lines.map((l) => ' '.repeat(n) + l);

/** XXH3-128 of n (at most 240) bytes at p: its low half at out, its high half at out + 8. */
const XXH3_128_SHORT = [
  `(if (i32.gt_u ${g('n')} ${i32(8)}) (then`,
  `  ${set('lo', ld64(g('p')))}`,
  `  ${set('hi', last8)}`,
  `  ${set('h', xor('i64', `(i64.sub ${sec64pair(32)} ${g('seed')})`, g('lo'), g('hi')))}`,
  `  ${set('t1', xor('i64', add('i64', sec64pair(48), g('seed')), g('hi')))}`,
  `  ${set('lo', `(i64.add (call $mul128 ${g('h')} ${c64(P64[0])}) (i64.shl (i64.extend_i32_u (i32.sub ${g('n')} ${i32(1)})) (i64.const 54)))`)}`,
  `  ${set('hi', add('i64', '(global.get $hi)', `(i64.and ${g('t1')} (i64.const 0xffffffff00000000))`, `(i64.mul (i64.and ${g('t1')} (i64.const 0xffffffff)) ${c64(P32[1])})`))}`,
  `  ${set('lo', `(i64.xor ${g('lo')} (call $bswap64 ${g('hi')}))`)}`,
  `  ${set('t0', `(call $mul128 ${g('lo')} ${c64(P64[1])})`)}`,
  `  ${set('hi', `(i64.add (global.get $hi) (i64.mul ${g('hi')} ${c64(P64[1])}))`)}`,
  `  ${done128(`(call $av3 ${g('t0')})`, `(call $av3 ${g('hi')})`)}))`,
  `(if (i32.ge_u ${g('n')} ${i32(4)}) (then`,
  `  ${set('h', xor('i64', `(i64.or ${ld32u(g('p'))} (i64.shl ${last4} (i64.const 32)))`, add('i64', sec64pair(16), swappedSeed)))}`,
  `  ${set('lo', `(call $mul128 ${g('h')} (i64.add ${c64(P64[0])} (i64.shl ${n64} (i64.const 2))))`)}`,
  `  ${set('hi', `(i64.add (global.get $hi) (i64.shl ${g('lo')} (i64.const 1)))`)}`,
  `  ${set('lo', `(i64.xor ${g('lo')} (i64.shr_u ${g('hi')} (i64.const 3)))`)}`,
  `  ${set('lo', `(i64.mul (i64.xor ${g('lo')} (i64.shr_u ${g('lo')} (i64.const 35))) ${c64(MX2)})`)}`,
  `  ${done128(`(i64.xor ${g('lo')} (i64.shr_u ${g('lo')} (i64.const 28)))`, `(call $av3 ${g('hi')})`)}))`,
  `(if (i32.gt_u ${g('n')} ${i32(0)}) (then`,
  `  ${set('h', combined)}`,
  `  ${set('t0', `(i64.extend_i32_u (i32.rotl (call $bswap32 (i32.wrap_i64 ${g('h')})) ${i32(13)}))`)}`,
  `  ${done128(`(call $av64 (i64.xor ${g('h')} (i64.add ${sec32pair(0)} ${g('seed')})))`, `(call $av64 (i64.xor ${g('t0')} (i64.sub ${sec32pair(8)} ${g('seed')})))`)}))`,
  `${done128(`(call $av64 ${xor('i64', g('seed'), ld64(g('k'), 64), ld64(g('k'), 72))})`, `(call $av64 ${xor('i64', g('seed'), ld64(g('k'), 80), ld64(g('k'), 88))})`)}`,
];

const pAt = (off) => at(g('p'), off);
const XXH3_128 = [
  ';; xxh3_128(p, n, k, seed, out): XXH3-128 of n <= 240 bytes at p with the secret at k; low half at out, high at out + 8',
  HEAD('xxh3_128'),
  '  (local $seed i64) (local $lo i64) (local $hi i64) (local $h i64) (local $a0 i64) (local $a1 i64) (local $t0 i64) (local $t1 i64) (local $i i32)',
  `  ${set('seed', seed64)}`,
  `  (if (i32.le_u ${g('n')} ${i32(16)}) (then`,
  ...indent(XXH3_128_SHORT, 4),
  '  ))',
  `  ${set('a0', `(i64.mul ${n64} ${c64(P64[0])})`)}`,
  `  (if (i32.le_u ${g('n')} ${i32(128)}) (then`,
  `    ${set('i', `(i32.shr_u (i32.sub ${g('n')} ${i32(1)}) ${i32(5)})`)}`,
  '    (loop $pairs',
  ...indent(
    mix32(
      pAt(`(i32.shl ${g('i')} ${i32(4)})`),
      `(i32.sub (i32.add ${g('p')} ${g('n')}) (i32.add (i32.shl ${g('i')} ${i32(4)}) ${i32(16)}))`,
      at(g('k'), `(i32.shl ${g('i')} ${i32(5)})`),
    ),
    6,
  ),
  `      ${set('i', `(i32.sub ${g('i')} ${i32(1)})`)}`,
  `      (br_if $pairs (i32.ge_s ${g('i')} ${i32(0)}))))`,
  '  (else',
  '    (loop $first',
  ...indent(
    mix32(
      pAt(`(i32.shl ${g('i')} ${i32(5)})`),
      pAt(`(i32.add (i32.shl ${g('i')} ${i32(5)}) ${i32(16)})`),
      at(g('k'), `(i32.shl ${g('i')} ${i32(5)})`),
    ),
    6,
  ),
  `      ${set('i', at(g('i'), i32(1)))}`,
  `      (br_if $first (i32.lt_u ${g('i')} ${i32(4)})))`,
  `    ${set('a0', `(call $av3 ${g('a0')})`)}`,
  `    ${set('a1', `(call $av3 ${g('a1')})`)}`,
  '    (block $done (loop $rest',
  `      (br_if $done (i32.ge_u ${g('i')} (i32.shr_u ${g('n')} ${i32(5)})))`,
  ...indent(
    mix32(
      pAt(`(i32.shl ${g('i')} ${i32(5)})`),
      pAt(`(i32.add (i32.shl ${g('i')} ${i32(5)}) ${i32(16)})`),
      at(g('k'), `(i32.sub (i32.shl ${g('i')} ${i32(5)}) ${i32(125)})`),
    ),
    6,
  ),
  `      ${set('i', at(g('i'), i32(1)))}`,
  '      (br $rest)))',
  ...indent(
    mix32(
      `(i32.sub (i32.add ${g('p')} ${g('n')}) ${i32(16)})`,
      `(i32.sub (i32.add ${g('p')} ${g('n')}) ${i32(32)})`,
      at(g('k'), i32(103)),
      `(i64.sub (i64.const 0) ${g('seed')})`,
    ),
    4,
  ),
  '  ))',
  `  ${set('lo', add('i64', g('a0'), g('a1')))}`,
  `  ${set('hi', add('i64', `(i64.mul ${g('a0')} ${c64(P64[0])})`, `(i64.mul ${g('a1')} ${c64(P64[3])})`, `(i64.mul (i64.sub ${n64} ${g('seed')}) ${c64(P64[1])})`))}`,
  `  (i64.store ${g('out')} (call $av3 ${g('lo')}))`,
  `  (i64.store offset=8 ${g('out')} (i64.sub (i64.const 0) (call $av3 ${g('hi')}))))`,
];

/** The functions, for the scalar module. */
export const XXHASH_ENDS = [...HELPERS, ...XXH32_END, ...XXH64_END, ...ONCE, ...XXH3_64, ...XXH3_128];
