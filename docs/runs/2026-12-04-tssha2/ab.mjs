// main's built library against this branch's, and noble, interleaved, CPU time
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import * as main from '/work/main/packages/digestlab/dist/index.js';
import * as ours from '/work/wt-tssha2/packages/digestlab/dist/index.js';
import { interleaved } from '/work/wt-tssha2/scripts/measure/speed-common.mjs';
const MiB = 1 << 20;
const size = Number(process.env.SIZE ?? MiB);
const big = Array.from({ length: 4 }, (_, k) => Uint8Array.from({ length: size }, (_, i) => (i * 7 + k * 31) & 255));
const algs = (process.env.ALGS ?? 'SHA-256,SHA-512').split(',');
const noble = { 'SHA-256': sha256, 'SHA-512': sha512 };
const calls = {};
for (const a of algs) {
  const mk = (f) => (reps) => { let s = 0; for (let i = 0; i < reps; i++) s += f(i).length; return s; };
  calls[`${a} main`] = mk((i) => main.digest(a, big[i & 3], { provider: 'ts' }));
  calls[`${a} ours`] = mk((i) => ours.digest(a, big[i & 3], { provider: 'ts' }));
  calls[`${a} noble`] = mk((i) => noble[a](big[i & 3]));
  if (Buffer.from(main.digest(a, big[0], { provider: 'ts' })).toString('hex') !== Buffer.from(ours.digest(a, big[0], { provider: 'ts' })).toString('hex')) throw new Error('differ');
}
const per = interleaved(calls, Number(process.env.ROUNDS ?? 9), 60);
const med = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
for (const a of algs) {
  const r = (n) => per[`${a} noble`].map((t, i) => t / per[`${a} ${n}`][i]);
  const ab = per[`${a} main`].map((t, i) => t / per[`${a} ours`][i]);
  console.log(`${a} size ${size}: ours/noble ${med(r('ours')).toFixed(2)} (${Math.min(...r('ours')).toFixed(2)}-${Math.max(...r('ours')).toFixed(2)}), main/noble ${med(r('main')).toFixed(2)}, ours/main ${med(ab).toFixed(2)} (${Math.min(...ab).toFixed(2)}-${Math.max(...ab).toFixed(2)})`);
}
