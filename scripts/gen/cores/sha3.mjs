// The TypeScript core of Keccak-f[1600] of SHA-3, SHAKE and Keccak (FIPS 202 §3.2), one round unrolled, for gen-cores.mjs, which writes what `files` returns into
// packages/digestlab/src/algorithms/generated/ (and checks it with --check).
import { KECCAK_PI, KECCAK_RC, KECCAK_RHO } from '../constants.mjs';
import { generatedFile, hex, int32Table, rotl } from '../core-helpers.mjs';

// ---- Keccak-f[1600]: 64-bit lanes bit-interleaved into two int32 words ----------------------------------------
// Each lane is kept as its even bits (word 2i) and its odd bits (word 2i + 1), as XKCP's 32-bit code does: a 64-bit
// rotation is then two 32-bit rotations, which V8 compiles to single rotate instructions, where the plain (lo, hi)
// split needs four shifts and two ors. Measured against the plain split on this machine (Node 20, permutation
// alone, best of 7 x 200 ms): 1.5x to 1.9x more permutations per second. Absorbing and squeezing convert lanes
// (algorithms/sha3.ts). The 25 lanes live in 50 locals for all 24 rounds; one round is unrolled and the loop runs
// it 24 times (24 unrolled rounds would be far past the bytecode size V8 optimizes). Lane (x, y) is index x + 5y.
/** The even (odd = 0) or odd (odd = 1) bits of a 64-bit BigInt, as one 32-bit number. */
const bitsOf = (c, odd) => {
  let w = 0;
  for (let k = 0; k < 32; k++) if ((c >> BigInt(2 * k + odd)) & 1n) w |= 1 << k;
  return w;
};

function keccak() {
  const ev = (i) => `a${i}e`;
  const od = (i) => `a${i}o`;
  const vars = Array.from({ length: 25 }, (_, i) => [ev(i), od(i)]).flat();
  const rot32 = (x, n) => (n === 0 ? x : rotl(x, n));
  /** [even, odd] expressions of the interleaved lane (e, o) rotated left by n bits. */
  const rot64 = (e, o, n) =>
    n % 2 === 0 ? [rot32(e, n / 2), rot32(o, n / 2)] : [rot32(o, (n + 1) / 2), rot32(e, (n - 1) / 2)];
  const body = [];
  // θ: C[x] = xor of column x; D[x] = C[x - 1] ^ rot(C[x + 1], 1); every lane of column x ^= D[x]
  for (let x = 0; x < 5; x++) {
    for (const [half, name] of [
      ['e', ev],
      ['o', od],
    ]) {
      body.push(`const c${x}${half} = ${[0, 1, 2, 3, 4].map((y) => name(x + 5 * y)).join(' ^ ')};`);
    }
  }
  for (let x = 0; x < 5; x++) {
    const [re, ro] = rot64(`c${(x + 1) % 5}e`, `c${(x + 1) % 5}o`, 1);
    body.push(`const d${x}e = c${(x + 4) % 5}e ^ ${re};`, `const d${x}o = c${(x + 4) % 5}o ^ ${ro};`);
  }
  for (let i = 0; i < 25; i++) body.push(`${ev(i)} ^= d${i % 5}e;`, `${od(i)} ^= d${i % 5}o;`);
  // ρ and π: B[π(i)] = rot(A[i], ρ[i])
  for (let i = 0; i < 25; i++) {
    const [re, ro] = rot64(ev(i), od(i), KECCAK_RHO[i]);
    body.push(`const b${KECCAK_PI[i]}e = ${re};`, `const b${KECCAK_PI[i]}o = ${ro};`);
  }
  // χ: A[x, y] = B[x, y] ^ (~B[x + 1, y] & B[x + 2, y]); ι: A[0, 0] ^= RC[round]
  for (let i = 0; i < 25; i++) {
    const [x, y] = [i % 5, i - (i % 5)];
    for (const half of ['e', 'o']) {
      body.push(`a${i}${half} = b${i}${half} ^ (~b${((x + 1) % 5) + y}${half} & b${((x + 2) % 5) + y}${half});`);
    }
  }
  body.push('a0e ^= RC[r];', 'a0o ^= RC[r + 1];');
  const rcTable = KECCAK_RC.flatMap((c) => [hex(bitsOf(c, 0)), hex(bitsOf(c, 1))]);
  const constants = `
// The round constants RC[i] of FIPS 202 §3.2.5, bit-interleaved: even bits, odd bits.
const RC = ${int32Table(rcTable)}
`;
  return generatedFile(
    constants,
    `/**
 * Keccak-f[1600] (FIPS 202 §3.3, 24 rounds) in place on 25 bit-interleaved lanes: word 2i holds lane i's even
 * bits, word 2i + 1 its odd bits.
 */
export function keccakP(s: Int32Array): void {
  ${vars.map((v, i) => `let ${v} = s[${i}] | 0;`).join('\n  ')}
  for (let r = 0; r < 48; r += 2) {
${body.map((x) => `    ${x}`).join('\n')}
  }
  ${vars.map((v, i) => `s[${i}] = ${v};`).join('\n  ')}
}
`,
  );
}

/** The generated files, by name under algorithms/generated/. */
export const files = () => ({ 'sha3.ts': keccak() });
