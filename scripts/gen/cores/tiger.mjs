// The TypeScript core of Tiger (Anderson–Biham 1996), for gen-cores.mjs, which writes what `files` returns into
// packages/digestlab/src/algorithms/generated/ (and checks it with --check).
import { generatedFile, le } from '../core-helpers.mjs';

// ---- Tiger (Anderson–Biham 1996): 64-bit words as (lo, hi) pairs, table-driven -------------------------------
// Three passes of eight rounds with the key schedule between them, fully unrolled (24 rounds): the variables'
// roles rotate in the text. 64-bit sums, differences and the multiplications by 5, 7 and 9 (a shift and a sum)
// on (lo, hi) pairs, the carry from the low halves' exact sum; the S-boxes are generated on first use
// (tiger-tables.ts).
const u = (x) => `(${x} >>> 0)`;
/** target = x ± y on (hi, lo) names, through the scratch `l`. */
const addSub64 = (th, tl, [xh, xl], [yh, yl], op) => [
  `l = ${u(xl)} ${op} ${u(yl)};`,
  op === '+'
    ? `${th} = (${xh} + ${yh} + (l > 0xffffffff ? 1 : 0)) | 0;`
    : `${th} = (${xh} - ${yh} - (l < 0 ? 1 : 0)) | 0;`,
  `${tl} = l | 0;`,
];

/** The (table, byte) pairs of a round: a -= t1[c0] ^ t2[c2] ^ t3[c4] ^ t4[c6], b += t4[c1] ^ t3[c3] ^ t2[c5] ^ t1[c7]. */
const TIGER_EVEN = [
  [0, 0],
  [1, 2],
  [2, 4],
  [3, 6],
];
const TIGER_ODD = [
  [3, 1],
  [2, 3],
  [1, 5],
  [0, 7],
];

/** The index of box `t`'s entry for byte k (least significant first) of the word (ch, cl). */
function tigerIndex(t, k, ch, cl) {
  const w = k < 4 ? cl : ch;
  const shift = 8 * (k & 3) - 1;
  const byte2 = shift < 0 ? `((${w} << 1) & 510)` : `((${w} >>> ${shift}) & 510)`;
  return t === 0 ? byte2 : `${512 * t} + ${byte2}`;
}

function tigerLookups(pairs, c) {
  return pairs.flatMap(([t, k], j) => {
    const op = j === 0 ? '=' : '^=';
    return [`q = ${tigerIndex(t, k, `${c}h`, `${c}l`)};`, `tl ${op} T[q];`, `th ${op} T[q + 1];`];
  });
}

function tigerRound(a, b, c, x, mul) {
  const p = (v) => [`${v}h`, `${v}l`];
  const shift = mul === 5 ? 2 : 3;
  return [
    `${c}h ^= ${x}h;`,
    `${c}l ^= ${x}l;`,
    ...tigerLookups(TIGER_EVEN, c),
    ...addSub64(`${a}h`, `${a}l`, p(a), ['th', 'tl'], '-'),
    ...tigerLookups(TIGER_ODD, c),
    ...addSub64(`${b}h`, `${b}l`, p(b), ['th', 'tl'], '+'),
    // b *= mul: (b << 2) + b, (b << 3) - b, (b << 3) + b
    `th = (${b}h << ${shift}) | (${b}l >>> ${32 - shift});`,
    `tl = ${b}l << ${shift};`,
    ...addSub64(`${b}h`, `${b}l`, ['th', 'tl'], p(b), mul === 7 ? '-' : '+'),
  ];
}

function tigerPass(a, b, c, mul) {
  const order = [
    [a, b, c],
    [b, c, a],
    [c, a, b],
  ];
  return Array.from({ length: 8 }, (_, i) => tigerRound(...order[i % 3], `x${i}`, mul)).flat();
}

/** The key schedule between passes, on x0..x7. */
function tigerSchedule() {
  const x = (i) => [`x${i}h`, `x${i}l`];
  const xor = (i, [h, l]) => [`x${i}h ^= ${h};`, `x${i}l ^= ${l};`];
  const add = (i, y) => addSub64(`x${i}h`, `x${i}l`, x(i), y, '+');
  const sub = (i, y) => addSub64(`x${i}h`, `x${i}l`, x(i), y, '-');
  // y = x[j] ^ ((~x[k]) << 19) or ^ ((~x[k]) >>> 23), into th, tl
  const shl19 = (j, k) => [`th = x${j}h ^ ((~x${k}h << 19) | (~x${k}l >>> 13));`, `tl = x${j}l ^ (~x${k}l << 19);`];
  const shr23 = (j, k) => [`th = x${j}h ^ (~x${k}h >>> 23);`, `tl = x${j}l ^ ((~x${k}l >>> 23) | (~x${k}h << 9));`];
  const t = ['th', 'tl'];
  return [
    'th = x7h ^ 0xa5a5a5a5;',
    'tl = x7l ^ 0xa5a5a5a5;',
    ...sub(0, t),
    ...xor(1, x(0)),
    ...add(2, x(1)),
    ...shl19(2, 1),
    ...sub(3, t),
    ...xor(4, x(3)),
    ...add(5, x(4)),
    ...shr23(5, 4),
    ...sub(6, t),
    ...xor(7, x(6)),
    ...add(0, x(7)),
    ...shl19(0, 7),
    ...sub(1, t),
    ...xor(2, x(1)),
    ...add(3, x(2)),
    ...shr23(3, 2),
    ...sub(4, t),
    ...xor(5, x(4)),
    ...add(6, x(5)),
    'th = x6h ^ 0x01234567;',
    'tl = x6l ^ 0x89abcdef;',
    ...sub(7, t),
  ];
}

function tiger() {
  const body = [
    ...Array.from({ length: 8 }, (_, i) => [`let x${i}l = ${le(8 * i)};`, `let x${i}h = ${le(8 * i + 4)};`]).flat(),
    ...tigerPass('a', 'b', 'c', 5),
    ...tigerSchedule(),
    ...tigerPass('c', 'a', 'b', 7),
    ...tigerSchedule(),
    ...tigerPass('b', 'c', 'a', 9),
    // feed-forward: a ^= a0, b -= b0, c += c0
    'al ^= s[0];',
    'ah ^= s[1];',
    ...addSub64('bh', 'bl', ['bh', 'bl'], ['s[3]', 's[2]'], '-'),
    ...addSub64('ch', 'cl', ['ch', 'cl'], ['s[5]', 's[4]'], '+'),
    's[0] = al;',
    's[1] = ah;',
    's[2] = bl;',
    's[3] = bh;',
    's[4] = cl;',
    's[5] = ch;',
  ];
  const vars = ['al', 'ah', 'bl', 'bh', 'cl', 'ch'];
  const code = `/** Tiger compression (Anderson–Biham 1996, three passes), 64-bit words as (lo, hi) pairs, little-endian. */
export function tigerBlocks(s: Int32Array, d: Uint8Array, offset: number, blocks: number): void {
  let l = 0;
  let q = 0;
  let th = 0;
  let tl = 0;
  for (let p = offset, end = offset + blocks * 64; p < end; p += 64) {
    ${vars.map((v, i) => `let ${v} = s[${i}];`).join('\n    ')}
${body.map((x) => `    ${x}`).join('\n')}
  }
}
`;
  return generatedFile("\nimport { T } from '../tiger-tables.js';\n", code);
}

/** The generated files, by name under algorithms/generated/. */
export const files = () => ({ 'tiger.ts': tiger() });
