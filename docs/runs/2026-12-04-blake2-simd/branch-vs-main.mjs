// This branch's `wasm` BLAKE2 (its dist) against main's (a copy of its dist in /tmp/wb2/maindist) and hash-wasm, 1 MiB, interleaved, CPU time
import hashWasm from '/work/wt-wblake2/node_modules/hash-wasm/dist/index.umd.js';
import { digest as branch } from '/work/wt-wblake2/packages/digestlab/dist/index.js';
import { digest as main } from '/tmp/wb2/maindist/dist/index.js';
import { interleaved } from '/work/wt-wblake2/scripts/measure/speed-common.mjs';
const MiB = 1 << 20;
const big = Array.from({ length: 4 }, (_, k) => Uint8Array.from({ length: MiB }, (_, i) => (i * 7 + k * 31) & 255));
const rounds = Number(process.env.ROUNDS ?? 11);
const med = (a) => a.slice().sort((x, y) => x - y)[a.length >> 1];
for (const [alg, factory, arg] of [['BLAKE2B-512', 'createBLAKE2b', 512], ['BLAKE2S-256', 'createBLAKE2s', 256]]) {
  const h = await hashWasm[factory](arg);
  let i = 0;
  const rep = (f) => (n) => { for (let k = 0; k < n; k++) f(big[i++ & 3]); };
  const per = interleaved({
    branch: rep((x) => branch(alg, x, { provider: 'wasm' })),
    main: rep((x) => main(alg, x, { provider: 'wasm' })),
    hw: rep((x) => h.init().update(x).digest('binary')),
  }, rounds, 40);
  const ratio = (a, b) => per[a].map((t, r) => per[b][r] / t);
  const show = (a, b) => { const r = ratio(a, b); return `${med(r).toFixed(2)} (${Math.min(...r).toFixed(2)}-${Math.max(...r).toFixed(2)})`; };
  console.log(alg, 'branch/hw', show('branch', 'hw'), ' main/hw', show('main', 'hw'), ' branch/main', show('branch', 'main'),
    ' MiB/s', ['branch', 'main', 'hw'].map((k) => (1000 / med(per[k])).toFixed(0)).join(' / '));
}
