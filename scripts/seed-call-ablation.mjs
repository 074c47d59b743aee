#!/usr/bin/env node
/**
 * Where one seed call's time goes: `digestHex(alg, SEED_INPUT)` (93 ASCII characters to hex), split by ablation,
 * since a sampling profiler cannot split a 300 ns call. Each step of the call is timed alone, or the call is timed
 * with the step removed, all variants interleaved in one process (their order rotated every round), and each
 * variant's figure is the median over rounds of its time divided by the full public call's time in that same round:
 * robust to other load on the machine, which slows a whole round rather than one variant; rounds are timed in CPU
 * time, which does not count the time other processes hold the core. Runs against the built
 * library's sources, bundled on the fly by esbuild as scripts/build-lib.mjs bundles them (the steps are internal
 * functions, which the built entry points do not export):
 *
 *   node scripts/seed-call-ablation.mjs [--rounds 15] [--calls 20000] [--algorithms MD5,SHA-1,SHA-256,SHA-512] [--json]
 *     [--base DIR]   (another copy of packages/digestlab/src, e.g. a base commit's: its public calls join the rounds)
 *
 * Rows (ns per call, median over rounds; and × the public call `digestHex(alg, s)` of the same round):
 *   public digestHex(alg, s)          the seed's call through the default provider (`auto`)
 *   digestHex(alg, s, {provider})     the same naming a provider: node, wasm
 *   crypto.hash(name, s, 'hex')       node:crypto's floor, called directly
 *   resolve(alg)                      the name and provider resolution alone
 *   wasm: encodeInto / ASCII loop     the string written into WebAssembly memory (TextEncoder; a charCodeAt loop)
 *   wasm: pad + IV                    the padding written in memory and the initial value set
 *   wasm: compress                    the compression function alone over the padded blocks
 *   wasm: hex digits                  the chaining value's digits written to a Uint16Array, no string
 *   wasm: string (TextDecoder)        the digits made into a string, as hex.ts does; and String.fromCharCode
 */
import { createRequire } from 'node:module';
import { build } from 'esbuild';

/** `entry` bundled as scripts/build-lib.mjs bundles the library, from sources in `dir`, and imported. */
async function bundled(dir, contents) {
  const out = await build({
    stdin: { contents, resolveDir: dir, loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    write: false,
  });
  return import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`);
}

/** The public call and the internals its steps are made of, from one bundle (one WebAssembly instance). */
const lib = await bundled(
  new URL('../packages/digestlab/src/', import.meta.url).pathname,
  `export { digestHex } from './index.ts';
   export { chainHex } from './hex.ts';
   export { padInPlace } from './merkle-damgard.ts';
   export { resolve } from './providers/index.ts';
   export { lookup } from './registry.ts';
   export { INPUT, load, STATE } from './wasm/module.ts';`,
);
const { digestHex, chainHex, padInPlace, resolve, lookup, INPUT, load, STATE } = lib;
// --base DIR: another copy of the sources (`git archive BASE packages/digestlab/src | tar -x -C DIR`, then
// DIR/packages/digestlab/src), whose public calls join every round: before and after in one process
const baseArg = process.argv.indexOf('--base');
const base =
  baseArg >= 0 ? await bundled(process.argv[baseArg + 1], "export { digestHex } from './index.ts';") : undefined;

const require = createRequire(import.meta.url);
const crypto = require('node:crypto');
const os = require('node:os');

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : fallback;
};
const ROUNDS = Number(option('--rounds', '15'));
const CALLS = Number(option('--calls', '20000'));
const ALGORITHMS = option('--algorithms', 'MD5,SHA-1,SHA-256,SHA-512').split(',');
const JSON_OUT = args.includes('--json');

/** The seed's input, as packages/lab/src/seed.ts defines it (93 ASCII characters). */
const SEED = "!QAZ@WSX#EDC$RFV%TGB^YHN&UJM*IK<(OL>)P:?_{\"+}|1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik,9ol.0p;/-['=]']";

const w = load();
const encoder = new TextEncoder();
const decoder = new TextDecoder();
let sink = 0;

/** Each byte's two hex digits as one 16-bit unit, as hex.ts lays them out. */
const PAIRS = new Uint16Array(256);
{
  const b = new Uint8Array(PAIRS.buffer);
  const d = '0123456789abcdef';
  for (let i = 0; i < 256; i++) {
    b[2 * i] = d.charCodeAt(i >>> 4);
    b[2 * i + 1] = d.charCodeAt(i & 15);
  }
}

/** The chaining value's digits into `units`, no string: hex.ts's chainHex without its last step. */
function hexDigits(words, units, dl, le) {
  for (let i = 0, k = 0; i < dl / 4; i++, k += 4) {
    const x = words[i];
    if (le) {
      units[k] = PAIRS[x & 255];
      units[k + 1] = PAIRS[(x >>> 8) & 255];
      units[k + 2] = PAIRS[(x >>> 16) & 255];
      units[k + 3] = PAIRS[x >>> 24];
    } else {
      units[k] = PAIRS[x >>> 24];
      units[k + 1] = PAIRS[(x >>> 16) & 255];
      units[k + 2] = PAIRS[(x >>> 8) & 255];
      units[k + 3] = PAIRS[x & 255];
    }
  }
}

/** The whole calls: the public one, with a provider named, and node:crypto's floor. */
function calls(alg, name) {
  return {
    'public digestHex(alg, s)': () => {
      sink += digestHex(alg, SEED).length;
    },
    'digestHex(alg, s, {provider: node})': () => {
      sink += digestHex(alg, SEED, { provider: 'node' }).length;
    },
    'digestHex(alg, s, {provider: wasm})': () => {
      sink += digestHex(alg, SEED, { provider: 'wasm' }).length;
    },
    "crypto.hash(name, s, 'hex')": () => {
      sink += crypto.hash(name, SEED, 'hex').length;
    },
    ...(base && {
      'base: public digestHex(alg, s)': () => {
        sink += base.digestHex(alg, SEED).length;
      },
      'base: digestHex(alg, s, {provider: node})': () => {
        sink += base.digestHex(alg, SEED, { provider: 'node' }).length;
      },
      'base: digestHex(alg, s, {provider: wasm})': () => {
        sink += base.digestHex(alg, SEED, { provider: 'wasm' }).length;
      },
    }),
    'resolve(alg)': () => {
      sink += resolve(alg).entry.spec.digestLength;
    },
  };
}

/** The steps of the wasm call, each alone: a function of no arguments doing one call's worth of it. */
function wasmSteps(spec) {
  const md = spec.md;
  const bl = spec.blockLength;
  const dl = spec.digestLength;
  const f = w.blocks[md.core];
  // a padded copy of the seed in memory, for the compression alone
  const n = encoder.encodeInto(SEED, w.input).written;
  const blocks = padInPlace(w.bytes, INPUT, n, bl, md) / bl;
  const units = new Uint16Array(dl);
  const unitBytes = new Uint8Array(units.buffer);
  const { words, bytes } = w;
  return {
    'wasm: encodeInto': () => {
      sink += encoder.encodeInto(SEED, w.input).written;
    },
    'wasm: ASCII loop': () => {
      let c = 0;
      for (let i = 0; i < SEED.length; i++) {
        const u = SEED.charCodeAt(i);
        c |= u;
        bytes[INPUT + i] = u;
      }
      sink += c;
    },
    'wasm: pad + IV': () => {
      sink += padInPlace(bytes, INPUT, n, bl, md);
      words.set(md.iv, STATE >> 2);
    },
    'wasm: compress': () => {
      f(STATE, INPUT, blocks);
      sink += words[0];
    },
    'wasm: hex digits': () => {
      hexDigits(words, units, dl, md.littleEndian);
      sink += units[0];
    },
    'wasm: string (TextDecoder)': () => {
      sink += decoder.decode(unitBytes).length;
    },
    'wasm: string (fromCharCode)': () => {
      sink += String.fromCharCode.apply(null, unitBytes).length;
    },
    'wasm: chainHex (digits + string)': () => {
      sink += chainHex(words, dl, md.littleEndian).length;
    },
  };
}

/** The variants for one algorithm: name → a function of no arguments doing one call's worth of that step. */
function variants(alg) {
  const entry = lookup(alg);
  return { ...calls(alg, entry.nodeName), ...wasmSteps(entry.spec) };
}

function timeOnce(fn) {
  const t0 = process.cpuUsage();
  for (let i = 0; i < CALLS; i++) fn();
  const t = process.cpuUsage(t0);
  return ((t.user + t.system) * 1000) / CALLS;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const load0 = os.loadavg()[0];
const results = {};
for (const alg of ALGORITHMS) {
  const vs = Object.entries(variants(alg));
  // warm-up: every variant jitted before it is timed
  for (const [, fn] of vs) timeOnce(fn);
  const ns = Object.fromEntries(vs.map(([k]) => [k, []]));
  const ratio = Object.fromEntries(vs.map(([k]) => [k, []]));
  for (let r = 0; r < ROUNDS; r++) {
    const order = vs.map((_, i) => vs[(i + r) % vs.length]);
    const round = {};
    for (const [k, fn] of order) round[k] = timeOnce(fn);
    for (const [k] of vs) {
      ns[k].push(round[k]);
      ratio[k].push(round[k] / round['public digestHex(alg, s)']);
    }
  }
  results[alg] = Object.fromEntries(vs.map(([k]) => [k, { ns: median(ns[k]), ratio: median(ratio[k]) }]));
}
const load1 = os.loadavg()[0];

if (JSON_OUT) {
  console.log(JSON.stringify({ node: process.version, load: [load0, load1], rounds: ROUNDS, calls: CALLS, results }));
} else {
  console.log(
    `seed call ablation: Node ${process.version}, ${ROUNDS} rounds × ${CALLS} calls, load average ${load0.toFixed(2)} → ${load1.toFixed(2)}`,
  );
  console.log('ns per call (median of rounds) and × the public call in the same round (median of per-round ratios)\n');
  const keys = Object.keys(results[ALGORITHMS[0]]);
  const width = Math.max(...keys.map((k) => k.length));
  console.log(`${''.padEnd(width)}  ${ALGORITHMS.map((a) => a.padStart(16)).join('')}`);
  for (const k of keys) {
    const cells = ALGORITHMS.map((a) => {
      const { ns, ratio } = results[a][k];
      return `${ns.toFixed(0).padStart(6)} ns ${ratio.toFixed(2).padStart(5)}x`;
    });
    console.log(`${k.padEnd(width)}  ${cells.join('')}`);
  }
}
if (sink === 0) console.log('');
