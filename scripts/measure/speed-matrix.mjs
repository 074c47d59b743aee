/**
 * The speed matrix on Node: every cell BENCHMARKS.md's "The speed matrix" holds for Node, each a ratio of two rows
 * (ours ÷ a peer, or one of our calls ÷ another) with its goal. Against the built library (`npm run build` first):
 *
 *   node scripts/measure/speed-matrix.mjs [--rounds 15] [--cells ts-sha256,wasm-md5,...] [--json]
 *
 * Every row of the chosen cells runs once in each round (interleaved, the order rotating from round to round, about
 * ROUND_MS of calls each), timed in the process's CPU time (speed-common.mjs). A cell's figure is the median over the
 * rounds of that round's ratio, beside its lowest and highest round and how many rounds met the goal: a goal counts
 * when it holds round after round, not in one lucky run. Report `uptime` beside the figures.
 *
 * The cells measured elsewhere: the seed call against its compression alone (seed-call-ablation.mjs), `sum -j 2`
 * against `-j 1` (time-commands.py, as BENCHMARKS.md shows), our WebAssembly against OpenSSL's assembly
 * (native-limit.mjs) and every cell in the browsers (page-rounds.mjs).
 */
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import hashWasm from 'hash-wasm';
import { digest, digestMany } from '../../packages/digestlab/dist/index.js';
import { interleaved, option } from './speed-common.mjs';

const ROUNDS = Number(option('--rounds', '15'));
const ROUND_MS = 40;
const MiB = 1 << 20;

/** Four distinct inputs of 1 MiB, taken in turn, so that no row hashes the same bytes twice running. */
const big = Array.from({ length: 4 }, (_, k) => Uint8Array.from({ length: MiB }, (_, i) => (i * 7 + k * 31) & 255));
/** 10,000 messages of 64 bytes: the many workload's batch. */
const batch = Array.from({ length: 10_000 }, (_, k) => Uint8Array.from({ length: 64 }, (_, i) => (i * 13 + k) & 255));

const wasm = (algorithm) => (i) => digest(algorithm, big[i & 3], { provider: 'wasm' });
const ts = (algorithm) => (i) => digest(algorithm, big[i & 3], { provider: 'ts' });
const hashWasmRow = async (factory, ...args) => {
  const hasher = await hashWasm[factory](...args);
  return (i) =>
    hasher
      .init()
      .update(big[i & 3])
      .digest('binary');
};
const many = (algorithm) => () => digestMany(algorithm, batch);
const wasmLoop = (algorithm) => () => {
  const out = [];
  for (const m of batch) out.push(digest(algorithm, m, { provider: 'wasm' }));
  return out;
};

/** Each cell: its two rows (numerator first: the one that should be faster) and its goal, ratio of speeds. */
const CELLS = {
  'ts-sha256': {
    what: '`ts` SHA-256 ÷ @noble/hashes, 1 MiB',
    goal: 2,
    rows: [ts('SHA-256'), (i) => sha256(big[i & 3])],
  },
  'ts-sha512': {
    what: '`ts` SHA-512 ÷ @noble/hashes, 1 MiB',
    goal: 1.2,
    rows: [ts('SHA-512'), (i) => sha512(big[i & 3])],
  },
  'wasm-md5': { what: '`wasm` MD5 ÷ hash-wasm, 1 MiB', goal: 1.2, rows: [wasm('MD5'), await hashWasmRow('createMD5')] },
  'wasm-sha1': {
    what: '`wasm` SHA-1 ÷ hash-wasm, 1 MiB',
    goal: 1.2,
    rows: [wasm('SHA-1'), await hashWasmRow('createSHA1')],
  },
  'wasm-sha256': {
    what: '`wasm` SHA-256 ÷ hash-wasm, 1 MiB',
    goal: 1.2,
    rows: [wasm('SHA-256'), await hashWasmRow('createSHA256')],
  },
  'wasm-blake2b': {
    what: '`wasm` BLAKE2b-512 ÷ hash-wasm, 1 MiB',
    goal: 1.2,
    rows: [wasm('BLAKE2B-512'), await hashWasmRow('createBLAKE2b', 512)],
  },
  'wasm-blake2s': {
    what: '`wasm` BLAKE2s-256 ÷ hash-wasm, 1 MiB',
    goal: 1.2,
    rows: [wasm('BLAKE2S-256'), await hashWasmRow('createBLAKE2s', 256)],
  },
  'wasm-ripemd160': {
    what: '`wasm` RIPEMD-160 ÷ hash-wasm, 1 MiB',
    goal: 1.2,
    rows: [wasm('RIPEMD160'), await hashWasmRow('createRIPEMD160')],
  },
  'wasm-md4': { what: '`wasm` MD4 ÷ hash-wasm, 1 MiB', goal: 1.2, rows: [wasm('MD4'), await hashWasmRow('createMD4')] },
  'many-md5': {
    what: '`digestMany` ÷ a `wasm` loop, 10k × 64 B, MD5',
    goal: 2.5,
    rows: [many('MD5'), wasmLoop('MD5')],
  },
  'many-sha1': {
    what: '`digestMany` ÷ a `wasm` loop, 10k × 64 B, SHA-1',
    goal: 2.5,
    rows: [many('SHA-1'), wasmLoop('SHA-1')],
  },
  'many-sha256': {
    what: '`digestMany` ÷ a `wasm` loop, 10k × 64 B, SHA-256',
    goal: 2.5,
    rows: [many('SHA-256'), wasmLoop('SHA-256')],
  },
};

const chosen = option('--cells', Object.keys(CELLS).join(',')).split(',');
for (const name of chosen) if (!CELLS[name]) throw new Error(`no cell ${name}; the cells: ${Object.keys(CELLS)}`);

/** Both rows of a cell must give the same digest before either is timed. */
for (const name of chosen) {
  const [a, b] = CELLS[name].rows;
  const hex = (d) =>
    Array.isArray(d) ? d.map((x) => Buffer.from(x).toString('hex')).join() : Buffer.from(d).toString('hex');
  if (hex(a(0)) !== hex(b(0))) throw new Error(`${name}: the two rows disagree`);
}

const calls = {};
for (const name of chosen)
  CELLS[name].rows.forEach((row, k) => {
    calls[`${name}/${k}`] = (reps) => {
      let s = 0;
      for (let i = 0; i < reps; i++) s += row(i).length;
      return s;
    };
  });
const per = interleaved(calls, ROUNDS, ROUND_MS);

const sorted = (xs) => [...xs].sort((a, b) => a - b);
const results = chosen.map((name) => {
  const { what, goal } = CELLS[name];
  const ratios = per[`${name}/1`].map((theirs, r) => theirs / per[`${name}/0`][r]);
  const s = sorted(ratios);
  return {
    cell: name,
    what,
    goal,
    median: s[s.length >> 1],
    low: s[0],
    high: s.at(-1),
    met: s.filter((x) => x >= goal).length,
    rounds: s.length,
  };
});

if (process.argv.includes('--json')) console.log(JSON.stringify(results, null, 2));
else {
  console.log(`${process.release.name} ${process.versions.node}; ${ROUNDS} interleaved rounds, CPU time`);
  console.log('| cell | median (lowest–highest round) | goal | rounds at goal |');
  console.log('| --- | --- | --- | --- |');
  for (const r of results)
    console.log(
      `| ${r.what} | ${r.median.toFixed(2)}x (${r.low.toFixed(2)}–${r.high.toFixed(2)}) | ≥ ${r.goal}x | ${r.met}/${r.rounds} |`,
    );
}
