/**
 * The checksums and fast hashes (CRC-32, CRC-32C, CRC-64/NVME, CRC-64/XZ, POSIX cksum's CRC, Adler-32, XXH32,
 * XXH64, XXH3-64, XXH3-128) against references we did not write: the CRC catalogue's check values, and the values
 * Debian's programs printed for 300 lengths of one input (vectors/checksums/references.json: Python's zlib,
 * python3-xxhash with seeds and python3-crcmod, xxhsum 0.8.1, RHash, coreutils' cksum, xz;
 * scripts/vectors/checksum-vectors.mjs, whose
 * --check the refs tier runs). Every provider that has them, and `auto`; one-shot, streamed in every chunking that
 * crosses a threshold (XXH3's 16, 128 and 240 bytes, its 64-byte stripes and 1024-byte blocks, xxHash's stripes),
 * cloned, exported and imported midway, `digestMany` and `digestStream`.
 */
import { describe, expect, it } from 'vitest';
import {
  type AlgorithmName,
  algorithms,
  createDigest,
  digestHex,
  digestMany,
  digestStream,
  HmacUnsupportedError,
  hmac,
  InvalidOptionError,
  importState,
  type ProviderChoice,
} from '../src/index.js';
import { crc32 } from '../src/shared/state-envelope.js';
import { checksumReference, cksumFinish } from './helpers/checksums.js';
import { CASE_PROVIDERS, pseudoRandomBytes, readVector } from './helpers/common.js';

interface References {
  lengths: number[];
  seeds32: number[];
  seeds64: string[];
  python: (Record<'CRC-32' | 'ADLER32' | 'CRC-64/NVME' | 'CRC-64/XZ', string> &
    Record<'XXH32' | 'XXH64' | 'XXH3-64' | 'XXH3-128', string[]>)[];
  xxhsum: Record<'XXH32' | 'XXH64' | 'XXH3-64' | 'XXH3-128', string[]>;
  rhash: [string, string][];
  cksum: string[];
  xz: (string | null)[];
}

const REFS = JSON.parse(readVector('checksums/references.json')) as References;
const INPUT = pseudoRandomBytes(REFS.lengths.at(-1) as number, 0x5eed);
const XXH = ['XXH32', 'XXH64', 'XXH3-64', 'XXH3-128'] as const;
const CHECKSUMS: AlgorithmName[] = ['CRC-32', 'CRC-32C', 'CRC-64/NVME', 'CRC-64/XZ', 'CKSUM', 'ADLER32', ...XXH];

/** The stored reference of `algorithm` for the i-th length (no seed), in the library's hex. */
function expected(algorithm: AlgorithmName, i: number): string {
  const p = REFS.python[i];
  switch (algorithm) {
    case 'CRC-32':
    case 'ADLER32':
    case 'CRC-64/NVME':
      return p[algorithm];
    case 'CRC-32C':
      return REFS.rhash[i][1];
    case 'CKSUM':
      return (Number(REFS.cksum[i]) >>> 0).toString(16).padStart(8, '0');
    case 'CRC-64/XZ':
      return REFS.xz[i] ?? '0000000000000000';
    default:
      return p[algorithm as (typeof XXH)[number]][0];
  }
}

/** Providers that have `algorithm` here, and `auto`. */
function providersOf(algorithm: AlgorithmName): ProviderChoice[] {
  return CASE_PROVIDERS.filter((p) => p.algorithms.includes(algorithm)).map((p) => p.id);
}

/** Every reference length, or every few of them for the slow paths: (index, length). */
const CASES = REFS.lengths.map((n, i) => [i, n] as const);

describe('the catalogue', () => {
  const check = new TextEncoder().encode('123456789');
  it.each([
    ['CRC-32', 'cbf43926'],
    ['CRC-32C', 'e3069283'],
    ['CRC-64/NVME', 'ae8b14860a799888'],
    ['CRC-64/XZ', '995dc9bbdf1939fa'],
    // cksum prints 930766865 for these nine bytes
    ['CKSUM', (930766865).toString(16)],
    ['ADLER32', '091e01de'],
  ] as [AlgorithmName, string][])('%s of "123456789" is its check value', (algorithm, value) => {
    for (const provider of providersOf(algorithm)) expect(digestHex(algorithm, check, { provider })).toBe(value);
  });

  it('lists them as not cryptographic, with their aliases; HMAC refuses them and says why', () => {
    const listed = algorithms().filter((a) => CHECKSUMS.includes(a.name));
    expect(listed.map((a) => a.name).sort()).toEqual([...CHECKSUMS].sort());
    for (const a of listed) {
      expect(a.cryptographic).toBe(false);
      expect(a.hmac).toBe(false);
      expect(() => hmac(a.name, 'key', 'data')).toThrow(HmacUnsupportedError);
      expect(() => hmac(a.name, 'key', 'data')).toThrow(/not a cryptographic hash/);
    }
    expect(digestHex('crc32', 'a')).toBe(digestHex('CRC-32', 'a'));
    expect(digestHex('xxh128', 'a')).toBe(digestHex('XXH3-128', 'a'));
    expect(digestHex('xxh3', 'a')).toBe(digestHex('XXH3-64', 'a'));
    expect(digestHex('crc-32/iscsi', 'a')).toBe(digestHex('CRC-32C', 'a'));
  });
});

describe('against the stored references, every length', () => {
  it.each(CHECKSUMS)('%s: every provider, one-shot', (algorithm) => {
    for (const provider of providersOf(algorithm)) {
      for (const [i, n] of CASES) {
        expect(digestHex(algorithm, INPUT.subarray(0, n), { provider }), `${provider} ${n}`).toBe(
          expected(algorithm, i),
        );
      }
    }
  });

  it('the references agree among themselves: xxhsum and python3-xxhash, RHash and zlib', () => {
    for (const [i] of CASES) {
      for (const a of XXH) expect(REFS.xxhsum[a][i]).toBe(REFS.python[i][a][0]);
      expect(REFS.rhash[i][0]).toBe(REFS.python[i]['CRC-32']);
      // crcmod from the catalogue's parameters, and xz's own CRC-64 (none for the empty input, which makes no block)
      expect(REFS.xz[i] ?? '0000000000000000').toBe(REFS.python[i]['CRC-64/XZ']);
    }
  });

  it.each(XXH)('%s with seeds, 32 and 64 bits, bigint or number', (algorithm) => {
    const seeds = algorithm === 'XXH32' ? REFS.seeds32.map((s) => BigInt(s)) : REFS.seeds64.map((s) => BigInt(s));
    for (const [i, n] of CASES.filter((_, k) => k % 3 === 0)) {
      seeds.forEach((seed, s) => {
        const want = REFS.python[i][algorithm][s + 1];
        expect(digestHex(algorithm, INPUT.subarray(0, n), { seed }), `${n} ${seed}`).toBe(want);
        const engine = createDigest(algorithm, { seed });
        engine.update(INPUT.subarray(0, n >> 1));
        engine.update(INPUT.subarray(n >> 1, n));
        expect(engine.digestHex()).toBe(want);
      });
    }
    expect(digestHex(algorithm, 'abc', { seed: 1 })).toBe(digestHex(algorithm, 'abc', { seed: 1n }));
  });

  it('refuses a seed out of range, of the wrong type, or for an algorithm without one', () => {
    expect(() => digestHex('XXH32', 'a', { seed: 2 ** 32 })).toThrow(InvalidOptionError);
    expect(() => digestHex('XXH64', 'a', { seed: 1n << 64n })).toThrow(InvalidOptionError);
    expect(() => digestHex('XXH64', 'a', { seed: -1 })).toThrow(InvalidOptionError);
    expect(() => digestHex('XXH64', 'a', { seed: 1.5 })).toThrow(InvalidOptionError);
    expect(() => digestHex('XXH3-64', 'a', { seed: '1' as unknown as number })).toThrow(InvalidOptionError);
    expect(() => digestHex('CRC-32', 'a', { seed: 1 })).toThrow(/takes no seed/);
    expect(() => digestHex('SHA-256', 'a', { seed: 1 })).toThrow(/takes no seed/);
  });
});

/** The chunk sizes that put a piece's edge on every threshold of the streaming path. */
const CHUNKS = [1, 3, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 239, 240, 241, 1023, 1024, 1025, 4096];
/** Lengths to stream, their reference index: the edges of XXH3's short paths, stripes and blocks. */
const STREAMED = CASES.filter(
  ([, n]) => n <= 32 || [63, 64, 65, 127, 128, 129, 239, 240, 241, 255, 256, 257].includes(n) || n > 260,
);

describe('streaming', () => {
  it.each(CHECKSUMS)('%s: every chunk size, and two pieces split at every threshold', (algorithm) => {
    for (const provider of providersOf(algorithm)) {
      for (const [i, n] of STREAMED) {
        const want = expected(algorithm, i);
        const data = INPUT.subarray(0, n);
        for (const chunk of CHUNKS.filter((c) => c < n || c === 1)) {
          const d = createDigest(algorithm, { provider });
          for (let off = 0; off < n; off += chunk) d.update(data.subarray(off, off + chunk));
          expect(d.digestHex(), `${provider} ${n} in ${chunk}s`).toBe(want);
        }
        for (const cut of CHUNKS.filter((c) => c < n)) {
          const d = createDigest(algorithm, { provider });
          d.update(data.subarray(0, cut));
          d.update(new Uint8Array(0));
          d.update(data.subarray(cut));
          expect(d.digestHex(), `${provider} ${n} cut at ${cut}`).toBe(want);
        }
      }
    }
  });

  it.each(CHECKSUMS)('%s: clone, exportState and importState midway continue to the same value', (algorithm) => {
    for (const [i, n] of STREAMED.filter(([, m]) => m > 0)) {
      const want = expected(algorithm, i);
      for (const cut of [1, n >> 1, n - 1, Math.max(0, n - 64)]) {
        const d = createDigest(algorithm, { provider: 'ts' });
        d.update(INPUT.subarray(0, cut));
        const copy = d.clone();
        const state = d.exportState();
        d.update(INPUT.subarray(cut, n));
        expect(d.digestHex()).toBe(want);
        copy.update(INPUT.subarray(cut, n));
        expect(copy.digestHex()).toBe(want);
        for (const provider of ['ts', 'auto'] as const) {
          const restored = importState(state, { provider });
          restored.update(INPUT.subarray(cut, n));
          expect(restored.digestHex(), `${n} cut at ${cut}`).toBe(want);
        }
      }
    }
  });

  it('a seeded state keeps its seed; a state whose seed does not fit, or whose bytes disagree, is refused', () => {
    const d = createDigest('XXH3-128', { seed: (1n << 64n) - 1n });
    d.update(INPUT.subarray(0, 1500));
    const state = d.exportState();
    const copy = d.clone();
    const restored = importState(state);
    restored.update(INPUT.subarray(1500, 2049));
    const i = REFS.lengths.indexOf(2049);
    expect(restored.digestHex()).toBe(REFS.python[i]['XXH3-128'][2]);
    // reset leaves the state of a fresh digest (the input kept before the buffered bytes too)
    const fresh = createDigest('XXH3-128', { seed: (1n << 64n) - 1n }).exportState();
    expect(Buffer.from(d.clone().reset().exportState()).equals(Buffer.from(fresh))).toBe(true);
    // a clone keeps the seed too; reset starts over under it
    copy.update(INPUT.subarray(1500, 2049));
    expect(copy.digestHex()).toBe(REFS.python[i]['XXH3-128'][2]);
    copy.reset().update(INPUT.subarray(0, 2049));
    expect(copy.digestHex()).toBe(REFS.python[i]['XXH3-128'][2]);
    const x = createDigest('XXH32', { seed: 7 });
    x.update(INPUT.subarray(0, 20));
    const bad = x.exportState();
    // the seed's high word set: no 32-bit seed, and the CRC-32 at the end no longer matches
    bad[16] = 1;
    expect(() => importState(bad)).toThrow();
  });

  it.each(CHECKSUMS)('%s: digestMany and digestStream', async (algorithm) => {
    const picks = CASES.filter((_, k) => k % 17 === 0);
    const many = digestMany(
      algorithm,
      picks.map(([, n]) => INPUT.subarray(0, n)),
    );
    picks.forEach(([i], k) => {
      expect(Buffer.from(many[k]).toString('hex')).toBe(expected(algorithm, i));
    });
    const i = REFS.lengths.indexOf(100000);
    const chunks = (async function* () {
      for (let off = 0; off < 100000; off += 777) yield INPUT.subarray(off, Math.min(off + 777, 100000));
    })();
    expect(Buffer.from(await digestStream(algorithm, chunks)).toString('hex')).toBe(expected(algorithm, i));
  });
});

/** A copy of `state` with its total set to `total` and its CRC-32 made again (the envelope's, shared/state-envelope.ts). */
function withTotal(state: Uint8Array, total: number): Uint8Array {
  const s = state.slice();
  const view = new DataView(s.buffer);
  view.setUint32(8, Math.floor(total / 2 ** 32));
  view.setUint32(12, total % 2 ** 32);
  view.setUint32(s.length - 4, crc32(s.subarray(0, s.length - 4)));
  return s;
}

describe('lengths across the counters, through crafted states', () => {
  // XXH32 adds its length mod 2^32, as its specification says: a state that has hashed 2^32 (or 2^33) more bytes
  // than a real one, with the same accumulators and tail, must end on the same value; at 2^31 more (the sign bit
  // of a 32-bit total), on another
  it('XXH32: the total past 2^31 and 2^32 bytes is taken mod 2^32, never truncated or saturated', () => {
    for (const [i, n] of CASES.filter(([, m]) => m >= 16 && m % 7 === 0)) {
      const state = createDigest('XXH32', { provider: 'ts' }).update(INPUT.subarray(0, n)).exportState();
      for (const extra of [2 ** 32, 2 ** 33, 2 ** 44]) {
        expect(importState(withTotal(state, n + extra)).digestHex(), `${n} + ${extra}`).toBe(expected('XXH32', i));
      }
      expect(importState(withTotal(state, n + 2 ** 31)).digestHex()).not.toBe(expected('XXH32', i));
    }
  });

  // cksum appends the total in as few bytes as it takes: four below 2^32, five from it, seven near 2^53
  it('CKSUM: the length appended past 2^24, 2^32 and 2^48 bytes, against the end written from POSIX here', () => {
    const state = createDigest('CKSUM', { provider: 'ts' }).update(INPUT.subarray(0, 1000)).exportState();
    const register = new DataView(state.buffer).getUint32(24);
    for (const total of [2 ** 24 - 1, 2 ** 24, 2 ** 31, 2 ** 32 - 1, 2 ** 32, 2 ** 32 + 5, 2 ** 48, 2 ** 53 - 1]) {
      expect(importState(withTotal(state, total)).digestHex(), String(total)).toBe(cksumFinish(register, total));
    }
  });

  it('XXH3: a state buffers 1 to 1024 bytes once anything was hashed, and keeps the 64 bytes before them', () => {
    for (const n of [1, 240, 241, 1023, 1024, 1025, 1087, 2048, 2049]) {
      const s = createDigest('XXH3-64', { provider: 'ts' }).update(INPUT.subarray(0, n)).exportState();
      const view = new DataView(s.buffer);
      const pos = ((n - 1) % 1024) + 1;
      expect(view.getUint16(6), String(n)).toBe(pos);
      expect(s.length).toBe(16 + 8 + 64 + 64 + pos + 4);
      const before = n > 1024 ? INPUT.subarray(n - pos - 64, n - pos) : new Uint8Array(64);
      expect(Buffer.from(s.subarray(88, 152)).toString('hex')).toBe(Buffer.from(before).toString('hex'));
      // a buffered count the total cannot leave is refused (one byte more: one more buffered, or 1 after a block)
      expect(() => importState(withTotal(s, n + 1))).toThrow(/buffered bytes cannot follow/);
    }
  });

  it("the generic suites' reference (hash-wasm's, and the bit-by-bit cksum) gives the stored values", () => {
    for (const algorithm of CHECKSUMS) {
      for (const [i, n] of CASES)
        expect(checksumReference(algorithm, INPUT.subarray(0, n))).toBe(expected(algorithm, i));
    }
  });
});
