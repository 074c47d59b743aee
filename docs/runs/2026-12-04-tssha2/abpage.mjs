// main's library against this branch's in the browser, seed and 1 MiB, interleaved, wall time (performance.now)
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import * as main from '/work/main/packages/digestlab/dist/index.js';
import * as ours from '/work/wt-tssha2/packages/digestlab/dist/index.js';
const seed = new TextEncoder().encode('The quick brown fox jumps over the lazy dog, and then some more text to make ninety-three.').slice(0, 93);
const big = Uint8Array.from({ length: 1 << 20 }, (_, i) => (i * 7) & 255);
const noble = { 'SHA-256': sha256, 'SHA-512': sha512 };
const out = [];
setTimeout(() => {
for (const [label, data, ms] of [['seed', seed, 60], ['1MiB', big, 150]]) for (const a of ['SHA-256', 'SHA-512']) {
  const rows = { main: () => main.digest(a, data, { provider: 'ts' }), ours: () => ours.digest(a, data, { provider: 'ts' }), noble: () => noble[a](data) };
  const names = Object.keys(rows);
  for (const n of names) { const e = performance.now() + 300; while (performance.now() < e) rows[n](); }
  const per = Object.fromEntries(names.map((n) => [n, []]));
  for (let r = 0; r < 9; r++) for (let k = 0; k < 3; k++) {
    const n = names[(r + k) % 3]; let reps = 0; const t0 = performance.now();
    while (performance.now() - t0 < ms) { rows[n](); reps++; }
    per[n].push((performance.now() - t0) / reps);
  }
  const med = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
  const rat = (x, y) => med(per[y].map((t, i) => t / per[x][i])).toFixed(2);
  out.push(`${a} ${label}: ours/noble ${rat('ours', 'noble')}, main/noble ${rat('main', 'noble')}, ours/main ${rat('ours', 'main')}`);
}
globalThis.RESULT = out.join('\n');
}, 10);
