/**
 * The native anchor for xxHash: Debian's `xxhsum -b` (0.8.1, xxHash's C; XXH3 with AVX2 where the CPU has it),
 * the four variants digestlab has, on a sample of `size` bytes. Its own loop over data already in memory: no copy,
 * no call from JavaScript, wall time. For checksum-speed.mjs's `--native` rows.
 */
import { spawnSync } from 'node:child_process';

/** xxhsum's bench variants (`-b#`) by our algorithm name. */
const VARIANTS = { XXH32: 1, XXH64: 3, 'XXH3-64': 5, 'XXH3-128': 11 };

/**
 * Hashes per second of a `size`-byte sample for each algorithm, from `xxhsum -q -b1,3,5,11 -B<size> -i<rounds>`
 * (the best of its rounds, as it reports); throws if xxhsum is missing or prints no result for one of them.
 */
export function xxhsumRates(size, rounds = 3) {
  const run = spawnSync('xxhsum', ['-q', `-b${Object.values(VARIANTS).join(',')}`, `-B${size}`, `-i${rounds}`], {
    encoding: 'utf8',
  });
  if (run.error) throw run.error;
  // it reports on stderr, progress lines ending in \r; each variant's last is `N#NAME : bytes -> H it/s (R MB/s)`
  const text = run.stderr + run.stdout;
  const rates = {};
  for (const [name, variant] of Object.entries(VARIANTS)) {
    const m = [...text.matchAll(new RegExp(`\\b${variant}#\\S+\\s*:\\s*(\\d+) ->\\s*([\\d.]+) it/s`, 'g'))].at(-1);
    if (!m || Number(m[1]) !== size) throw new Error(`xxhsum -b printed no ${name} result for ${size} bytes`);
    rates[name] = Number(m[2]);
  }
  return rates;
}
