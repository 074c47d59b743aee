import { sha256 as n256 } from '@noble/hashes/sha2.js';
import * as V from './v256.ts';
const MiB = Number(process.env.SIZE ?? 1 << 20);
const big = Uint8Array.from({ length: MiB }, (_, i) => (i * 7) & 255);
const iv = Int32Array.from([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const rows = { noble: () => n256(big) };
const chk = Uint8Array.from({ length: 6400 }, (_, i) => (i * 7) & 255);
const ref = iv.slice(); V.base(ref, chk, 0, 100);
for (const [k, f] of Object.entries(V)) {
  if (typeof f !== 'function' || (process.env.ONLY && !process.env.ONLY.split(',').includes(k))) continue;
  const s = iv.slice(); f(s, chk, 0, 100); if (s.join() !== ref.join()) throw new Error(k + ' mismatch');
  rows[k] = () => { const s = iv.slice(); f(s, big, 0, MiB / 64); return s; };
}
const names = Object.keys(rows);
for (const n of names) for (let i = 0; i < 5; i++) rows[n]();
const per = Object.fromEntries(names.map((n) => [n, []]));
for (let r = 0; r < Number(process.env.ROUNDS ?? 5); r++) for (let k = 0; k < names.length; k++) {
  const n = names[(r + k) % names.length]; const t0 = cpu(); let reps = 0;
  while (cpu() - t0 < 80) { rows[n](); reps++; } per[n].push((cpu() - t0) / reps);
}
const med = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
for (const n of names) console.log(n.padEnd(8), (1000 / med(per[n])).toFixed(0).padStart(4), 'MiB/s', (med(per.noble) / med(per[n])).toFixed(2), per[n].map((x) => (1000 / x).toFixed(0)).join(' '));
