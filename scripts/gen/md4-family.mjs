// The MD4 family's compression functions, written once as a plan of steps that both core generators emit:
// cores/md4-ripemd.mjs as TypeScript (algorithms/generated/md4.ts, ripemd.ts), gen-wasm.mjs as WebAssembly (the
// module `ripemd`, wasm/generated/ripemd.ts). From the standards:
//   MD4         RFC 1320 §3.4 (three rounds of 16 steps on one line of four words)
//   RIPEMD-160  Dobbertin, Bosselaers, Preneel, "RIPEMD-160: a strengthened version of RIPEMD" (FSE 1996), and
//               ISO/IEC 10118-3: two parallel lines of five words, five rounds each, combined crosswise
//   RIPEMD-128  the same paper's 128-bit variant: four words, four rounds a line
//   RIPEMD-256, RIPEMD-320  the double-width variants of RIPEMD-128 and -160 (Bosselaers' RIPEMD page): the two
//               lines kept apart as two chaining values, one word swapped between them after each round
//
// Every variable's role (A, B, C, ... of the standard's step) is tracked here while the steps are written, so the
// generated code never moves a value from one variable to another: a step writes its new word over A's variable,
// and the roles rotate. A swap between the lines exchanges two roles' variables, which costs nothing either.

/** floor(2^30 · x^(1/k)) of an integer x: RIPEMD's and MD4's round constants (the paper's Table, RFC 1320). */
function rootConstant(x, k) {
  const target = BigInt(x) << BigInt(30 * k);
  let lo = 0n;
  let hi = 1n << 32n;
  while (lo < hi) {
    const m = (lo + hi + 1n) / 2n;
    if (m ** BigInt(k) <= target) lo = m;
    else hi = m - 1n;
  }
  return Number(lo);
}

const SQRT = [2, 3, 5, 7].map((p) => rootConstant(p, 2));
const CBRT = [2, 3, 5, 7].map((p) => rootConstant(p, 3));

/** RIPEMD's message word order: round r of the left line takes ρ^r(j), of the right line ρ^r(π(j)). */
const RHO = [7, 4, 13, 1, 10, 6, 15, 3, 12, 0, 9, 5, 2, 14, 11, 8];
const ID = Array.from({ length: 16 }, (_, j) => j);
const PI = ID.map((j) => (9 * j + 5) % 16);
const orders = (start) => {
  const out = [start];
  for (let r = 1; r < 5; r++) out.push(out[r - 1].map((j) => RHO[j]));
  return out;
};
const LEFT_WORDS = orders(ID);
const RIGHT_WORDS = orders(PI);

/** RIPEMD's shift of message word X_j in round r, the same in both lines (the paper's Table 2). */
const RIPEMD_SHIFTS = [
  [11, 14, 15, 12, 5, 8, 7, 9, 11, 13, 14, 15, 6, 7, 9, 8],
  [12, 13, 11, 15, 6, 9, 9, 7, 12, 15, 11, 13, 7, 8, 7, 7],
  [13, 15, 14, 11, 7, 7, 6, 8, 13, 14, 13, 12, 5, 5, 6, 9],
  [14, 11, 12, 14, 8, 6, 5, 5, 15, 12, 15, 14, 9, 9, 8, 6],
  [15, 12, 13, 13, 9, 5, 8, 6, 14, 11, 12, 11, 8, 6, 5, 5],
];

/**
 * The boolean functions, by RIPEMD's names f1..f5 (MD4's F is f2, its H f1, its G the majority `g`), as
 * [op, ...] trees the emitters write in their own language: f1 = x ^ y ^ z, f2 = (x & y) | (~x & z) written
 * z ^ (x & (y ^ z)), f3 = (x | ~y) ^ z, f4 = (x & z) | (y & ~z) written y ^ (z & (x ^ y)), f5 = x ^ (y | ~z),
 * g = (x & y) | (x & z) | (y & z) written (x & y) | (z & (x | y)).
 */
const FUNCTIONS = {
  f1: (x, y, z) => ['xor', ['xor', x, y], z],
  f2: (x, y, z) => ['xor', z, ['and', x, ['xor', y, z]]],
  f3: (x, y, z) => ['xor', ['or', x, ['not', y]], z],
  f4: (x, y, z) => ['xor', y, ['and', z, ['xor', x, y]]],
  f5: (x, y, z) => ['xor', x, ['or', y, ['not', z]]],
  g: (x, y, z) => ['or', ['and', x, y], ['and', z, ['or', x, y]]],
};

/** One line's 16-step rounds: for each, the function, the constant, and each step's word and shift. */
function md4Line() {
  const bitReversed = ID.map((j) => ((j & 1) << 3) | ((j & 2) << 1) | ((j & 4) >> 1) | ((j & 8) >> 3));
  return [
    { f: 'f2', k: 0, words: ID, shifts: [3, 7, 11, 19] },
    { f: 'g', k: SQRT[0], words: ID.map((j) => 4 * (j & 3) + (j >> 2)), shifts: [3, 5, 9, 13] },
    { f: 'f1', k: SQRT[1], words: bitReversed, shifts: [3, 9, 11, 15] },
  ].map((r) => ({ ...r, shifts: ID.map((j) => r.shifts[j & 3]) }));
}

/** A RIPEMD line of `rounds` rounds (4 or 5): the left line, or the right one (functions and constants reversed). */
function ripemdLine(rounds, right) {
  const fs = ['f1', 'f2', 'f3', 'f4', 'f5'].slice(0, rounds);
  const ks = [0, ...SQRT].slice(0, rounds);
  const words = right ? RIGHT_WORDS : LEFT_WORDS;
  return Array.from({ length: rounds }, (_, r) => ({
    f: right ? fs[rounds - 1 - r] : fs[r],
    k: right ? [...CBRT.slice(0, rounds - 1), 0][r] : ks[r],
    words: words[r],
    shifts: words[r].map((j) => RIPEMD_SHIFTS[r][j]),
  }));
}

/**
 * The plan of one compression function: `chain` words of chaining value; `lines`, each with its variables and the
 * chaining words they start from; `steps`, the two lines' steps interleaved (two independent chains of
 * dependencies side by side); `final`, each new chaining word as a sum of old chaining words and variables.
 *
 * A step is the standard's A = rotl(A + f(B, C, D) + X[word] + K, shift), then + E and C = rotl(C, 10) in the
 * five-word lines (RIPEMD-160, -320); its roles then rotate: four words [D, A, B, C], five [E, A, B, C, D]. So B is
 * always the word the previous step made: `fn` and `args` (B, C, D) let an emitter order f around it.
 */
function plan({ chain, width, lines, swaps = [], combine }) {
  const names = [
    ['a', 'b', 'c', 'dd', 'e'],
    ['a2', 'b2', 'c2', 'd2', 'e2'],
  ];
  const roles = lines.map((_, l) => names[l].slice(0, width));
  const vars = roles.map((r) => [...r]);
  const steps = [];
  const rounds = lines[0].length;
  for (let r = 0; r < rounds; r++) {
    for (let j = 0; j < 16; j++) {
      lines.forEach((line, l) => {
        const round = line[r];
        const [A, B, C, D, E] = roles[l];
        steps.push({
          target: A,
          f: FUNCTIONS[round.f](B, C, D),
          fn: round.f,
          args: [B, C, D],
          word: round.words[j],
          k: round.k,
          shift: round.shifts[j],
          plus: width === 5 ? E : undefined,
          rotate10: width === 5 ? C : undefined,
        });
        roles[l] = width === 5 ? [E, A, B, C, D] : [D, A, B, C];
      });
    }
    // the double-width variants: after round r, the two lines exchange the word in role swaps[r]
    if (swaps.length > 0) [roles[0][swaps[r]], roles[1][swaps[r]]] = [roles[1][swaps[r]], roles[0][swaps[r]]];
  }
  const final = combine(roles);
  const init = lines.map((_, l) => (chain === width ? ID.slice(0, width) : ID.slice(l * width, (l + 1) * width)));
  return { chain, vars, init, steps, final };
}

/** h_i += line's role i: MD4, and both chaining values of RIPEMD-256 and -320. */
const addBack = (roles) => roles.flatMap((r, l) => r.map((v, i) => [{ h: l * r.length + i }, { v }]));
/** RIPEMD-128 and -160's crosswise combination: h_i = h_(i+1) + left's role i + 2 + right's role i + 3. */
const crosswise = ([left, right]) => {
  const n = left.length;
  return left.map((_, i) => [{ h: (i + 1) % n }, { v: left[(i + 2) % n] }, { v: right[(i + 3) % n] }]);
};

/** The plans, by the name of the function the generators write (`<name>Blocks` in TypeScript, `<name>` in wasm). */
export const PLANS = {
  md4: plan({ chain: 4, width: 4, lines: [md4Line()], combine: addBack }),
  ripemd128: plan({ chain: 4, width: 4, lines: [ripemdLine(4, false), ripemdLine(4, true)], combine: crosswise }),
  ripemd160: plan({ chain: 5, width: 5, lines: [ripemdLine(5, false), ripemdLine(5, true)], combine: crosswise }),
  // after rounds 1-4 the words in roles A, B, C, D are swapped; after rounds 1-5 B, D, A, C, E
  ripemd256: plan({
    chain: 8,
    width: 4,
    lines: [ripemdLine(4, false), ripemdLine(4, true)],
    swaps: [0, 1, 2, 3],
    combine: addBack,
  }),
  ripemd320: plan({
    chain: 10,
    width: 5,
    lines: [ripemdLine(5, false), ripemdLine(5, true)],
    swaps: [1, 3, 0, 2, 4],
    combine: addBack,
  }),
};

export const DOCS = {
  md4: 'MD4 compression (RFC 1320 §3.4), little-endian words.',
  ripemd128: 'RIPEMD-128 compression (Dobbertin, Bosselaers, Preneel 1996), little-endian words.',
  ripemd160: 'RIPEMD-160 compression (Dobbertin, Bosselaers, Preneel 1996; ISO/IEC 10118-3), little-endian words.',
  ripemd256: 'RIPEMD-256 compression: RIPEMD-128 with its two lines kept apart, words swapped after each round.',
  ripemd320: 'RIPEMD-320 compression: RIPEMD-160 with its two lines kept apart, words swapped after each round.',
};

// ---- TypeScript ---------------------------------------------------------------------------------------------

/** A function tree as a TypeScript expression. */
function tsExpression(e) {
  if (typeof e === 'string') return e;
  const [op, x, y] = e;
  if (op === 'not') return `~${tsExpression(x)}`;
  return `(${tsExpression(x)} ${{ xor: '^', and: '&', or: '|' }[op]} ${tsExpression(y)})`;
}

/** The TypeScript compression function of plan `name`, with core-helpers.mjs' helpers (hex, le, rotl). */
function tsCore(name, { hex, le, rotl }) {
  const p = PLANS[name];
  const hs = Array.from({ length: p.chain }, (_, i) => `h${i}`);
  const body = [];
  for (let j = 0; j < 16; j++) body.push(`const x${j} = ${le(4 * j)};`);
  p.vars.forEach((vs, l) => {
    body.push(`let ${vs.map((v, i) => `${v} = h${p.init[l][i]}`).join(', ')};`);
  });
  for (const s of p.steps) {
    // the role computed last (B, through f) joins the sum last; A, the word and the constant are added meanwhile
    const early = [s.target, `x${s.word}`, ...(s.k === 0 ? [] : [hex(s.k)])].join(' + ');
    body.push(`${s.target} = (${early} + ${tsExpression(s.f)}) | 0;`);
    body.push(
      s.plus
        ? `${s.target} = (${rotl(s.target, s.shift)} + ${s.plus}) | 0;`
        : `${s.target} = ${rotl(s.target, s.shift)};`,
    );
    if (s.rotate10) body.push(`${s.rotate10} = ${rotl(s.rotate10, 10)};`);
  }
  const term = (t) => (t.h !== undefined ? `h${t.h}` : t.v);
  body.push(...p.final.map((terms, i) => `const n${i} = (${terms.map(term).join(' + ')}) | 0;`));
  body.push(...p.final.map((_, i) => `h${i} = n${i};`));
  return `/** ${DOCS[name]} */
export function ${name}Blocks(s: Int32Array, d: Uint8Array, offset: number, blocks: number): void {
  ${hs.map((h, i) => `let ${h} = s[${i}] | 0;`).join('\n  ')}
  for (let p = offset, end = offset + blocks * 64; p < end; p += 64) {
${body.map((l) => `    ${l}`).join('\n')}
  }
  ${hs.map((h, i) => `s[${i}] = ${h};`).join('\n  ')}
}
`;
}

/** cores/md4-ripemd.mjs' files for the family: MD4 alone, and the four RIPEMDs together. */
export function md4FamilyTs(helpers) {
  const file = (names) => helpers.generatedFile('', names.map((n) => tsCore(n, helpers)).join('\n'));
  return {
    'md4.ts': file(['md4']),
    'ripemd.ts': file(['ripemd128', 'ripemd160', 'ripemd256', 'ripemd320']),
  };
}

// ---- WebAssembly ----------------------------------------------------------------------------------------------

const get = (v) => `(local.get $${v})`;
const set = (v, e) => `(local.set $${v} ${e})`;
const i32 = (n) => `(i32.const ${n | 0})`;

function watExpression(e) {
  if (typeof e === 'string') return get(e);
  const [op, x, y] = e;
  if (op === 'not') return `(i32.xor ${watExpression(x)} (i32.const -1))`;
  return `(i32.${op} ${watExpression(x)} ${watExpression(y)})`;
}

/**
 * The functions for the WebAssembly steps, split around x (B, the word the previous step made, the only input on
 * the chain from step to step): f = pre(y, z) + post(x, y, z), where pre does not read x and is added to the step's
 * sum meanwhile, and post puts as few operations as it can after x. Where the two parts share no bit the OR is an
 * addition: MD4's majority g = (y & z) | (x & (y ^ z)) (if y & z has a bit, y ^ z has not), RIPEMD's f4 =
 * (y & ~z) | (x & z), its y & ~z written y ^ (y & z) (no NOT: JavaScriptCore ran the NOT's form 3% slower). So a step's chain is post's depth + add + rotl (+ E): MD4 2, 1, 1 in its three rounds (2, 3,
 * 2 as FUNCTIONS writes them), RIPEMD 1, 2, 2, 1, 1 (2, 2, 2, 3, 1). docs/decisions/wasm-md4-ripemd-steps.md has
 * the cycles counted.
 */
const WAT_FUNCTIONS = {
  f1: (x, y, z) => [null, ['xor', x, ['xor', y, z]]],
  f2: (x, y, z) => [null, ['xor', z, ['and', x, ['xor', y, z]]]],
  f3: (x, y, z) => [null, ['xor', ['or', x, ['not', y]], z]],
  f4: (x, y, z) => [
    ['xor', y, ['and', y, z]],
    ['and', x, z],
  ],
  f5: (x, y, z) => [null, ['xor', x, ['or', y, ['not', z]]]],
  g: (x, y, z) => [
    ['and', y, z],
    ['and', x, ['xor', y, z]],
  ],
};

/**
 * One step's new word: rotl(A + (X + K) + pre + post, shift) (+ E). The constant goes with the message word:
 * written (A + X) + K, V8 moves it to the last addition, a three-term lea (2 cycles) on the chain; A + (X + K)
 * stays one lea off the chain.
 */
function watStep(s) {
  const [pre, post] = WAT_FUNCTIONS[s.fn](...s.args);
  const word = get(`x${s.word}`);
  let sum = `(i32.add ${get(s.target)} ${s.k === 0 ? word : `(i32.add ${word} ${i32(s.k)})`})`;
  if (pre) sum = `(i32.add ${sum} ${watExpression(pre)})`;
  const e = `(i32.rotl (i32.add ${sum} ${watExpression(post)}) ${i32(s.shift)})`;
  const steps = [set(s.target, s.plus ? `(i32.add ${e} ${get(s.plus)})` : e)];
  if (s.rotate10) steps.push(set(s.rotate10, `(i32.rotl ${get(s.rotate10)} ${i32(10)})`));
  return steps;
}

/**
 * (func $name (param $s i32) (param $p i32) (param $n i32)): compresses $n blocks at $p into the chaining value at
 * $s, as the core module's scalar functions do (32-bit words in memory order).
 */
function watCore(name) {
  const p = PLANS[name];
  const hs = Array.from({ length: p.chain }, (_, i) => `h${i}`);
  const ns = hs.map((_, i) => `n${i}`);
  const xs = ID.map((j) => `x${j}`);
  const body = xs.map((x, j) => set(x, `(i32.load offset=${4 * j} (local.get $p))`));
  body.push(...p.vars.flatMap((vs, l) => vs.map((v, i) => set(v, get(`h${p.init[l][i]}`)))));
  body.push(...p.steps.flatMap(watStep));
  const term = (t) => get(t.h !== undefined ? `h${t.h}` : t.v);
  body.push(
    ...p.final.map((terms, i) =>
      set(
        `n${i}`,
        terms.map(term).reduce((a, b) => `(i32.add ${a} ${b})`),
      ),
    ),
  );
  body.push(...p.final.map((_, i) => set(`h${i}`, get(`n${i}`))));
  const locals = [...hs, ...ns, ...xs, ...p.vars.flat()];
  return [
    `;; ${DOCS[name]}`,
    `(func $${name} (export "${name}") (param $s i32) (param $p i32) (param $n i32)`,
    `  ${locals.map((l) => `(local $${l} i32)`).join(' ')}`,
    ...hs.map((h, i) => `  ${set(h, `(i32.load offset=${4 * i} (local.get $s))`)}`),
    '  (block $done',
    '    (loop $block',
    '      (br_if $done (i32.eqz (local.get $n)))',
    ...body.map((l) => `      ${l}`),
    '      (local.set $p (i32.add (local.get $p) (i32.const 64)))',
    '      (local.set $n (i32.sub (local.get $n) (i32.const 1)))',
    '      (br $block)))',
    ...hs.map((h, i) => `  (i32.store offset=${4 * i} (local.get $s) ${get(h)})`),
    ')',
  ].join('\n');
}

/** The names of the module `ripemd`'s functions, as the TypeScript side calls them (src/wasm/module.ts). */
export const MD4_FAMILY_CORES = Object.keys(PLANS);

/**
 * The text of the module `ripemd`: MD4 and the four RIPEMDs (WebAssembly 1.0, scalar), over the core module's
 * memory, imported, so the chaining value and the input lie where the core's functions have theirs.
 */
export function md4FamilyWat(note) {
  return [
    `;; ${note}`,
    '(module',
    '  (import "core" "memory" (memory 1))',
    ...MD4_FAMILY_CORES.map(watCore),
    ')',
    '',
  ].join('\n');
}
