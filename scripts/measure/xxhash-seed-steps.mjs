#!/usr/bin/env node
/**
 * Where XXH64's seed call goes: the public call beside xxhash-wasm's `h64ToString` and each step of ours alone
 * (encoding the string into the module's memory, the module's `xxh64_once`), ns per call, CPU time, best of 7
 * interleaved rounds of 50,000 calls. Against the built library (`npm run build` first):
 *
 *   node scripts/measure/xxhash-seed-steps.mjs
 */
import { readFileSync } from 'node:fs';
import xxhashWasm from 'xxhash-wasm';
import { digestHex } from '../../packages/digestlab/dist/index.js';
import { SEED_INPUT } from '../../packages/lab/dist/seed.js';

const XW = await xxhashWasm();
const wasm = new URL('../../packages/digestlab/src/wasm/generated/xxhash.wasm', import.meta.url);
const x = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(wasm))).exports;
const input = new Uint8Array(x.memory.buffer, 1024, 256 * 1024);
const encoder = new TextEncoder();
const ROWS = {
  'xxhash-wasm h64ToString': () => XW.h64ToString(SEED_INPUT),
  "digestHex(…, { provider: 'wasm' })": () => digestHex('XXH64', SEED_INPUT, { provider: 'wasm' }),
  'digestHex(…) (auto)': () => digestHex('XXH64', SEED_INPUT),
  "CRC-32C, { provider: 'wasm' }": () => digestHex('CRC-32C', SEED_INPUT, { provider: 'wasm' }),
  'encodeInto alone': () => encoder.encodeInto(SEED_INPUT, input),
  'xxh64_once alone': () => x.xxh64_once(1024, SEED_INPUT.length, 0, 0, 256),
};
const CALLS = 50000;
const best = {};
for (let round = 0; round < 7; round++) {
  for (const [name, call] of Object.entries(ROWS)) {
    const start = process.cpuUsage();
    for (let i = 0; i < CALLS; i++) call();
    const used = process.cpuUsage(start);
    best[name] = Math.min(best[name] ?? Number.POSITIVE_INFINITY, used.user + used.system);
  }
}
for (const [name, us] of Object.entries(best)) console.log(`${name.padEnd(36)} ${((us / CALLS) * 1000).toFixed(0)} ns`);
