#!/usr/bin/env node
/**
 * The classic digests' speed goals, as BENCHMARKS.md ("The classic digests") states them: RIPEMD-160, MD4, SM3 and
 * Whirlpool, our providers (`wasm`, `ts`, `auto`) against hash-wasm, @noble/hashes (RIPEMD-160) and node:crypto where
 * it has the algorithm. Against the built library (`npm run build` first):
 *
 *   node scripts/measure/classic-speed.mjs [--rounds 9] [--algorithms RIPEMD160,MD4,SM3,WHIRLPOOL]
 *     [--workloads 1M,seed]
 *
 * Workloads: "1M" (a one-shot digest of 1 MiB of bytes; hash-wasm's hasher reused, init/update/digest per call, as
 * the lab's row does) and "seed" (the seed's 93-character string to lowercase hex). Each row runs once in every
 * round (interleaved, the order rotating from round to round), about ROUND_MS of calls, timed in the process's CPU
 * time (time spent waiting for a core that other processes hold is not counted). Printed: each row's best round,
 * and the median over rounds of each round's ratio against hash-wasm and against the fastest JavaScript or
 * WebAssembly peer of the same round (the seed goal: `auto` ≥ 1.5x that). Report `uptime` beside the figures.
 */
import { createHash, getHashes } from 'node:crypto';
import { ripemd160 } from '@noble/hashes/legacy.js';
import hashWasm from 'hash-wasm';
import { digest, digestHex } from '../../packages/digestlab/dist/index.js';
import { interleaved, option, SEED } from './speed-common.mjs';

const ROUNDS = Number(option('--rounds', '9'));
const ALGORITHMS = option('--algorithms', 'RIPEMD160,MD4,SM3,WHIRLPOOL').split(',');
const WORKLOADS = option('--workloads', '1M,seed').split(',');
const ROUND_MS = 40;
const MiB = 1 << 20;
const inputs = Array.from({ length: 4 }, (_, k) => Uint8Array.from({ length: MiB }, (_, i) => (i * 7 + k * 31) & 255));
const HASH_WASM = { RIPEMD160: 'createRIPEMD160', MD4: 'createMD4', SM3: 'createSM3', WHIRLPOOL: 'createWhirlpool' };
const NODE = { RIPEMD160: 'ripemd160', SM3: 'sm3' };
const NATIVE = 'node:crypto';

/** The rows for one algorithm and workload: name → a call with the input (bytes or the seed's string). */
async function contestants(algorithm, hex) {
  const hw = await hashWasm[HASH_WASM[algorithm]]();
  const out = hex ? 'hex' : 'binary';
  const ours = (provider) => (x) => (hex ? digestHex : digest)(algorithm, x, provider ? { provider } : undefined);
  const rows = {
    wasm: ours('wasm'),
    ts: ours('ts'),
    auto: ours(undefined),
    'hash-wasm': (x) => hw.init().update(x).digest(out),
  };
  if (algorithm === 'RIPEMD160') {
    const encoder = new TextEncoder();
    rows['@noble/hashes'] = (x) => {
      const d = ripemd160(typeof x === 'string' ? encoder.encode(x) : x);
      return hex ? Buffer.from(d).toString('hex') : d;
    };
  }
  const native = NODE[algorithm];
  if (native && getHashes().includes(native))
    rows[NATIVE] = (x) =>
      createHash(native)
        .update(x)
        .digest(hex ? 'hex' : undefined);
  return rows;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const PEERS = new Set(['hash-wasm', '@noble/hashes']);

/** Each row's milliseconds per call, round by round (speed-common.mjs). */
function race(rows, input) {
  const names = Object.keys(rows);
  const calls = Object.fromEntries(
    names.map((n) => [
      n,
      (reps) => {
        let s = 0;
        for (let i = 0; i < reps; i++) s += input(i).length + rows[n](input(i)).length;
        return s;
      },
    ]),
  );
  return interleaved(calls, ROUNDS, ROUND_MS);
}

/** One line a row: best round, median ratio to hash-wasm and to the round's fastest JavaScript/wasm peer. */
function report(algorithm, workload, per) {
  const rounds = per['hash-wasm'].map((_, r) => r);
  const fastestPeer = rounds.map((r) =>
    Math.min(
      ...Object.keys(per)
        .filter((n) => PEERS.has(n))
        .map((n) => per[n][r]),
    ),
  );
  for (const [name, ms] of Object.entries(per)) {
    const figure =
      workload === '1M' ? `${(1000 / Math.min(...ms)).toFixed(1)} MiB/s` : `${(1 / Math.min(...ms)).toFixed(0)}k ops/s`;
    const hw = median(rounds.map((r) => per['hash-wasm'][r] / ms[r])).toFixed(2);
    const peer = median(rounds.map((r) => fastestPeer[r] / ms[r])).toFixed(2);
    console.log([algorithm, workload, name, figure, `${hw}x`, `${peer}x`].join('\t'));
  }
}

console.log(`${process.release.name} ${process.versions.node}; ${ROUNDS} interleaved rounds, CPU time`);
console.log('algorithm\tworkload\trow\tbest round\t÷ hash-wasm (median)\t÷ fastest JS/wasm peer (median)');
for (const algorithm of ALGORITHMS) {
  for (const workload of WORKLOADS) {
    const hex = workload === 'seed';
    const rows = await contestants(algorithm, hex);
    const input = hex ? () => SEED : (i) => inputs[i & 3];
    const want = Buffer.from(rows.wasm(input(0))).toString('hex');
    for (const [n, f] of Object.entries(rows))
      if (Buffer.from(f(input(0))).toString('hex') !== want) throw new Error(`${algorithm}: ${n} disagrees with wasm`);
    report(algorithm, workload, race(rows, input));
  }
}
