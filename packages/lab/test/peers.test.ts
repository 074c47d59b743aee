import { createHash, createHmac } from 'node:crypto';
import { type AlgorithmName, algorithms, digest, hmacHex } from 'digestlab';
import { describe, expect, it, vi } from 'vitest';
import { defaultReference, randomBytes } from '../src/engine.js';
import { PEERS } from '../src/peers/index.js';
import { bytesHex, outputHex } from '../src/rows.js';
import { HMAC_KEY, SEED_INPUT, SEED_JAVA_HEX } from '../src/seed.js';

/**
 * node:crypto's names, from the library (its own suite pins each), for the HMAC reference where this node:crypto has
 * the algorithm. Where it has none (Keccak in OpenSSL 3.0, Node 20's), the reference is digestlab's `ts` HMAC, which
 * the library's suite proves against RFC 2104's formula over @noble/hashes' Keccak.
 */
const NODE_NAMES = Object.fromEntries(algorithms().map((a) => [a.name, a.nodeName])) as Record<AlgorithmName, string>;
const nodeHas = (algorithm: AlgorithmName): boolean => {
  try {
    createHash(NODE_NAMES[algorithm]);
    return true;
  } catch {
    return false;
  }
};
const hmacReference = (algorithm: AlgorithmName, key: Uint8Array, input: string): string =>
  nodeHas(algorithm)
    ? createHmac(NODE_NAMES[algorithm], key).update(input, 'utf8').digest('hex')
    : hmacHex(algorithm, key, input, { provider: 'ts' });

// Correctness of every adapter (no timing): the seed string against Java's digests, bytes and streams against
// node:crypto. If an adapter called its library wrongly, the bench would show it WRONG; this catches it earlier.
describe('peer adapters', () => {
  const ref = defaultReference();
  for (const row of PEERS) {
    it(`${row.id}: seed digests match Java's, bytes and streams match node:crypto`, async () => {
      for (const algorithm of row.algorithms) {
        const p = await row.prepare(algorithm);
        const java = SEED_JAVA_HEX[algorithm];
        expect(p.hex, `${row.id} has a seed call`).toBeDefined();
        if (java && p.hex) expect(await p.hex(SEED_INPUT), `${row.id} ${algorithm} seed`).toBe(java);
        const expected = await ref.digest(algorithm, randomBytes(1000));
        if (!expected) continue; // MD2: node:crypto has none; js-md2 has no byte input anyway
        if (p.bytes) {
          expect(outputHex(await p.bytes(randomBytes(1000))), `${row.id} ${algorithm} bytes`).toBe(bytesHex(expected));
        }
        if (p.stream) {
          const h = await p.stream();
          const data = randomBytes(1000);
          h.update(data.subarray(0, 300).slice());
          h.update(data.subarray(300).slice());
          expect(outputHex(h.finish()), `${row.id} ${algorithm} stream`).toBe(bytesHex(expected));
        }
      }
    });
  }

  for (const row of PEERS.filter((r) => (r.hmacAlgorithms ?? []).length > 0)) {
    it(`${row.id}: HMACs match node:crypto's createHmac, Keccak's our ts (the workload's key, a key longer than a block, UTF-8)`, async () => {
      for (const algorithm of row.hmacAlgorithms ?? []) {
        const p = await row.prepare(algorithm);
        expect(p.hmac, `${row.id} ${algorithm} has an hmac call`).toBeDefined();
        if (!p.hmac) continue;
        const longKey = randomBytes(200, 7);
        for (const [key, input] of [
          [HMAC_KEY, SEED_INPUT],
          [longKey, SEED_INPUT],
          [HMAC_KEY, 'ünïcödé \u{1f600}'],
        ] as const) {
          const want = hmacReference(algorithm, key, input);
          const call = await p.hmac(key);
          expect(await call(input), `${row.id} ${algorithm} key ${key.length} B, ${JSON.stringify(input)}`).toBe(want);
          // keyed anew per call: the same call gives the same MAC again
          expect(await call(input)).toBe(want);
        }
      }
    });
  }

  it('every peer declares its package, what it is implemented in, and at least one algorithm', () => {
    for (const row of PEERS) {
      expect(row.library).toMatch(/^[@a-z]/);
      expect(['TypeScript', 'JavaScript', 'WebAssembly', 'OpenSSL', 'WebCrypto']).toContain(row.implementedIn);
      expect(row.algorithms.length).toBeGreaterThan(0);
    }
  });
});

// node:crypto has no BLAKE3, so the suite above checks no BLAKE3 digest: each peer's is checked against ours (`ts`,
// which the library's suite checks against BLAKE3's official vectors and b3sum), across a chunk edge (1 KiB) and a
// stream split on one, and at another output length where the row takes one.
describe('BLAKE3 peers against digestlab', () => {
  const ours = (data: Uint8Array | string, outputLength?: number) =>
    bytesHex(digest('BLAKE3', data, { provider: 'ts', ...(outputLength ? { outputLength } : {}) }));
  const rows = PEERS.filter((r) => r.algorithms.includes('BLAKE3-256'));

  it('are @noble/hashes, hash-wasm and blake3-wasm', () => {
    expect(rows.map((r) => r.id).sort()).toEqual(['@noble/hashes', 'blake3-wasm', 'hash-wasm']);
  });

  for (const row of rows) {
    it(`${row.id}: seed string, bytes and a stream give our digests`, async () => {
      const p = await row.prepare('BLAKE3-256');
      expect(await p.hex?.(SEED_INPUT)).toBe(ours(SEED_INPUT));
      for (const n of [0, 1024, 1025, 5000]) {
        expect(outputHex(await (p.bytes?.(randomBytes(n, n)) ?? '')), `${row.id} ${n} bytes`).toBe(
          ours(randomBytes(n, n)),
        );
      }
      const data = randomBytes(3000, 3);
      const h = await (p.stream?.() ?? Promise.reject(new Error(`${row.id} cannot stream`)));
      h.update(data.subarray(0, 1024).slice());
      h.update(data.subarray(1024).slice());
      expect(outputHex(h.finish())).toBe(ours(data));
    });
  }

  it("blake3-wasm: 131 bytes out (the official vectors' length) in one-shot and stream calls", async () => {
    const row = rows.find((r) => r.id === 'blake3-wasm');
    expect(row?.outputLength).toBe(true);
    const p = await row?.prepare('BLAKE3-256', { outputLength: 131 });
    const data = randomBytes(2049, 9);
    expect(outputHex((await p?.bytes?.(data)) ?? '')).toBe(ours(data, 131));
    const h = await p?.stream?.();
    h?.update(data);
    expect(outputHex(h?.finish() ?? '')).toBe(ours(data, 131));
  });

  it('blake3-wasm: Node only, and says why where there is no Node', () => {
    const row = rows.find((r) => r.id === 'blake3-wasm');
    expect(row?.unavailableReason?.()).toBeUndefined();
    vi.stubGlobal('process', undefined);
    try {
      expect(row?.unavailableReason?.()).toMatch(/^Node only: its browser build/);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

// node:crypto has only BLAKE2B-512 and BLAKE2S-256 (checked above): every BLAKE2 name of each peer is checked against
// ours (`ts`, which the library's suite checks against RFC 7693 and CPython's hashlib at every output length), at
// block edges and across a stream split on one; its HMAC is checked above (node:crypto's, else our `ts`).
describe('BLAKE2 peers against digestlab', () => {
  const names = algorithms().flatMap((a) => (a.family === 'BLAKE2' ? [a.name] : []));
  const ours = (algorithm: AlgorithmName, data: Uint8Array | string) =>
    bytesHex(digest(algorithm, data, { provider: 'ts' }));
  const rows = PEERS.filter((r) => r.algorithms.includes('BLAKE2B-512'));

  it('are node:crypto.hash, @noble/hashes and hash-wasm; the JavaScript and WebAssembly ones have every name', () => {
    expect(rows.map((r) => r.id).sort()).toEqual(['@noble/hashes', 'hash-wasm', 'node:crypto.hash']);
    expect(names).toHaveLength(10);
    for (const row of rows.filter((r) => r.id !== 'node:crypto.hash'))
      expect(row.algorithms).toEqual(expect.arrayContaining(names));
    expect(rows.find((r) => r.id === 'node:crypto.hash')?.algorithms).toEqual(
      expect.arrayContaining(['BLAKE2B-512', 'BLAKE2S-256']),
    );
  });

  for (const row of rows.filter((r) => r.id !== 'node:crypto.hash')) {
    it(`${row.id}: every BLAKE2 name's seed string, bytes and stream give our digests`, async () => {
      for (const algorithm of names) {
        const p = await row.prepare(algorithm);
        expect(await p.hex?.(SEED_INPUT), `${algorithm} seed`).toBe(ours(algorithm, SEED_INPUT));
        for (const n of [0, 64, 65, 128, 129, 1000]) {
          const data = randomBytes(n, n + 1);
          expect(outputHex(await (p.bytes?.(data) ?? '')), `${algorithm} ${n} bytes`).toBe(ours(algorithm, data));
        }
        const data = randomBytes(300, 5);
        const h = await (p.stream?.() ?? Promise.reject(new Error(`${row.id} cannot stream`)));
        h.update(data.subarray(0, 128).slice());
        h.update(data.subarray(128).slice());
        expect(outputHex(h.finish()), `${algorithm} stream`).toBe(ours(algorithm, data));
      }
    });
  }
});

describe('peer files', () => {
  it('keep their ids, one peer per file, and HMAC only where RFC 2104 applies and the peer can', () => {
    const ids = PEERS.map((p) => p.id);
    expect(ids.slice(-5)).toEqual(['crypto-js', 'node-forge', 'jssha', 'spark-md5', 'sha.js']);
    const hmacOf = (id: string) => PEERS.find((p) => p.id === id)?.hmacAlgorithms;
    // crypto-js's Hmac functions take no output length: its SHA3 (Keccak at a length) has none
    expect(hmacOf('crypto-js')).toEqual(['MD5', 'SHA-1', 'SHA-224', 'SHA-256', 'SHA-384', 'SHA-512']);
    // jsSHA has SHAKE, which HMAC is not defined over
    expect(hmacOf('jssha')).not.toContain('SHAKE128');
    expect(hmacOf('jssha')).toContain('SHA3-512');
  });
});

describe('node:crypto.hash', () => {
  it('is crypto.hash where node:crypto has one, and says why it is skipped where not', async () => {
    const { loadHash, nodeCryptoHash } = await import('../src/peers/node-crypto-hash.js');
    expect(typeof loadHash()).toBe('function');
    expect(loadHash({})).toBe('no node:crypto on this runtime');
    expect(loadHash({ getBuiltinModule: () => ({ createHash: () => undefined }) })).toMatch(/has no crypto\.hash/);
    expect(nodeCryptoHash.unavailableReason?.()).toBeUndefined();
    // Node 20's OpenSSL 3: the seed's algorithms but MD2; never SHAKE (crypto.hash takes no output length)
    expect(nodeCryptoHash.algorithms).toEqual(
      expect.arrayContaining(['MD5', 'SHA-1', 'SHA-256', 'SHA-384', 'SHA-512']),
    );
    expect(nodeCryptoHash.algorithms).not.toContain('SHAKE128');
    const p = await nodeCryptoHash.prepare('SHA-256');
    expect(p.hex?.(SEED_INPUT)).toBe(SEED_JAVA_HEX['SHA-256']);
    await expect(nodeCryptoHash.prepare('SHAKE128')).rejects.toThrow('node:crypto.hash has no SHAKE128');
  });
});

// xxHash has no node:crypto or Java reference: the peers' digests against our ts provider (itself checked against
// xxhsum's and python3-xxhash's stored outputs in the library's suite), across the stripe and 240-byte boundaries.
// node:crypto has none of these: our ts, proven by the checksums' stored references (CORRECTNESS.md), is the reference
describe('xxHash, CRC and Adler-32 peers against digestlab', () => {
  const HASH_WASM = [
    'XXH32',
    'XXH64',
    'XXH3-64',
    'XXH3-128',
    'CRC-32',
    'CRC-32C',
    'CRC-64/XZ',
    'CRC-64/NVME',
    'ADLER32',
  ];
  const XXHASH: [string, AlgorithmName][] = [
    ...(HASH_WASM as AlgorithmName[]).map((a): [string, AlgorithmName] => ['hash-wasm', a]),
    ['xxhash-wasm', 'XXH32'],
    ['xxhash-wasm', 'XXH64'],
  ];
  it.each(XXHASH)('%s %s: seed string, bytes and a stream give our digests', async (id, a) => {
    const ours = (data: Uint8Array | string) => bytesHex(digest(a, data, { provider: 'ts' }));
    const p = await PEERS.find((r) => r.id === id)?.prepare(a);
    expect(await p?.hex?.(SEED_INPUT)).toBe(ours(SEED_INPUT));
    for (const n of [0, 1, 15, 16, 31, 32, 33, 240, 241, 1000, 5000]) {
      expect(outputHex((await p?.bytes?.(randomBytes(n, n))) ?? ''), `${n} bytes`).toBe(ours(randomBytes(n, n)));
    }
    const data = randomBytes(3000, 3);
    const h = await p?.stream?.();
    h?.update(data.subarray(0, 1001).slice());
    h?.update(data.subarray(1001).slice());
    expect(outputHex(h?.finish() ?? '')).toBe(ours(data));
  });
});
