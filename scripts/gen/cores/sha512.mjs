// The TypeScript cores of SHA-512 (FIPS 180-4 §6.4.2), two rounds a loop iteration and, for engines with no JIT, one, for gen-cores.mjs, which writes what `files` returns into
// packages/digestlab/src/algorithms/generated/ (and checks it with --check).
import { K512 } from '../constants.mjs';
import { beLoop, frameCode, generatedFile, hex, int32Table } from '../core-helpers.mjs';

// ---- SHA-512: 64-bit words as (hi, lo) pairs of int32 ------------------------------------------------------
// A 64-bit sum is its low halves summed exactly as doubles (up to five uint32s) and the carry out of that sum
// added into the high halves. Those sums are written once, in two small functions, not at every use: every `+`
// written out is a site of its own whose first sum past 2^31 sends JavaScriptCore's optimized code back to
// baseline, and with some hundred such sites WebKit's JIT gave up and ran SHA-512 at 1-6 MiB/s; through the two
// functions (inlined by every engine) there are two profiles, and WebKit runs at noble's speed
// (docs/decisions/ts-sha2-core-shape.md). Two rounds a loop iteration, the variables' roles shifted back by two at
// its end: eight rounds an iteration ran 0.4x as fast on Node, fully unrolled exceeds the bytecode size V8 optimizes.
const SHA512_NAMES = ['a', 'b', 'c', 'dd', 'e', 'f', 'g', 'h'];

/** 64-bit rotations and shifts of the pair (h, l), as [hi expression, lo expression]. */
const ROTR64 = (h, l, n) =>
  n < 32
    ? [`((${h} >>> ${n}) | (${l} << ${32 - n}))`, `((${l} >>> ${n}) | (${h} << ${32 - n}))`]
    : [`((${l} >>> ${n - 32}) | (${h} << ${64 - n}))`, `((${h} >>> ${n - 32}) | (${l} << ${64 - n}))`];
const SHR64 = (h, l, n) => [`(${h} >>> ${n})`, `((${l} >>> ${n}) | (${h} << ${32 - n}))`];
const xor3 = (a, b, c) => [0, 1].map((i) => `(${a[i]} ^ ${b[i]} ^ ${c[i]})`);

/**
 * `target = x + y + …` on 64-bit pairs: [hi, lo] of each term; the low sum goes through `l`, so its exact value
 * is there for the carry.
 */
const sum64Calls = (target, terms) => {
  const pad = (xs) => [...xs, ...Array(5 - xs.length).fill('0')].join(', ');
  return [
    `l = lo(${pad(terms.map((t) => t[1]))});`,
    `${target[0]} = hi(l, ${pad(terms.map((t) => t[0]))});`,
    `${target[1]} = l | 0;`,
  ];
};
/** The same sum written out, only the terms it has: an interpreter's shape (a call costs it more than the sum). */
const sum64Inline = (target, terms) => [
  `l = ${terms.map((t) => `(${t[1]} >>> 0)`).join(' + ')};`,
  `${target[0]} = (${terms.map((t) => t[0]).join(' + ')} + ((l / 0x100000000) | 0)) | 0;`,
  `${target[1]} = l | 0;`,
];
let sum64 = sum64Calls;

/** The message schedule W[0..80) as hi, lo pairs: the block's words, then the σ0/σ1 recurrence. */
function sha512Schedule() {
  const s0 = xor3(ROTR64('xh', 'xl', 1), ROTR64('xh', 'xl', 8), SHR64('xh', 'xl', 7));
  const s1 = xor3(ROTR64('yh', 'yl', 19), ROTR64('yh', 'yl', 61), SHR64('yh', 'yl', 6));
  const w = (k) => [`W[i - ${k}]`, `W[i - ${k - 1}]`];
  return [
    `for (let i = 0; i < 32; i++) W[i] = ${beLoop('i')};`,
    'for (let i = 32; i < 160; i += 2) {',
    '  const xh = W[i - 30];',
    '  const xl = W[i - 29];',
    '  const yh = W[i - 4];',
    '  const yl = W[i - 3];',
    ...sum64(['W[i]', 'W[i + 1]'], [s1, w(14), s0, w(32)]).map((x) => `  ${x}`),
    '}',
  ];
}

/** Round r of the `perLoop` a loop iteration holds, with the variables in their roles for that round. */
function sha512Round(r) {
  const [A, B, C, D, E, F, G, H] = [0, 1, 2, 3, 4, 5, 6, 7].map((k) => SHA512_NAMES[(k - r + 8) & 7]);
  const pair = (n) => [`${n}h`, `${n}l`];
  const S1 = xor3(ROTR64(`${E}h`, `${E}l`, 14), ROTR64(`${E}h`, `${E}l`, 18), ROTR64(`${E}h`, `${E}l`, 41));
  const S0 = xor3(ROTR64(`${A}h`, `${A}l`, 28), ROTR64(`${A}h`, `${A}l`, 34), ROTR64(`${A}h`, `${A}l`, 39));
  const ch = ['h', 'l'].map((x) => `(${G}${x} ^ (${E}${x} & (${F}${x} ^ ${G}${x})))`);
  const maj = ['h', 'l'].map((x) => `((${A}${x} & ${B}${x}) ^ (${C}${x} & (${A}${x} ^ ${B}${x})))`);
  // i counts words, two a round: round i / 2 + r has its K and W at i + 2r (hi) and i + 2r + 1 (lo)
  const at = (o) => (o === 0 ? 'i' : `i + ${o}`);
  const kw = (t) => [`${t}[${at(2 * r)}]`, `${t}[${at(2 * r + 1)}]`];
  return [
    // t1 = h + Sigma1(e) + Ch(e, f, g) + K[t] + W[t]; d += t1; h = t1 + Sigma0(a) + Maj(a, b, c)
    ...sum64(['t1h', 't1l'], [pair(H), S1, ch, kw('K'), kw('W')]),
    ...sum64(pair(D), [pair(D), ['t1h', 't1l']]),
    ...sum64(pair(H), [['t1h', 't1l'], S0, maj]),
  ].map((x) => `  ${x}`);
}

/** After `k` rounds (k < 8) every variable holds the role of the one k places on: each takes the value k back. */
const sha512Shift = (k) => {
  const n = SHA512_NAMES;
  return ['h', 'l'].flatMap((x) => [
    ...n.slice(8 - k).map((v) => `  const ${v}${x}Old = ${v}${x};`),
    ...[7, 6, 5, 4, 3, 2, 1, 0].map((j) => `  ${n[j]}${x} = ${j >= k ? `${n[j - k]}${x}` : `${n[j - k + 8]}${x}Old`};`),
  ]);
};

/** Adds the block's result back into the chaining value, 64 bits at a time (the low halves' carry into the high). */
const sha512AddBack = () =>
  SHA512_NAMES.flatMap((n, i) => [
    ...sum64(
      [`${n}h`, `${n}l`],
      [
        [`${n}h`, `${n}l`],
        [`s[${2 * i}]`, `s[${2 * i + 1}]`],
      ],
    ),
    `s[${2 * i}] = ${n}h;`,
    `s[${2 * i + 1}] = ${n}l;`,
  ]);

/**
 * A core named `name`, its 64-bit sums written by `sum` (calls or inline), `perLoop` (1, 2, 4 or 8) rounds a loop
 * iteration; `local`: K and W read through locals (`const K = K_`), not the module's bindings.
 */
export const sha512Core = (name, doc, sum, perLoop, local = false) => {
  sum64 = sum;
  const rounds = [
    `for (let i = 0; i < 160; i += ${2 * perLoop}) {`,
    ...Array.from({ length: perLoop }, (_, r) => sha512Round(r)).flat(),
    ...(perLoop < 8 ? sha512Shift(perLoop) : []),
    '}',
  ];
  const vars = SHA512_NAMES.flatMap((n) => [`${n}h`, `${n}l`]);
  const body = ['let l = 0;', 'let t1h = 0;', 'let t1l = 0;', ...sha512Schedule(), ...rounds];
  const prelude = local ? ['const K = K_;', 'const W = W_;'] : [];
  const code = frameCode(name, doc, vars, 128, body, sha512AddBack(), prelude);
  sum64 = sum64Calls;
  return code;
};

export const SUMS = { calls: sum64Calls, inline: sum64Inline };

function sha512() {
  const kTable = K512.flatMap((k) => [hex(Number(k >> 32n)), hex(Number(k & 0xffffffffn))]);
  const constants = `
// K[t] of FIPS 180-4 §4.2.3 as hi, lo pairs: the first 64 bits of the fractional parts of the cube roots of the
// first 80 primes.
const K = ${int32Table(kTable)}
// The message schedule, shared: compression never re-enters, and JavaScript runs one call at a time.
const W = new Int32Array(160);
// The same two under other names, for a core that reads them through locals: V8 then checks each typed array's map,
// length and data pointer once a call, where it reloads all three at every read of a module binding.
const K_ = K;
const W_ = W;
/** The exact sum of up to five low halves, as uint32s. */
const lo = (a: number, b: number, c: number, d: number, e: number): number =>
  (a >>> 0) + (b >>> 0) + (c >>> 0) + (d >>> 0) + (e >>> 0);
/** The high halves' sum with the carry out of the low halves' exact sum \`l\` ({@link lo}), as an int32. */
const hi = (l: number, a: number, b: number, c: number, d: number, e: number): number =>
  (a + b + c + d + e + ((l / 0x100000000) | 0)) | 0;
`;
  const doc =
    'SHA-512 compression (FIPS 180-4 §6.4.2), 64-bit words as (hi, lo) int32 pairs; SHA-384 and SHA-512/t use it too.';
  // for V8 and an interpreter: the sums written out (V8 runs them faster than the calls; a call costs an
  // interpreter more than the sum), two rounds a loop iteration, K and W through locals
  const inlineDoc =
    'The same compression with its 64-bit sums written out, K and W through locals: the shape for V8 and engines with no JIT (sha2-shapes.ts chooses).';
  return generatedFile(
    constants,
    `${sha512Core('sha512Blocks', doc, sum64Calls, 2)}\n${sha512Core('sha512BlocksInline', inlineDoc, sum64Inline, 2, true)}`,
  );
}

/** The generated files, by name under algorithms/generated/. */
export const files = () => ({ 'sha512.ts': sha512() });
