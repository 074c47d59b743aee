// The TypeScript core of SHA-1 (FIPS 180-4 §6.1.2), fully unrolled, for gen-cores.mjs, which writes what `files` returns into
// packages/digestlab/src/algorithms/generated/ (and checks it with --check).
import { be, frame, hex, rotl } from '../core-helpers.mjs';

// ---- SHA-1 -----------------------------------------------------------------------------------------------
function sha1() {
  const v = ['a', 'b', 'c', 'dd', 'e'];
  const body = [];
  for (let i = 0; i < 16; i++) body.push(`let w${i} = ${be(4 * i)};`);
  for (let i = 0; i < 80; i++) {
    const [A, B, C, D, E] = [0, 1, 2, 3, 4].map((r) => v[(((r - i) % 5) + 5) % 5]);
    const w = `w${i & 15}`;
    if (i >= 16) {
      const x = `w${(i - 3) & 15} ^ w${(i - 8) & 15} ^ w${(i - 14) & 15} ^ ${w}`;
      body.push(`${w} = ${x};`, `${w} = ${rotl(w, 1)};`);
    }
    const [f, k] =
      i < 20
        ? [`(${D} ^ (${B} & (${C} ^ ${D})))`, 0x5a827999]
        : i < 40
          ? [`(${B} ^ ${C} ^ ${D})`, 0x6ed9eba1]
          : i < 60
            ? [`((${B} & ${C}) | (${D} & (${B} | ${C})))`, 0x8f1bbcdc]
            : [`(${B} ^ ${C} ^ ${D})`, 0xca62c1d6];
    // A is the value computed last: it joins the sum last
    body.push(`${E} = (${E} + ${hex(k)} + ${w} + ${f} + ${rotl(A, 5)}) | 0;`);
    body.push(`${B} = ${rotl(B, 30)};`);
  }
  return frame('sha1Blocks', 'SHA-1 compression (FIPS 180-4 §6.1.2).', v, 64, body);
}

/** The generated files, by name under algorithms/generated/. */
export const files = () => ({ 'sha1.ts': sha1() });
