// The TypeScript cores of SHA-256 (FIPS 180-4 §6.2.2), eight rounds a loop iteration, fully unrolled, and a call a
// block for JavaScriptCore, for gen-cores.mjs, which writes what `files` returns into
// packages/digestlab/src/algorithms/generated/ (and checks it with --check).
import { K256 } from '../constants.mjs';
import { addBack32, be, beLoop, frame, frameCode, hex, int32Table, rotr } from '../core-helpers.mjs';

// ---- SHA-256 ---------------------------------------------------------------------------------------------
// Three shapes, chosen by engine at load (packages/digestlab/src/algorithms/sha2-shapes.ts): eight rounds a loop
// iteration over a 64-word schedule computed first, for SpiderMonkey and the interpreters; 64 rounds unrolled over a
// 16-word window in locals, for V8; a call a block with int32 sums, for JavaScriptCore. Fully unrolled (38,667 bytecodes), JavaScriptCore in WebKit compiles it with its DFG
// again and again and runs it in its baseline tier, 2-3 MiB/s against 70-110 for the loop
// (docs/decisions/ts-sha2-core-shape.md); V8 runs the unrolled one 1.5x as fast as the loop
// (docs/decisions/ts-sha2-engine-shapes.md). After eight rounds the variables' roles are back where they started,
// so the loop body needs no shuffling.
/**
 * Round i + r (r = 0-7 of the eight a loop iteration holds), the variables in their roles for that round. `int32`: a
 * `| 0` after every partial sum, for JavaScriptCore, whose DFG truncates `(x + y) | 0` to a 32-bit add only where each
 * `+` has an operand that is a bitwise result (a `^`, `&`, `| 0` or a small constant); `h + K[i] + W[i] + …` has none,
 * and it sums that in 52-bit integers (sign extensions, shifts by 12, 64-bit adds: 13 instructions for 4 adds).
 */
function sha256Round(r, int32 = false) {
  // (C is not named: Maj takes b ^ c from the previous round)
  const [A, B, , D, E, F, G, H] = [0, 1, 2, 3, 4, 5, 6, 7].map((k) => SHA256_NAMES[(k - r + 8) & 7]);
  const k = r === 0 ? 'i' : `i + ${r}`;
  const S1 = `(${rotr(E, 6)} ^ ${rotr(E, 11)} ^ ${rotr(E, 25)})`;
  const S0 = `(${rotr(A, 2)} ^ ${rotr(A, 13)} ^ ${rotr(A, 22)})`;
  // E and A are the values computed last: what depends on them is summed apart and joins last. Maj(a, b, c)
  // = b ^ ((a ^ b) & (b ^ c)), and b ^ c is the previous round's a ^ b (m0, m1 alternate; m1 = b ^ c first;
  // eight rounds an iteration is even, so they alternate across iterations too).
  const [mNew, mOld] = r & 1 ? ['m1', 'm0'] : ['m0', 'm1'];
  const hkw = int32 ? `((((${H} + K[${k}]) | 0) + W[${k}]) | 0)` : `${H} + K[${k}] + W[${k}]`;
  const s0maj = `${S0} + (${B} ^ (${mNew} & ${mOld}))`;
  return [
    `  t = (${hkw} + (${S1} + (${G} ^ (${E} & (${F} ^ ${G}))))) | 0;`,
    `  ${D} = (${D} + t) | 0;`,
    `  ${mNew} = ${A} ^ ${B};`,
    `  ${H} = (t + ${int32 ? `((${s0maj}) | 0)` : `(${s0maj})`}) | 0;`,
  ];
}

const SHA256_NAMES = ['a', 'b', 'c', 'dd', 'e', 'f', 'g', 'h'];

/**
 * The shape for JavaScriptCore (WebKit, Bun): a call a block, whose schedule is written out over constant indices
 * of W (no index arithmetic, no bounds checks: W is a module constant of known length), then the eight rounds a
 * loop iteration with int32 sums ({@link sha256Round}). σ0 and σ1 as ror(x ^ ror(x, k), n) ^ shift: one instruction
 * fewer each, off the rounds' dependency chain (the same rewrite of Σ0, Σ1, on it, lost 5%). In a call of its own
 * the round loop has the registers to itself. Bun 1.4.5: 1.7-1.8x noble at 1 MiB, where the loop shape runs at
 * noble's speed (docs/decisions/ts-sha256-jsc-shape.md).
 */
function sha256Jsc() {
  const v = SHA256_NAMES;
  const body = [];
  for (let i = 0; i < 16; i++) body.push(`W[${i}] = ${be(4 * i)};`);
  // σ0(x) = ror(x ^ ror(x, 11), 7) ^ (x >>> 3), σ1(y) = ror(y ^ ror(y, 2), 17) ^ (y >>> 10)
  const s0 = `(${rotr('xr', 7)} ^ (x >>> 3))`;
  const s1 = `(${rotr('yr', 17)} ^ (y >>> 10))`;
  for (let i = 16; i < 64; i++) {
    body.push(`x = W[${i - 15}];`, `y = W[${i - 2}];`, `xr = x ^ ${rotr('x', 11)};`, `yr = y ^ ${rotr('y', 2)};`);
    body.push(`W[${i}] = (((((W[${i - 16}] + W[${i - 7}]) | 0) + ${s0}) | 0) + ${s1}) | 0;`);
  }
  body.push(...v.map((n, i) => `let ${n} = s[${i}] | 0;`), 'let t = 0;', 'let m0 = 0;', 'let m1 = b ^ c;');
  body.push('for (let i = 0; i < 64; i += 8) {', ...[0, 1, 2, 3, 4, 5, 6, 7].flatMap((r) => sha256Round(r, true)), '}');
  body.push(...v.map((n, i) => `s[${i}] = (s[${i}] + ${n}) | 0;`));
  return `/** One block of {@link sha256BlocksJsc}, at d[p]. */
function sha256BlockJsc(s: Int32Array, d: Uint8Array, p: number): void {
  let x = 0;
  let y = 0;
  let xr = 0;
  let yr = 0;
${body.map((l) => `  ${l}`).join('\n')}
}

/** The same compression a call a block, the schedule written out: the shape for JavaScriptCore (sha256.ts chooses). */
export function sha256BlocksJsc(s: Int32Array, d: Uint8Array, offset: number, blocks: number): void {
  for (let p = offset, end = offset + blocks * 64; p < end; p += 64) sha256BlockJsc(s, d, p);
}
`;
}

/**
 * The 64 rounds written out over a 16-word window of the schedule in locals, K as int32 literals: the shape V8 runs
 * fastest (1.5x the loop; docs/decisions/ts-sha2-engine-shapes.md) and JavaScriptCore never optimizes (38,667
 * bytecodes: its DFG compiles it again and again and it stays in its baseline tier). sha256.ts chooses by engine.
 */
function sha256Unrolled() {
  const v = SHA256_NAMES;
  const body = [];
  for (let i = 0; i < 16; i++) body.push(`let w${i} = ${be(4 * i)};`);
  body.push('let t = 0;', 'let m0 = 0;', 'let m1 = b ^ c;');
  for (let i = 0; i < 64; i++) {
    // (C is not named: Maj takes b ^ c from the previous round)
    const [A, B, , D, E, F, G, H] = [0, 1, 2, 3, 4, 5, 6, 7].map((r) => v[(r - i + 64) & 7]);
    const w = `w${i & 15}`;
    if (i >= 16) {
      const x = `w${(i - 15) & 15}`;
      const y = `w${(i - 2) & 15}`;
      const s0 = `(${rotr(x, 7)} ^ ${rotr(x, 18)} ^ (${x} >>> 3))`;
      const s1 = `(${rotr(y, 17)} ^ ${rotr(y, 19)} ^ (${y} >>> 10))`;
      body.push(`${w} = (${s1} + w${(i - 7) & 15} + ${s0} + ${w}) | 0;`);
    }
    const S1 = `(${rotr(E, 6)} ^ ${rotr(E, 11)} ^ ${rotr(E, 25)})`;
    const S0 = `(${rotr(A, 2)} ^ ${rotr(A, 13)} ^ ${rotr(A, 22)})`;
    const [mNew, mOld] = i & 1 ? ['m1', 'm0'] : ['m0', 'm1'];
    // K as a signed literal: 0xd807aa98 is a double past 2^31, and V8 then sums the whole round in doubles
    body.push(`t = (${H} + ${K256[i] | 0} + ${w} + (${S1} + (${G} ^ (${E} & (${F} ^ ${G}))))) | 0;`);
    body.push(`${D} = (${D} + t) | 0;`);
    body.push(`${mNew} = ${A} ^ ${B};`);
    body.push(`${H} = (t + (${S0} + (${B} ^ (${mNew} & ${mOld})))) | 0;`);
  }
  const doc = 'The same compression fully unrolled: the shape for V8 (sha256.ts chooses).';
  return frameCode('sha256BlocksUnrolled', doc, v, 64, body, addBack32(v));
}

function sha256() {
  const constants = `
// K[t] of FIPS 180-4 §4.2.2: the first 32 bits of the fractional parts of the cube roots of the first 64 primes.
const K = ${int32Table(K256.map(hex))}
// The message schedule, shared: compression never re-enters, and JavaScript runs one call at a time.
const W = new Int32Array(64);
`;
  const s0 = `(${rotr('x', 7)} ^ ${rotr('x', 18)} ^ (x >>> 3))`;
  const s1 = `(${rotr('y', 17)} ^ ${rotr('y', 19)} ^ (y >>> 10))`;
  const body = [
    `for (let i = 0; i < 16; i++) W[i] = ${beLoop('i')};`,
    'for (let i = 16; i < 64; i++) {',
    '  const x = W[i - 15];',
    '  const y = W[i - 2];',
    `  W[i] = (${s1} + W[i - 7] + ${s0} + W[i - 16]) | 0;`,
    '}',
    'let t = 0;',
    'let m0 = 0;',
    'let m1 = b ^ c;',
    'for (let i = 0; i < 64; i += 8) {',
    ...[0, 1, 2, 3, 4, 5, 6, 7].flatMap((r) => sha256Round(r)),
    '}',
  ];
  const loop = frame(
    'sha256Blocks',
    'SHA-256 compression (FIPS 180-4 §6.2.2); SHA-224 uses it too.',
    SHA256_NAMES,
    64,
    body,
    {
      constants,
    },
  );
  return `${loop}\n${sha256Unrolled()}\n${sha256Jsc()}`;
}

/** The generated files, by name under algorithms/generated/. */
export const files = () => ({ 'sha256.ts': sha256() });
