/**
 * The compression functions of two or more builds of the generator's modules, raced over the same 1 MiB,
 * interleaved, in CPU time: for trying a shape of a core against another (the decision files cite it).
 *
 *   node scripts/gen/gen-wasm.mjs --wat /tmp/base        (on the base commit; then again on the change, to /tmp/new)
 *   node scripts/measure/ablation/core-race.mjs --wat /tmp/base,/tmp/new [--algorithms md5,sha1,sha256,sha512]
 *     [--rounds 15] [--bytes 1048576]
 *
 * Each build's `core.wat` is assembled and instantiated with its own memory, and its `shasimd.wat` (where it has
 * one) over that memory; a function is taken from shasimd where shasimd exports it, else from core, as the loader
 * (src/wasm/module.ts) does. Before timing, every build's chaining value after the same input must agree with the
 * first's. Prints per function the median MiB/s of each build and the median (lowest–highest) of the per-round
 * ratio to the first build.
 */
import { readFileSync } from 'node:fs';
import wabtInit from 'wabt';
import { interleaved, option } from '../speed-common.mjs';

const DIRS = option('--wat', '').split(',').filter(Boolean);
const ALGORITHMS = option('--algorithms', 'md5,sha1,sha256,sha512').split(',');
const ROUNDS = Number(option('--rounds', '15'));
const BYTES = Number(option('--bytes', String(1 << 20)));
const STATE = 1024;
const INPUT = 1 << 16;
if (DIRS.length < 2) throw new Error('--wat DIR1,DIR2[,...]: two builds or more (gen-wasm.mjs --wat DIR)');

const wabt = await wabtInit();
const assemble = (file) => {
  const mod = wabt.parseWat(file, readFileSync(file, 'utf8'), { simd: true });
  mod.validate();
  const { buffer } = mod.toBinary({});
  mod.destroy();
  return new WebAssembly.Module(buffer);
};

/** A build's functions over its own memory, with the input written into it. */
function build(dir) {
  const core = new WebAssembly.Instance(assemble(`${dir}/core.wat`)).exports;
  const pages = Math.ceil((INPUT + BYTES) / 65536) - core.memory.buffer.byteLength / 65536;
  if (pages > 0) core.memory.grow(pages);
  let simd = {};
  try {
    simd = new WebAssembly.Instance(assemble(`${dir}/shasimd.wat`), { core }).exports;
  } catch {}
  const bytes = new Uint8Array(core.memory.buffer);
  for (let i = 0; i < BYTES; i++) bytes[INPUT + i] = (i * 7 + (i >> 9) * 31) & 255;
  const fns = Object.fromEntries(ALGORITHMS.map((a) => [a, simd[a] ?? core[a]]));
  return { dir, bytes, fns };
}

const builds = DIRS.map(build);
const blocks = (a) => BYTES / (a === 'sha512' ? 128 : 64);
for (const a of ALGORITHMS) {
  const states = builds.map(({ bytes, fns }) => {
    bytes.fill(0x5a, STATE, STATE + 64);
    fns[a](STATE, INPUT, blocks(a));
    return Buffer.from(bytes.subarray(STATE, STATE + 64)).toString('hex');
  });
  states.forEach((s, k) => {
    if (s !== states[0]) throw new Error(`${a}: ${builds[k].dir} disagrees with ${builds[0].dir}`);
  });
}

const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
console.log(`node ${process.versions.node}; ${ROUNDS} rounds; ${BYTES} bytes; builds: ${DIRS.join(', ')}`);
for (const a of ALGORITHMS) {
  const calls = Object.fromEntries(
    builds.map(({ dir, fns }) => [
      dir,
      (reps) => {
        for (let r = 0; r < reps; r++) fns[a](STATE, INPUT, blocks(a));
      },
    ]),
  );
  const ms = interleaved(calls, ROUNDS, 40);
  const mibs = (d) => median(ms[d].map((t) => BYTES / 2 ** 20 / (t / 1000)));
  const cells = DIRS.map((d, k) => {
    if (k === 0) return `${d} ${mibs(d).toFixed(0)} MiB/s`;
    const ratios = ms[d].map((t, r) => ms[DIRS[0]][r] / t).sort((x, y) => x - y);
    return `${d} ${mibs(d).toFixed(0)} MiB/s ${median(ratios).toFixed(3)}x (${ratios[0].toFixed(2)}–${ratios.at(-1).toFixed(2)})`;
  });
  console.log(`${a}: ${cells.join(' | ')}`);
}
