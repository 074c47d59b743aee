#!/usr/bin/env node
/**
 * `digestlab sum` against coreutils, OpenSSL and `xargs -P2`, side by side, for BENCHMARKS.md ("`digestlab sum`").
 *
 *   node scripts/measure/bench-sum.mjs [--reps N] [--dir /tmp/digestlab-sum-bench] [--only sha256,blake2b,...]
 *
 * --only: the tables to run, by name: sha256, sha1, md5, blake2b (one 1 GiB file against sha256sum ... b2sum),
 * crc32, crc32c (against `rhash --crc32`, `--crc32c`, with `-j 1` and `-j 2`: one file split), cksum (POSIX cksum's
 * CRC, against coreutils' cksum), tree (10,000 files), startup; all when absent. The tree is made only when its
 * tables run.
 *
 * Makes (once, then reuses) a 1 GiB random file and a tree of 10,000 files of 1-64 KiB plus 4 of 256 MiB in
 * --dir, warms the page cache, then times each command N times (default 5), rows interleaved so that drift
 * on a shared machine hits them alike, and prints a markdown table: median and best wall time, and the ratio of
 * medians to the coreutils tool. Every command's output is checked against the coreutils tool's (same digests)
 * before it is timed. Needs the built CLI (`npm run build`).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    reps: { type: 'string', default: '5' },
    dir: { type: 'string', default: '/tmp/digestlab-sum-bench' },
    only: { type: 'string' },
  },
});
const ONLY = values.only?.split(',');
const wanted = (name) => ONLY === undefined || ONLY.includes(name);
const REPS = Number(values.reps);
const DIR = values.dir;
const BIN = join(import.meta.dirname, '..', '..', 'packages', 'cli', 'bin', 'digestlab.js');
const MIB = 1024 * 1024;

function writeRandom(path, bytes) {
  const fd = openSync(path, 'w');
  for (let left = bytes; left > 0; left -= 16 * MIB) writeSync(fd, randomBytes(Math.min(left, 16 * MIB)));
  closeSync(fd);
}

function fixtures() {
  mkdirSync(join(DIR, 'tree'), { recursive: true });
  const big = join(DIR, 'big.bin');
  if (!existsSync(big)) writeRandom(big, 1024 * MIB);
  if (!wanted('tree') && !wanted('startup')) return { big: 'big.bin' };
  const done = join(DIR, 'tree.complete');
  if (!existsSync(done)) {
    for (let i = 0; i < 10_000; i++) {
      const sub = join(DIR, 'tree', `d${String(i % 100).padStart(2, '0')}`);
      mkdirSync(sub, { recursive: true });
      writeFileSync(join(sub, `f${String(i).padStart(5, '0')}`), randomBytes(1024 + ((i * 7919) % (63 * 1024))));
    }
    for (let i = 0; i < 4; i++) writeRandom(join(DIR, 'tree', `large${i}.bin`), 256 * MIB);
    writeFileSync(done, '');
  }
  // the list every tool hashes, in one order: NUL-separated for xargs, an argument list for the others
  const list = execFileSync('bash', ['-c', `cd ${DIR} && find tree -type f -print0 | sort -z`]);
  writeFileSync(join(DIR, 'tree.list0'), list);
  return { big: 'big.bin', files: list.toString().split('\0').filter(Boolean) };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Wall seconds, CPU seconds (user + system, children included: what a loaded machine distorts least) and stdout. */
function time(cmd) {
  const cpuFile = join(DIR, '.cpu');
  const t = process.hrtime.bigint();
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S', '-o', cpuFile, 'bash', '-c', cmd], {
    cwd: DIR,
    maxBuffer: 256 * MIB,
    env: { ...process.env, LC_ALL: 'C.UTF-8' },
  });
  const s = Number(process.hrtime.bigint() - t) / 1e9;
  if (r.status !== 0) throw new Error(`${cmd}: exit ${r.status}\n${r.stderr}`);
  const [user, sys] = readFileSync(cpuFile, 'utf8').trim().split(/\s+/).slice(-2).map(Number);
  return { s, cpu: user + sys, out: r.stdout.toString() };
}

/** Digests in output order, whatever the format (coreutils, openssl `NAME(file)= hex`, rhash's upper case). */
const digests = (out, pattern = /[0-9a-f]{32,128}/) =>
  out
    .toLowerCase()
    .split('\n')
    .filter(Boolean)
    .map((l) => (l.match(pattern) ?? [''])[0])
    .filter(Boolean);

/** A CRC's value in hex (rhash's and ours), or cksum's in decimal at the line's start. */
const CRC_HEX = /\b[0-9a-f]{8}\b/;
const CKSUM_DECIMAL = /^\d+/;

function table(title, rows, baseline, pattern) {
  const results = rows.map(([label, cmd]) => ({ label, cmd, times: [], cpu: [] }));
  const reference = digests(time(rows.find(([l]) => l === baseline)[1]).out, pattern);
  for (const r of results) {
    const got = digests(time(r.cmd).out, pattern); // also warms the cache
    if (r.label === 'node -e 0') continue; // Node's start alone, for reference: no output
    const sorted = (xs) => [...xs].sort().join();
    if (sorted(got) !== sorted(reference)) throw new Error(`${r.label}: digests differ from ${baseline}'s`);
  }
  for (let rep = 0; rep < REPS; rep++) {
    for (const r of results) {
      const { s, cpu } = time(r.cmd);
      r.times.push(s);
      r.cpu.push(cpu);
    }
  }
  const base = median(results.find((r) => r.label === baseline).times);
  console.log(`\n${title}\n`);
  console.log(`| command | wall s, median | wall s, best | CPU s, median | ${baseline} / this (wall medians) |`);
  console.log('| --- | --- | --- | --- | --- |');
  for (const r of results) {
    const m = median(r.times);
    const shown = r.cmd.replace(`node ${BIN}`, 'digestlab');
    const cells = [m, Math.min(...r.times), median(r.cpu)].map((x) => x.toFixed(2));
    console.log(`| \`${shown}\` | ${cells.join(' | ')} | ${(base / m).toFixed(2)}x |`);
  }
}

const { big } = fixtures();
const sum = `node ${BIN} sum`;
console.log(
  `digestlab sum bench: ${REPS} runs per command, median; ${new Date().toISOString()}; load ${execFileSync('cat', ['/proc/loadavg']).toString().trim()}`,
);

for (const [alg, tool, ssl] of [
  ['sha256', 'sha256sum', 'sha256'],
  ['sha1', 'sha1sum', 'sha1'],
  ['md5', 'md5sum', 'md5'],
  // b2sum: BLAKE2b-512, as -a blake2b without -l
  ['blake2b', 'b2sum', 'blake2b512'],
]) {
  if (!wanted(alg)) continue;
  table(
    `One 1 GiB file, ${alg}`,
    [
      [tool, `${tool} ${big}`],
      ['openssl', `openssl dgst -${ssl} ${big}`],
      ['digestlab', `${sum} -a ${alg} ${big}`],
    ],
    tool,
  );
}

// the CRCs: the native tools as anchors (rhash 1.4.3's slicing tables, coreutils 9.1's cksum with PCLMUL where the
// CPU has it); ours on one thread and split across two (sum -j 2, from 256 MiB)
for (const [alg, rhash] of [
  ['crc32', '--crc32'],
  ['crc32c', '--crc32c'],
]) {
  if (!wanted(alg)) continue;
  table(
    `One 1 GiB file, ${alg}`,
    [
      [`rhash ${rhash}`, `rhash ${rhash} ${big}`],
      ['digestlab -j 1', `${sum} -a ${alg} -j 1 ${big}`],
      ['digestlab -j 2', `${sum} -a ${alg} -j 2 ${big}`],
    ],
    `rhash ${rhash}`,
    CRC_HEX,
  );
}
if (wanted('cksum'))
  table(
    'One 1 GiB file, POSIX cksum',
    [
      ['cksum', `cksum ${big}`],
      ['digestlab cksum', `node ${BIN} cksum ${big}`],
    ],
    'cksum',
    CKSUM_DECIMAL,
  );

if (wanted('tree'))
  table(
    '10,000 files of 1-64 KiB and 4 of 256 MiB (1.3 GiB), sha256, Node start-up included',
    [
      // -s 1000000: the whole list in one invocation (xargs' default of 128 KiB would start each tool twice)
      ['sha256sum', 'xargs -0 -s 1000000 sha256sum < tree.list0'],
      ['xargs -P2', 'xargs -0 -P2 -n 512 sha256sum < tree.list0'],
      ['digestlab', `xargs -0 -s 1000000 ${sum} < tree.list0`],
      ['digestlab -r', `${sum} -r tree`],
    ],
    'sha256sum',
  );

if (wanted('startup'))
  table(
    'Start-up: one small file',
    [
      ['sha256sum', 'sha256sum tree/d00/f00000'],
      ['node -e 0', 'node -e 0'],
      ['digestlab', `${sum} tree/d00/f00000`],
    ],
    'sha256sum',
  );
