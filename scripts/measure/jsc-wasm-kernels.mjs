/**
 * MD4 and BLAKE2b-512 at 1 MiB: our `wasm` against hash-wasm, through the built library and as the bare kernels,
 * in whichever engine runs this script. Written to ask JavaScriptCore (through Bun, whose WebAssembly tiers, BBQ and
 * OMG, are WebKit's) whether it reproduces WebKit's ratios, and which of BLAKE2b's two modules it runs faster:
 *
 *   bun scripts/measure/jsc-wasm-kernels.mjs [--rounds 9]      (JavaScriptCore; `npm run build` first)
 *   node scripts/measure/jsc-wasm-kernels.mjs [--rounds 9]     (V8, the same rows)
 *
 * Rows, each about ROUND_MS of CPU time a round, interleaved (speed-common.mjs), 1 MiB a call:
 *   lib md4 / lib blake2b     digest(…, { provider: 'wasm' }): the library, whichever BLAKE2b module it chose here
 *   hw md4 / hw blake2b       hash-wasm's createMD4() / createBLAKE2b(512), init().update().digest() per call
 *   k md4                     ripemd.wasm's md4(state, data, 16384 blocks) on 1 MiB already in memory
 *   k blake2b / k blake2b-simd blake2.wasm's / blake2simd.wasm's blake2b over 8192 blocks already in memory
 * The kernels skip the library's copy into the input area (64 KiB at a time): their MiB/s is the compression alone.
 * Printed: each row's median MiB/s and cycles a block at CLOCK_GHZ, and the medians of each round's ratio.
 *
 * JavaScriptCore's options go through Bun's environment with the BUN_JSC_ prefix, e.g. the OMG tier's code:
 *   BUN_JSC_dumpDisassembly=1 BUN_JSC_useBBQJIT=0 bun scripts/measure/jsc-wasm-kernels.mjs --only md4
 * `--md4-variants a.wasm,b.wasm` races other builds of the module `ripemd` beside it (`k md4 FILE ÷ k md4`).
 * (`--only md4|blake2b|blake2b-simd` runs that kernel alone, for a short dump; docs/decisions/wasm-md4-ripemd-steps.md
 * and wasm-blake2-simd-rows.md say what the dumps showed).
 */
import { readFileSync } from 'node:fs';
import hashWasm from 'hash-wasm';
import { digest } from '../../packages/digestlab/dist/index.js';
import { interleaved, option } from './speed-common.mjs';

const ROUNDS = Number(option('--rounds', '9'));
const ONLY = option('--only', '');
/** Other builds of the module `ripemd` to race as `k md4 <file>` (a generator variant's output). */
const VARIANTS = option('--md4-variants', '').split(',').filter(Boolean);
const ROUND_MS = 60;
/** This machine's clock under load (chain-probe.mjs's add chain): cycles a block are MiB/s turned at this rate. */
const CLOCK_GHZ = 3.6;
const MiB = 1 << 20;
const generated = new URL('../../packages/digestlab/src/wasm/generated/', import.meta.url);
const module = (name) => new WebAssembly.Module(readFileSync(new URL(`${name}.wasm`, generated)));
const big = Uint8Array.from({ length: MiB }, (_, i) => (i * 7 + 31) & 255);

/** ripemd.wasm (or a variant's file) on a memory of its own: state at 0, the message at 64 KiB. */
function md4Kernel(file) {
  const memory = new WebAssembly.Memory({ initial: 18 });
  const m = file ? new WebAssembly.Module(readFileSync(file)) : module('ripemd');
  const { md4 } = new WebAssembly.Instance(m, { core: { memory } }).exports;
  new Uint8Array(memory.buffer).set(big, 65536);
  return () => md4(0, 65536, MiB / 64);
}

/** blake2.wasm (or blake2simd.wasm on its memory) grown to hold 1 MiB at 64 KiB; h at 0. */
function blake2bKernel(simd) {
  const scalar = new WebAssembly.Instance(module('blake2')).exports;
  scalar.memory.grow(18);
  new Uint8Array(scalar.memory.buffer).set(big, 65536);
  const e = simd
    ? new WebAssembly.Instance(module('blake2simd'), { blake2: { memory: scalar.memory } }).exports
    : scalar;
  return () => e.blake2b(0, 65536, MiB / 128, 0, 0, 0);
}

const hw = async (factory, ...args) => {
  const h = await hashWasm[factory](...args);
  return () => h.init().update(big).digest('binary');
};
const repeat = (f) => (reps) => {
  for (let k = 0; k < reps; k++) f();
};

const kernels = {
  ...Object.fromEntries(VARIANTS.map((f) => [`md4 ${f}`, md4Kernel(f)])),
  md4: md4Kernel(),
  blake2b: blake2bKernel(false),
  'blake2b-simd': blake2bKernel(true),
};
if (ONLY) {
  const k = kernels[ONLY];
  for (let i = 0; i < 200; i++) k();
  console.log(`${ONLY}: 200 calls done`);
  process.exit(0);
}

const rows = {
  'lib md4': () => digest('MD4', big, { provider: 'wasm' }),
  'hw md4': await hw('createMD4'),
  'k md4': kernels.md4,
  'lib blake2b': () => digest('BLAKE2B-512', big, { provider: 'wasm' }),
  'hw blake2b': await hw('createBLAKE2b', 512),
  'k blake2b': kernels.blake2b,
  'k blake2b-simd': kernels['blake2b-simd'],
  ...Object.fromEntries(VARIANTS.map((f) => [`k md4 ${f}`, kernels[`md4 ${f}`]])),
};
const per = interleaved(Object.fromEntries(Object.entries(rows).map(([n, f]) => [n, repeat(f)])), ROUNDS, ROUND_MS);
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const engine = typeof Bun === 'object' ? `Bun ${Bun.version} (JavaScriptCore)` : `Node ${process.versions.node} (V8)`;
console.log(`${engine}; ${ROUNDS} interleaved rounds, CPU time, 1 MiB a call`);
console.log('| row | MiB/s | cycles a block at 3.6 GHz |\n| --- | ---: | ---: |');
for (const [n, ms] of Object.entries(per)) {
  const mibs = 1000 / median(ms);
  const block = n.includes('md4') ? 64 : 128;
  console.log(`| ${n} | ${mibs.toFixed(0)} | ${((CLOCK_GHZ * 1e9 * block) / (mibs * MiB)).toFixed(0)} |`);
}
const ratio = (a, b) => {
  const rs = per[a].map((t, r) => per[b][r] / t);
  return `${median(rs).toFixed(2)}x (${Math.min(...rs).toFixed(2)}–${Math.max(...rs).toFixed(2)})`;
};
for (const [a, b] of [
  ['lib md4', 'hw md4'],
  ['k md4', 'hw md4'],
  ['lib blake2b', 'hw blake2b'],
  ['k blake2b', 'hw blake2b'],
  ['k blake2b-simd', 'hw blake2b'],
  ['k blake2b-simd', 'k blake2b'],
  ...VARIANTS.map((f) => [`k md4 ${f}`, 'k md4']),
])
  console.log(`${a} ÷ ${b}: ${ratio(a, b)}`);
