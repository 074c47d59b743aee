// BLAKE3's seven rounds (the BLAKE3 paper, §2.2) written out for engines with no JIT, for cores/blake3.mjs
// (gen-cores.mjs writes algorithms/generated/blake3.ts). An interpreter pays for every call, every array read and every loop step that a
// JIT would have inlined or hoisted: this shape reads the working vector and the message into locals once, names
// each G's message words directly (the permutation resolved here) and writes the vector back at the end. V8 runs it
// too (1.4-3x its loop of G calls); the other JITs keep the loop (algorithms/blake3.ts: blake3Shape;
// docs/decisions/ts-interpreter-shapes.md).

/** The message permutation (§2.2): round r reads word SCHEDULE[r][i] where round 0 reads word i. */
const PERMUTATION = [2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8];
const SCHEDULE = (() => {
  const out = [];
  let order = Array.from({ length: 16 }, (_, i) => i);
  for (let r = 0; r < 7; r++) {
    out.push(order);
    order = PERMUTATION.map((p) => order[p]);
  }
  return out;
})();
/** G's words: four columns, then four diagonals. */
const G_WORDS = [
  [0, 4, 8, 12],
  [1, 5, 9, 13],
  [2, 6, 10, 14],
  [3, 7, 11, 15],
  [0, 5, 10, 15],
  [1, 6, 11, 12],
  [2, 7, 8, 13],
  [3, 4, 9, 14],
];

/** G on locals v{a..d} with message locals m{x}, m{y}: rotations 16, 12, 8, 7. */
function g([a, b, c, d], x, y) {
  const [A, B, C, D] = [a, b, c, d].map((w) => `v${w}`);
  const rot = (w, n) => [`${w} ^= ${n[0]};`, `${w} = (${w} >>> ${n[1]}) | (${w} << ${32 - n[1]});`];
  return [
    `${A} = (${A} + ${B} + m${x}) | 0;`,
    ...rot(D, [A, 16]),
    `${C} = (${C} + ${D}) | 0;`,
    ...rot(B, [C, 12]),
    `${A} = (${A} + ${B} + m${y}) | 0;`,
    ...rot(D, [A, 8]),
    `${C} = (${C} + ${D}) | 0;`,
    ...rot(B, [C, 7]),
  ];
}

export function blake3Ts({ generatedFile }) {
  const words = Array.from({ length: 16 }, (_, i) => i);
  const body = [
    ...words.map((i) => `let v${i} = v[${i}];`),
    ...words.map((i) => `const m${i} = m[${i}];`),
    ...SCHEDULE.flatMap((order) => G_WORDS.flatMap((w, k) => g(w, order[2 * k], order[2 * k + 1]))),
    ...words.map((i) => `v[${i}] = v${i};`),
  ];
  const code = `/**
 * BLAKE3's seven rounds on the working vector \`v\` with the message words \`m\`, every G written out on locals: the
 * shape for engines with no JIT and for V8 (algorithms/blake3.ts chooses).
 */
export function blake3RoundsUnrolled(v: Int32Array, m: Int32Array): void {
${body.map((l) => `  ${l}`).join('\n')}
}
`;
  return { 'blake3.ts': generatedFile('', code) };
}
