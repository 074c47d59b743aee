// scratch: SHA-256 loop-shape variants for JSC experiments
import { writeFileSync } from 'node:fs';
import { K256 } from '../../../scripts/gen/constants.mjs';
import { addBack32, be, beLoop, frameCode, hex, int32Table, rotr } from '../../../scripts/gen/core-helpers.mjs';
const N = ['a', 'b', 'c', 'dd', 'e', 'f', 'g', 'h'];
function round(r, o) {
  const [A, B, , D, E, F, G, H] = [0, 1, 2, 3, 4, 5, 6, 7].map((k) => N[(k - r + 8) & 7]);
  const k = r === 0 ? 'i' : `i + ${r}`;
  let S1 = `(${rotr(E, 6)} ^ ${rotr(E, 11)} ^ ${rotr(E, 25)})`;
  let S0 = `(${rotr(A, 2)} ^ ${rotr(A, 13)} ^ ${rotr(A, 22)})`;
  if (o.chain) {
    S1 = rotr(`(${rotr(`(${rotr(E, 14)} ^ ${E})`, 5)} ^ ${E})`, 6);
    S0 = rotr(`(${rotr(`(${rotr(A, 9)} ^ ${A})`, 11)} ^ ${A})`, 2);
  }
  if (o.chain2) {
    S1 = rotr(`(${E} ^ ${rotr(E, 5)} ^ ${rotr(E, 19)})`, 6);
    S0 = rotr(`(${A} ^ ${rotr(A, 11)} ^ ${rotr(A, 20)})`, 2);
  }
  const ch = `(${G} ^ (${E} & (${F} ^ ${G})))`;
  const [mNew, mOld] = r & 1 ? ['m1', 'm0'] : ['m0', 'm1'];
  const C = N[(2 - r + 8) & 7];
  const maj = o.majStd ? `((${A} & ${B}) ^ (${C} & (${A} ^ ${B})))` : `(${B} ^ (${mNew} & ${mOld}))`;
  const kw = o.kw ? `KW[${k}]` : null;
  let t;
  if (o.sums === 'orig') t = `(${H} + K[${k}] + W[${k}] + (${S1} + ${ch})) | 0`;
  else if (o.kw) t = `(((${H} + ${kw}) | 0) + (${S1} + ${ch})) | 0`;
  else t = `(((((${H} + K[${k}]) | 0) + W[${k}]) | 0) + (${S1} + ${ch})) | 0`;
  const hNew = o.sums === 'orig' ? `(t + (${S0} + ${maj})) | 0` : `(t + ((${S0} + ${maj}) | 0)) | 0`;
  if (o.majStd) return [`  t = ${t};`, `  ${D} = (${D} + t) | 0;`, `  ${H} = ${hNew};`];
  return [`  t = ${t};`, `  ${D} = (${D} + t) | 0;`, `  ${mNew} = ${A} ^ ${B};`, `  ${H} = ${hNew};`];
}
function expand(name, o) {
  const L = [];
  const rd = (j) => (o.expBytes === 'dv' ? `v.getInt32(p + ${4 * j})` : be(4 * j).replaceAll('d[', 'd['));
  for (let j = 0; j < 16; j++) L.push(`let w${j} = ${rd(j)};`);
  for (let j = 0; j < 64; j++) {
    const w = `w${j & 15}`;
    if (j >= 16) {
      const x = `w${(j - 15) & 15}`, y = `w${(j - 2) & 15}`;
      const s0 = `(${rotr(x, 7)} ^ ${rotr(x, 18)} ^ (${x} >>> 3))`;
      const s1 = `(${rotr(y, 17)} ^ ${rotr(y, 19)} ^ (${y} >>> 10))`;
      L.push(`${w} = (((((${w} + w${(j - 7) & 15}) | 0) + ${s0}) | 0) + ${s1}) | 0;`);
    }
    L.push(o.kw ? `KW[${j}] = (${w} + ${K256[j] | 0}) | 0;` : `W[${j}] = ${w};`);
  }
  const sig = o.expBytes === 'dv' ? 'v: DataView' : 'd: Uint8Array';
  return `function ${name}(${sig}, p: number): void {\n  ${L.join('\n  ')}\n}\n`;
}
function expandArr(o) {
  const L = [];
  for (let j = 0; j < 16; j++) L.push(o.expBytes === 'dv' ? `W[${j}] = v.getInt32(p + ${4 * j});` : `W[${j}] = ${be(4 * j)};`);
  for (let j = 16; j < 64; j++) {
    const x = `W[${j - 15}]`, y = `W[${j - 2}]`;
    let s0 = `(${rotr('x', 7)} ^ ${rotr('x', 18)} ^ (x >>> 3))`;
    let s1 = `(${rotr('y', 17)} ^ ${rotr('y', 19)} ^ (y >>> 10))`;
    if (o.sig6) { s0 = `(${rotr(`(x ^ ${rotr('x', 11)})`, 7)} ^ (x >>> 3))`; s1 = `(${rotr(`(y ^ ${rotr('y', 2)})`, 17)} ^ (y >>> 10))`; }
    L.push(`{ const x = ${x}; const y = ${y}; W[${j}] = (((((W[${j - 16}] + W[${j - 7}]) | 0) + ${s0}) | 0) + ${s1}) | 0; }`);
  }
  if (o.kw) for (let j = 0; j < 64; j++) L.push(`KW[${j}] = (W[${j}] + ${K256[j] | 0}) | 0;`);
  return L;
}
function variant(name, o) {
  const s0 = `(${rotr('x', 7)} ^ ${rotr('x', 18)} ^ (x >>> 3))`;
  const s1 = `(${rotr('y', 17)} ^ ${rotr('y', 19)} ^ (y >>> 10))`;
  const body = [];
  if (o.arrInline) body.push(...expandArr(o));
  else if (o.bytes === 'expand') body.push(`${o.expName}(${o.expBytes === 'dv' ? 'v' : 'd'}, p);`);
  else if (o.bytes === 'loop') body.push(`for (let i = 0; i < 16; i++) W[i] = ${beLoop('i')};`);
  else if (o.bytes === 'unrolled') for (let i = 0; i < 16; i++) body.push(`W[${i}] = ${be(4 * i)};`);
  else if (o.bytes === 'dv') body.push('for (let i = 0; i < 16; i++) W[i] = v.getInt32(p + 4 * i);');
  if (o.bytes !== 'expand') body.push('for (let i = 16; i < 64; i++) {', '  const x = W[i - 15];', '  const y = W[i - 2];');
  if (o.bytes === 'expand') {} else if (o.sched === 'orig') body.push(`  W[i] = (${s1} + W[i - 7] + ${s0} + W[i - 16]) | 0;`);
  else body.push(`  W[i] = (((((W[i - 16] + W[i - 7]) | 0) + ${s0}) | 0) + ${s1}) | 0;`);
  if (o.bytes !== 'expand') body.push('}');
  if (o.kw && o.bytes !== 'expand') body.push('for (let i = 0; i < 64; i++) KW[i] = (K[i] + W[i]) | 0;');
  body.push('let t = 0;', 'let m0 = 0;', 'let m1 = b ^ c;', 'for (let i = 0; i < 64; i += 8) {');
  for (let r = 0; r < 8; r++) body.push(...round(r, o));
  body.push('}');
  const prelude = o.bytes === 'dv' || o.expBytes === 'dv' ? ['const v = new DataView(d.buffer, d.byteOffset, d.byteLength);'] : [];
  return frameCode(name, name, N, 64, body, addBack32(N), prelude);
}
function perBlock(name, o) {
  // sha256Blocks-like driver calling a per-block function
  const body = [];
  if (o.arrInline) body.push(...expandArr({ expBytes: o.expBytes ?? 'dv', sig6: o.sig6 }));
  else body.push('expArrDv(v, p);');
  const st = N.map((v, i) => `let ${v} = s[${i}] | 0;`);
  const per = o.per ?? 8;
  body.push(...st, 'let t = 0;', 'let m0 = 0;', 'let m1 = b ^ c;', `for (let i = 0; i < 64; i += ${per}) {`);
  for (let r = 0; r < per; r++) body.push(...round(r, o));
  body.push('}');
  N.forEach((v, i) => body.push(`s[${i}] = (s[${i}] + ${v}) | 0;`));
  if (o.expBytes === 'b') return `function ${name}B(s: Int32Array, d: Uint8Array, p: number): void {\n  ${body.join('\n  ')}\n}\n` +
    `export function ${name}(s: Int32Array, d: Uint8Array, offset: number, blocks: number): void {\n  for (let p = offset, end = offset + blocks * 64; p < end; p += 64) ${name}B(s, d, p);\n}\n`;
  return `function ${name}B(s: Int32Array, v: DataView, p: number): void {\n  ${body.join('\n  ')}\n}\n` +
    `export function ${name}(s: Int32Array, d: Uint8Array, offset: number, blocks: number): void {\n  const v = new DataView(d.buffer, d.byteOffset, d.byteLength);\n  for (let p = offset, end = offset + blocks * 64; p < end; p += 64) ${name}B(s, v, p);\n}\n`;
}
function interleavedBlock(name, o) {
  const body = [];
  for (let j = 0; j < 16; j++) body.push(`W[${j}] = v.getInt32(p + ${4 * j});`);
  const st = N.map((v, i) => `let ${v} = s[${i}] | 0;`);
  const sched = ['if (i < 48) {'];
  for (let k = 0; k < 8; k++) {
    const j = (off) => `W[i + ${16 + k + off}]`;
    let s0 = `(${rotr('x', 7)} ^ ${rotr('x', 18)} ^ (x >>> 3))`;
    let s1 = `(${rotr('y', 17)} ^ ${rotr('y', 19)} ^ (y >>> 10))`;
    if (o.sig6) { s0 = `(${rotr(`(x ^ ${rotr('x', 11)})`, 7)} ^ (x >>> 3))`; s1 = `(${rotr(`(y ^ ${rotr('y', 2)})`, 17)} ^ (y >>> 10))`; }
    sched.push(`  { const x = ${j(-15)}; const y = ${j(-2)}; ${j(0)} = (((((${j(-16)} + ${j(-7)}) | 0) + ${s0}) | 0) + ${s1}) | 0; }`);
  }
  sched.push('}');
  body.push(...st, 'let t = 0;', 'let m0 = 0;', 'let m1 = b ^ c;', 'for (let i = 0; i < 64; i += 8) {');
  if (o.schedFirst) body.push(...sched);
  for (let r = 0; r < 8; r++) body.push(...round(r, o));
  if (!o.schedFirst) body.push(...sched);
  body.push('}');
  N.forEach((v, i) => body.push(`s[${i}] = (s[${i}] + ${v}) | 0;`));
  return `function ${name}B(s: Int32Array, v: DataView, p: number): void {\n  ${body.join('\n  ')}\n}\n` +
    `export function ${name}(s: Int32Array, d: Uint8Array, offset: number, blocks: number): void {\n  const v = new DataView(d.buffer, d.byteOffset, d.byteLength);\n  for (let p = offset, end = offset + blocks * 64; p < end; p += 64) ${name}B(s, v, p);\n}\n`;
}
const V = {
  base: { sums: 'orig', sched: 'orig', bytes: 'loop' },
  or0: { sums: 'or0', sched: 'or0', bytes: 'loop' },
  or0u: { sums: 'or0', sched: 'or0', bytes: 'unrolled' },
  or0dv: { sums: 'or0', sched: 'or0', bytes: 'dv' },
  xdvkw: { sums: 'or0', bytes: 'expand', expBytes: 'dv', expName: 'expDvKw', kw: true },
  xdvw: { sums: 'or0', bytes: 'expand', expBytes: 'dv', expName: 'expDvW' },
  xbkw: { sums: 'or0', bytes: 'expand', expBytes: 'b', expName: 'expBKw', kw: true },
  xarr: { sums: 'or0', bytes: 'expand', expBytes: 'dv', expName: 'expArrDv' },
  xarrb: { sums: 'or0', bytes: 'expand', expBytes: 'b', expName: 'expArrB' },
  xarrin: { sums: 'or0', bytes: 'expand', expBytes: 'dv', arrInline: true },
  xarrkw: { sums: 'or0', bytes: 'expand', expBytes: 'dv', expName: 'expArrDvKw', kw: true },
  xarrch: { sums: 'or0', bytes: 'expand', expBytes: 'dv', expName: 'expArrDv', chain: true },
  xarrkwch: { sums: 'or0', bytes: 'expand', expBytes: 'dv', expName: 'expArrDvKw', kw: true, chain: true },
  xmaj: { sums: 'or0', bytes: 'expand', expBytes: 'dv', expName: 'expArrDv', majStd: true },
  xmajch: { sums: 'or0', bytes: 'expand', expBytes: 'dv', expName: 'expArrDv', majStd: true, chain: true },
  pb1: { sums: 'or0', perBlock: true },
  pb2: { sums: 'or0', perBlock: true, arrInline: true },
  pb2s6: { sums: 'or0', perBlock: true, arrInline: true, sig6: true },
  pb2c2: { sums: 'or0', perBlock: true, arrInline: true, chain2: true },
  pb2s6c2: { sums: 'or0', perBlock: true, arrInline: true, chain2: true, sig6: true },
  il: { sums: 'or0', il: true, sig6: true },
  il2: { sums: 'or0', il: true, sig6: true, schedFirst: true },
  pb2s6b: { sums: 'or0', perBlock: true, arrInline: true, sig6: true, expBytes: 'b' },
  p16: { sums: 'or0', perBlock: true, arrInline: true, sig6: true, expBytes: 'b', per: 16 },
  p32: { sums: 'or0', perBlock: true, arrInline: true, sig6: true, expBytes: 'b', per: 32 },
  chain: { sums: 'or0', sched: 'or0', bytes: 'dv', chain: true },
  chain2: { sums: 'or0', sched: 'or0', bytes: 'dv', chain2: true },
  or0kw: { sums: 'or0', sched: 'or0', bytes: 'loop', kw: true },
};
const only = process.argv[2]?.split(',') ?? Object.keys(V);
let out = `function expArrDv(v: DataView, p: number): void {\n  ${expandArr({ expBytes: 'dv' }).join('\n  ')}\n}\n`;
out += `function expArrDvKw(v: DataView, p: number): void {\n  ${expandArr({ expBytes: 'dv', kw: true }).join('\n  ')}\n}\n`;
out += `function expArrB(d: Uint8Array, p: number): void {\n  ${expandArr({ expBytes: 'b' }).join('\n  ')}\n}\n`;
out += expand('expDvKw', { expBytes: 'dv', kw: true }) + expand('expDvW', { expBytes: 'dv' }) + expand('expBKw', { expBytes: 'b', kw: true });
out += `const K = ${int32Table(K256.map(hex))}\nconst W = new Int32Array(64);\nconst KW = new Int32Array(64);\n`;
for (const n of only) out += V[n].il ? interleavedBlock(n, V[n]) : V[n].perBlock ? perBlock(n, V[n]) : variant(n, V[n]);
writeFileSync(new URL('./v256.ts', import.meta.url), out);
