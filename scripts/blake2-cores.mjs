// BLAKE2b's and BLAKE2s' compression F (RFC 7693 §3.2), fully unrolled, for gen-cores.mjs
// (algorithms/generated/blake2.ts): the 16 message words are read once per block into locals, σ is resolved here
// (each G names its message words directly), and the working vector lives in locals (BLAKE2b: 32 locals, its
// 64-bit words as low and high 32-bit halves). BLAKE2b's rotation by 32 bits is no code: the two halves' variables
// swap roles here, while the text is written. Measured against the rolled loop over a scratch Int32Array this
// replaced: BENCHMARKS.md ("BLAKE2 in TypeScript").
import { BLAKE2_SIGMA, COLUMNS_DIAGONALS as G_WORDS } from './constants.mjs';

/** The rows of σ for `rounds` rounds (BLAKE2b's 12 wrap to rows 0 and 1). */
const schedule = (rounds) => Array.from({ length: rounds }, (_, r) => BLAKE2_SIGMA[r % 10]);

/** BLAKE2b's G on words a, b, c, d whose halves' variables are in `n` (low of word w at 2w), message words x, y. */
function gb(n, [a, b, c, d], x, y) {
  const L = (w) => n[2 * w];
  const H = (w) => n[2 * w + 1];
  // a = a + b + m (64-bit: the exact low sum in l, its carry into the high half)
  const add3 = (m) => [
    `l = (${L(a)} >>> 0) + (${L(b)} >>> 0) + (m${2 * m} >>> 0);`,
    `${H(a)} = (${H(a)} + ${H(b)} + m${2 * m + 1} + ((l / 0x100000000) | 0)) | 0;`,
    `${L(a)} = l | 0;`,
  ];
  // c = c + d
  const add2 = () => [
    `l = (${L(c)} >>> 0) + (${L(d)} >>> 0);`,
    `${H(c)} = (${H(c)} + ${H(d)} + ((l / 0x100000000) | 0)) | 0;`,
    `${L(c)} = l | 0;`,
  ];
  /** w = (w ^ z) >>> r for 0 < r < 32, right; r = 63 as a rotation left by 1 */
  const xorRot = (w, z, r) => {
    const [s, u] = r === 63 ? [31, 1] : [r, 32 - r];
    const lo = r === 63 ? `(t << 1) | (${H(w)} >>> 31)` : `(t >>> ${s}) | (${H(w)} << ${u})`;
    const hi = r === 63 ? `(${H(w)} << 1) | (t >>> 31)` : `(${H(w)} >>> ${s}) | (t << ${u})`;
    return [`t = ${L(w)} ^ ${L(z)};`, `${H(w)} ^= ${H(z)};`, `${L(w)} = ${lo};`, `${H(w)} = ${hi};`];
  };
  const out = [...add3(x), `${L(d)} ^= ${L(a)};`, `${H(d)} ^= ${H(a)};`];
  // d >>> 32: the halves' variables swap roles
  [n[2 * d], n[2 * d + 1]] = [n[2 * d + 1], n[2 * d]];
  return [...out, ...add2(), ...xorRot(b, c, 24), ...add3(y), ...xorRot(d, a, 16), ...add2(), ...xorRot(b, c, 63)];
}

/** BLAKE2s' G on words a, b, c, d (variables v0..v15), message words x, y: rotations 16, 12, 8, 7. */
function gs([a, b, c, d], x, y) {
  const [A, B, C, D] = [a, b, c, d].map((w) => `v${w}`);
  const quarter = (m, r1, r2) => [
    `${A} = (${A} + ${B} + m${m}) | 0;`,
    `${D} ^= ${A};`,
    `${D} = (${D} >>> ${r1}) | (${D} << ${32 - r1});`,
    `${C} = (${C} + ${D}) | 0;`,
    `${B} ^= ${C};`,
    `${B} = (${B} >>> ${r2}) | (${B} << ${32 - r2});`,
  ];
  return [...quarter(x, 16, 12), ...quarter(y, 8, 7)];
}

/** The rounds: each row of σ gives G its message words, two a G. */
const rounds = (count, emit) =>
  schedule(count).flatMap((sigma) => G_WORDS.flatMap((words, i) => emit(words, sigma[2 * i], sigma[2 * i + 1])));

const SIGNATURE =
  '(h: Int32Array, d: Uint8Array, p: number, t0: number, t1: number, last: boolean, iv: Int32Array): void';

function blake2b(le) {
  const n = Array.from({ length: 32 }, (_, i) => `v${i}`);
  const body = rounds(12, (words, x, y) => gb(n, words, x, y));
  const init = [
    ...Array.from({ length: 32 }, (_, i) => `const m${i} = ${le(4 * i)};`),
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
  const end = Array.from({ length: 16 }, (_, i) => `h[${i}] ^= ${n[i]} ^ ${n[i + 16]};`);
  return `/**
 * BLAKE2b's F (RFC 7693 §3.2) of the block at d[p..] into h, 64-bit words as (low, high) int32 halves, low first;
 * \`iv\` is BLAKE2b's IV in halves, t0 and t1 the byte counter's low 64 bits (its high 64 are zero), \`last\` the flag.
 */
export function blake2bCompress${SIGNATURE} {
${[...init, ...body, ...end].map((s) => `  ${s}`).join('\n')}
}
`;
}

function blake2s(le) {
  const init = [
    ...Array.from({ length: 16 }, (_, i) => `const m${i} = ${le(4 * i)};`),
    ...Array.from({ length: 8 }, (_, i) => `let v${i} = h[${i}];`),
    ...Array.from({ length: 8 }, (_, i) => {
      const k = i + 8;
      if (k === 12 || k === 13) return `let v${k} = iv[${i}] ^ t${k - 12};`;
      if (k === 14) return `let v${k} = last ? ~iv[${i}] : iv[${i}];`;
      return `let v${k} = iv[${i}];`;
    }),
  ];
  const body = rounds(10, gs);
  const end = Array.from({ length: 8 }, (_, i) => `h[${i}] ^= v${i} ^ v${i + 8};`);
  return `/** BLAKE2s' F (RFC 7693 §3.2) of the block at d[p..] into h; \`iv\` is BLAKE2s' IV, t0 and t1 the counter. */
export function blake2sCompress${SIGNATURE} {
${[...init, ...body, ...end].map((s) => `  ${s}`).join('\n')}
}
`;
}

/** The generated file algorithms/generated/blake2.ts. */
export const blake2Ts = ({ generatedFile, le }) => ({
  'blake2.ts': generatedFile('', `${blake2b(le)}\n${blake2s(le)}`),
});
