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
import { algorithms, digest, digestHex, hmac, hmacHex, runtime } from '../../packages/digestlab/dist/index.js';

const args = typeof Deno !== 'undefined' ? Deno.args : process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const ROUNDS = Number(option('--rounds', '9'));
const JSON_OUT = args.includes('--json');
const HMAC = args.includes('--hmac');
const AUTO = args.includes('--auto');
const ONLY = option('--algorithms', '')
  .split(',')
  .filter((a) => a !== '');
const SIZES = [0, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 65536, 1048576];
const PROVIDERS = ['ts', 'wasm', 'node', ...(AUTO ? ['auto'] : [])];
const INPUTS = 64;
const ROUND_MS = 4;
const CLOCK = option('--clock', 'cpu');
/** Milliseconds: of CPU time used by this process (user + system), or of wall time. */
const now =
  CLOCK === 'wall'
    ? () => performance.now()
    : () => {
        const { user, system } = process.cpuUsage();
        return (user + system) / 1000;
      };

const algs = algorithms().filter(
  (a) =>
    a.providers.includes('node') &&
    a.providers.includes('wasm') &&
    (!HMAC || a.hmac) &&
    (ONLY.length === 0 || ONLY.includes(a.name)),
);
/** HMAC keys, one per call in turn: a MAC is keyed anew each time, as Java's Mac.init + doFinal. */
const KEYS = Array.from({ length: 64 }, (_, j) => Uint8Array.from({ length: 32 }, (_, i) => (i * 31 + j) & 255));
/** The call measured: a one-shot digest, or a one-shot HMAC with the r-th key. */
const oneShot = HMAC
  ? {
      bytes: (a, d, r, opts) => hmac(a, KEYS[r & 63], d, opts),
      hex: (a, d, r, opts) => hmacHex(a, KEYS[r & 63], d, opts),
    }
  : { bytes: (a, d, _r, opts) => digest(a, d, opts), hex: (a, d, _r, opts) => digestHex(a, d, opts) };

/** 64 distinct inputs of `n` bytes (or ASCII characters), so no call hashes what the last one did. */
function inputs(n, asString) {
  const count = n >= 65536 ? 4 : INPUTS; // large inputs: a few, which are not in cache anyway
  return Array.from({ length: count }, (_, i) => {
    const b = new Uint8Array(n);
    for (let j = 0; j < n; j++) b[j] = 0x20 + ((i * 31 + j * 7) % 95);
    return asString ? new TextDecoder().decode(b) : b;
  });
}

/**
 * How many calls fill about ROUND_MS, found once per case after a warm-up: the first calls of a case also pay for
 * compiling it, on background threads that the process's CPU time includes.
 */
function calibrate(call) {
  const warm = performance.now() + 4 * ROUND_MS;
  while (performance.now() < warm) call(1);
  let reps = 1;
  for (;;) {
    const t0 = now();
    call(reps);
    const ms = now() - t0;
    if (ms >= ROUND_MS) return Math.max(1, Math.ceil((reps * ROUND_MS) / ms));
    reps *= 2;
  }
}

/** Nanoseconds per call of each provider, best of ROUNDS interleaved rounds. */
function measure(algorithm, n, hex) {
  const data = inputs(n, hex);
  const calls = Object.fromEntries(
    PROVIDERS.map((provider) => {
      const opts = { provider };
      const fn = hex
        ? (reps) => {
            let sink = 0;
            for (let r = 0; r < reps; r++) sink += oneShot.hex(algorithm, data[r % data.length], r, opts).length;
            return sink;
          }
        : (reps) => {
            let sink = 0;
            for (let r = 0; r < reps; r++) sink += oneShot.bytes(algorithm, data[r % data.length], r, opts)[0];
            return sink;
          };
      return [provider, fn];
    }),
  );
  const reps = Object.fromEntries(PROVIDERS.map((p) => [p, calibrate(calls[p])]));
  const best = Object.fromEntries(PROVIDERS.map((p) => [p, Number.POSITIVE_INFINITY]));
  for (let round = 0; round < ROUNDS; round++) {
    // rotate the order each round, so no provider always runs right after another's garbage
    for (let k = 0; k < PROVIDERS.length; k++) {
      const p = PROVIDERS[(round + k) % PROVIDERS.length];
      const t0 = now();
      calls[p](reps[p]);
      best[p] = Math.min(best[p], ((now() - t0) * 1e6) / reps[p]);
    }
  }
  return best;
}

/** The smallest size from which node is at least as fast as ours at it and every larger size measured. */
function crossover(ratios) {
  let from = Number.POSITIVE_INFINITY;
  for (let i = SIZES.length - 1; i >= 0 && ratios[i] >= 1; i--) from = SIZES[i];
  return from;
}

const here = runtime();
const table = [];
const nodeFrom = {};
for (const a of algs) {
  nodeFrom[a.name] = {};
  for (const [out, hex] of [
    ['bytes', false],
    ['hex', true],
  ]) {
    const ratios = [];
    const autoRatios = [];
    for (const n of SIZES) {
      const ns = measure(a.name, n, hex);
      ratios.push(Math.min(ns.ts, ns.wasm) / ns.node);
      if (AUTO) autoRatios.push(Math.min(ns.ts, ns.wasm, ns.node) / ns.auto);
    }
    nodeFrom[a.name][out] = crossover(ratios);
    table.push({ algorithm: a.name, out, ratios, ...(AUTO ? { autoRatios } : {}) });
  }
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
    `node:crypto's speed over the faster of ts and wasm, ${what}, best of ${ROUNDS} rounds (${CLOCK} time): ${label}`,
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
    command: `scripts/measure/crossovers.mjs ${args.join(' ')} (${CLOCK} time, best of ${ROUNDS} interleaved rounds)`,
  };
  writeFileSync(JSON_FILE, `${JSON.stringify(data, null, 2)}\n`);
  writeFileSync(OUT, dataModule(data));
  console.log(`\nwrote ${JSON_FILE.pathname} and ${OUT.pathname}`);
}
