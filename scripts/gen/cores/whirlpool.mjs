// The TypeScript core of Whirlpool (ISO/IEC 10118-3), for gen-cores.mjs, which writes what `files` returns into
// packages/digestlab/src/algorithms/generated/ (and checks it with --check).
import { be, generatedFile } from '../core-helpers.mjs';

// ---- Whirlpool (ISO/IEC 10118-3, Barreto–Rijmen 2003): 64-bit words as (hi, lo) pairs, table-driven ----------
// The key and the state in a typed array (W), one round a loop iteration; a layer reads each of the eight input
// words once and scatters its eight table entries (C_t of byte t of word j goes into new word j + t) into sixteen
// int32 accumulators, which are then stored over the input (in place: every input word is read before). The
// state's layer starts from the new key still in the accumulators. The former shape, both sets of key and state
// words in 80 live int32 locals, two rounds an iteration, ran at a fifth of this in V8 (which spilled them) and at
// par in SpiderMonkey and JavaScriptCore (docs/decisions/ts-whirlpool-core.md). The tables are computed at load
// from their definitions (whirlpool-tables.ts).
/** The index of C_t's entry for byte t (most significant first) of the 32-bit half `w` (hi for t < 4, else lo). */
function whirlpoolIndex(t, w) {
  const shift = 24 - 8 * (t & 3) - 1;
  const byte2 = shift >= 0 ? `((${w} >>> ${shift}) & 510)` : `((${w} << 1) & 510)`;
  return t === 0 ? byte2 : `${512 * t} + ${byte2}`;
}

/** One half-round over the words at W[base..base + 15]: the accumulators from them, then stored back there. */
function whirlpoolLayer(base, first) {
  const out = [];
  for (let j = 0; j < 8; j++) {
    out.push(`xh = W[${base + 2 * j}];`, `xl = W[${base + 2 * j + 1}];`);
    for (let t = 0; t < 8; t++) {
      const a = `a${(j + t) & 7}`;
      const op = j === 0 && first ? '=' : '^=';
      out.push(`x = ${whirlpoolIndex(t, t < 4 ? 'xh' : 'xl')};`, `${a}h ${op} C[x];`, `${a}l ${op} C[x + 1];`);
    }
  }
  if (first) out.push('a0h ^= RC[r];', 'a0l ^= RC[r + 1];');
  for (let i = 0; i < 8; i++) out.push(`W[${base + 2 * i}] = a${i}h;`, `W[${base + 2 * i + 1}] = a${i}l;`);
  return out;
}

function whirlpool() {
  const acc = Array.from({ length: 8 }, (_, i) => [`a${i}h`, `a${i}l`]).flat();
  const body = [
    // the key (the chaining value), the message and the state (their XOR)
    ...Array.from({ length: 8 }, (_, i) => [
      `xh = ${be(8 * i)};`,
      `xl = ${be(8 * i + 4)};`,
      `W[${32 + 2 * i}] = xh;`,
      `W[${33 + 2 * i}] = xl;`,
      `W[${2 * i}] = s[${2 * i}];`,
      `W[${2 * i + 1}] = s[${2 * i + 1}];`,
      `W[${16 + 2 * i}] = xh ^ s[${2 * i}];`,
      `W[${17 + 2 * i}] = xl ^ s[${2 * i + 1}];`,
    ]).flat(),
    'for (let r = 0; r < 20; r += 2) {',
    ...[...whirlpoolLayer(0, true), ...whirlpoolLayer(16, false)].map((l) => `  ${l}`),
    '}',
    // Miyaguchi–Preneel: H ^= state ^ message
    ...Array.from({ length: 16 }, (_, k) => `s[${k}] ^= W[${16 + k}] ^ W[${32 + k}];`),
  ];
  const code = `/** The key (0..15), state (16..31) and message (32..47) of the block being compressed, as (hi, lo) pairs. */
const W = new Int32Array(48);

/** Whirlpool compression (ISO/IEC 10118-3; Barreto and Rijmen, 2003), 64-bit words as (hi, lo) pairs. */
export function whirlpoolBlocks(s: Int32Array, d: Uint8Array, offset: number, blocks: number): void {
  ${[...acc, 'xh', 'xl', 'x'].map((v) => `let ${v} = 0;`).join('\n  ')}
  for (let p = offset, end = offset + blocks * 64; p < end; p += 64) {
${body.map((l) => `    ${l}`).join('\n')}
  }
}
`;
  return generatedFile("\nimport { C, RC } from '../whirlpool-tables.js';\n", code);
}

/** The generated files, by name under algorithms/generated/. */
export const files = () => ({ 'whirlpool.ts': whirlpool() });
