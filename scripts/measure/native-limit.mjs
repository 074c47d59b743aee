/**
 * Our WebAssembly against native code with no instruction WebAssembly lacks: OpenSSL's own assembly with the SHA
 * extensions masked (`OPENSSL_ia32cap=":~0x20000000"`, so SHA-1 and SHA-256 run its SSSE3/AVX2 code, not SHA-NI),
 * 16 KiB blocks, beside our `wasm` at 1 MiB, interleaved round by round; both in CPU time (`openssl speed` divides by
 * user time unless told `-elapsed`; ours is process.cpuUsage). Against the built library (`npm run build` first):
 *
 *   node scripts/measure/native-limit.mjs [--rounds 5] [--seconds 1] [--algorithms MD5,SHA-1,SHA-256,SHA-512]
 *
 * Prints, per algorithm, each side's best round in MiB/s and the median (lowest–highest) over the rounds of that
 * round's ratio ours ÷ OpenSSL; the goal BENCHMARKS.md states is 0.85x.
 */
import { spawnSync } from 'node:child_process';
import { digest } from '../../packages/digestlab/dist/index.js';
import { cpu, option } from './speed-common.mjs';

const ROUNDS = Number(option('--rounds', '5'));
const SECONDS = Number(option('--seconds', '1'));
const ALGORITHMS = option('--algorithms', 'MD5,SHA-1,SHA-256,SHA-512').split(',');
const OPENSSL = { MD5: 'md5', 'SHA-1': 'sha1', 'SHA-256': 'sha256', 'SHA-512': 'sha512' };
const MASK = ':~0x20000000';
const MiB = 1 << 20;
const inputs = Array.from({ length: 4 }, (_, k) => Uint8Array.from({ length: MiB }, (_, i) => (i * 7 + k * 31) & 255));

/** OpenSSL's figure for one run of `openssl speed`, MiB/s (its -mr line `+F:n:name:bytes per second`). */
function openssl(name) {
  const run = spawnSync('openssl', ['speed', '-mr', '-evp', name, '-bytes', '16384', '-seconds', String(SECONDS)], {
    encoding: 'utf8',
    env: { ...process.env, OPENSSL_ia32cap: MASK },
  });
  const line = run.stdout.split('\n').find((l) => l.startsWith('+F:'));
  if (run.status !== 0 || !line) throw new Error(`openssl speed ${name}: ${run.stderr || run.stdout}`);
  return Number(line.split(':')[3]) / MiB;
}

/** Our `wasm` provider's MiB/s over about SECONDS of CPU time. */
function ours(algorithm) {
  const t0 = cpu();
  let n = 0;
  while (cpu() - t0 < SECONDS * 1000) digest(algorithm, inputs[n++ & 3], { provider: 'wasm' });
  return (n * 1000) / (cpu() - t0);
}

const sorted = (xs) => [...xs].sort((a, b) => a - b);
console.log(
  `${process.release.name} ${process.versions.node}; OPENSSL_ia32cap="${MASK}"; ${ROUNDS} rounds of ${SECONDS} s each side`,
);
console.log('| algorithm | ours `wasm`, 1 MiB | OpenSSL, 16 KiB | ours ÷ OpenSSL: median (lowest–highest round) |');
console.log('| --- | ---: | ---: | --- |');
for (const algorithm of ALGORITHMS) {
  ours(algorithm); // warm-up: the optimizing tier
  const a = [];
  const b = [];
  for (let r = 0; r < ROUNDS; r++) {
    // alternate which side goes first, so that drift in the machine's load falls on both alike
    if (r & 1) {
      b.push(openssl(OPENSSL[algorithm]));
      a.push(ours(algorithm));
    } else {
      a.push(ours(algorithm));
      b.push(openssl(OPENSSL[algorithm]));
    }
  }
  const ratios = sorted(a.map((x, r) => x / b[r]));
  const f = (x) => x.toFixed(2);
  console.log(
    `| ${algorithm} | ${Math.max(...a).toFixed(0)} | ${Math.max(...b).toFixed(0)} | ${f(ratios[ratios.length >> 1])}x (${f(ratios[0])}–${f(ratios.at(-1))}) |`,
  );
}
