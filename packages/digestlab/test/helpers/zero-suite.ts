/**
 * The large tier's zero-stream suite, shared by zeros-32bit.large.test.ts and zeros-64bit.large.test.ts (two
 * files, so that two workers run the halves side by side).
 *
 * One stream of zeros per algorithm and provider, in chunks of 1 MiB + 7 bytes (one chunk, reused), so the
 * buffered partial block differs at every size; the update that would cross a size is split there and a clone
 * is digested at each of ZERO_STREAM_SIZES (2^28 - 1 ... 2^32 + 5), against vectors/zeros.json (OpenSSL's
 * digests, from scripts/vectors/zero-vectors.mjs). Memory must stay flat over the ~4 GiB stream.
 */
import { describe, expect, test } from 'vitest';
import { type AlgorithmName, createDigest } from '../../src/index.js';
import { NODE_HAS, streamZeros, ZERO_STREAM_SIZES, zeroVectors } from './common.js';

const VECTORS = zeroVectors();
/** rss may move a little (heap growth, JIT code); a leak of even 1/64 of the stream would not fit. */
const RSS_SLACK = 64 * 2 ** 20;

function expected(algorithm: AlgorithmName, digestLength: number): Record<string, string> {
  const want = Object.fromEntries(ZERO_STREAM_SIZES.map((s) => [String(s), VECTORS[algorithm]?.[String(s)]]));
  // Fail before a minutes-long stream when zeros.json lacks a size.
  for (const [size, hex] of Object.entries(want)) {
    expect(hex, `vectors/zeros.json: ${algorithm} ${size}`).toMatch(new RegExp(`^[0-9a-f]{${2 * digestLength}}$`));
  }
  return want;
}

/** `providers`: ours and node:crypto, unless node:crypto lacks the algorithm (MD4: OpenSSL's legacy provider only). */
export function zeroStreamSuite(
  algorithms: AlgorithmName[],
  providers: readonly ('ts' | 'wasm' | 'node')[] = ['ts', 'wasm', 'node'],
): void {
  describe.each(algorithms)('%s: zeros up to 2^32 + 5 bytes', (algorithm) => {
    test.each(providers)('provider %s', (provider) => {
      if (provider === 'node') expect(NODE_HAS, 'node:crypto has the algorithm').toContain(algorithm);
      const digest = createDigest(algorithm, { provider });
      expect(digest.provider).toBe(provider);
      const want = expected(algorithm, digest.digestLength);
      const got = streamZeros(digest, ZERO_STREAM_SIZES);
      console.log(
        `${algorithm} ${provider}: ${got.wallSeconds.toFixed(1)} s wall, ${got.cpuSeconds.toFixed(1)} s cpu, ` +
          `${((2 ** 32 + 5) / got.cpuSeconds / 1e6).toFixed(0)} MB/s per cpu second, ` +
          `rss +${(got.rssGrowth / 2 ** 20).toFixed(1)} MiB`,
      );
      expect(got.digests).toStrictEqual(want);
      expect(got.rssGrowth).toBeLessThan(RSS_SLACK);
    });
  });
}
