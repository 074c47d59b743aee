// scratch candidates
import { writeFileSync } from 'node:fs';
const H = '/work/wt-tssha2/scripts/gen/';
const { K256, K512 } = await import(H + 'constants.mjs');
const { be, beLoop, frameCode, hex, int32Table, rotr } = await import(H + 'core-helpers.mjs');
const v = ['a', 'b', 'c', 'dd', 'e', 'f', 'g', 'h'];
// SHA-256 fully unrolled, 16 words in locals
function sha256Unrolled(name, mode = 'bytes') {
  const body = [];
  if (mode === 'dv') body.push('const dv = new DataView(d.buffer, d.byteOffset, d.byteLength);');
  if (mode === 'sched') {
    body.push(`for (let i = 0; i < 16; i++) W[i] = ${beLoop('i')};`);
    body.push('for (let i = 16; i < 64; i++) { const x = W[i - 15]; const y = W[i - 2];',
      `  W[i] = ((${rotr('y', 17)} ^ ${rotr('y', 19)} ^ (y >>> 10)) + W[i - 7] + (${rotr('x', 7)} ^ ${rotr('x', 18)} ^ (x >>> 3)) + W[i - 16]) | 0; }`);
  } else for (let i = 0; i < 16; i++) body.push(mode === 'dv' ? `let w${i} = dv.getInt32(p + ${4 * i});` : `let w${i} = ${be(4 * i)};`);
  body.push('let t = 0;', 'let m0 = 0;', 'let m1 = b ^ c;');
  for (let i = 0; i < 64; i++) {
    const [A, B, , D, E, F, G, H] = [0, 1, 2, 3, 4, 5, 6, 7].map((r) => v[(r - i + 64) & 7]);
    const w = mode === 'sched' ? `W[${i}]` : `w${i & 15}`;
    if (i >= 16 && mode !== 'sched') {
      const x = `w${(i - 15) & 15}`;
      const y = `w${(i - 2) & 15}`;
      const s0 = `(${rotr(x, 7)} ^ ${rotr(x, 18)} ^ (${x} >>> 3))`;
      const s1 = `(${rotr(y, 17)} ^ ${rotr(y, 19)} ^ (${y} >>> 10))`;
      body.push(`${w} = (${s1} + w${(i - 7) & 15} + ${s0} + ${w}) | 0;`);
    }
    const S1 = `(${rotr(E, 6)} ^ ${rotr(E, 11)} ^ ${rotr(E, 25)})`;
    const S0 = `(${rotr(A, 2)} ^ ${rotr(A, 13)} ^ ${rotr(A, 22)})`;
    const [mNew, mOld] = i & 1 ? ['m1', 'm0'] : ['m0', 'm1'];
    body.push(`t = (${H} + ${K256[i] | 0} + ${w} + (${S1} + (${G} ^ (${E} & (${F} ^ ${G}))))) | 0;`);
    body.push(`${D} = (${D} + t) | 0;`);
    body.push(`${mNew} = ${A} ^ ${B};`);
    body.push(`${H} = (t + (${S0} + (${B} ^ (${mNew} & ${mOld})))) | 0;`);
  }
  const addBack = v.flatMap((x, i) => [`${x} = (${x} + s[${i}]) | 0;`, `s[${i}] = ${x};`]);
  return frameCode(name, 'x', v, 64, body, addBack);
}
writeFileSync('sha256u.ts', sha256Unrolled('sha256Unrolled'));
const { readFileSync } = await import('node:fs');
const G = '/work/wt-tssha2/packages/digestlab/src/algorithms/generated/';
writeFileSync('c256.ts', readFileSync(G + 'sha256.ts', 'utf8') + '\n' + sha256Unrolled('sha256Unrolled') + '\n' + sha256Unrolled('sha256UnrolledDV', 'dv') + '\n' + sha256Unrolled('sha256UnrolledSched', 'sched'));
const { sha512Core, SUMS } = await import(H + 'cores/sha512.mjs');
let t = readFileSync(G + 'sha512.ts', 'utf8');
for (const n of [2, 4, 8]) t += '\n' + sha512Core(`sha512Inline${n}`, 'x', SUMS.inline, n);
t += '\n' + sha512Core('sha512Calls4', 'x', SUMS.calls, 4);
writeFileSync('c512.ts', t);
