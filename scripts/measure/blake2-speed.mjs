#!/usr/bin/env node
/**
 * BLAKE2b-512 and BLAKE2s-256: our providers against node:crypto, @noble/hashes and hash-wasm, one-shot digests of
 * one size, to bytes (the speed goal: 1.2x hash-wasm at 1 MiB; the lab, `digestlab bench -a BLAKE2b-512`, times them in every
 * workload). Against the built library (`npm run build` first); runs under Bun too
 * (`bun scripts/measure/blake2-speed.mjs`):
 *
 *   node scripts/measure/blake2-speed.mjs [--size 1048576] [--rounds 7]
 *
 * Every row runs in turn in each round (interleaved), for ~8 MiB of input per row and round, timed in the process's
 * CPU time (as scripts/measure/crossovers.mjs does: time spent waiting for a core another process holds is not
 * counted); a figure is the row's best round. Report `uptime` beside it: on a shared machine the ratios are what
 * matters.
 */
import { createHash } from 'node:crypto';
import { blake2b, blake2s } from '@noble/hashes/blake2.js';
import { createBLAKE2b, createBLAKE2s } from 'hash-wasm';
import { digest } from '../../packages/digestlab/dist/index.js';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const SIZE = option('--size', 2 ** 20);
const ROUNDS = option('--rounds', 7);
const data = Uint8Array.from({ length: SIZE }, (_, i) => (i * 7) & 0xff);
const hashWasmB = await createBLAKE2b(512);
const hashWasmS = await createBLAKE2s(256);

/** One call of each row: its digest of `data`. */
const ROWS = {
  'BLAKE2B-512 ts': () => digest('BLAKE2B-512', data, { provider: 'ts' }),
  'BLAKE2B-512 wasm': () => digest('BLAKE2B-512', data, { provider: 'wasm' }),
  'BLAKE2B-512 auto': () => digest('BLAKE2B-512', data),
  'BLAKE2B-512 node:crypto': () => createHash('blake2b512').update(data).digest(),
  'BLAKE2B-512 @noble/hashes': () => blake2b(data),
  'BLAKE2B-512 hash-wasm': () => hashWasmB.init().update(data).digest('binary'),
  'BLAKE2S-256 ts': () => digest('BLAKE2S-256', data, { provider: 'ts' }),
  'BLAKE2S-256 wasm': () => digest('BLAKE2S-256', data, { provider: 'wasm' }),
  'BLAKE2S-256 auto': () => digest('BLAKE2S-256', data),
  'BLAKE2S-256 node:crypto': () => createHash('blake2s256').update(data).digest(),
  'BLAKE2S-256 @noble/hashes': () => blake2s(data),
  'BLAKE2S-256 hash-wasm': () => hashWasmS.init().update(data).digest('binary'),
};

const calls = Math.max(1, Math.floor(2 ** 23 / SIZE));
const best = {};
for (let round = 0; round < ROUNDS; round++) {
  for (const [name, call] of Object.entries(ROWS)) {
    const start = process.cpuUsage();
    for (let i = 0; i < calls; i++) call();
    const used = process.cpuUsage(start);
    best[name] = Math.min(best[name] ?? Number.POSITIVE_INFINITY, (used.user + used.system) / 1e6);
  }
}
console.log(`${SIZE} bytes, ${calls} calls per round, best of ${ROUNDS} rounds (CPU time)`);
for (const [name, seconds] of Object.entries(best)) {
  const ours = best[`${name.split(' ')[0]} ts`];
  const rate = (SIZE * calls) / seconds / 1e6;
  console.log(`${name.padEnd(26)} ${rate.toFixed(1).padStart(8)} MB/s   ts: ${(seconds / ours).toFixed(2)}x its time`);
}
