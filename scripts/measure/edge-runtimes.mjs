#!/usr/bin/env node
/**
 * digestlab, @noble/hashes and hash-wasm where JavaScript runs without Node around it: BENCHMARKS.md's "Edge workers
 * and interpreters". One script of cases (edge/cases.mjs, bundled with esbuild) timed in Node, `node --jitless`,
 * QuickJS (npm quickjs-emscripten), npm's edge-runtime and workerd (npm miniflare; `workerd-compat`: with the
 * nodejs_compat flag, which brings node:crypto), in interleaved rounds; prints a Markdown table of medians (seed:
 * calls/s; sizes: MiB/s = 2^20 bytes/s), node:crypto's column where the runtime has it.
 *
 *   node scripts/measure/edge-runtimes.mjs [--rounds 3] [--ms 300] [--runtimes node,jitless,quickjs,edge,workerd]
 *     [--inputs seed,65536,1048576] [--algorithms SHA-256,…] [--json FILE]
 *
 * Each sample is timed from outside the runtime, around a call that makes n digests (workerd's clocks stand still
 * while a Worker computes), n grown until a sample lasts --ms; a sample's fixed cost (the least of five calls making
 * no digest) is subtracted. `--clock cpu` (the default where Linux's /proc has it) times the CPU the runtime's
 * threads spent (this thread's for the in-process runtimes, all of workerd's for workerd), which a loaded machine
 * disturbs far less than the wall clock; `--clock wall` elsewhere. Node --jitless runs in a child process (this script with --child), timed the same way inside it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { bundleInto, ranNs, startWorkerd } from './edge/workerd.mjs';

const HERE = fileURLToPath(new URL('edge/', import.meta.url));
const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    ms: { type: 'string', default: '300' },
    clock: { type: 'string', default: existsSync('/proc/thread-self/schedstat') ? 'cpu' : 'wall' },
    runtimes: { type: 'string', default: 'node,jitless,quickjs,edge,workerd' },
    inputs: { type: 'string', default: 'seed,65536,1048576' },
    algorithms: { type: 'string', default: 'SHA-256,SHA-512,SHA3-256,BLAKE3-256,BLAKE2B-512,MD5' },
    json: { type: 'string' },
    child: { type: 'boolean', default: false },
  },
});
const MS = Number(values.ms);
const ROUNDS = Number(values.rounds);
const INPUTS = values.inputs.split(',').map((x) => (x === 'seed' ? x : Number(x)));
const ALGORITHMS = values.algorithms.split(',');

const dir = mkdtempSync(join(tmpdir(), 'digestlab-edge-bench-'));
const bundle = (entry, out, format) => bundleInto(dir, join(HERE, entry), out, format);

/** Milliseconds of CPU this thread has used (the in-process runtimes compute on it). */
const thisThread = () => ranNs('/proc/thread-self/schedstat') / 1e6;
const inProcessClock = values.clock === 'cpu' ? thisThread : () => performance.now();

/**
 * A runtime: `prepare()` → { cases, why }, `call(key, input, n)` → resolves when n digests are made, `clock()` →
 * milliseconds (wall, or the runtime's CPU with --clock cpu).
 */
async function node() {
  const m = await import(join(dir, 'node.mjs'));
  return { prepare: () => m.prepare(), call: (key, input, n) => m.run(key, input, n), clock: inProcessClock };
}

async function quickjs() {
  const { getQuickJS } = await import('quickjs-emscripten');
  const q = await getQuickJS();
  const rt = q.newRuntime();
  rt.setMemoryLimit(1 << 30);
  rt.setMaxStackSize(4 << 20);
  const vm = rt.newContext();
  vm.unwrapResult(vm.evalCode(readFileSync(join(dir, 'global.js'), 'utf8'))).dispose();
  const evalString = (code) => {
    const h = vm.unwrapResult(vm.evalCode(code));
    const v = vm.dump(h);
    h.dispose();
    return v;
  };
  vm.unwrapResult(vm.evalCode('__bench.prepared.then((p) => { globalThis.__prepared = p; })')).dispose();
  while (rt.executePendingJobs().value > 0);
  return {
    prepare: () => JSON.parse(evalString('globalThis.__prepared')),
    call: (key, input, n) => evalString(`__bench.run(${JSON.stringify(key)}, ${JSON.stringify(input)}, ${n})`),
    clock: inProcessClock,
  };
}

async function edge() {
  const { EdgeRuntime } = await import('edge-runtime');
  const rt = new EdgeRuntime();
  rt.evaluate(readFileSync(join(dir, 'global.js'), 'utf8'));
  const prepared = JSON.parse(await rt.evaluate('__bench.prepared'));
  return {
    prepare: () => prepared,
    call: (key, input, n) => rt.evaluate(`__bench.run(${JSON.stringify(key)}, ${JSON.stringify(input)}, ${n})`),
    clock: inProcessClock,
  };
}

/** workerd as a Worker is deployed by default; `flags`: its compatibility flags (nodejs_compat brings node:crypto). */
async function workerd(flags = []) {
  const w = await startWorkerd(dir, 'worker.mjs', { flags, cpu: values.clock === 'cpu' });
  const prepared = JSON.parse(await w.get('prepare'));
  return {
    prepare: () => prepared,
    call: (key, input, n) => w.get(`key=${encodeURIComponent(key)}&input=${input}&n=${n}`),
    clock: w.clock,
    close: w.close,
  };
}

const RUNTIMES = {
  node,
  jitless: node,
  quickjs,
  edge,
  workerd: () => workerd(),
  'workerd-compat': () => workerd(['nodejs_compat']),
};

/** Seconds a sample of n calls takes, its fixed cost (n = 0) taken off. */
async function time(r, key, input, n, fixed) {
  const t0 = r.clock();
  await r.call(key, input, n);
  return Math.max((r.clock() - t0 - fixed) / 1000, 1e-9);
}

/** Calls a sample needs to last about MS (growing n from 1). */
async function calibrate(r, key, input) {
  let n = 1;
  for (;;) {
    // the raw time, fixed cost included: a sample must last far longer than the fixed cost it has taken off
    const s = await time(r, key, input, n, 0);
    if (s * 1000 >= MS / 4 || n > 1e7) return Math.max(1, Math.round((n * MS) / 1000 / s));
    n *= 4;
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function measure(runtimes) {
  const made = {};
  for (const name of runtimes) {
    const r = await RUNTIMES[name]();
    const { cases, why } = await r.prepare();
    const fixedSamples = [];
    for (let i = 0; i < 5; i++) fixedSamples.push((await time(r, cases[0], 'seed', 0, 0)) * 1000);
    made[name] = { r, cases, why, fixed: Math.min(...fixedSamples), n: {}, rates: {} };
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of runtimes) {
      const m = made[name];
      for (const key of m.cases.filter((k) => ALGORITHMS.includes(k.split('|')[0]))) {
        for (const input of INPUTS) {
          const id = `${key}|${input}`;
          m.n[id] ??= await calibrate(m.r, key, input);
          const s = await time(m.r, key, input, m.n[id], m.fixed);
          const rate = input === 'seed' ? m.n[id] / s : (m.n[id] * input) / 2 ** 20 / s;
          m.rates[id] = [...(m.rates[id] ?? []), rate];
        }
      }
      process.stderr.write(`round ${round + 1}/${ROUNDS}: ${name} done\n`);
    }
  }
  const out = {};
  for (const name of runtimes) {
    const m = made[name];
    out[name] = {
      why: m.why,
      fixedMs: m.fixed,
      rates: Object.fromEntries(Object.entries(m.rates).map(([k, v]) => [k, median(v)])),
    };
    await m.r.close?.();
  }
  return out;
}

try {
  await bundle('cases.mjs', 'node.mjs', 'esm');
  if (values.child) {
    process.stdout.write(JSON.stringify(await measure(['jitless'])));
  } else {
    await bundle('entry-global.mjs', 'global.js', 'iife');
    await bundle('entry-workerd-modules.mjs', 'worker.mjs', 'esm');
    const runtimes = values.runtimes.split(',');
    const inProcess = runtimes.filter((r) => r !== 'jitless');
    const results = await measure(inProcess);
    if (runtimes.includes('jitless')) {
      const args = [
        '--jitless',
        fileURLToPath(import.meta.url),
        '--child',
        '--rounds',
        values.rounds,
        '--ms',
        values.ms,
        '--clock',
        values.clock,
        '--inputs',
        values.inputs,
        '--algorithms',
        values.algorithms,
      ];
      Object.assign(
        results,
        JSON.parse(execFileSync(process.execPath, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] })),
      );
    }
    if (values.json) writeFileSync(values.json, JSON.stringify(results, null, 1));
    console.log(table(results, runtimes));
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

function fmt(x) {
  if (x === undefined) return '—';
  if (x >= 1e6) return `${(x / 1e6).toFixed(2)}M`;
  if (x >= 1e4) return `${(x / 1e3).toFixed(1)}k`;
  if (x >= 100) return x.toFixed(0);
  return x.toPrecision(3);
}

function sizeName(n) {
  return n >= 2 ** 20 ? `${n / 2 ** 20} MiB` : n >= 1024 ? `${n / 1024} KiB` : `${n} B`;
}

/** One row per algorithm and input; per runtime: auto / wasm / ts, then noble / hash-wasm, then node:crypto. */
function table(results, runtimes) {
  const head = ['algorithm', 'input', ...runtimes.map((r) => `${r}: auto / wasm / ts / noble / hash-wasm / node`)];
  const rows = [];
  const algorithms = ALGORITHMS;
  for (const input of INPUTS) {
    for (const alg of algorithms) {
      const label = input === 'seed' ? 'seed (calls/s)' : `${sizeName(input)} (MiB/s)`;
      const cells = runtimes.map((r) =>
        ['auto', 'wasm', 'ts', 'noble', 'hash-wasm', 'node']
          .map((p) => fmt(results[r].rates[`${alg}|${p}|${input}`]))
          .join(' / '),
      );
      rows.push([alg, label, ...cells]);
    }
  }
  const why = runtimes.flatMap((r) =>
    [...new Set(Object.entries(results[r].why).map(([k, v]) => `${k.split('|')[1]}: ${v}`))].map((w) => `- ${r}: ${w}`),
  );
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => ' --- ').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
    '',
    ...why,
  ].join('\n');
}
