#!/usr/bin/env node
/**
 * Chorba's step (scripts/gen/crc-chorba.mjs) on i64 words as the crc module runs it, against the same on i64x2 pairs
 * of words (WebAssembly SIMD128): the bulk of a 1 MiB input alone, no tables, each variant checked against
 * node:zlib's crc32 (CRC-32) or the library's `ts` (CRC-32C) once its carries are xored into the tail. Interleaved
 * rounds, CPU time, best round: docs/decisions/wasm-crc-chorba.md.
 *
 *   node scripts/measure/crc-chorba-simd.mjs [--pairs 2] [--rounds 7]
 *
 * The pairs: words k and k+1 are independent (every distance is at least 128 bits), so one v128 holds both; a
 * shift's word offset q lands on a pair when q is even, across two when it is odd: those carries are kept aligned to
 * odd words, and joined to the current pair by one shuffle.
 */
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import wabtInit from 'wabt';
import { digest } from '../../packages/digestlab/dist/index.js';
import { CHORBA_DISTANCES, carryWords } from '../gen/crc-chorba.mjs';

const { values } = parseArgs({
  options: { pairs: { type: 'string', default: '2' }, rounds: { type: 'string', default: '7' } },
});
const get = (v) => `(local.get $${v})`;
const fold = (op, xs) => xs.reduce((a, b) => `(${op} ${a} ${b})`);

/** The scalar step, as the module's: one i64 word at a time, four a pass, carries k0.. in locals. */
function scalar(name, dist) {
  const k = carryWords(dist);
  const into = Array.from({ length: k + 1 }, () => []);
  for (const d of dist) {
    into[d >> 6].push(`(i64.shl ${get('x')} (i64.const ${d & 63}))`);
    into[(d >> 6) + 1].push(`(i64.shr_u ${get('x')} (i64.const ${64 - (d & 63)}))`);
  }
  const body = [];
  for (let u = 0; u < 4; u++) {
    body.push(`(local.set $x (i64.xor (i64.load offset=${8 * u} ${get('p')}) ${get('k0')}))`);
    for (let t = 1; t <= k; t++) {
      const parts = t < k ? [get(`k${t}`), ...into[t]] : into[t];
      body.push(`(local.set $k${t - 1} ${parts.length ? fold('i64.xor', parts) : '(i64.const 0)'})`);
    }
  }
  const locals = Array.from({ length: k }, (_, t) => `(local $k${t} i64)`).join(' ');
  return `(func (export "${name}") (param $p i32) (param $n i32) (param $c i64) (result i32) (local $x i64) ${locals}
  (local.set $k0 ${get('c')})
  (block $d (loop $l (br_if $d (i32.lt_u ${get('n')} (i32.const ${8 * (4 + k)})))
  ${body.join('\n  ')}
  (local.set $p (i32.add ${get('p')} (i32.const 32))) (local.set $n (i32.sub ${get('n')} (i32.const 32))) (br $l)))
  ${Array.from({ length: k }, (_, t) => `(i64.store offset=${8 * t} (i32.const 0) ${get(`k${t}`)})`).join(' ')}
  ${get('p')})`;
}

/** The SIMD step: `pairs` pairs a pass; carries e_t (words 2t, 2t+1 ahead), o_t (2t+1, 2t+2), om (the one behind). */
function simd(name, dist, pairs) {
  const k = carryWords(dist);
  const ne = Math.floor(k / 2) + 1;
  const no = Math.floor((k - 1) / 2) + 1;
  const E = Array.from({ length: ne + 1 }, () => []);
  const O = Array.from({ length: no + 1 }, () => []);
  const add = (off, e) => (off % 2 === 0 ? E[off / 2] : O[(off - 1) / 2]).push(e);
  for (const d of dist) {
    add(d >> 6, `(i64x2.shl ${get('x')} (i32.const ${d & 63}))`);
    add((d >> 6) + 1, `(i64x2.shr_u ${get('x')} (i32.const ${64 - (d & 63)}))`);
  }
  const zero = '(v128.const i64x2 0 0)';
  const body = [];
  for (let u = 0; u < pairs; u++) {
    const join = `(i8x16.shuffle 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 ${get('om')} ${get('o0')})`;
    body.push(`(local.set $x ${fold('v128.xor', [`(v128.load offset=${16 * u} ${get('p')})`, get('e0'), join])})`);
    for (let t = 0; t < ne; t++) {
      const parts = [...(t + 1 < ne ? [get(`e${t + 1}`)] : []), ...E[t + 1]];
      body.push(`(local.set $e${t} ${parts.length ? fold('v128.xor', parts) : zero})`);
    }
    body.push(`(local.set $om ${fold('v128.xor', [get('o0'), ...O[0]])})`);
    for (let t = 0; t < no; t++) {
      const parts = [...(t + 1 < no ? [get(`o${t + 1}`)] : []), ...(O[t + 1] ?? [])];
      body.push(`(local.set $o${t} ${parts.length ? fold('v128.xor', parts) : zero})`);
    }
  }
  const stores = Array.from({ length: k }, (_, w) => {
    const mine = `(i64x2.extract_lane ${w & 1} ${get(`e${w >> 1}`)})`;
    const odd =
      w === 0
        ? `(i64x2.extract_lane 1 ${get('om')})`
        : `(i64x2.extract_lane ${(w - 1) & 1} ${get(`o${(w - 1) >> 1}`)})`;
    return `(i64.store offset=${8 * w} (i32.const 0) (i64.xor ${mine} ${odd}))`;
  });
  const locals = [
    '(local $x v128) (local $om v128)',
    ...Array.from({ length: ne }, (_, t) => `(local $e${t} v128)`),
    ...Array.from({ length: no }, (_, t) => `(local $o${t} v128)`),
  ].join(' ');
  return `(func (export "${name}") (param $p i32) (param $n i32) (param $c i64) (result i32) ${locals}
  (local.set $e0 (i64x2.replace_lane 0 ${zero} ${get('c')}))
  (block $d (loop $l (br_if $d (i32.lt_u ${get('n')} (i32.const ${16 * pairs + 8 * k + 8})))
  ${body.join('\n  ')}
  (local.set $p (i32.add ${get('p')} (i32.const ${16 * pairs}))) (local.set $n (i32.sub ${get('n')} (i32.const ${16 * pairs}))) (br $l)))
  ${stores.join(' ')}
  ${get('p')})`;
}

const wabt = await wabtInit();
const funcs = Object.entries(CHORBA_DISTANCES).flatMap(([crc, dist]) => [
  scalar(`${crc} scalar`, dist),
  simd(`${crc} simd`, dist, Number(values.pairs)),
]);
const binary = wabt.parseWat('chorba.wat', `(module (memory (export "memory") 40) ${funcs.join('\n')})`, {
  simd: true,
});
const { exports: e } = new WebAssembly.Instance(new WebAssembly.Module(binary.toBinary({}).buffer));
const memory = new Uint8Array(e.memory.buffer);
const N = 1 << 20;
const AT = 65536;
for (let i = 0; i < N; i++) memory[AT + i] = (i * 7 + (i >> 9)) & 255;
const data = memory.slice(AT, AT + N);
/** Each CRC of the whole input, by a program we did not write: node:zlib's (zlib's C), the library's TypeScript. */
const WHOLE = {
  'CRC-32': () => zlib.crc32(data),
  'CRC-32C': () => Buffer.from(digest('CRC-32C', data, { provider: 'ts' })).readUInt32BE(0),
};
const POLY = { 'CRC-32': 0xedb88320, 'CRC-32C': 0x82f63b78 };

/** The CRC after a bulk step that stopped at `end`: its carries xored into the tail, the tail bit by bit from 0. */
function finish(crc, end) {
  const k = carryWords(CHORBA_DISTANCES[crc]);
  const carries = new BigUint64Array(e.memory.buffer, 0, k);
  const rest = memory.slice(end, AT + N);
  const view = new DataView(rest.buffer);
  for (let w = 0; w < k; w++) view.setBigUint64(8 * w, view.getBigUint64(8 * w, true) ^ carries[w], true);
  let r = 0;
  for (const byte of rest) {
    r ^= byte;
    for (let i = 0; i < 8; i++) r = (r >>> 1) ^ (POLY[crc] & -(r & 1));
  }
  return ~r >>> 0;
}

const rows = Object.keys(e).filter((name) => name !== 'memory');
for (const name of rows) {
  const [crc] = name.split(' ');
  if (finish(crc, e[name](AT, N, 0xffffffffn)) !== WHOLE[crc]()) throw new Error(`${name}: not the CRC`);
}
const best = {};
for (let round = 0; round < Number(values.rounds); round++) {
  for (const name of rows) {
    const start = process.cpuUsage();
    for (let i = 0; i < 64; i++) e[name](AT, N, 0xffffffffn);
    const used = process.cpuUsage(start);
    best[name] = Math.min(best[name] ?? Number.POSITIVE_INFINITY, used.user + used.system);
  }
}
for (const name of rows) console.log(`${name.padEnd(16)} ${((64 * N) / best[name]).toFixed(0).padStart(6)} MB/s`);
