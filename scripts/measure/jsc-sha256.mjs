/**
 * SHA-256 in JavaScriptCore: our `ts` cores against @noble/hashes at 1 MiB, and what JavaScriptCore's FTL makes of
 * each loop. Run by Bun (JavaScriptCore; it imports the generated TypeScript cores as they are), after `npm run build`:
 *
 *   node_modules/.bin/bun scripts/measure/jsc-sha256.mjs [--rounds 15] [--size 1048576]
 *   node_modules/.bin/bun scripts/measure/jsc-sha256.mjs --air
 *
 * Speed: noble's `sha256` (the whole hash), the library's `digest('SHA-256', …, { provider: 'ts' })` (the shape
 * sha2-shapes.ts chooses for Bun) and the compressions alone (`sha256Blocks`, the loop every engine but V8 ran
 * before; `sha256BlocksJsc`, the shape for JavaScriptCore), each once a round, interleaved, the order rotating, in
 * the process's CPU time (speed-common.mjs). A row's figure: its median MiB/s, and the median over the rounds of
 * noble's time ÷ its time in that round, with the lowest and highest round. Report `uptime` beside the figures.
 *
 * `--air`: runs the speed part again in a child with BUN_JSC_dumpFTLDisassembly=1 (Bun passes BUN_JSC_* to
 * JavaScriptCore as its options) and counts, in the last FTL code of each compression (this Bun has no disassembler,
 * so the counts are of B3's Air, one Air instruction to one x86 instruction but for the patchpoints, whose bytes the
 * dump gives: a zero-byte one emits nothing and is not counted), what a 64-byte block costs: instructions, stack
 * loads and stores (spills), array loads and stores, speculation checks (bounds, types) and overflow checks, and the
 * 64-bit instructions of JavaScriptCore's 52-bit integer sums. Each loop's trips a block are SHA-256's: the word reads
 * 16, the schedule 48, the rounds 64 ÷ rounds an iteration (TRIPS below, loops in the order the code has them).
 */
import { spawnSync } from 'node:child_process';
import { sha256 } from '@noble/hashes/sha2.js';
import { digest } from '../../packages/digestlab/dist/index.js';
import { sha256Blocks, sha256BlocksJsc } from '../../packages/digestlab/src/algorithms/generated/sha256.ts';
import { interleaved, option } from './speed-common.mjs';

if (typeof Bun === 'undefined')
  throw new Error('run this with Bun: node_modules/.bin/bun scripts/measure/jsc-sha256.mjs');

const ROUNDS = Number(option('--rounds', '15'));
const SIZE = Number(option('--size', String(1 << 20)));
const ROUND_MS = 60;
const input = Uint8Array.from({ length: SIZE }, (_, i) => (i * 7) & 255);
const IV = Int32Array.from([
  0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
]);
const core = (f) => () => {
  const s = IV.slice();
  f(s, input, 0, Math.floor(SIZE / 64));
  return s;
};
const ROWS = {
  noble: () => sha256(input),
  'ts (library)': () => digest('SHA-256', input, { provider: 'ts' }),
  'sha256Blocks (loop)': core(sha256Blocks),
  'sha256BlocksJsc (core)': core(sha256BlocksJsc),
};

/** The cores agree with each other and the library with noble, before anything is timed. */
function check() {
  const hex = (b) => Buffer.from(b).toString('hex');
  if (hex(ROWS.noble()) !== hex(ROWS['ts (library)']())) throw new Error('the library and noble disagree');
  if (ROWS['sha256Blocks (loop)']().join() !== ROWS['sha256BlocksJsc (core)']().join())
    throw new Error('the two cores disagree');
}

function speed() {
  check();
  const calls = Object.fromEntries(
    Object.entries(ROWS).map(([name, row]) => [
      name,
      (reps) => {
        for (let i = 0; i < reps; i++) row();
      },
    ]),
  );
  const per = interleaved(calls, ROUNDS, ROUND_MS);
  const sorted = (xs) => [...xs].sort((a, b) => a - b);
  console.log(`Bun ${Bun.version}, ${SIZE} bytes, ${ROUNDS} rounds: MiB/s (median), noble's time ÷ the row's`);
  for (const [name, ms] of Object.entries(per)) {
    const ratios = sorted(ms.map((t, r) => per.noble[r] / t));
    const mibs = SIZE / 2 ** 20 / (sorted(ms)[ms.length >> 1] / 1000);
    const range = `(${ratios[0].toFixed(2)}-${ratios.at(-1).toFixed(2)})`;
    console.log(
      `${name.padEnd(24)} ${mibs.toFixed(0).padStart(5)}  ${ratios[ratios.length >> 1].toFixed(2)}x ${range}`,
    );
  }
}

/** Loop trips per 64-byte block, by the function's loops in code order; noble's `process` does one block a call. */
const TRIPS = { sha256Blocks: [16, 48, 8], sha256BlockJsc: [8], process: [16, 48, 64] };
/** Functions entered once per call of a whole input: their blocks outside loops are not counted per block. */
const ONCE_A_CALL = new Set(['sha256Blocks']);

/**
 * The Air of the last complete FTL code for `fn` in the dump (one the next header follows: the dump of a compile
 * still running at exit is cut short): basic blocks with their instructions, successors, and each one's bytes.
 */
function airOf(lines, fn) {
  const isHeader = (l) => /^(Generated |FTL Unwind)/.test(l);
  const starts = lines.flatMap((l, i) => (l.startsWith(`Generated FTL code for ${fn}#`) ? [i] : []));
  const complete = starts.filter((s) => lines.slice(s + 1).some(isHeader));
  if (!complete.length) return undefined;
  const blocks = [];
  let last;
  for (let i = complete.at(-1) + 1; !isHeader(lines[i]); i++) {
    const l = lines[i];
    const head = l.match(/^Air BB#(\d+):/);
    if (head) blocks.push({ id: Number(head[1]), ins: [], succ: [] });
    const succ = l.match(/^Air\s+Successors: (.*)$/);
    if (succ) blocks.at(-1).succ = succ[1].split(', ').map((s) => Number(s.replace('#', '')));
    const ins = l.match(/^Air {15}(\S.*)$/);
    if (ins && blocks.length) {
      last = { text: ins[1], bytes: 0 };
      blocks.at(-1).ins.push(last);
    }
    const asm = l.match(/range 0x([0-9a-f]+)\.\.\.0x([0-9a-f]+)/);
    if (asm && last) last.bytes += Number.parseInt(asm[2], 16) - Number.parseInt(asm[1], 16);
  }
  return blocks;
}

/** What kind of instruction an Air line is. */
function kind(text) {
  const op = text.split(' ')[0];
  if (op === 'Patch') return /BranchAdd|BranchSub|BranchMul|BranchNeg/.test(text) ? 'overflow checks' : 'checks';
  if (/\(%rbp\)/.test(text)) return 'stack (spills)';
  if (/\(/.test(text)) return /, -?\w*\(/.test(text) ? 'array stores' : 'array loads';
  if (/^(SignExtend32To64|Lshift64|Rshift64|Add64)$/.test(op)) return '64-bit (int52 sums)';
  if (/^Move/.test(op)) return 'moves';
  return /Branch|Jump|Ret/.test(op) ? 'branches' : '32-bit ALU';
}

/**
 * Per 64-byte block: counts by kind (instructions that emit code only), from the Air of `fn`. A loop runs from the
 * target of a back edge to its source; the innermost loops take TRIPS in code order, blocks outside them once.
 */
function perBlock(blocks, fn) {
  const loops = blocks.flatMap((b) => b.succ.filter((s) => s <= b.id).map((head) => [head, b.id]));
  const inner = loops.filter(([h, l]) => !loops.some(([h2, l2]) => (h2 > h || l2 < l) && h2 >= h && l2 <= l));
  inner.sort((x, y) => x[0] - y[0]);
  const once = (b) => (ONCE_A_CALL.has(fn) && (b.id === 0 || !b.succ.length) ? 0 : 1);
  const weight = new Map(blocks.map((b) => [b.id, once(b)]));
  inner.forEach(([head, latch], k) => {
    for (const b of blocks) if (b.id >= head && b.id <= latch) weight.set(b.id, TRIPS[fn][k] ?? Number.NaN);
  });
  const counts = {};
  for (const b of blocks)
    for (const i of b.ins) if (i.bytes > 0) counts[kind(i.text)] = (counts[kind(i.text)] ?? 0) + weight.get(b.id);
  counts.total = Object.values(counts).reduce((a, b) => a + b, 0);
  return counts;
}

function air() {
  const env = { ...process.env, BUN_JSC_dumpFTLDisassembly: '1' };
  const argv = [process.argv[1], '--rounds', '14', '--size', String(SIZE)];
  const out = spawnSync(process.execPath, argv, { env, encoding: 'utf8', maxBuffer: 1 << 30 });
  const lines = out.stderr.split('\n');
  console.log('Air instructions a 64-byte block, from the last FTL code of each function:');
  for (const fn of Object.keys(TRIPS)) {
    const blocks = airOf(lines, fn);
    if (!blocks) {
      console.log(`${fn}: no FTL code in the dump (not compiled by the FTL in this run)`);
      continue;
    }
    console.log(`${fn}:`, JSON.stringify(perBlock(blocks, fn)));
  }
}

if (process.argv.includes('--air')) air();
else speed();
