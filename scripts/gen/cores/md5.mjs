// The TypeScript core of MD5 (RFC 1321 §3.4), for gen-cores.mjs, which writes what `files` returns into
// packages/digestlab/src/algorithms/generated/ (and checks it with --check).
import { MD5_S, MD5_T } from '../constants.mjs';
import { frame, hex, le, rotl } from '../core-helpers.mjs';

// ---- MD5 -------------------------------------------------------------------------------------------------

function md5() {
  const v = ['a', 'b', 'c', 'dd'];
  const body = [];
  for (let i = 0; i < 16; i++) body.push(`const x${i} = ${le(4 * i)};`);
  for (let i = 0; i < 64; i++) {
    const [A, B, C, D] = [0, 1, 2, 3].map((r) => v[(r - i + 64) & 3]);
    const round = i >> 4;
    // B is the value computed last; what depends on it joins the sum last, so the rest is added meanwhile. G
    // is (b & d) | (c & ~d): its parts share no bit, so | is +, and the part without b is added early.
    const k = [i, (5 * i + 1) & 15, (3 * i + 5) & 15, (7 * i) & 15][round];
    const early = `${A} + x${k} + ${hex(MD5_T[i])}`;
    const sum = [
      `${early} + (${D} ^ (${B} & (${C} ^ ${D})))`,
      `${early} + (${C} & ~${D}) + (${B} & ${D})`,
      `${early} + (${C} ^ ${D} ^ ${B})`,
      `${early} + (${C} ^ (${B} | ~${D}))`,
    ][round];
    const s = MD5_S[(round << 2) | (i & 3)];
    body.push(`${A} = (${sum}) | 0;`);
    body.push(`${A} = (${B} + ${rotl(A, s)}) | 0;`);
  }
  return frame('md5Blocks', 'MD5 compression (RFC 1321 §3.4), little-endian words.', v, 64, body);
}

/** The generated files, by name under algorithms/generated/. */
export const files = () => ({ 'md5.ts': md5() });
