/** Shared by the test files: the providers to run every suite against, and node:crypto's names. */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type AlgorithmName, algorithms, providers } from '../../src/index.js';

export const ALGORITHMS: AlgorithmName[] = algorithms().map((a) => a.name);

/** node:crypto's name for each algorithm it may have (MD2 is absent from OpenSSL 3). */
export const NODE_NAMES: Record<AlgorithmName, string> = {
  MD2: 'md2',
  MD5: 'md5',
  'SHA-1': 'sha1',
  'SHA-224': 'sha224',
  'SHA-256': 'sha256',
  'SHA-384': 'sha384',
  'SHA-512': 'sha512',
  'SHA-512/224': 'sha512-224',
  'SHA-512/256': 'sha512-256',
};

/** node:crypto as an independent reference (not through our `node` provider). */
export function reference(algorithm: AlgorithmName, data: Uint8Array): string {
  return createHash(NODE_NAMES[algorithm]).update(data).digest('hex');
}

/** Algorithms node:crypto has on this machine. */
export const NODE_HAS: AlgorithmName[] = ALGORITHMS.filter((a) => {
  try {
    createHash(NODE_NAMES[a]);
    return true;
  } catch {
    return false;
  }
});

/** [provider id, algorithm] for every available provider and every algorithm it has here. */
export function providerCases(filter?: { sync?: boolean; streaming?: boolean }): [string, AlgorithmName][] {
  return providers()
    .filter((p) => p.available)
    .filter((p) => filter?.sync === undefined || p.sync === filter.sync)
    .filter((p) => filter?.streaming === undefined || p.streaming === filter.streaming)
    .flatMap((p) => p.algorithms.map((a) => [p.id, a] as [string, AlgorithmName]));
}

/** Path of a file under the repository's vectors/ folder. */
export function vectorPath(name: string): string {
  return fileURLToPath(new URL(`../../../../vectors/${name}`, import.meta.url));
}

export function readVector(name: string): string {
  return readFileSync(vectorPath(name), 'utf8');
}

export function hexToBytes(hex: string): Uint8Array {
  return Uint8Array.from(hex.match(/../g) ?? [], (h) => Number.parseInt(h, 16));
}

/** The lengths, in bytes, at which the large tier's streams of zeros are checked against vectors/zeros.json. */
export const ZERO_STREAM_SIZES: readonly number[] = [
  2 ** 28 - 1,
  2 ** 28,
  2 ** 28 + 1,
  2 ** 29 - 1,
  2 ** 29,
  2 ** 29 + 1,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 31 + 1,
  2 ** 32 - 1,
  2 ** 32,
  2 ** 32 + 5,
];

/** The expected digests of all-zero inputs, from vectors/zeros.json: digests[algorithm][String(size)] as hex. */
export function zeroVectors(): Record<string, Record<string, string>> {
  return (JSON.parse(readVector('zeros.json')) as { digests: Record<string, Record<string, string>> }).digests;
}

/** What {@link streamZeros} needs of a running digest (a `Digest` fits). */
export interface ZeroStreamTarget {
  update(data: Uint8Array): unknown;
  clone(): { digestHex(): string };
}

export interface ZeroStreamResult {
  /** Hex digest of a clone taken at each size, keyed by String(size). */
  digests: Record<string, string>;
  /** Largest rss seen minus the rss at the start, in bytes (sampled at every size and every 256 chunks). */
  rssGrowth: number;
  wallSeconds: number;
  cpuSeconds: number;
}

/**
 * Streams zeros into `target` in chunks of `chunkLength` bytes (one chunk, allocated once and reused), splitting
 * the update that would cross the next size at that size, and digests a clone at each of `sizes` (ascending).
 */
export function streamZeros(
  target: ZeroStreamTarget,
  sizes: readonly number[],
  chunkLength = 2 ** 20 + 7,
): ZeroStreamResult {
  const chunk = new Uint8Array(chunkLength);
  const digests: Record<string, string> = {};
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const rss0 = process.memoryUsage.rss();
  let rssMax = rss0;
  let done = 0;
  let chunks = 0;
  for (const size of sizes) {
    if (size < done) throw new Error(`sizes must ascend: ${size} after ${done}`);
    while (done < size) {
      const n = Math.min(chunkLength, size - done);
      target.update(n === chunkLength ? chunk : chunk.subarray(0, n));
      done += n;
      if (++chunks % 256 === 0) rssMax = Math.max(rssMax, process.memoryUsage.rss());
    }
    digests[String(size)] = target.clone().digestHex();
    rssMax = Math.max(rssMax, process.memoryUsage.rss());
  }
  const cpu = process.cpuUsage(cpu0);
  return {
    digests,
    rssGrowth: rssMax - rss0,
    wallSeconds: (performance.now() - t0) / 1000,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  };
}

/** Deterministic pseudo-random bytes (xorshift32 seeded from `seed`): fast for tens of KiB. */
export function pseudoRandomBytes(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed * 2654435761 || 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x;
  }
  return out;
}
