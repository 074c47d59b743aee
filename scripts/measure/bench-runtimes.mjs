#!/usr/bin/env node
/**
 * One benchmark on every runtime, side by side: `digestlab bench` under Node, Bun and Deno, and the web page's
 * bench in Debian's Chromium, Firefox and WebKitGTK's MiniBrowser (through `digestlab web`, as a person opens it:
 * the page POSTs its run to the collector), each saved as JSON, then one table made by `digestlab compare` (ratios
 * against Node). This is BENCHMARKS.md's "Node, Bun and Deno side by side".
 *
 *   node scripts/measure/bench-runtimes.mjs [--out DIR] [--samples N] [--sizes 1M] [--algorithms LIST]
 *     [--providers LIST]
 *
 * Needs the built CLI and page (npm ci builds both) and Debian's browsers (scripts/measure/browsers.mjs says which).
 * The runs go one after another, never two at once, so none takes a core from another.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { runPage } from './browsers.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const DIGESTLAB = join(root, 'packages/cli/bin/digestlab.js');
const bin = (name) => join(root, 'node_modules/.bin', name);

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: 'bench-runtimes' },
    samples: { type: 'string', default: '7' },
    sizes: { type: 'string', default: '1M' },
    algorithms: { type: 'string', default: 'MD2,MD5,SHA-1,SHA-256,SHA-384,SHA-512' },
    providers: { type: 'string', default: 'ts,wasm,node,webcrypto,auto,hash-wasm,@noble/hashes' },
  },
});
const out = values.out;
mkdirSync(out, { recursive: true });

const benchArgs = [
  'bench',
  '-w',
  'seed,sizes',
  '--sizes',
  values.sizes,
  '-a',
  values.algorithms,
  '-p',
  values.providers,
  '--samples',
  values.samples,
  '--json',
];

/** `digestlab bench` under a server runtime, its JSON saved as DIR/NAME.json. */
function server(name, command) {
  const file = join(out, `${name}.json`);
  process.stderr.write(`${name}: ${[...command, 'digestlab', ...benchArgs].join(' ')}\n`);
  const r = spawnSync(command[0], [...command.slice(1), DIGESTLAB, ...benchArgs], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`${name}: exit ${r.status}`);
  writeFileSync(file, r.stdout);
  return file;
}

/** The page's query: the same bench as the servers run. */
const query = new URLSearchParams({
  workload: 'seed,sizes',
  sizes: values.sizes,
  algorithms: values.algorithms,
  providers: values.providers,
  samples: values.samples,
  run: '1',
});

const files = [
  server('node', [process.execPath]),
  server('bun', [bin('bun')]),
  server('deno', [bin('deno'), 'run', '-A']),
  await runPage('chromium', query, out),
  await runPage('firefox', query, out),
  await runPage('webkit', query, out),
];
const compare = spawnSync(process.execPath, [DIGESTLAB, 'compare', ...files], { encoding: 'utf8' });
process.stdout.write(compare.stdout);
process.stderr.write(compare.stderr);
writeFileSync(join(out, 'compare.md'), compare.stdout);
process.exitCode = compare.status ?? 1;
