/** Shared by the test files: the providers to run every suite against, and node:crypto's names. */
import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { blake2b, blake2s } from '@noble/hashes/blake2.js';
import { blake3 } from '@noble/hashes/blake3.js';
import { keccak_224, keccak_256, keccak_384, keccak_512 } from '@noble/hashes/sha3.js';
import { createBLAKE3, createSM3, createWhirlpool } from 'hash-wasm';
import { type AlgorithmName, algorithms, type ProviderChoice, providers } from '../../src/index.js';
import { NODE_FROM } from '../../src/providers/auto.js';
import { KNOWN } from '../families/index.js';
import { checksumReference } from './checksums.js';
import { tigerHex } from './classic.js';
import { md2Hex } from './md2.js';
import { pseudoRandomBytes } from './pseudo-random.mjs';
import { MD4_FAMILY, md4FamilyHex } from './ripemd.js';

export { pseudoRandomBytes };

export const ALGORITHMS: AlgorithmName[] = algorithms().map((a) => a.name);
/** The checksums and fast hashes (CRC, Adler-32, xxHash): not cryptographic. */
export const CHECKSUM_NAMES: AlgorithmName[] = algorithms()
  .filter((a) => !a.cryptographic)
  .map((a) => a.name);
/** What our WebAssembly computes: all but MD2 (its core is TypeScript only); every checksum has a wasm core. */
export const WASM_ALGORITHMS: AlgorithmName[] = ALGORITHMS.filter((a) => a !== 'MD2');
/** The checksums with a WebAssembly core: all of them (the CRCs and Adler-32 in one module, xxHash in two). */
export const WASM_CHECKSUMS: AlgorithmName[] = CHECKSUM_NAMES.filter((a) => WASM_ALGORITHMS.includes(a));

/**
 * What node:crypto has of MD4, RIPEMD, BLAKE2 and SM3 on each runtime the portable suite runs on: Node 20's OpenSSL 3.0
 * (MD4 in its legacy provider only), Bun's BoringSSL, Deno's own (runtimes.test.ts says the same of each).
 */
export const NEWER_IN_NODE: readonly AlgorithmName[] = {
  // BLAKE2: blake2b512 and blake2s256 on all three; Bun's BoringSSL also has blake2b256 (BLAKE2B-256), probed with
  // createHash on Bun 1.4, Deno 2.9 and Node 20
  node: ['RIPEMD160', 'BLAKE2B-512', 'BLAKE2S-256', 'SM3'],
  bun: ['MD4', 'RIPEMD160', 'BLAKE2B-256', 'BLAKE2B-512', 'BLAKE2S-256'],
  deno: ['MD4', 'RIPEMD160', 'BLAKE2B-512', 'BLAKE2S-256', 'SM3'],
}[
  process.env.DIGESTLAB_TEST_RUNTIME === 'bun' || process.env.DIGESTLAB_TEST_RUNTIME === 'deno'
    ? process.env.DIGESTLAB_TEST_RUNTIME
    : 'node'
] as AlgorithmName[];

/**
 * Set by vitest.mutation.config.ts for Stryker (npm run test:mutation), which runs the suite once per mutant: the
 * property tests take fewer runs and the default provider's size sweep stops at 2^17 + 1 bytes (every crossover is
 * far below), so ~1,200 mutants fit in CI's time. `npm test` never sets it and runs everything in full.
 */
export const MUTATION_PROFILE = process.env.DIGESTLAB_MUTATION === '1';

/**
 * node:crypto's name for each algorithm it may have (MD2 is absent from OpenSSL 3, Keccak from OpenSSL 3.0), read from
 * the library (`algorithms()`). Not a second copy to compute references with: api.test.ts pins every name literally,
 * and a wrong name here would make node:crypto's reference disagree with the standard vectors and with ts and wasm.
 */
export const NODE_NAMES = Object.fromEntries(algorithms().map((a) => [a.name, a.nodeName])) as Record<
  AlgorithmName,
  string
>;

/** SHAKE's default output length in bytes, as node:crypto's (FIPS 202 gives none). */
export const SHAKE_DEFAULT: Partial<Record<AlgorithmName, number>> = { SHAKE128: 16, SHAKE256: 32 };

/** @noble/hashes' Keccak with the submission's padding, for what Node 20's OpenSSL 3.0 lacks. */
const NOBLE_KECCAK: Partial<Record<AlgorithmName, (m: Uint8Array) => Uint8Array>> = {
  'KECCAK-224': keccak_224,
  'KECCAK-256': keccak_256,
  'KECCAK-384': keccak_384,
  'KECCAK-512': keccak_512,
};

/** hash-wasm's Whirlpool (its own C compiled to WebAssembly): synchronous once created. */
const WHIRLPOOL = await createWhirlpool();
/** hash-wasm's SM3, for a runtime whose node:crypto lacks it (Bun's BoringSSL). */
const SM3 = await createSM3();

/**
 * BLAKE2: node:crypto's where it has the form (BLAKE2b-512, BLAKE2s-256: OpenSSL's C), else @noble/hashes' at the
 * name's (or the asked) length.
 */
function blake2Reference(algorithm: AlgorithmName, data: Uint8Array, outputLength?: number): string {
  const s = algorithm.startsWith('BLAKE2S') || algorithm === 'BLAKE2s';
  const dkLen = outputLength ?? (/-(\d+)$/.test(algorithm) ? Number(algorithm.split('-')[1]) / 8 : s ? 32 : 64);
  if (dkLen === (s ? 32 : 64))
    return createHash(s ? 'blake2s256' : 'blake2b512')
      .update(data)
      .digest('hex');
  return Buffer.from((s ? blake2s : blake2b)(data, { dkLen })).toString('hex');
}

/**
 * An independent reference, as hex: node:crypto called directly (not through our `node` provider); for MD2,
 * which OpenSSL 3 lacks, the test suite's own MD2 written from RFC 1319 (helpers/md2.ts); for Keccak, which
 * Node 20's OpenSSL lacks, and BLAKE3, which no node:crypto has, @noble/hashes (hash-wasm's BLAKE3 at its default
 * length); for MD4 and the RIPEMDs but RIPEMD-160 (node:crypto has no other), the suite's own, written from their
 * papers (helpers/ripemd.ts). `outputLength` is an XOF's (default: node:crypto's, and b3sum's 32 bytes). A family
 * whose file in test/families/ gives its own `reference` is asked first.
 */
export function reference(algorithm: AlgorithmName, data: Uint8Array, outputLength?: number): string {
  const own = KNOWN.get(algorithm)?.family.reference;
  if (own !== undefined) return own(algorithm, data, outputLength);
  if (algorithm === 'MD2') return md2Hex(data);
  const checksum = checksumReference(algorithm, data);
  if (checksum !== undefined) return checksum;
  if (MD4_FAMILY.includes(algorithm) && !NODE_HAS.includes(algorithm)) return md4FamilyHex(algorithm, data);
  if (algorithm === 'BLAKE3-256') {
    // hash-wasm's at the default length (~30x noble's speed: the default provider's sweep hashes 24 MiB)
    if (outputLength === undefined || outputLength === 32) return HASH_WASM_BLAKE3.init().update(data).digest('hex');
    return Buffer.from(blake3(data, { dkLen: outputLength })).toString('hex');
  }
  if (algorithm.startsWith('BLAKE2')) return blake2Reference(algorithm, data, outputLength);
  const keccak = NOBLE_KECCAK[algorithm];
  if (keccak && !NODE_HAS.includes(algorithm)) return Buffer.from(keccak(data)).toString('hex');
  if (algorithm === 'WHIRLPOOL' && !NODE_HAS.includes(algorithm)) return WHIRLPOOL.init().update(data).digest('hex');
  if (algorithm === 'TIGER') return tigerOf(data);
  if (algorithm === 'SM3' && !NODE_HAS.includes(algorithm)) return SM3.init().update(data).digest('hex');
  return nodeHash(algorithm, outputLength).update(data).digest('hex');
}

/** hash-wasm's BLAKE3 (C compiled to WebAssembly), made once: its hasher is created asynchronously. */
const HASH_WASM_BLAKE3 = await createBLAKE3(256);

/**
 * RHash's Tiger and Whirlpool of the first n bytes of one pseudo-random stream, default.test.ts's sweep input, for
 * every n to 129 and at the sweep's sizes to 4 MiB + 1 (vectors/rhash-prefixes.json, made by
 * scripts/vectors/rhash-vectors.mjs; npm run test:refs runs RHash again over them).
 */
export const RHASH_PREFIXES = JSON.parse(readVector('rhash-prefixes.json')) as {
  input: { seed: number; length: number; sha256: string };
  digests: Record<string, { TIGER: string; WHIRLPOOL: string }>;
};

let rhashStream: Uint8Array = new Uint8Array(0);
/** The stream's first `n` bytes: the input of RHASH_PREFIXES' digests at length n. */
export function rhashPrefix(n: number): Uint8Array {
  if (rhashStream.length < n) rhashStream = pseudoRandomBytes(n, RHASH_PREFIXES.input.seed);
  return rhashStream.subarray(0, n);
}

/** RHash's stored digest of `data` when `data` is one of the stream's prefixes that it lists, else undefined. */
export function storedRhash(algorithm: 'TIGER' | 'WHIRLPOOL', data: Uint8Array): string | undefined {
  const entry = RHASH_PREFIXES.digests[data.length];
  return entry !== undefined && Buffer.compare(data, rhashPrefix(data.length)) === 0 ? entry[algorithm] : undefined;
}

/** Up to this many bytes an input RHash's stored digests lack takes the BigInt Tiger (kat.test.ts's 10^6 'a': 0.4 s). */
const TIGER_BIGINT_MAX = 2 ** 20;

/**
 * Tiger's reference, remembered per array (a suite asks for the same bytes' digest again and again): RHash's stored
 * digest for the sweep's inputs (to 4 MiB + 1, which the BigInt Tiger would take seconds over), else the suite's
 * BigInt Tiger (about 3 MB/s; classic-tools.test.ts holds it to RHash's stored digests, kat.test.ts to BouncyCastle's).
 */
const tigerCache = new WeakMap<Uint8Array, string>();
function tigerOf(data: Uint8Array): string {
  let hex = tigerCache.get(data);
  if (hex === undefined) {
    hex = storedRhash('TIGER', data) ?? (data.length <= TIGER_BIGINT_MAX ? tigerHex(data) : undefined);
    if (hex === undefined)
      throw new Error(
        `no Tiger reference for this ${data.length}-byte input: not a prefix vectors/rhash-prefixes.json has ` +
          `(scripts/vectors/rhash-vectors.mjs), and past ${TIGER_BIGINT_MAX} bytes, too long for the BigInt Tiger`,
      );
    tigerCache.set(data, hex);
  }
  return hex;
}

/** node:crypto's hash of `algorithm`, with an explicit output length for SHAKE. */
export function nodeHash(algorithm: AlgorithmName, outputLength?: number) {
  const shake = SHAKE_DEFAULT[algorithm];
  return createHash(NODE_NAMES[algorithm], shake === undefined ? undefined : { outputLength: outputLength ?? shake });
}

/** Algorithms node:crypto has on this machine. */
export const NODE_HAS: AlgorithmName[] = ALGORITHMS.filter((a) => {
  try {
    nodeHash(a);
    return true;
  } catch {
    return false;
  }
});

/** What a suite needs to know of a provider it runs: its id, and which calls it takes. */
export interface CaseProvider {
  id: ProviderChoice;
  sync: boolean;
  streaming: boolean;
  algorithms: AlgorithmName[];
}

/**
 * Every provider a suite runs: each one available here, and `auto`, the default, which takes every call for every
 * algorithm (its one-shots are dispatched by size, its streams go to one concrete provider): the path most users
 * run is tested like the others.
 */
export const CASE_PROVIDERS: readonly CaseProvider[] = [
  ...providers()
    .filter((p) => p.available)
    .map((p) => ({ id: p.id as ProviderChoice, sync: p.sync, streaming: p.streaming, algorithms: p.algorithms })),
  { id: 'auto', sync: true, streaming: true, algorithms: ALGORITHMS },
];

/** [provider id, algorithm] for every provider in {@link CASE_PROVIDERS} and every algorithm it has here. */
export function providerCases(filter?: { sync?: boolean; streaming?: boolean }): [ProviderChoice, AlgorithmName][] {
  return CASE_PROVIDERS.filter((p) => filter?.sync === undefined || p.sync === filter.sync)
    .filter((p) => filter?.streaming === undefined || p.streaming === filter.streaming)
    .flatMap((p) => p.algorithms.map((a) => [p.id, a] as [ProviderChoice, AlgorithmName]));
}

/**
 * The concrete provider a `Digest` made with `choice` reports: the choice itself, or for `auto` the documented rule
 * for streams (node:crypto where it has the algorithm, else our WebAssembly, else our TypeScript), restated here
 * rather than asked of the code under test.
 */
export function streamingProvider(choice: ProviderChoice, algorithm: AlgorithmName): ProviderChoice {
  if (choice !== 'auto') return choice;
  const has = (id: string) => CASE_PROVIDERS.some((p) => p.id === id && p.algorithms.includes(algorithm));
  // node:crypto where it wins from some size on here (auto.ts's rule; Deno's MD5 and SHA-3 never do), else ours
  const nodeWins = NODE_FROM[algorithm].bytes !== Number.POSITIVE_INFINITY;
  return has('node') && nodeWins ? 'node' : has('wasm') ? 'wasm' : 'ts';
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
