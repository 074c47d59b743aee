/**
 * The default provider, `auto`, which is what `digestHex(alg, data)` runs for most users: a size sweep at 2^k − 1,
 * 2^k and 2^k + 1 bytes for k = 0..22 through every entry point, against an independent reference (node:crypto
 * called directly; for MD2 the suite's own RFC 1319 MD2; for Tiger RHash's digests of these inputs, stored in
 * vectors/rhash-prefixes.json). `auto` sends a one-shot to a different provider on each side of a crossover, and to a
 * different pair of providers on each runtime, so the sweep also runs `auto` as it is built where node:crypto is
 * missing (browsers, Workers; with and without WebCrypto) and where WebAssembly is missing too, and checks which
 * provider takes each size there.
 */
import { describe, expect, it } from 'vitest';
import { createDigest, digest, digestAsync, digestHex, digestHexAsync, digestMany } from '../src/index.js';
import {
  autoOneShot,
  autoStreaming,
  type Candidates,
  CROSSOVERS,
  type Crossovers,
  crossoversOf,
  NODE_FROM,
  WEBCRYPTO_CROSSOVERS,
  WEBCRYPTO_FROM,
  type WebCryptoFrom,
  webcryptoFromOf,
} from '../src/providers/auto.js';
import { table as crossoverTable, NEVER } from '../src/providers/crossovers.js';
import { nodeProvider } from '../src/providers/node.js';
import { type Provider, runsHere } from '../src/providers/provider.js';
import { tsProvider } from '../src/providers/ts.js';
import { wasmProvider } from '../src/providers/wasm.js';
import { webcryptoProvider } from '../src/providers/webcrypto.js';
import type { AlgorithmName } from '../src/spec/algorithm.js';
import { ALGORITHMS, MUTATION_PROFILE, pseudoRandomBytes, RHASH_PREFIXES, reference } from './helpers/common.js';
import { HOST } from './helpers/host.js';

/**
 * 2^k − 1, 2^k, 2^k + 1 for k = 0..20 (0 to 1 MiB + 1, past every crossover), without repeats; the large tier runs
 * this file to k = 22 (4 MiB + 1: DIGESTLAB_SWEEP_K, set by vitest.config.ts), the mutation profile to k = 17.
 */
const SWEEP_K = Number(process.env.DIGESTLAB_SWEEP_K ?? 20);
const K_MAX = MUTATION_PROFILE ? 17 : SWEEP_K;
const SIZES = [...new Set(Array.from({ length: K_MAX + 1 }, (_, k) => [2 ** k - 1, 2 ** k, 2 ** k + 1]).flat())];
/** The stream's seed: Tiger's reference for these inputs is RHash's, stored for this stream (RHASH_PREFIXES). */
const SEED = 0xdefa;
const DATA = pseudoRandomBytes(2 ** K_MAX + 1, SEED);
/** Each size as its own buffer: a path that read past the end of its input would read other bytes of DATA. */
const INPUTS = SIZES.map((n) => DATA.slice(0, n));
/** The same lengths as ASCII strings: `auto` compares a string's length (UTF-16 units) with the crossovers. */
const asciiOf = (bytes: Uint8Array): string => String.fromCharCode(...bytes.subarray(0, 64).map((b) => b & 0x7f));

const hex = (b: Uint8Array): string => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('hex');

const references = new Map<AlgorithmName, string[]>();
/** The reference digest of every input in INPUTS, computed once per algorithm. */
function wanted(algorithm: AlgorithmName): string[] {
  let r = references.get(algorithm);
  if (r === undefined) {
    r = INPUTS.map((data) => reference(algorithm, data));
    references.set(algorithm, r);
  }
  return r;
}

/** An ASCII string of `n` characters, and its bytes. */
function ascii(n: number): [string, Uint8Array] {
  const unit = asciiOf(DATA);
  const s = unit.repeat(Math.ceil(n / unit.length)).slice(0, n);
  return [s, new TextEncoder().encode(s)];
}

/** Algorithms whose sweep through five entry points takes tens of seconds (MD2: TypeScript alone). */
const SLOW = new Set<string>(['MD2']);

/**
 * SM3 stops at 1 MiB + 1, past its one crossover (1 MiB), and so do BLAKE2b-512 and BLAKE2s-256 (below);
 * Whirlpool and Tiger, which no node:crypto has (so `auto` sends every size to one provider), at 64 KiB + 1, as MD2
 * does: their TypeScript, all a runtime without WebAssembly has, runs at 7 and 45 MiB/s, and the sweep to 1 MiB took
 * 27 s and 7 s there.
 */
const SWEEP_MAX: Partial<Record<string, number>> = {
  SM3: 2 ** 20 + 1,
  WHIRLPOOL: 2 ** 16 + 1,
  TIGER: 2 ** 16 + 1,
  // BLAKE2: the names no node:crypto has go to one provider at every size, and their reference (@noble/hashes,
  // 40 MB/s) to 4 MiB took most of 72 s: 64 KiB + 1; BLAKE2b-512's and BLAKE2s-256's crossovers reach 1 MiB (Deno's)
  ...Object.fromEntries(
    ['B-160', 'B-256', 'B-384', 'b', 'S-128', 'S-160', 'S-224', 's'].map((n) => [`BLAKE2${n}`, 2 ** 16 + 1]),
  ),
  'BLAKE2B-512': 2 ** 20 + 1,
  'BLAKE2S-256': 2 ** 20 + 1,
};
const sweepMax = (algorithm: string): number => SWEEP_MAX[algorithm] ?? Number.POSITIVE_INFINITY;

/**
 * MD2 has one provider on every runtime (ts, with no crossover: the runtime sweeps below check that every entry
 * point goes there), so past 64 KiB + 1 its digestHex, digestAsync and digestHexAsync would hash the same bytes
 * through the same code as digest: only digest and createDigest (the one-shot and the streaming engine) go on to
 * 4 MiB + 1. That halves the unit tier's longest test (the five entry points took 57 s of default.test's 89 s).
 */
const wrappersMax = (algorithm: string): number => (SLOW.has(algorithm) ? 2 ** 16 + 1 : sweepMax(algorithm));

describe('the sweep', () => {
  it(`runs 0 to 2^${K_MAX} + 1 bytes: 2^k − 1, 2^k, 2^k + 1 for k = 0..${K_MAX}`, () => {
    // 3 per k, less 1, 2 and 3, which come twice: 2^0 + 1 = 2^1, 2^1 − 1 = 2^0 and 2^1 + 1 = 2^2 − 1
    expect(SIZES).toHaveLength(3 * (K_MAX + 1) - 3);
    expect(SIZES[0]).toBe(0);
    expect(SIZES.at(-1)).toBe(2 ** K_MAX + 1);
    expect(INPUTS.every((d, i) => d.length === SIZES[i])).toBe(true);
  });

  it('passes every measured crossover on every runtime (both sides of each are swept)', () => {
    if (MUTATION_PROFILE) return;
    for (const [name, table] of Object.entries(CROSSOVERS)) {
      for (const [algorithm, { bytes, hex }] of Object.entries(table)) {
        for (const from of [bytes, hex].filter(Number.isFinite)) {
          expect(from, `${name}: ${algorithm}`).toBeLessThanOrEqual(Math.min(2 ** K_MAX, sweepMax(algorithm)));
        }
      }
    }
  });

  it("its inputs are those whose Tiger RHash's stored digests have (the BigInt Tiger would take seconds)", () => {
    expect(RHASH_PREFIXES.input.seed).toBe(SEED);
    for (const n of SIZES) expect(RHASH_PREFIXES.digests[n]?.TIGER, `${n} bytes`).toMatch(/^[0-9a-f]{48}$/);
  });
});

describe.each(ALGORITHMS)(`the default provider, %s, at 2^k − 1, 2^k, 2^k + 1 bytes (k = 0..${K_MAX})`, (algorithm) => {
  it(
    'digest, digestHex, digestAsync, digestHexAsync and createDigest equal the reference',
    async () => {
      const want = wanted(algorithm);
      const wrong: string[] = [];
      for (const [i, data] of INPUTS.entries()) {
        const n = data.length;
        if (n > sweepMax(algorithm)) break;
        if (hex(digest(algorithm, data)) !== want[i]) wrong.push(`digest, ${n} bytes`);
        if (createDigest(algorithm).update(data).digestHex() !== want[i]) wrong.push(`createDigest, ${n} bytes`);
        if (n > wrappersMax(algorithm)) continue;
        if (digestHex(algorithm, data) !== want[i]) wrong.push(`digestHex, ${n} bytes`);
        if (hex(await digestAsync(algorithm, data)) !== want[i]) wrong.push(`digestAsync, ${n} bytes`);
        if ((await digestHexAsync(algorithm, data)) !== want[i]) wrong.push(`digestHexAsync, ${n} bytes`);
      }
      expect(wrong).toEqual([]);
      // MD2 (TypeScript only, ~8 MiB/s) hashes ~72 MiB here, its reference 24 MiB: ~12 s alone, more under load
    },
    SLOW.has(algorithm) ? 300_000 : undefined,
  );

  it('digestMany of every size in one batch equals the reference', () => {
    expect(digestMany(algorithm, INPUTS).map(hex)).toEqual(wanted(algorithm));
  });

  it('strings: digest and digestHex of ASCII strings of every size up to 64 KiB + 1', () => {
    const wrong: string[] = [];
    for (const n of SIZES.filter((s) => s <= 2 ** 16 + 1)) {
      const [s, bytes] = ascii(n);
      const want = reference(algorithm, bytes);
      if (hex(digest(algorithm, s)) !== want) wrong.push(`digest, ${n} characters`);
      if (digestHex(algorithm, s) !== want) wrong.push(`digestHex, ${n} characters`);
    }
    expect(wrong).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------
// auto as it is built on other runtimes

/** A provider that records which one-shot call it took, then forwards it. */
function recording(p: Provider, log: string[]): Provider {
  return {
    ...p,
    unavailableReason: () => p.unavailableReason(),
    has: (a) => p.has(a),
    create: (a) => p.create(a),
    digestOnce(a, d) {
      log.push(p.id);
      return p.digestOnce(a, d);
    },
    digestHexOnce(a, d) {
      log.push(p.id);
      return p.digestHexOnce(a, d);
    },
    digestAsync(a, d) {
      log.push(p.id);
      return p.digestAsync(a, d);
    },
  };
}

type Runs = (p: Provider, a: AlgorithmName) => boolean;

/**
 * The providers `auto` chooses from on a runtime where `runs` says what runs and node:crypto wins from `nodeFrom`,
 * each recording into `log`.
 */
const candidates = (
  runs: Runs,
  log: string[],
  nodeFrom: Crossovers = NODE_FROM,
  webcryptoFrom: WebCryptoFrom = WEBCRYPTO_CROSSOVERS.Blink,
): Candidates => ({
  nodeFrom,
  webcryptoFrom,
  node: recording(nodeProvider, log),
  wasm: recording(wasmProvider, log),
  ts: recording(tsProvider, log),
  webcrypto: recording(webcryptoProvider, log),
  runs: (p, a) => runs(p, a),
});

/** A browser or Worker: everything but node:crypto (crypto.subtle runs under Node as in a secure page). */
const inABrowser: Runs = (p, a) => p.id !== 'node' && runsHere(p, a);

/**
 * Runtimes by what they lack and by where node:crypto wins there: `auto` is built from the providers that run
 * there, with that runtime's crossovers (Bun's and Deno's are played here by this runtime's providers). The Gecko
 * and WebKit entries differ from Blink's only in where digestAsync goes to WebCrypto, so they sweep only the
 * algorithms WebCrypto has (the fourth element: that engine's table; the sweep takes its algorithms from it).
 */
const RUNTIMES: [string, Runs, Crossovers?, WebCryptoFrom?][] = [
  ['this runtime (Node: node:crypto and WebAssembly)', runsHere],
  ["Bun's crossovers (node:crypto from 0 B but MD5)", runsHere, CROSSOVERS.bun],
  ["Deno's crossovers (node:crypto later; never for MD5 to bytes)", runsHere, CROSSOVERS.deno],
  ['a Blink browser or Worker (no node:crypto)', inABrowser, CROSSOVERS.browser],
  [
    "a Gecko browser (no node:crypto; Gecko's WebCrypto crossovers)",
    inABrowser,
    CROSSOVERS.browser,
    WEBCRYPTO_CROSSOVERS.Gecko,
  ],
  [
    "a WebKit browser (no node:crypto; WebKit's WebCrypto crossovers)",
    inABrowser,
    CROSSOVERS.browser,
    WEBCRYPTO_CROSSOVERS.WebKit,
  ],
  [
    'a browser page over plain HTTP (no node:crypto, no crypto.subtle)',
    (p, a) => p.id !== 'webcrypto' && inABrowser(p, a),
    CROSSOVERS.browser,
  ],
  // Node's crossovers without node:crypto (a runtime not recognised, or Node --jitless): the large side falls back
  ['no node:crypto and no WebAssembly (e.g. --jitless)', (p, a) => p.id === 'ts' && runsHere(p, a)],
];

describe.each(RUNTIMES)('auto built for %s', (_, runs, nodeFrom = NODE_FROM, engineTable) => {
  const webcryptoFrom = engineTable ?? WEBCRYPTO_CROSSOVERS.Blink;
  const algorithms = engineTable
    ? ALGORITHMS.filter((a) => ['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512'].includes(a))
    : ALGORITHMS;
  describe.each(algorithms)('%s', (algorithm) => {
    const log: string[] = [];
    const from = candidates(runs, log, nodeFrom, webcryptoFrom);
    // the documented rule, restated: below the crossover our WebAssembly (else TypeScript), from it node:crypto;
    // without node:crypto, digestAsync from WebCrypto's crossover on goes to WebCrypto where it runs
    const small = runs(wasmProvider, algorithm) ? 'wasm' : 'ts';
    const large = runs(nodeProvider, algorithm) ? 'node' : small;
    const pick = (n: number, from: number) => (n < from ? small : large);
    const { bytes: bytesFrom, hex: hexFrom } = nodeFrom[algorithm];
    const subtle = !runs(nodeProvider, algorithm) && runs(webcryptoProvider, algorithm);
    const subtleFrom = webcryptoFrom[algorithm] ?? Number.POSITIVE_INFINITY;
    const pickAsync = (n: number) => (subtle && n >= subtleFrom ? 'webcrypto' : pick(n, bytesFrom));
    // MD2 has no crossover and one provider (ts) on every runtime, at ~5 MiB/s: its sweep to 4 MiB is the one above;
    // BLAKE3 has no crossover either, and where only TypeScript runs it, its sweep stops there too
    const tsOnly = algorithm === 'MD2' || (algorithm === 'BLAKE3-256' && small === 'ts');
    const sweepTo = tsOnly ? 2 ** 16 + 1 : sweepMax(algorithm);

    it('one-shots (bytes, hex, async) of every size equal the reference, each through the provider it should', async () => {
      const auto = autoOneShot(algorithm, from);
      const want = wanted(algorithm);
      const wrong: string[] = [];
      for (const [i, data] of INPUTS.entries()) {
        const n = data.length;
        if (n > sweepTo) break;
        log.length = 0;
        if (hex(auto.digestOnce(algorithm, data)) !== want[i]) wrong.push(`digestOnce, ${n} bytes`);
        if (auto.digestHexOnce(algorithm, data) !== want[i]) wrong.push(`digestHexOnce, ${n} bytes`);
        if (hex(await auto.digestAsync(algorithm, data)) !== want[i]) wrong.push(`digestAsync, ${n} bytes`);
        const expected = [pick(n, bytesFrom), pick(n, hexFrom), pickAsync(n)];
        if (log.join() !== expected.join()) wrong.push(`${n} bytes went to ${log}, not ${expected}`);
      }
      expect(wrong).toEqual([]);
    });

    it('streams go to node:crypto where it wins from some size on, else WebAssembly, else TypeScript', () => {
      const nodeWins = runs(nodeProvider, algorithm) && bytesFrom !== Number.POSITIVE_INFINITY;
      const want = nodeWins ? 'node' : runs(wasmProvider, algorithm) ? 'wasm' : 'ts';
      expect(autoStreaming(algorithm, from).id).toBe(want);
    });
  });
});

describe("auto's crossovers: this runtime's, chosen at load", () => {
  it(`uses ${HOST.runtime}'s table here`, () => {
    expect(NODE_FROM).toBe(CROSSOVERS[HOST.runtime]);
  });

  it.each(['node', 'bun', 'deno', 'workerd', 'browser', 'unknown'] as const)("%s's table", (name) => {
    // a runtime not recognised may have a node:crypto as Node's: Node's table, so a wrong guess errs towards the known
    expect(crossoversOf(name)).toBe(CROSSOVERS[name === 'unknown' ? 'node' : name]);
  });

  it("in workerd, node:crypto (BoringSSL behind workerd's bindings) takes later than on Node: the seed's call stays ours", () => {
    // measured inside workerd (crossovers.mjs --workerd): a call there costs several times Node's, so the seed's
    // string (93 characters) to hex, which Node hands to OpenSSL for the SHA-2s, is our WebAssembly's there
    const seed = 'x'.repeat(93);
    for (const algorithm of ['SHA-256', 'SHA-512'] as const) {
      expect(CROSSOVERS.node[algorithm].hex).toBeLessThanOrEqual(seed.length);
      expect(CROSSOVERS.workerd[algorithm].hex).toBeGreaterThan(seed.length);
      const log: string[] = [];
      const auto = autoOneShot(algorithm, candidates(runsHere, log, CROSSOVERS.workerd));
      auto.digestHexOnce(algorithm, seed);
      expect(log).toEqual(['wasm']);
    }
  });

  it('in a browser node:crypto never wins, so a one-shot goes straight to our provider: no length test per call', () => {
    for (const { bytes, hex } of Object.values(CROSSOVERS.browser)) expect([bytes, hex]).toEqual([Infinity, Infinity]);
    const only = candidates(inABrowser, [], CROSSOVERS.browser, {});
    expect(autoOneShot('MD5', only)).toBe(only.wasm);
    expect(autoOneShot('MD2', only)).toBe(only.ts);
    // WebCrypto may take long async inputs: a dispatcher, whose sync calls are still our WebAssembly's
    const blink = candidates(inABrowser, [], CROSSOVERS.browser, WEBCRYPTO_CROSSOVERS.Blink);
    expect(autoOneShot('SHA-256', blink)).not.toBe(blink.wasm);
  });

  it("an algorithm with no row (not measured yet) is never node:crypto's; a row is read as bytes, then hex", () => {
    const one = crossoverTable([1024, 64], ['MD5']);
    expect(one.MD5).toEqual({ bytes: 1024, hex: 64 });
    expect(one['SHA-256']).toBe(NEVER);
    expect(Object.keys(one).sort()).toEqual([...ALGORITHMS].sort());
    expect(crossoverTable([null, null], ['MD5']).MD5).toBe(NEVER);
    expect(crossoverTable([null, 0], ['MD5']).MD5).toEqual({ bytes: Infinity, hex: 0 });
  });

  it('every algorithm on every runtime has both crossovers, none negative', () => {
    for (const table of Object.values(CROSSOVERS)) {
      expect(Object.keys(table).sort()).toEqual([...ALGORITHMS].sort());
      for (const { bytes, hex } of Object.values(table)) expect(Math.min(bytes, hex)).toBeGreaterThanOrEqual(0);
    }
  });
});

describe("auto's WebCrypto crossovers: the browser engine's, chosen at load", () => {
  it.each(['Blink', 'Gecko', 'WebKit', 'unknown'] as const)("%s's table", (engine) => {
    expect(webcryptoFromOf(engine)).toBe(WEBCRYPTO_CROSSOVERS[engine]);
  });

  it('outside a browser, and in an engine not measured: never WebCrypto (our WebAssembly, the safe choice)', () => {
    expect(webcryptoFromOf(undefined)).toEqual({});
    expect(WEBCRYPTO_CROSSOVERS.unknown).toEqual({});
    expect(WEBCRYPTO_FROM).toBe(WEBCRYPTO_CROSSOVERS.unknown);
  });

  it('every crossover is one of the algorithms WebCrypto has, at a positive size', () => {
    for (const table of Object.values(WEBCRYPTO_CROSSOVERS)) {
      for (const [algorithm, from] of Object.entries(table)) {
        expect(['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512']).toContain(algorithm);
        expect(from).toBeGreaterThan(0);
      }
    }
  });
});

describe('auto built for a browser with WebCrypto: long digestAsync inputs, per engine', () => {
  // the sweep above restates the rule from the tables; this pins what was measured (BENCHMARKS.md). Each input is
  // its own zeros: DATA is shorter in the mutation profile (2^17 + 1 bytes) than the longest crossover here
  it.each([
    ['Blink', 'SHA-1', 8191, 'wasm'],
    ['Blink', 'SHA-1', 8192, 'webcrypto'],
    ['Blink', 'SHA-256', 2047, 'wasm'],
    ['Blink', 'SHA-256', 2048, 'webcrypto'],
    ['Blink', 'SHA-384', 2 ** 16, 'wasm'],
    ['Blink', 'SHA-512', 2 ** 16, 'wasm'],
    ['Blink', 'MD5', 2 ** 16, 'wasm'],
    ['Gecko', 'SHA-1', 2 ** 20, 'wasm'],
    ['Gecko', 'SHA-256', 65535, 'wasm'],
    ['Gecko', 'SHA-256', 65536, 'webcrypto'],
    ['Gecko', 'SHA-512', 2 ** 20, 'wasm'],
    ['WebKit', 'SHA-1', 131071, 'wasm'],
    ['WebKit', 'SHA-1', 131072, 'webcrypto'],
    ['WebKit', 'SHA-256', 131071, 'wasm'],
    ['WebKit', 'SHA-256', 131072, 'webcrypto'],
    ['WebKit', 'SHA-384', 262143, 'wasm'],
    ['WebKit', 'SHA-384', 262144, 'webcrypto'],
    ['WebKit', 'SHA-512', 262143, 'wasm'],
    ['WebKit', 'SHA-512', 262144, 'webcrypto'],
    ['WebKit', 'MD5', 2 ** 20, 'wasm'],
    ['unknown', 'SHA-256', 2 ** 16, 'wasm'],
  ] as const)('%s: %s of %i bytes goes to %s', async (engine, algorithm, n, want) => {
    const log: string[] = [];
    const from = candidates(inABrowser, log, NODE_FROM, WEBCRYPTO_CROSSOVERS[engine]);
    await autoOneShot(algorithm, from).digestAsync(algorithm, new Uint8Array(n));
    expect(log).toEqual([want]);
  });
});
