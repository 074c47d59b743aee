#!/usr/bin/env node
// Where `auto`'s one-shot HMAC should switch from our WebAssembly to node:crypto (HMAC_NODE_FROM in
// packages/digestlab/src/hmac/providers.ts): hmac() and hmacHex() through ts, wasm and node, interleaved, a fresh
// 32-byte key per call (64 keys in turn), at each message size; prints each provider's speed relative to node's
// (> 1: faster than node), the median of the rounds. Timed in CPU time (process.cpuUsage), which a machine shared
// with other jobs disturbs less than wall time. Run after `npm run build`:
//
//   node scripts/hmac-crossovers.mjs                                  MD5, SHA-1, SHA-256, SHA-512; 0 B to 16 KiB
//   node scripts/hmac-crossovers.mjs SHA-384 0,64,128,256,512 20      algorithms, sizes (bytes), rounds
import { hmac, hmacHex } from '../packages/digestlab/dist/index.js';

const algorithms = (process.argv[2] ?? 'MD5,SHA-1,SHA-256,SHA-512').split(',');
const sizes = (process.argv[3] ?? '0,64,128,256,512,1024,2048,4096,16384').split(',').map(Number);
const rounds = Number(process.argv[4] ?? 15);
const PROVIDERS = ['ts', 'wasm', 'node'];
const keys = Array.from({ length: 64 }, (_, j) => Uint8Array.from({ length: 32 }, (_, i) => (i * 31 + j) & 255));
let sink = 0;

/** CPU microseconds per call of `f` over `batch` calls. */
function sample(f, batch) {
  const c0 = process.cpuUsage();
  for (let i = 0; i < batch; i++) sink += f(keys[i & 63]).length;
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / batch;
}

/** Calls for about `ms` milliseconds of wall time (warms the function up, and sizes its batch). */
function calibrate(f, ms) {
  const t = performance.now();
  let n = 0;
  while (performance.now() - t < ms) sink += f(keys[n++ & 63]).length;
  return Math.max(1, Math.round((n / ms) * 5)); // ~5 ms per sample
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

for (const [out, mac] of [
  ['bytes', hmac],
  ['hex', hmacHex],
]) {
  for (const algorithm of algorithms) {
    const cells = [];
    for (const size of sizes) {
      const inputs = Array.from({ length: 8 }, (_, j) => new Uint8Array(size).fill(j));
      const calls = Object.fromEntries(
        PROVIDERS.map((provider) => [provider, (k) => mac(algorithm, k, inputs[k[0] & 7], { provider })]),
      );
      const batch = Object.fromEntries(PROVIDERS.map((p) => [p, calibrate(calls[p], 100)]));
      const ratios = { ts: [], wasm: [] };
      for (let r = 0; r < rounds; r++) {
        const t = Object.fromEntries(PROVIDERS.map((p) => [p, sample(calls[p], batch[p])]));
        ratios.ts.push(t.node / t.ts);
        ratios.wasm.push(t.node / t.wasm);
      }
      cells.push(`${size}: ts ${median(ratios.ts).toFixed(2)} wasm ${median(ratios.wasm).toFixed(2)}`);
    }
    console.log(`${out} ${algorithm} (speed / node)  ${cells.join(' | ')}`);
  }
}
if (sink === 0) console.log(''); // keeps the results alive
