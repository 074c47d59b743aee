#!/usr/bin/env node
/**
 * The checksums and fast hashes at one size: our providers (ts, wasm where it has the algorithm, and auto) against
 * hash-wasm (its C in WebAssembly), for XXH32 and XXH64 xxhash-wasm (hand-written WebAssembly), and for CRC-32
 * node:zlib's `crc32` (Node >= 20.15: zlib's C) and the `crc-32` package (SheetJS, pure JavaScript; CRC-32C from its
 * crc32c.js too). One-shot digests to bytes. Against the built library (`npm run build` first):
 *
 *   node scripts/measure/checksum-speed.mjs [--size 1048576] [--rounds 7]
 *   node scripts/measure/checksum-speed.mjs --seed [--rounds 7]   the seed's call: its 93-character string to hex
 *   node scripts/measure/checksum-speed.mjs --native [--size N]    with `xxhsum -b` on the same size (xxhsum-bench.mjs)
 *
 * Every row runs in turn in each round (interleaved, the order rotating), ~8 MiB of input per row and round, timed in the process's CPU
 * time; a figure is the row's best round. Report `uptime` beside it: on a shared machine the ratios are what matters.
 */
import zlib from 'node:zlib';
import CRC32_JS from 'crc-32';
import CRC32C_JS from 'crc-32/crc32c.js';
import {
  createAdler32,
  createCRC32,
  createCRC64,
  createXXHash3,
  createXXHash32,
  createXXHash64,
  createXXHash128,
} from 'hash-wasm';
import xxhashWasm from 'xxhash-wasm';
import { digest, digestHex, providers } from '../../packages/digestlab/dist/index.js';
import { SEED_INPUT } from '../../packages/lab/dist/seed.js';
import { xxhsumRates } from './xxhsum-bench.mjs';

const args = process.argv.slice(2);
if (args.includes('--help')) {
  console.log((await import('node:fs')).readFileSync(new URL(import.meta.url), 'utf8').split('*/')[0]);
  process.exit(0);
}
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const SIZE = option('--size', 2 ** 20);
const ROUNDS = option('--rounds', 7);
const data = Uint8Array.from({ length: SIZE }, (_, i) => (i * 7) & 0xff);

/** Each algorithm with hash-wasm's hasher for it. */
const PEERS = {
  'CRC-32': await createCRC32(0xedb88320),
  'CRC-32C': await createCRC32(0x82f63b78),
  'CRC-64/NVME': await createCRC64('9a6c9329ac4bc9b5'),
  ADLER32: await createAdler32(),
  XXH32: await createXXHash32(),
  XXH64: await createXXHash64(),
  'XXH3-64': await createXXHash3(),
  'XXH3-128': await createXXHash128(),
};
const XW = await xxhashWasm();
/** xxhash-wasm's one-shots (XXH32 and XXH64 only): raw bytes to a number or bigint; the seed's call to hex. */
const XXHASH_WASM = {
  XXH32: { bytes: (d) => XW.h32Raw(d), hex: (s) => XW.h32ToString(s) },
  XXH64: { bytes: (d) => XW.h64Raw(d), hex: (s) => XW.h64ToString(s) },
};
const SEED = args.includes('--seed');
const ROWS = {};
/** The `crc-32` package's function for an algorithm it has (a signed 32-bit result; hex as the seed call wants). */
const SHEETJS = { 'CRC-32': CRC32_JS, 'CRC-32C': CRC32C_JS };
const hex32 = (n) => (n >>> 0).toString(16).padStart(8, '0');
const ours = (algorithm) => [
  'ts',
  ...providers()
    .filter((p) => p.id !== 'ts' && p.available && p.sync && p.algorithms.includes(algorithm))
    .map((p) => p.id),
  'auto',
];
for (const [algorithm, hasher] of Object.entries(PEERS)) {
  const sheetjs = SHEETJS[algorithm];
  const other = XXHASH_WASM[algorithm];
  if (SEED) {
    for (const provider of ours(algorithm)) {
      ROWS[`${algorithm} ${provider}`] = () => digestHex(algorithm, SEED_INPUT, { provider });
    }
    ROWS[`${algorithm} hash-wasm`] = () => hasher.init().update(SEED_INPUT).digest('hex');
    if (sheetjs) ROWS[`${algorithm} crc-32`] = () => hex32(sheetjs.str(SEED_INPUT));
    if (other) ROWS[`${algorithm} xxhash-wasm`] = () => other.hex(SEED_INPUT);
    if (algorithm === 'CRC-32' && typeof zlib.crc32 === 'function') {
      ROWS['CRC-32 zlib.crc32'] = () => hex32(zlib.crc32(SEED_INPUT));
    }
    continue;
  }
  for (const provider of ours(algorithm))
    ROWS[`${algorithm} ${provider}`] = () => digest(algorithm, data, { provider });
  ROWS[`${algorithm} hash-wasm`] = () => hasher.init().update(data).digest('binary');
  if (sheetjs) ROWS[`${algorithm} crc-32`] = () => sheetjs.buf(data);
  if (other) ROWS[`${algorithm} xxhash-wasm`] = () => other.bytes(data);
  if (algorithm === 'CRC-32' && typeof zlib.crc32 === 'function') ROWS['CRC-32 zlib.crc32'] = () => zlib.crc32(data);
}

const bytes = SEED ? SEED_INPUT.length : SIZE;
const calls = SEED ? 20000 : Math.max(1, Math.floor(2 ** 23 / SIZE));
const best = {};
const rows = Object.entries(ROWS);
for (let round = 0; round < ROUNDS; round++) {
  // the order rotates each round, so that no row always runs right after another's garbage and cache misses
  const k = round % rows.length;
  for (const [name, call] of [...rows.slice(k), ...rows.slice(0, k)]) {
    const start = process.cpuUsage();
    for (let i = 0; i < calls; i++) call();
    const used = process.cpuUsage(start);
    best[name] = Math.min(best[name] ?? Number.POSITIVE_INFINITY, (used.user + used.system) / 1e6);
  }
}
// the native anchor: xxhsum -b (its own loop, wall time, its best of as many rounds) as a time for this run's calls
if (args.includes('--native') && !SEED) {
  for (const [algorithm, perSecond] of Object.entries(xxhsumRates(SIZE, ROUNDS))) {
    best[`${algorithm} xxhsum-b`] = calls / perSecond;
  }
}
console.log(
  `${SEED ? "the seed's string" : `${SIZE} bytes`}, ${calls} calls per round, best of ${ROUNDS} rounds (CPU time)`,
);
for (const [name, seconds] of Object.entries(best)) {
  const algorithm = name.slice(0, name.lastIndexOf(' '));
  const ts = best[`${algorithm} ts`];
  const peer = best[`${algorithm} hash-wasm`];
  const rate = SEED
    ? `${(calls / seconds / 1000).toFixed(0).padStart(8)}k calls/s`
    : `${((bytes * calls) / seconds / 1e6).toFixed(1).padStart(8)} MB/s`;
  // a row's speed relative to ts and to hash-wasm: their time over its time (above 1: faster)
  console.log(
    `${name.padEnd(24)} ${rate}   vs ts ${(ts / seconds).toFixed(2)}x   vs hash-wasm ${(peer / seconds).toFixed(2)}x`,
  );
}
