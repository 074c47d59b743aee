#!/usr/bin/env node
/**
 * Measures where node:crypto starts to beat our WebAssembly (and TypeScript) for one-shot digests on the runtime
 * that runs this script, which is what `auto`'s per-runtime crossovers (packages/digestlab/src/providers/crossovers.json; --write updates it)
 * hold; with --hmac, the same for one-shot HMACs keyed anew in every call (crossovers.json's `hmac`, which
 * --hmac --write updates; a 32-byte key, 64 of them in turn). Runs unchanged under Node, Bun and Deno, against the built library:
 *
 *   node scripts/measure/crossovers.mjs [--hmac] [--rounds 9] [--algorithms SHA-256,...] [--json] [--write]
 *   node_modules/.bin/bun scripts/measure/crossovers.mjs
 *   node_modules/.bin/deno run --allow-read --allow-env scripts/measure/crossovers.mjs
 *   node scripts/measure/crossovers.mjs --workerd      the same calls inside workerd (npm miniflare) with
 *                                                      nodejs_compat, timed from outside (edge/crossover-worker.mjs),
 *                                                      a provider's figure its median round (see measure())
 *
 * Method: for each algorithm node:crypto has, each output (bytes from a Uint8Array; hex from an ASCII string, the
 * seed's call) and each size from 0 B to 1 MiB, ts, wasm and node are timed in interleaved rounds over 64
 * distinct inputs, each round long enough (~4 ms) to dwarf the clock; a provider's figure is its best round (the
 * least disturbed by other load on the machine). Rounds are timed in the process's CPU time (`process.cpuUsage`,
 * every thread, GC included), not wall time, so that time spent waiting for a core that other processes hold is
 * not counted: on a loaded machine the ratios stay those of an idle one. `--clock wall` times wall time instead. The crossover is the smallest measured size from which node is
 * at least as fast as the faster of ts and wasm at that size and every larger one; Infinity when it never is
 * (then `auto` streams through our WebAssembly too, as node:crypto loses even at 1 MiB).
 * Prints a table of node's speed over the best of ours, then the crossovers as the object auto.ts holds.
 *
 * --auto also times `auto` (the default provider) in the same rounds and prints its speed over the fastest of ts,
 * wasm and node at each size: how close the default comes to the best call it could have made (the goal: "within
 * 5%"), measured as robustly as the crossovers it follows.
 */
import * as lib from '../../packages/digestlab/dist/index.js';
import { measurable, oneShotCalls } from './crossover-calls.mjs';

const args = typeof Deno !== 'undefined' ? Deno.args : process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const ROUNDS = Number(option('--rounds', '9'));
const JSON_OUT = args.includes('--json');
const HMAC = args.includes('--hmac');
const AUTO = args.includes('--auto');
const WORKERD = args.includes('--workerd');
const ONLY = option('--algorithms', '')
  .split(',')
  .filter((a) => a !== '');
const SIZES = [0, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 65536, 1048576];
const PROVIDERS = ['ts', 'wasm', 'node', ...(AUTO ? ['auto'] : [])];
const CLOCK = option('--clock', 'cpu');

/**
 * Where the calls run and how they are timed: `runtime`, `algorithms` (measurable here), `roundMs` (how long a
 * round of one provider lasts), `sampler(spec)` → per provider `(reps) => Promise<ms>`, `close()`.
 */
async function inProcess() {
  /** Milliseconds: of CPU time used by this process (user + system), or of wall time. */
  const now =
    CLOCK === 'wall'
      ? () => performance.now()
      : () => {
          const { user, system } = process.cpuUsage();
          return (user + system) / 1000;
        };
  return {
    runtime: lib.runtime(),
    algorithms: measurable(lib, { hmac: HMAC, only: ONLY }),
    roundMs: 4,
    summary: best,
    sampler(spec, provider) {
      const call = oneShotCalls(lib, { ...spec, provider });
      return async (reps) => {
        const t0 = now();
        call(reps);
        return now() - t0;
      };
    },
    close() {},
  };
}

/**
 * workerd with nodejs_compat (node:crypto there is BoringSSL's, behind workerd's own bindings), our WebAssembly
 * through the `workerd` entry: each sample a request, timed in workerd's CPU, the least of nine empty requests taken
 * off; rounds of 20 ms, so that a request's own cost and its spread stay small beside them.
 */
async function inWorkerd() {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { bundleInto, startWorkerd } = await import('./edge/workerd.mjs');
  const dir = mkdtempSync(join(tmpdir(), 'digestlab-crossovers-'));
  await bundleInto(dir, new URL('edge/crossover-worker.mjs', import.meta.url).pathname, 'worker.mjs');
  const w = await startWorkerd(dir, 'worker.mjs', { flags: ['nodejs_compat'], cpu: CLOCK === 'cpu' });
  const about = JSON.parse(await w.get(`about&hmac=${HMAC ? 1 : 0}&only=${ONLY.join(',')}`));
  const query = (spec, provider, reps) =>
    `algorithm=${encodeURIComponent(spec.algorithm)}&n=${spec.n}&hex=${spec.hex ? 1 : 0}&hmac=${spec.hmac ? 1 : 0}` +
    `&provider=${provider}&reps=${reps}`;
  const raw = async (q) => {
    const t0 = w.clock();
    await w.get(q);
    return w.clock() - t0;
  };
  const empty = { algorithm: about.algorithms[0], n: 0, hex: false, hmac: HMAC };
  await raw(query(empty, 'wasm', 0));
  const fixed = [];
  for (let i = 0; i < 9; i++) fixed.push(await raw(query(empty, 'wasm', 0)));
  const fixedMs = Math.min(...fixed);
  const { createRequire } = await import('node:module');
  const { version } = createRequire(import.meta.url)('workerd/package.json');
  return {
    // a Worker is not told workerd's version: the npm package's (miniflare's) is the one that ran
    runtime: { ...about.runtime, version },
    algorithms: about.algorithms,
    roundMs: 20,
    summary: median,
    sampler: (spec, provider) => async (reps) => Math.max((await raw(query(spec, provider, reps))) - fixedMs, 1e-6),
    async close() {
      await w.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * How many calls fill about a round, found once per case after a warm-up: the first calls of a case also pay for
 * compiling it, on background threads that the process's CPU time includes.
 */
async function calibrate(sample, roundMs) {
  const warm = performance.now() + 4 * roundMs;
  while (performance.now() < warm) await sample(1);
  let reps = 1;
  for (;;) {
    const ms = await sample(reps);
    if (ms >= roundMs) return Math.max(1, Math.ceil((reps * roundMs) / ms));
    reps *= 2;
  }
}

/**
 * Nanoseconds per call of each provider over ROUNDS interleaved rounds: the best round in process (the least
 * disturbed), the median round in workerd (`target.summary`), whose CPU clock, read from /proc as a request ends,
 * now and then misses a slice of the thread that served it: a best round there can be a wrong one.
 */
async function measure(target, algorithm, n, hex) {
  const spec = { algorithm, n, hex, hmac: HMAC };
  const samples = Object.fromEntries(PROVIDERS.map((p) => [p, target.sampler(spec, p)]));
  // the larger of two calibrations: one sample that the clock over-counts would leave rounds too short to time
  const reps = {};
  for (const p of PROVIDERS) {
    reps[p] = Math.max(await calibrate(samples[p], target.roundMs), await calibrate(samples[p], target.roundMs));
  }
  const rounds = Object.fromEntries(PROVIDERS.map((p) => [p, []]));
  for (let round = 0; round < ROUNDS; round++) {
    // rotate the order each round, so no provider always runs right after another's garbage
    for (let k = 0; k < PROVIDERS.length; k++) {
      const p = PROVIDERS[(round + k) % PROVIDERS.length];
      rounds[p].push(((await samples[p](reps[p])) * 1e6) / reps[p]);
    }
  }
  return Object.fromEntries(PROVIDERS.map((p) => [p, target.summary(rounds[p])]));
}

const best = (xs) => Math.min(...xs);
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/** The smallest size from which node is at least as fast as ours at it and every larger size measured. */
function crossover(ratios) {
  let from = Number.POSITIVE_INFINITY;
  for (let i = SIZES.length - 1; i >= 0 && ratios[i] >= 1; i--) from = SIZES[i];
  return from;
}

const target = WORKERD ? await inWorkerd() : await inProcess();
const here = target.runtime;
const table = [];
const nodeFrom = {};
try {
  for (const name of target.algorithms) {
    nodeFrom[name] = {};
    for (const [out, hex] of [
      ['bytes', false],
      ['hex', true],
    ]) {
      const ratios = [];
      const autoRatios = [];
      for (const n of SIZES) {
        const ns = await measure(target, name, n, hex);
        ratios.push(Math.min(ns.ts, ns.wasm) / ns.node);
        if (AUTO) autoRatios.push(Math.min(ns.ts, ns.wasm, ns.node) / ns.auto);
      }
      nodeFrom[name][out] = crossover(ratios);
      table.push({ algorithm: name, out, ratios, ...(AUTO ? { autoRatios } : {}) });
    }
  }
} finally {
  await target.close();
}

const label = `${here.runtime} ${here.version} (${here.cryptoLibrary ?? 'no node:crypto'})`;
if (JSON_OUT) {
  console.log(
    JSON.stringify({ runtime: here, hmac: HMAC, clock: CLOCK, rounds: ROUNDS, sizes: SIZES, table, nodeFrom }),
  );
} else {
  const size = (n) => (n >= 1048576 ? `${n / 1048576} MiB` : n >= 1024 ? `${n / 1024} KiB` : `${n} B`);
  const what = HMAC ? 'one-shot HMAC, keyed anew each call' : 'one-shot';
  console.log(
    `node:crypto's speed over the faster of ts and wasm, ${what}, ${WORKERD ? 'median' : 'best'} of ${ROUNDS} rounds (${CLOCK} time): ${label}`,
  );
  console.log(['algorithm', 'out', ...SIZES.map(size)].join('\t'));
  for (const row of table) console.log([row.algorithm, row.out, ...row.ratios.map((r) => r.toFixed(2))].join('\t'));
  if (AUTO) {
    console.log(`\nauto's speed over the fastest of ts, wasm and node, same rounds: ${label}`);
    console.log(['algorithm', 'out', ...SIZES.map(size)].join('\t'));
    for (const row of table) {
      console.log([row.algorithm, row.out, ...row.autoRatios.map((r) => r.toFixed(2))].join('\t'));
    }
    const all = table.flatMap((row) => row.autoRatios);
    const low = all.filter((r) => r < 0.95).length;
    console.log(
      `lowest ${Math.min(...all).toFixed(3)}, median ${all.sort((x, y) => x - y)[all.length >> 1].toFixed(3)}; under 0.95: ${low} of ${all.length}`,
    );
  }
  const show = (v) => (v === Number.POSITIVE_INFINITY ? 'Infinity' : String(v));
  console.log(`\n${HMAC ? 'HMAC_CROSSOVERS' : 'CROSSOVERS'}.${here.runtime}:`);
  for (const [name, { bytes, hex }] of Object.entries(nodeFrom)) {
    console.log(`  '${name}': { bytes: ${show(bytes)}, hex: ${show(hex)} },`);
  }
}

// --write: this runtime's measured crossovers into the data auto reads (packages/digestlab/src/providers/
// crossovers.json, then crossovers.generated.ts), with how and where they were measured; notes stay as they are
if (args.includes('--write')) {
  const { readFileSync, writeFileSync } = await import('node:fs');
  const { arch, cpus } = await import('node:os');
  const { dataModule, JSON_FILE, OUT } = await import('../gen/crossovers-data.mjs');
  const data = JSON.parse(readFileSync(JSON_FILE, 'utf8'));
  const entry = (HMAC ? data.hmac : data.nodeCrypto)[here.runtime];
  if (!entry) throw new Error(`crossovers.json has no table for ${here.runtime}`);
  const never = (v) => (v === Number.POSITIVE_INFINITY ? null : v);
  for (const [name, { bytes, hex }] of Object.entries(nodeFrom)) entry.crossovers[name] = [never(bytes), never(hex)];
  entry.measured = {
    runtime: label,
    machine: `${arch()}, ${cpus()[0]?.model ?? 'unknown CPU'}`,
    command: `scripts/measure/crossovers.mjs ${args.join(' ')} (${CLOCK} time, ${WORKERD ? 'median' : 'best'} of ${ROUNDS} interleaved rounds)`,
  };
  // as biome formats it: an array of numbers (a [bytes, hex] pair) on one line
  const text = JSON.stringify(data, null, 2).replace(
    /\[\s+([^[\]{}]*?)\s+\]/g,
    (_, inner) => `[${inner.split(/,\s+/).join(', ')}]`,
  );
  writeFileSync(JSON_FILE, `${text}\n`);
  writeFileSync(OUT, dataModule(data));
  console.log(`\nwrote ${JSON_FILE.pathname} and ${OUT.pathname}`);
}
