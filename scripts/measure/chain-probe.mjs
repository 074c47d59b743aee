/**
 * What a compression function's dependency chain costs on this machine, for the decision files that count cycles:
 *
 *   node scripts/measure/chain-probe.mjs [--module ripemd] [--wasm FILE]
 *
 * 1. The clock, from V8's code for WebAssembly chains of one operation each (an i32.add is one cycle on x64, so its ns
 *    a step is the cycle), and what a step of add + rotl costs when its constant is folded into a three-term lea.
 * 2. The x64 code TurboFan makes of each function of a module of ours (src/wasm/generated/MODULE.wasm, over an
 *    imported memory): instructions, stack references (spills and reloads), rotates and leas, counted from
 *    `node --print-wasm-code` (Node's release build has the disassembler). `--wasm FILE`: another build of it, such as
 *    main's (`git show main:packages/digestlab/src/wasm/generated/ripemd.wasm > FILE`).
 * Report `uptime` beside the figures: a busy sibling core slows the throughput, not the chains.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { option } from './speed-common.mjs';

const require = createRequire(import.meta.url);
const STEPS = 20_000_000;

/** ns a step of `step` (a wat expression that sets $x from $x and $y), eight a loop iteration, best of five. */
async function chain(step) {
  const wabt = await require('wabt')();
  const wat = `(module (func (export "f") (param $n i32) (param $y i32) (result i32) (local $x i32)
    (loop $l ${Array(8).fill(step).join(' ')} (local.set $y (i32.xor (local.get $y) (i32.const 1)))
      (br_if $l (local.tee $n (i32.sub (local.get $n) (i32.const 1))))) (local.get $x)))`;
  const { f } = new WebAssembly.Instance(new WebAssembly.Module(wabt.parseWat('probe', wat, {}).toBinary({}).buffer))
    .exports;
  f(1_000_000, 5);
  let best = Number.POSITIVE_INFINITY;
  for (let r = 0; r < 5; r++) {
    const t0 = process.cpuUsage();
    f(STEPS, 5);
    const t = process.cpuUsage(t0);
    best = Math.min(best, ((t.user + t.system) * 1000) / (STEPS * 8));
  }
  return best;
}

const get = (v) => `(local.get $${v})`;
const CHAINS = {
  'i32.add (1 cycle)': `(local.set $x (i32.add ${get('x')} ${get('y')}))`,
  'add + rotl': `(local.set $x (i32.rotl (i32.add ${get('x')} ${get('y')}) (i32.const 3)))`,
  'add + rotl, a constant added too (lea of three terms)': `(local.set $x (i32.rotl (i32.add ${get('x')} (i32.add ${get('y')} (i32.const 0x5a827999))) (i32.const 3)))`,
};

/** Per function of the module: counts over the x64 code TurboFan prints for it. */
function codeCounts(file) {
  const child = `const m = new WebAssembly.Module(require('node:fs').readFileSync(${JSON.stringify(file)}));
    new WebAssembly.Instance(m, { core: { memory: new WebAssembly.Memory({ initial: 1 }) } });`;
  const out = spawnSync(
    process.execPath,
    ['--print-wasm-code', '--no-liftoff', '--no-wasm-lazy-compilation', '-e', child],
    { encoding: 'utf8', maxBuffer: 1 << 28 },
  ).stdout;
  // our modules export every function, in order; another's functions go by their index
  const exported = WebAssembly.Module.exports(new WebAssembly.Module(readFileSync(file))).filter(
    (e) => e.kind === 'function',
  );
  const parts = out.split('--- WebAssembly code ---').slice(1);
  const name = (index) => (exported.length === parts.length ? exported[index].name : `function ${index}`);
  const rows = [];
  for (const part of parts) {
    const index = Number(/name: wasm-function\[(\d+)\]/.exec(part)?.[1]);
    const lines = part.split('\n').filter((l) => /^0x[0-9a-f]+\s+[0-9a-f]+\s+[0-9a-f]+\s+\S/.test(l));
    const count = (re) => lines.filter((l) => re.test(l)).length;
    rows.push({
      function: name(index),
      instructions: lines.length,
      'stack refs': count(/\[rbp-/),
      rotates: count(/\s(rol|ror)/),
      leas: count(/\slea/),
    });
  }
  return rows;
}

console.log(`node ${process.versions.node}; ns a step, best of five runs of ${STEPS} steps`);
const cycle = await chain(CHAINS['i32.add (1 cycle)']);
for (const [what, step] of Object.entries(CHAINS)) {
  const ns = await chain(step);
  console.log(`${what.padEnd(56)} ${ns.toFixed(3)} ns = ${(ns / cycle).toFixed(2)} cycles`);
}
console.log(`clock ≈ ${(1 / cycle).toFixed(2)} GHz\n`);
const module = option('--module', 'ripemd');
const file = new URL(`../../packages/digestlab/src/wasm/generated/${module}.wasm`, import.meta.url).pathname;
console.table(codeCounts(option('--wasm', file)).sort((a, b) => b.instructions - a.instructions));
