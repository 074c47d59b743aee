#!/usr/bin/env node
// The lab's observable behaviour as data, for refactors that must not change it: a dozen bench and overflow
// commands (short samples, small sizes) run through the built CLI, their JSON with every measured figure, date and
// load masked, and text outputs with their timings masked. Record before the first change, compare after each step:
//
//   node scripts/measure/behaviour-snapshot.mjs record /tmp/before    # writes one file per command
//   node scripts/measure/behaviour-snapshot.mjs compare /tmp/before   # runs them again: a diff, exit 1, if any differ
//
// Needs `npm run build` first (the CLI runs the built JavaScript). Takes about two minutes on 2 cores.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const CLI = new URL('../../packages/cli/bin/digestlab.js', import.meta.url).pathname;
const QUICK = ['--samples', '5', '-t', '2', '--warmup', '2'];

/** name → arguments. JSON unless the name ends in .txt. */
const COMMANDS = {
  'bench-seed-default.json': ['bench', ...QUICK, '--json'],
  'bench-seed-sponges.json': ['bench', '-a', 'SHA3-256,SHAKE128,KECCAK-256', '-w', 'seed', ...QUICK, '--json'],
  'bench-seed-exact.json': ['bench', '-a', 'SHA-1,MD2', '-w', 'seed', '--exact', '--count', '1000', ...QUICK, '--json'],
  'bench-sizes.json': ['bench', '-a', 'SHA-1,SHA-512', '-w', 'sizes', '--sizes', '16,1k,64k', ...QUICK, '--json'],
  'bench-stream.json': ['bench', '-a', 'MD5,SHA3-512', '-w', 'stream', ...QUICK, '--json'],
  'bench-many.json': [
    'bench',
    '-a',
    'SHA-256,MD2',
    '-w',
    'many',
    '--many-count',
    '100',
    '--many-size',
    '1k',
    ...QUICK,
    '--json',
  ],
  'bench-hmac.json': ['bench', '-a', 'SHA-256,MD2', '-w', 'hmac', ...QUICK, '--json'],
  'bench-cold.json': [
    'bench',
    '-a',
    'SHA-1',
    '-p',
    'ts,node,hash-wasm',
    '-w',
    'cold',
    '--cold-runs',
    '1',
    ...QUICK,
    '--json',
  ],
  'bench-list.txt': ['bench', '--list'],
  'bench-seed-md.txt': [
    'bench',
    '-a',
    'MD5',
    '-p',
    'ts,wasm,node:crypto',
    '-w',
    'seed,sizes',
    '--sizes',
    '64,1M',
    ...QUICK,
    '-o',
    '{tmp}/r.md',
  ],
  'overflow-all.json': ['overflow', '-s', '2^20+1', '-a', 'SHA-1,SHA3-256', '-p', 'all', '--json', '-q'],
  'overflow-shake.json': [
    'overflow',
    '-s',
    '2^20-1,2^20',
    '-a',
    'MD5,SHAKE128',
    '--output-length',
    '16,32',
    '--pattern',
    'ramp',
    '--json',
    '-q',
  ],
  'overflow-ours-index.json': [
    'overflow',
    '-s',
    '1MiB+1',
    '-c',
    '4k',
    '-a',
    'SHA-256,KECCAK-512',
    '-p',
    'ours',
    '--pattern',
    'index',
    '--json',
    '-q',
  ],
  'overflow-text.txt': ['overflow', '-s', '2^20+1', '-a', 'SHA-512', '-p', 'ts,wasm', '-q'],
  'overflow-bad-size.txt': ['overflow', '-s', '1M'],
  'bench-bad-size.txt': ['bench', '-w', 'sizes', '--sizes', '10MB'],
};

/** Keys whose values are measurements or the moment of the run. */
const MASKED = new Set([
  'median',
  'min',
  'max',
  'mad',
  'seconds',
  'mibPerSecond',
  'peakRssBytes',
  'date',
  'loadAverage',
  'durationSeconds',
  'samplesSeconds',
  'ratio',
  'spread',
  'ms',
  'firstMs',
  'importMs',
  'totalMs',
]);

function mask(value, key) {
  if (MASKED.has(key)) return '<measured>';
  if (Array.isArray(value)) return value.map((v) => mask(v));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mask(v, k)]));
  return value;
}

/**
 * Text: every decimal figure masked (throughputs, seconds, ratios) and the time of day; in a table row (a line that
 * starts with "|") every figure and the fastest-cell marks, since which cell is fastest is itself a measurement.
 */
function maskText(text) {
  return text
    .split('\n')
    .map((line) =>
      line.startsWith('|')
        ? line.replace(/\*/g, '').replace(/\d[\d.,]*[kM]?/g, '#')
        : line
            .replace(/\d\d:\d\d:\d\d(\.\d+)?Z/g, '<time>')
            .replace(/\d+\.\d+/g, '#')
            .replace(/\d[\d,]*(?= ?(?:ops\/s|msg\/s|MiB\/s|s\b|ms\b))/g, '#'),
    )
    .join('\n');
}

function run(name, args) {
  const tmp = mkdtempSync(join(tmpdir(), 'snap-'));
  const unTmp = (text) => text.replaceAll(tmp, '{tmp}');
  const argv = args.map((a) => a.replace('{tmp}', tmp));
  const r = spawnSync(process.execPath, [CLI, ...argv], { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (name.endsWith('.json')) {
    let body;
    try {
      body = JSON.stringify(mask(JSON.parse(r.stdout)), null, 1);
    } catch {
      body = `unparsable stdout:\n${r.stdout}`;
    }
    return `exit ${r.status}\n${body}\n`;
  }
  const out = argv.includes('-o') ? readFileSync(join(tmp, 'r.md'), 'utf8') : r.stdout;
  return `exit ${r.status}\n${unTmp(maskText(out))}\n--- stderr\n${unTmp(maskText(r.stderr))}\n`;
}

const [mode, dir] = process.argv.slice(2);
if (!['record', 'compare'].includes(mode) || !dir) {
  console.error('usage: behaviour-snapshot.mjs record|compare DIR');
  process.exit(2);
}
mkdirSync(dir, { recursive: true });
/** This run's outputs, beside nothing else's: several checkouts may compare against one recording at once. */
const fresh = mode === 'compare' ? mkdtempSync(join(tmpdir(), 'snap-after-')) : dir;
let differ = 0;
for (const [name, args] of Object.entries(COMMANDS)) {
  const now = run(name, args);
  const path = join(dir, name);
  if (mode === 'record') {
    writeFileSync(path, now);
    console.log(`recorded ${name}`);
    continue;
  }
  const after = join(fresh, name);
  writeFileSync(after, now);
  const same = readFileSync(path, 'utf8') === now;
  console.log(`${same ? 'same   ' : 'DIFFERS'} ${name}`);
  if (!same) {
    differ++;
    try {
      execFileSync('diff', ['-u', path, after], { stdio: 'inherit' });
    } catch {}
  }
}
if (differ) process.exit(1);
