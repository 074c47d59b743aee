// The TypeScript core of SM3 (GB/T 32905-2016), for gen-cores.mjs, which writes what `files` returns into
// packages/digestlab/src/algorithms/generated/ (and checks it with --check).
import { beLoop, frame, hex, int32Table, rotl } from '../core-helpers.mjs';

// ---- SM3 (GB/T 32905-2016, GM/T 0004-2012) ------------------------------------------------------------------
// SHA-256's shape: a 68-word expanded message computed first, then four rounds a loop iteration (the roles of
// a..dd and of e..h each come back after four), the rounds 0-15 (XOR as FF and GG) and 16-63 (majority and
// choice) in two loops. The chaining value is updated by XOR, not addition (§5.3.2).
const SM3_NAMES = ['a', 'b', 'c', 'dd', 'e', 'f', 'g', 'h'];

/** Round i + r (r = 0-3 of the four a loop iteration holds), of the first sixteen rounds (`early`) or the rest. */
function sm3Round(r, early) {
  const role = (k) => SM3_NAMES[(k - r + 4) & 3];
  const role2 = (k) => SM3_NAMES[4 + ((k - r + 4) & 3)];
  const [A, B, C, D] = [0, 1, 2, 3].map(role);
  const [E, F, G, H] = [0, 1, 2, 3].map(role2);
  const k = r === 0 ? 'i' : `i + ${r}`;
  const ff = early ? `(${A} ^ ${B} ^ ${C})` : `((${A} & ${B}) | (${C} & (${A} | ${B})))`;
  const gg = early ? `(${E} ^ ${F} ^ ${G})` : `(${G} ^ (${E} & (${F} ^ ${G})))`;
  return [
    `  a12 = ${rotl(A, 12)};`,
    `  t = (a12 + ${E} + TJ[${k}]) | 0;`,
    `  ss1 = ${rotl('t', 7)};`,
    `  t = (${ff} + ${D} + (ss1 ^ a12) + (W[${k}] ^ W[${k} + 4])) | 0;`,
    `  ${H} = (${gg} + ${H} + ss1 + W[${k}]) | 0;`,
    `  ${B} = ${rotl(B, 9)};`,
    `  ${F} = ${rotl(F, 19)};`,
    `  ${D} = t;`,
    `  ${H} = ${H} ^ ${rotl(H, 9)} ^ ${rotl(H, 17)};`,
  ];
}

function sm3() {
  // T_j rotated left by j mod 32 (§5.3.3: SS1's constant term), computed here rather than in every round
  const tj = Array.from({ length: 64 }, (_, j) => {
    const t = j < 16 ? 0x79cc4519 : 0x7a879d8a;
    const n = j % 32;
    return n === 0 ? t : ((t << n) | (t >>> (32 - n))) >>> 0;
  });
  const constants = `
// T_j of GB/T 32905 §4.2 rotated left by j mod 32, as the round's SS1 takes it.
const TJ = ${int32Table(tj.map(hex))}
// The expanded message W[0..67] (§5.3.2; W'[j] = W[j] ^ W[j + 4] is taken in the round), shared: compression never
// re-enters, and JavaScript runs one call at a time.
const W = new Int32Array(68);
`;
  const body = [
    `for (let i = 0; i < 16; i++) W[i] = ${beLoop('i')};`,
    'for (let i = 16; i < 68; i++) {',
    `  const y = W[i - 3];`,
    `  const x = W[i - 16] ^ W[i - 9] ^ ${rotl('y', 15)};`,
    `  const z = W[i - 13];`,
    `  W[i] = x ^ ${rotl('x', 15)} ^ ${rotl('x', 23)} ^ ${rotl('z', 7)} ^ W[i - 6];`,
    '}',
    'let t = 0;',
    'let a12 = 0;',
    'let ss1 = 0;',
    'for (let i = 0; i < 16; i += 4) {',
    ...[0, 1, 2, 3].flatMap((r) => sm3Round(r, true)),
    '}',
    'for (let i = 16; i < 64; i += 4) {',
    ...[0, 1, 2, 3].flatMap((r) => sm3Round(r, false)),
    '}',
  ];
  const addBack = SM3_NAMES.flatMap((v, i) => [`${v} ^= s[${i}];`, `s[${i}] = ${v};`]);
  return frame('sm3Blocks', 'SM3 compression (GB/T 32905-2016 §5.3), big-endian words.', SM3_NAMES, 64, body, {
    constants,
    addBack,
  });
}

/** The generated files, by name under algorithms/generated/. */
export const files = () => ({ 'sm3.ts': sm3() });
