#!/usr/bin/env node
/**
 * Our WebAssembly Keccak against hash-wasm's, and where our time goes (the speed goal: SHA-3 at least 1.2x
 * hash-wasm at 1 MiB). Against the built library (`npm run build` first):
 *
 *   node scripts/measure/keccak-speed.mjs [--rounds 15] [--algorithms SHA3-256,KECCAK-256]
 *
 * Workloads: "1 MiB" (a one-shot digest of 1 MiB of bytes; hash-wasm: its hasher reused, init/update/digest per
 * call, as the lab's row does) and "seed" (the seed's 93-character string to hex). Both are timed in interleaved
 * rounds, each ~20 ms, in the process's CPU time (as scripts/measure/crossovers.mjs does: time spent waiting for a core
 * that other processes hold is not counted); a figure is the best round, and the ratio's median over the rounds
 * (each round's ours against the same round's hash-wasm) is printed beside it.
 *
 * Then the profile of a 1 MiB digest: "wasm" is the module's `keccak` alone absorbing the same number of blocks
 * already in its memory (the permutation and the XOR of the input); the rest of the digest ("glue") is copying the
 * input into memory, padding, squeezing and the calls from JS.
 */
import { readFileSync } from 'node:fs';
import hashWasm from 'hash-wasm';
import { algorithms, digest, digestHex } from '../../packages/digestlab/dist/index.js';
import { interleaved, option, SEED } from './speed-common.mjs';

const ROUNDS = Number(option('--rounds', '15'));
const ALGORITHMS = option('--algorithms', 'SHA3-256,SHA3-512,KECCAK-256').split(',');
const ROUND_MS = 20;
const MiB = 1 << 20;

/** hash-wasm's hasher for an algorithm, created once (its constructors are asynchronous). */
async function peer(algorithm) {
  const [family, bits] = algorithm.split('-');
  return family === 'SHA3' ? hashWasm.createSHA3(Number(bits)) : hashWasm.createKeccak(Number(bits));
}

const inputs = Array.from({ length: 4 }, (_, k) => Uint8Array.from({ length: MiB }, (_, i) => (i * 7 + k * 31) & 255));

/** Milliseconds per call of each of `calls`, best round, and the median over rounds of ours / theirs. */
function race(calls) {
  const names = Object.keys(calls);
  const per = interleaved(calls, ROUNDS, ROUND_MS);
  const best = Object.fromEntries(names.map((n) => [n, Math.min(...per[n])]));
  const ratios = per.ours.map((t, r) => per['hash-wasm'][r] / t).sort((a, b) => a - b);
  return { best, medianRatio: ratios[ratios.length >> 1] };
}

/** The core module alone, instantiated from the committed binary, for the profile. */
function core() {
  const ts = readFileSync(new URL('../../packages/digestlab/src/wasm/generated/core.ts', import.meta.url), 'utf8');
  const b64 = [...ts.slice(ts.indexOf('CORE_WASM')).matchAll(/'([A-Za-z0-9+/=]+)'/g)].map((m) => m[1]).join('');
  const e = new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(b64, 'base64'))).exports;
  e.memory.grow(1);
  new Uint8Array(e.memory.buffer).set(inputs[0].subarray(0, 65536), 1024);
  return e;
}

/** Each sponge's rate (its block length), from the registry. */
const RATES = Object.fromEntries(algorithms().map((a) => [a.name, a.blockLength]));
const k = core();
console.log(`${process.release.name} ${process.versions.node}; best of ${ROUNDS} interleaved rounds, CPU time`);
console.log('algorithm\tworkload\tours\thash-wasm\tratio (best)\tratio (median)\twasm share of ours');
for (const algorithm of ALGORITHMS) {
  const hw = await peer(algorithm);
  const check = digestHex(algorithm, inputs[0], { provider: 'wasm' });
  hw.init();
  hw.update(inputs[0]);
  if (hw.digest('hex') !== check) throw new Error(`${algorithm}: ours and hash-wasm disagree`);
  const rate = RATES[algorithm];
  const blocks = Math.floor(MiB / rate) + 1;
  const perCall = Math.floor(65536 / rate);
  const mib = race({
    ours: (n) => {
      let s = 0;
      for (let i = 0; i < n; i++) s += digest(algorithm, inputs[i & 3], { provider: 'wasm' })[0];
      return s;
    },
    'hash-wasm': (n) => {
      let s = 0;
      for (let i = 0; i < n; i++) {
        hw.init();
        hw.update(inputs[i & 3]);
        s += hw.digest('binary')[0];
      }
      return s;
    },
    // the same blocks, absorbed by the module alone from its memory
    wasm: (n) => {
      for (let i = 0; i < n; i++) {
        for (let left = blocks; left > 0; left -= perCall) k.keccak(0, 1024, Math.min(left, perCall), rate >> 3);
      }
    },
  });
  const seed = race({
    ours: (n) => {
      let s = 0;
      for (let i = 0; i < n; i++) s += digestHex(algorithm, SEED, { provider: 'wasm' }).length;
      return s;
    },
    'hash-wasm': (n) => {
      let s = 0;
      for (let i = 0; i < n; i++) {
        hw.init();
        hw.update(SEED);
        s += hw.digest('hex').length;
      }
      return s;
    },
  });
  const speed = (ms) => `${(1000 / ms).toFixed(0)} MiB/s`;
  const ops = (ms) => `${(1 / ms).toFixed(0)}k ops/s`;
  /** One line of the table: a workload's best rounds, their ratio, the median ratio, and the module's share. */
  const line = (workload, r, format, share) =>
    console.log(
      [
        algorithm,
        workload,
        format(r.best.ours),
        format(r.best['hash-wasm']),
        (r.best['hash-wasm'] / r.best.ours).toFixed(3),
        r.medianRatio.toFixed(3),
        share,
      ].join('\t'),
    );
  line('1 MiB', mib, speed, `${((100 * mib.best.wasm) / mib.best.ours).toFixed(1)}%`);
  line('seed', seed, ops, '');
}
