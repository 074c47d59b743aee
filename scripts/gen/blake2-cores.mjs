// BLAKE2b's and BLAKE2s' compression F (RFC 7693 §3.2), for gen-cores.mjs (algorithms/generated/blake2.ts), in
// the shapes measured in docs/decisions/ts-blake2-unrolled-core.md and ts-blake2-engine-shapes.md:
//   unroll 'full'   the 16 message words read once per block into locals, σ resolved here (each G names its
//                   message words directly), every round written out;
//   unroll 'round'  one round a loop iteration: the message in a scratch Int32Array, each G's words read through
//                   σ from a table (one row a round).
// The working vector lives in locals (BLAKE2b: 32 locals, its 64-bit words as low and high 32-bit halves).
// BLAKE2b's rotation by 32 bits is no code: the two halves' variables swap roles here, while the text is written
// (each word of v12..v15 is rotated by 32 twice a round, so a round ends with every role where it began). BLAKE2b's
// 64-bit sums, `add`:
//   'double'  the low halves summed exactly as doubles, the carry by `/ 2^32`, written out at every sum;
//   'fn'      the same sums through two small functions, `lo` and `hi` (as SHA-512's core: JavaScriptCore keeps one
//             type profile a function, not one a `+`);
//   'int32'   in int32 only, the carry out of the low halves from their top bits: (a & b) | ((a | b) & ~sum).
import { BLAKE2_SIGMA, COLUMNS_DIAGONALS as G_WORDS } from './constants.mjs';

/** The rows of σ for `rounds` rounds (BLAKE2b's 12 wrap to rows 0 and 1). */
const schedule = (rounds) => Array.from({ length: rounds }, (_, r) => BLAKE2_SIGMA[r % 10]);

/**
 * BLAKE2b's 64-bit sums on (low, high) variable names: `add(a, b, m)` is a = a + b + m, `m` null for a = a + b;
 * m is [low, high] expressions.
 */
const ADD = {
  double: ([al, ah], [bl, bh], m) => [
    `l = (${al} >>> 0) + (${bl} >>> 0)${m ? ` + (${m[0]} >>> 0)` : ''};`,
    `${ah} = (${ah} + ${bh}${m ? ` + ${m[1]}` : ''} + ((l / 0x100000000) | 0)) | 0;`,
    `${al} = l | 0;`,
  ],
  fn: ([al, ah], [bl, bh], m) => [
    `l = lo(${al}, ${bl}, ${m ? m[0] : 0});`,
    `${ah} = hi(l, ${ah}, ${bh}, ${m ? m[1] : 0});`,
    `${al} = l | 0;`,
  ],
  int32: ([al, ah], [bl, bh], m) => {
    const two = (xl, xh) => [
      `l = (${al} + ${xl}) | 0;`,
      `${ah} = (${ah} + ${xh} + (((${al} & ${xl}) | ((${al} | ${xl}) & ~l)) >>> 31)) | 0;`,
      `${al} = l;`,
    ];
    return [...two(bl, bh), ...(m ? two(m[0], m[1]) : [])];
  },
};

/** The helpers the 'fn' sums call, in the generated file. */
const FN_HELPERS = `/** The exact sum of up to three low halves, as uint32s. */
const lo = (a: number, b: number, c: number): number => (a >>> 0) + (b >>> 0) + (c >>> 0);
/** The high halves' sum with the carry out of the low halves' exact sum \`l\` ({@link lo}), as an int32. */
const hi = (l: number, a: number, b: number, c: number): number => (a + b + c + ((l / 0x100000000) | 0)) | 0;
`;

/**
 * BLAKE2b's G on words a, b, c, d whose halves' variables are in `n` (low of word w at 2w), message words x, y as
 * [low, high] expressions; `add` one of {@link ADD}.
 */
function gb(n, [a, b, c, d], x, y, add) {
  const L = (w) => n[2 * w];
  const H = (w) => n[2 * w + 1];
  const pair = (w) => [L(w), H(w)];
  /** w = (w ^ z) >>> r for 0 < r < 32, right; r = 63 as a rotation left by 1 */
  const xorRot = (w, z, r) => {
    const [s, u] = r === 63 ? [31, 1] : [r, 32 - r];
    const lo = r === 63 ? `(t << 1) | (${H(w)} >>> 31)` : `(t >>> ${s}) | (${H(w)} << ${u})`;
    const hi = r === 63 ? `(${H(w)} << 1) | (t >>> 31)` : `(${H(w)} >>> ${s}) | (t << ${u})`;
    return [`t = ${L(w)} ^ ${L(z)};`, `${H(w)} ^= ${H(z)};`, `${L(w)} = ${lo};`, `${H(w)} = ${hi};`];
  };
  const out = [...add(pair(a), pair(b), x), `${L(d)} ^= ${L(a)};`, `${H(d)} ^= ${H(a)};`];
  // d >>> 32: the halves' variables swap roles
  [n[2 * d], n[2 * d + 1]] = [n[2 * d + 1], n[2 * d]];
  return [
    ...out,
    ...add(pair(c), pair(d), null),
    ...xorRot(b, c, 24),
    ...add(pair(a), pair(b), y),
    ...xorRot(d, a, 16),
    ...add(pair(c), pair(d), null),
    ...xorRot(b, c, 63),
  ];
}

/** BLAKE2s' G on words a, b, c, d (variables v0..v15), message words x, y (expressions): rotations 16, 12, 8, 7. */
function gs([a, b, c, d], x, y) {
  const [A, B, C, D] = [a, b, c, d].map((w) => `v${w}`);
  const quarter = (m, r1, r2) => [
    `${A} = (${A} + ${B} + ${m}) | 0;`,
    `${D} ^= ${A};`,
    `${D} = (${D} >>> ${r1}) | (${D} << ${32 - r1});`,
    `${C} = (${C} + ${D}) | 0;`,
    `${B} ^= ${C};`,
    `${B} = (${B} >>> ${r2}) | (${B} << ${32 - r2});`,
  ];
  return [...quarter(x, 16, 12), ...quarter(y, 8, 7)];
}

/** One round's eight G: `emit(words, i)` for G number i (its message words are σ's 2i and 2i + 1). */
const round = (emit) => G_WORDS.flatMap((words, i) => emit(words, i));

const SIGNATURE =
  '(h: Int32Array, d: Uint8Array, p: number, t0: number, t1: number, last: boolean, iv: Int32Array): void';

/** σ's rows for BLAKE2b's 12 rounds as one table, which BLAKE2s' 10 read the first rows of. */
const SIGMA_TABLE = `// σ (RFC 7693 §2.7), a row a round: BLAKE2b's 12 rounds (BLAKE2s reads the first 10)
const SIGMA = Uint8Array.of(
${schedule(12)
  .map((row) => `  ${row.join(', ')},`)
  .join('\n')}
);
`;

/** The loop over the rounds: `r` steps through the σ table a row at a time, `body` is one round. */
const roundLoop = (rounds, body) => [
  `for (let r = 0; r < ${16 * rounds}; r += 16) {`,
  ...body.map((s) => `  ${s}`),
  '}',
];

/**
 * The message of the block at d[p..] into the scratch array `m`, little-endian `words` of `bytes` bytes: BLAKE2s'
 * word i at i; BLAKE2b's word i as its low half at i and its high half at i + 16.
 */
const readMessage = (m, bytes) => {
  const word = (o) => {
    const at = (k) => `d[p + ${bytes} * i${o + k ? ` + ${o + k}` : ''}]`;
    return `${at(0)} | (${at(1)} << 8) | (${at(2)} << 16) | (${at(3)} << 24)`;
  };
  const set = bytes === 4 ? [`${m}[i] = ${word(0)};`] : [`${m}[i] = ${word(0)};`, `${m}[i + 16] = ${word(4)};`];
  return ['for (let i = 0; i < 16; i++) {', ...set.map((x) => `  ${x}`), '}'];
};

function blake2bBody(le, { unroll, add }) {
  const n = Array.from({ length: 32 }, (_, i) => `v${i}`);
  const init = [
    ...Array.from({ length: 16 }, (_, i) => `let v${i} = h[${i}];`),
    ...Array.from({ length: 16 }, (_, i) => {
      const k = i + 16;
      if (k === 24 || k === 25) return `let v${k} = iv[${i}] ^ t${k - 24};`;
      if (k === 28 || k === 29) return `let v${k} = last ? ~iv[${i}] : iv[${i}];`;
      return `let v${k} = iv[${i}];`;
    }),
    'let l = 0;',
    'let t = 0;',
  ];
  let body;
  if (unroll === 'full') {
    const m = (w) => [`m${2 * w}`, `m${2 * w + 1}`];
    body = [
      ...Array.from({ length: 32 }, (_, i) => `const m${i} = ${le(4 * i)};`),
      ...init,
      ...schedule(12).flatMap((sigma) =>
        round((words, i) => gb(n, words, m(sigma[2 * i]), m(sigma[2 * i + 1]), ADD[add])),
      ),
    ];
  } else {
    const one = round((words, i) => [
      `x = SIGMA[r + ${2 * i}];`,
      `y = SIGMA[r + ${2 * i + 1}];`,
      ...gb(n, words, ['MB[x]', 'MB[x + 16]'], ['MB[y]', 'MB[y + 16]'], ADD[add]),
    ]);
    if (n.some((v, i) => v !== `v${i}`)) throw new Error('blake2b: a round must end with every role where it began');
    body = [...readMessage('MB', 8), ...init, 'let x = 0;', 'let y = 0;', ...roundLoop(12, one)];
  }
  const end = Array.from({ length: 16 }, (_, i) => `h[${i}] ^= ${n[i]} ^ ${n[i + 16]};`);
  return [...body, ...end];
}

function blake2sBody(le, { unroll }) {
  const init = [
    ...Array.from({ length: 8 }, (_, i) => `let v${i} = h[${i}];`),
    ...Array.from({ length: 8 }, (_, i) => {
      const k = i + 8;
      if (k === 12 || k === 13) return `let v${k} = iv[${i}] ^ t${k - 12};`;
      if (k === 14) return `let v${k} = last ? ~iv[${i}] : iv[${i}];`;
      return `let v${k} = iv[${i}];`;
    }),
  ];
  const end = Array.from({ length: 8 }, (_, i) => `h[${i}] ^= v${i} ^ v${i + 8};`);
  if (unroll === 'full') {
    const rounds = schedule(10).flatMap((sigma) =>
      round((words, i) => gs(words, `m${sigma[2 * i]}`, `m${sigma[2 * i + 1]}`)),
    );
    return [...Array.from({ length: 16 }, (_, i) => `const m${i} = ${le(4 * i)};`), ...init, ...rounds, ...end];
  }
  const one = round((words, i) => gs(words, `MS[SIGMA[r + ${2 * i}]]`, `MS[SIGMA[r + ${2 * i + 1}]]`));
  return [...readMessage('MS', 4), ...init, ...roundLoop(10, one), ...end];
}

const indent = (lines) => lines.map((s) => `  ${s}`).join('\n');

/** BLAKE2b's compression `name` in the given shape, and the constants its file needs (a list of blocks). */
export function blake2b(le, shape, name = 'blake2bCompress') {
  const constants = [
    ...(shape.unroll === 'round'
      ? [
          SIGMA_TABLE,
          '// The message, low halves then high halves; shared: compression never re-enters.\nconst MB = new Int32Array(32);\n',
        ]
      : []),
    ...(shape.add === 'fn' ? [FN_HELPERS] : []),
  ];
  const code = `/**
 * BLAKE2b's F (RFC 7693 §3.2) of the block at d[p..] into h, 64-bit words as (low, high) int32 halves, low first;
 * \`iv\` is BLAKE2b's IV in halves, t0 and t1 the byte counter's low 64 bits (its high 64 are zero), \`last\` the flag.
 */
export function ${name}${SIGNATURE} {
${indent(blake2bBody(le, shape))}
}
`;
  return { constants, code };
}

/** BLAKE2s' compression `name` in the given shape, and the constants its file needs. */
export function blake2s(le, shape, name = 'blake2sCompress') {
  const constants =
    shape.unroll === 'round'
      ? [SIGMA_TABLE, '// The message, shared: compression never re-enters.\nconst MS = new Int32Array(16);\n']
      : [];
  const code = `/** BLAKE2s' F (RFC 7693 §3.2) of the block at d[p..] into h; \`iv\` is BLAKE2s' IV, t0 and t1 the counter. */
export function ${name}${SIGNATURE} {
${indent(blake2sBody(le, shape))}
}
`;
  return { constants, code };
}

/**
 * The shapes algorithms/generated/blake2.ts holds, by the name each is exported as: each family's unrolled one (V8
 * runs it fastest) and its loop of rounds (no engine falls off it); algorithms/blake2.ts chooses one per engine at
 * load (docs/decisions/ts-blake2-engine-shapes.md).
 */
export const SHAPES = {
  blake2bCompress: ['b', { unroll: 'full', add: 'double' }],
  blake2bCompressLoop: ['b', { unroll: 'round', add: 'fn' }],
  blake2sCompress: ['s', { unroll: 'full' }],
  blake2sCompressLoop: ['s', { unroll: 'round' }],
};

/** The generated file algorithms/generated/blake2.ts. */
export const blake2Ts = ({ generatedFile, le }) => {
  const parts = Object.entries(SHAPES).map(([name, [family, shape]]) =>
    (family === 'b' ? blake2b : blake2s)(le, shape, name),
  );
  // each constant once (the σ table serves both loops)
  const constants = [...new Set(parts.flatMap((x) => x.constants))].join('');
  return { 'blake2.ts': generatedFile(constants, parts.map((x) => x.code).join('\n')) };
};
