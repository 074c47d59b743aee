#!/usr/bin/env node
/**
 * Rounds of the page's own bench in each browser engine, engines alternating (so that whatever else the machine does
 * falls on all of them alike), each run saved as DIR/ENGINE-i.json; then, per engine and cell, the median over the
 * rounds of `auto` ÷ the best of `ts` and `wasm` (the goal: "auto within 5% of our best provider in every cell"),
 * of `wasm` ÷ hash-wasm and of `ts` ÷ @noble/hashes, each where the query has its providers. BENCHMARKS.md's "In the
 * browsers" rounds are this script's.
 *
 *   node scripts/measure/page-rounds.mjs [--rounds 5] [--out DIR] [--engines chromium,firefox,webkit] [--query QUERY]
 *   node scripts/measure/page-rounds.mjs --medians DIR          the table again, from runs already saved
 *
 * Needs the built CLI and page (npm ci builds both) and Debian's browsers (scripts/measure/browsers.mjs).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runPage } from './browsers.mjs';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    out: { type: 'string', default: 'page-rounds' },
    engines: { type: 'string', default: 'chromium,firefox,webkit' },
    query: {
      type: 'string',
      default:
        'workload=seed,sizes&algorithms=MD5,SHA-1,SHA-256,SHA-512,SHA3-256&providers=ts,wasm,auto,hash-wasm&sizes=1KiB,16KiB,1MiB&samples=7&run=1',
    },
    medians: { type: 'string' },
  },
});

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1] + s[s.length >> 1]) / 2;
};

/** A cell's name: the algorithm and the input (the seed string, or a size). */
const cellOf = (r) =>
  `${r.algorithm} | ${r.workload === 'seed' ? 'seed' : r.size >= 1 << 20 ? `${r.size >> 20} MiB` : `${r.size >> 10} KiB`}`;

/** The ratios a table can show, each where its providers were in the run: what over what. */
const RATIOS = {
  'auto ÷ best': (speed) => speed('auto') / Math.max(speed('ts') ?? 0, speed('wasm') ?? 0),
  'wasm ÷ hash-wasm': (speed) => speed('wasm') / speed('hash-wasm'),
  'wasm ÷ xxhash-wasm': (speed) => speed('wasm') / speed('xxhash-wasm'),
  'ts ÷ noble': (speed) => speed('ts') / speed('@noble/hashes'),
};

/** Per engine and cell, each round's ratios (those whose providers the run has), from the runs in `dir`. */
function ratios(dir) {
  const by = {};
  for (const f of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const run = JSON.parse(readFileSync(join(dir, f), 'utf8'));
    const engine = run.env.browser.engine;
    const ok = run.results.filter((r) => r.status === 'ok');
    by[engine] ??= {};
    for (const cell of new Set(ok.map(cellOf))) {
      const speed = (provider) => ok.find((x) => x.provider === provider && cellOf(x) === cell)?.median;
      by[engine][cell] ??= {};
      for (const [name, ratio] of Object.entries(RATIOS)) {
        const r = ratio(speed);
        if (!Number.isFinite(r)) continue;
        by[engine][cell][name] ??= [];
        by[engine][cell][name].push(r);
      }
    }
  }
  return by;
}

/** The medians as a Markdown table, a column per engine for each ratio the runs have. */
function table(by) {
  const engines = Object.keys(by).sort();
  const cells = [...new Set(engines.flatMap((e) => Object.keys(by[e])))];
  const names = Object.keys(RATIOS).filter((k) => engines.some((e) => cells.some((c) => by[e][c]?.[k])));
  const rounds = engines
    .map((e) => `${e} ${Math.max(...Object.values(by[e]).flatMap((c) => Object.values(c).map((r) => r.length)))}`)
    .join(', ');
  const head = names.flatMap((k) => engines.map((e) => `${e}: ${k}`));
  const lines = [
    `medians over the rounds (${rounds}) of each round's ratio`,
    '',
    `| algorithm | input | ${head.join(' | ')} |`,
    `| --- | --- | ${head.map(() => '---:').join(' | ')} |`,
  ];
  for (const cell of cells) {
    const m = (e, k) => (by[e][cell]?.[k]?.length ? median(by[e][cell][k]).toFixed(2) : 'n/a');
    lines.push(`| ${cell} | ${names.flatMap((k) => engines.map((e) => m(e, k))).join(' | ')} |`);
  }
  return lines.join('\n');
}

if (values.medians) {
  console.log(table(ratios(values.medians)));
} else {
  mkdirSync(values.out, { recursive: true });
  for (let i = 1; i <= Number(values.rounds); i++) {
    for (const engine of values.engines.split(',')) {
      const load = loadavg().map((l) => l.toFixed(2));
      writeFileSync(join(values.out, `${engine}-${i}.load`), `load average ${load.join(', ')}\n`);
      await runPage(engine, values.query, values.out, `${engine}-${i}`);
    }
  }
  console.log(table(ratios(values.out)));
}
