#!/usr/bin/env node
/**
 * Do loops made by `new Function` from the same source text share their JIT feedback? (V8's compilation cache: yes.)
 * Six "rows" are timed, each through a loop of its own; then the first row's function again, through new loops: with
 * one text for every loop (`same`) their call site has seen six targets and inlines none; with a text of its own per
 * loop (`unique`, what packages/lab/src/timing.ts does since) it is monomorphic again. CPU time, ns per call.
 *
 *   node scripts/loop-feedback.mjs same; node scripts/loop-feedback.mjs unique      (or under deno run, bun)
 */
const gen = (tag) =>
  new Function(
    `return function batch($fn, $n) { let s = 0; for (let i = 0; i < $n; i++) { s += $fn(i); } return s; }${tag}`,
  )();
const fns = [(i) => i & 1, (i) => i & 3, (i) => (i ^ 5) & 7, (i) => i % 3, (i) => (i * 3) & 15, (i) => (i >>> 2) & 1];
const cpu = () => {
  const c = process.cpuUsage();
  return c.user + c.system;
};
function time(loop, fn) {
  loop(fn, 1e6);
  const t0 = cpu();
  loop(fn, 2e7);
  return ((cpu() - t0) / 2e7) * 1000;
}
const mode = process.argv[2];
let k = 0;
const make = () => gen(mode === 'unique' ? `\n// case ${k++}` : '');
// other rows first, each with its own loop
for (const f of fns.slice(1)) time(make(), f);
const r = [];
for (let i = 0; i < 5; i++) r.push(time(make(), fns[0]).toFixed(2));
console.log(mode, 'ns/call for the last row:', r.join(' '));
