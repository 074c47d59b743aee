import { sha256 as n256, sha512 as n512 } from '@noble/hashes/sha2.js';
import * as c256 from './c256.ts';
import * as c512 from './c512.ts';
const MiB = 1 << 20;
const big = new Uint8Array(MiB).map((_, i) => (i * 7) & 255);
const cpu = () => (typeof process !== 'undefined' && process.cpuUsage ? (process.cpuUsage().user + process.cpuUsage().system) / 1000 : performance.now());
const iv256 = Int32Array.from([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
const iv512 = new Int32Array(16).fill(1);
const which = (globalThis as any).WHICH ?? (typeof process !== 'undefined' ? process.argv[2] : '256');
const rows: Record<string, () => unknown> = {};
if (which === '256') {
  rows.noble = () => n256(big);
  for (const [k, f] of Object.entries(c256)) rows[k] = () => { const s = iv256.slice(); (f as any)(s, big, 0, MiB / 64); return s; };
  // check
  const s1 = iv256.slice(); c256.sha256Blocks(s1, big, 0, 100); for (const f of Object.values(c256)) { if (typeof f !== "function") continue; const s2 = iv256.slice(); (f as any)(s2, big, 0, 100);
  if (s1.join() !== s2.join()) throw new Error("256 mismatch"); }
} else {
  rows.noble = () => n512(big);
  const ref = iv512.slice(); c512.sha512Blocks(ref, big, 0, 100);
  for (const [k, f] of Object.entries(c512)) {
    if (typeof f !== 'function') continue;
    const s = iv512.slice(); (f as any)(s, big, 0, 100); if (s.join() !== ref.join()) throw new Error(k + ' mismatch');
    rows[k] = () => { const s = iv512.slice(); (f as any)(s, big, 0, MiB / 128); return s; };
  }
}
const names = Object.keys(rows);
for (const n of names) for (let i = 0; i < 5; i++) rows[n]();
const per: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
const ROUNDS = Number((globalThis as any).process?.env?.ROUNDS ?? 7);
for (let r = 0; r < ROUNDS; r++) for (let k = 0; k < names.length; k++) {
  const n = names[(r + k) % names.length];
  const t0 = cpu(); let reps = 0;
  while (cpu() - t0 < 150) { rows[n](); reps++; }
  per[n].push((cpu() - t0) / reps);
}
const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const out = names.map((n) => `${n}: ${(1000 / med(per[n])).toFixed(0)} MiB/s, x noble ${(med(per.noble) / med(per[n])).toFixed(2)}`).join('\n');
if (typeof console !== 'undefined') console.log(out);
(globalThis as any).RESULT = out;
