/**
 * The providers over what the platform has (node:crypto, WebCrypto), where they are missing. And the `node`
 * provider's own logic, apart from node:crypto's digests (which the known-answer and differential
 * suites check): what it finds in a node:crypto, how it loads one, and its paths for what this Node does not
 * exercise (no `crypto.hash` before Node 20.12, views over 2^30 bytes), run against stand-ins.
 */
import * as crypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { algorithms } from '../src/index.js';
import { autoOneShot, type Candidates, CROSSOVERS, WEBCRYPTO_FROM } from '../src/providers/auto.js';
import { forgetResolutions, resolve } from '../src/providers/index.js';
import {
  availableIn,
  feed,
  load,
  type NodeCrypto,
  type NodeHash,
  nodeProvider,
  oneShot,
} from '../src/providers/node.js';
import { runsHere } from '../src/providers/provider.js';
import { tsProvider } from '../src/providers/ts.js';
import { wasmProvider } from '../src/providers/wasm.js';
import { sha3DigestsOf, webcryptoProvider } from '../src/providers/webcrypto.js';
import { lookup } from '../src/registry/registry.js';
import type { AlgorithmName } from '../src/spec/algorithm.js';
import { NODE_HAS, nodeHash, reference } from './helpers/common.js';
import { HOST } from './helpers/host.js';

/** A stand-in for a view of `length` bytes that holds none (see boundaries.test.ts). */
function hugeView(length: number): Uint8Array {
  return {
    length,
    subarray: (from = 0, to = length) => hugeView(Math.min(to, length) - from),
  } as unknown as Uint8Array;
}

/** A Hash that records the length of each update and digests to 'done'. */
function recordingHash(updates: number[]): NodeHash {
  const hash: NodeHash = {
    update(data) {
      updates.push(data.length);
      return hash;
    },
    digest: ((encoding?: string) => (encoding ? 'done' : new Uint8Array(0))) as NodeHash['digest'],
    copy: () => hash,
  };
  return hash;
}

describe('the node provider', () => {
  it('finds what node:crypto computes here: the algorithms node:crypto itself takes', () => {
    expect([...availableIn(crypto as unknown as NodeCrypto)].sort()).toEqual([...NODE_HAS].sort());
    for (const a of NODE_HAS) expect(nodeProvider.has(a)).toBe(true);
    expect(nodeProvider.unavailableReason()).toBeUndefined();
  });

  it('takes an algorithm when a hash of it can be made, whatever getHashes() lists; SHAKE with its output length', () => {
    const made: [string, unknown][] = [];
    const fake = {
      // md2 is refused (OpenSSL 3), and so is everything but MD5, SHA-1 and SHAKE128 here
      createHash(name: string, options?: unknown) {
        made.push([name, options]);
        if (!['md5', 'sha1', 'shake128'].includes(name)) throw new Error('unsupported');
        return recordingHash([]);
      },
    } as unknown as NodeCrypto;
    expect([...availableIn(fake)]).toEqual(['MD5', 'SHA-1', 'SHAKE128']);
    // every algorithm is tried under the registry's name (pinned by api.test.ts), MD2 and Keccak (which no
    // node:crypto here has) included
    const tried = made.map(([name]) => name);
    expect(tried).toEqual(algorithms().map((a) => a.nodeName));
    for (const name of ['md2', 'md5', 'sha256', 'sha512-256', 'sha3-256', 'shake256', 'keccak-256']) {
      expect(tried).toContain(name);
    }
    expect(made.find(([name]) => name === 'shake128')?.[1]).toEqual({ outputLength: 16 });
    expect(made.find(([name]) => name === 'shake256')?.[1]).toEqual({ outputLength: 32 });
    expect(made.find(([name]) => name === 'sha256')?.[1]).toBeUndefined();
  });

  it('loads node:crypto through process.getBuiltinModule, and nothing where that is missing or throws', () => {
    expect(load()).toBe(process.getBuiltinModule('node:crypto'));
    expect(load({ getBuiltinModule: (id) => (id === 'node:crypto' ? crypto : undefined) })).toBe(crypto);
    expect(load({})).toBeUndefined();
    expect(
      load({
        getBuiltinModule: () => {
          throw new Error('no such module');
        },
      }),
    ).toBeUndefined();
  });

  it(`is ${HOST.implementedIn} under ${HOST.runtime}`, () => {
    expect(nodeProvider.implementedIn).toBe(HOST.implementedIn);
    expect(nodeProvider.library?.()).toBe(HOST.cryptoLibrary);
  });

  it('one-shots with crypto.hash where it exists, else with a Hash (Node < 20.12): same digests', () => {
    const withoutHash = { getHashes: crypto.getHashes, createHash: crypto.createHash } as unknown as NodeCrypto;
    const withHash = crypto as unknown as NodeCrypto;
    const bytes = new TextEncoder().encode('abc€');
    for (const c of [withHash, withoutHash]) {
      expect(oneShot(c, 'sha256', bytes, 'hex')).toBe(reference('SHA-256', bytes));
      expect(oneShot(c, 'sha256', 'abc€', 'hex')).toBe(reference('SHA-256', bytes));
      expect(Buffer.from(oneShot(c, 'md5', bytes, 'latin1'), 'latin1').toString('hex')).toBe(reference('MD5', bytes));
    }
    // which one is used: a crypto.hash that answers otherwise is the one asked
    expect(oneShot({ ...withoutHash, hash: () => 'from hash' }, 'sha256', bytes, 'hex')).toBe('from hash');
  });

  it('feeds a Hash views over 2^30 bytes in slices of 2^30 (Hash#update refuses views over 2^31 - 1)', () => {
    const updates: number[] = [];
    feed(recordingHash(updates), hugeView(2 ** 31 + 5));
    expect(updates).toEqual([2 ** 30, 2 ** 30, 5]);
    updates.length = 0;
    feed(recordingHash(updates), hugeView(2 ** 30));
    expect(updates).toEqual([2 ** 30]);
    // the same through the one-shot without crypto.hash, and a stream's update
    updates.length = 0;
    const old = { createHash: () => recordingHash(updates) } as unknown as NodeCrypto;
    expect(oneShot(old, 'sha256', hugeView(2 ** 30 + 1), 'hex')).toBe('done');
    expect(updates).toEqual([2 ** 30, 1]);
  });

  it('gives digests as plain bytes, one per latin1 character', () => {
    const d = nodeProvider.digestOnce('SHA-512', 'abc');
    expect(d).toBeInstanceOf(Uint8Array);
    expect(d).toHaveLength(64);
    expect(Buffer.from(d).toString('hex')).toBe(reference('SHA-512', new TextEncoder().encode('abc')));
  });
});

/**
 * A crypto.subtle that computes `takes` (with node:crypto) and refuses every other name, by a rejected promise as the
 * standard has it or by a synchronous throw as some polyfills do; it records what it is asked.
 */
function subtleStandIn(takes: readonly AlgorithmName[], refuse: 'reject' | 'throw' = 'reject') {
  const asked: { algorithm: string; data: Uint8Array }[] = [];
  const subtle = {
    digest(algorithm: string, data: Uint8Array): Promise<ArrayBuffer> {
      asked.push({ algorithm, data });
      if (!(takes as readonly string[]).includes(algorithm)) {
        const refusal = new DOMException(`Unrecognized name: ${algorithm}`, 'NotSupportedError');
        if (refuse === 'throw') throw refusal;
        return Promise.reject(refusal);
      }
      const d = nodeHash(algorithm as AlgorithmName)
        .update(data)
        .digest();
      return Promise.resolve(new Uint8Array(d).buffer);
    },
  };
  return { subtle: subtle as unknown as SubtleCrypto, asked };
}

describe('the webcrypto provider', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('finds the SHA-3 digests a crypto.subtle computes by asking each SHA-3 name once, for the digest of nothing', async () => {
    const some = subtleStandIn(['SHA3-256', 'SHA3-512']);
    expect(await sha3DigestsOf(some.subtle)).toEqual(['SHA3-256', 'SHA3-512']);
    expect(some.asked.map((q) => q.algorithm)).toEqual(['SHA3-224', 'SHA3-256', 'SHA3-384', 'SHA3-512']);
    expect(some.asked.map((q) => q.data.length)).toEqual([0, 0, 0, 0]);
    const all = ['SHA3-224', 'SHA3-256', 'SHA3-384', 'SHA3-512'] as const;
    expect(await sha3DigestsOf(subtleStandIn(all).subtle)).toEqual(all);
    expect(await sha3DigestsOf(subtleStandIn([]).subtle)).toEqual([]);
    // a synchronous throw is a refusal of that name, not a failure of the question
    expect(await sha3DigestsOf(subtleStandIn(['SHA3-384'], 'throw').subtle)).toEqual(['SHA3-384']);
    expect(await sha3DigestsOf(undefined)).toEqual([]);
  });

  it('where crypto.subtle has SHA-3 (Bun, Deno): has() says so once probed, and digestAsync computes it there', async () => {
    const here = subtleStandIn(['SHA-256', 'SHA3-256']);
    vi.stubGlobal('crypto', { subtle: here.subtle });
    vi.resetModules(); // a fresh module, which has not probed yet
    const fresh = await import('../src/providers/webcrypto.js');
    expect(fresh.webcryptoProvider.has('SHA3-256')).toBe(false); // not known before the question settles
    expect(fresh.webcryptoProvider.has('SHA-256')).toBe(true);
    const probing = fresh.probeWebCrypto();
    expect(fresh.probeWebCrypto()).toBe(probing); // asked once per module
    await probing;
    expect(here.asked).toHaveLength(4);
    expect(fresh.webcryptoProvider.has('SHA3-256')).toBe(true);
    expect(fresh.webcryptoProvider.has('SHA3-384')).toBe(false);
    expect(fresh.webcryptoProvider.has('MD5')).toBe(false);
    const abc = new TextEncoder().encode('abc');
    const d = await fresh.webcryptoProvider.digestAsync('SHA3-256', abc);
    expect(Buffer.from(d).toString('hex')).toBe(reference('SHA3-256', abc));
    expect(here.asked.at(-1)?.data).toBe(abc); // a view of an ArrayBuffer goes as it is, uncopied
    // crypto.subtle refuses views of a SharedArrayBuffer: those go as a copy
    const shared = new Uint8Array(new SharedArrayBuffer(3));
    shared.set(abc);
    const fromShared = await fresh.webcryptoProvider.digestAsync('SHA3-256', shared);
    const sent = here.asked.at(-1)?.data;
    expect(sent?.buffer).toBeInstanceOf(ArrayBuffer);
    expect(Buffer.from(fromShared).toString('hex')).toBe(reference('SHA3-256', abc));
  });

  it('where there is no crypto.subtle, the probe settles on nothing', async () => {
    vi.stubGlobal('crypto', {});
    vi.resetModules();
    const fresh = await import('../src/providers/webcrypto.js');
    await expect(fresh.probeWebCrypto()).resolves.toBeUndefined();
    expect(fresh.webcryptoProvider.has('SHA3-256')).toBe(false);
    expect(fresh.webcryptoProvider.has('SHA-1')).toBe(true);
  });

  it('runs where globalThis.crypto.subtle is, and says why not where it is missing', () => {
    expect(webcryptoProvider.unavailableReason()).toBeUndefined();
    const reason = 'globalThis.crypto.subtle is missing (browsers expose it only in secure contexts)';
    vi.stubGlobal('crypto', {}); // a page over plain HTTP: crypto without subtle
    expect(webcryptoProvider.unavailableReason()).toBe(reason);
    vi.stubGlobal('crypto', undefined); // no crypto at all
    expect(webcryptoProvider.unavailableReason()).toBe(reason);
  });
});

describe('runsHere', () => {
  it('needs both: the provider has the algorithm, and it runs on this runtime', () => {
    expect(runsHere(tsProvider, 'MD2')).toBe(true);
    expect(runsHere({ ...tsProvider, has: () => false }, 'MD2')).toBe(false);
    expect(runsHere({ ...tsProvider, unavailableReason: () => 'not here' }, 'MD2')).toBe(false);
  });
});

describe('resolve: a name and a provider choice to what computes the digest', () => {
  it('remembers what it resolved, one-shot and streaming apart, until told to forget', () => {
    const once = resolve('sha256');
    expect(resolve('sha256')).toBe(once);
    expect(resolve('SHA-256', 'auto')).not.toBe(once); // remembered by the name asked for
    const streaming = resolve('sha256', 'auto', 'streaming');
    expect(streaming).not.toBe(once);
    expect(resolve('sha256', 'auto', 'streaming')).toBe(streaming);
    expect(resolve('sha256', 'wasm')).toMatchObject({ oneShot: wasmProvider, provider: wasmProvider });
    expect(resolve('sha256', 'wasm')).toBe(resolve('sha256', 'wasm'));
    forgetResolutions();
    expect(resolve('sha256')).not.toBe(once);
  });

  it('auto: node:crypto itself, with no dispatcher, where it takes every size; else a dispatcher', () => {
    // Bun's crossovers: node:crypto from 0 B for SHA-256 both ways, MD5 to bytes only from 512 B
    const onBun: Candidates = {
      nodeFrom: CROSSOVERS.bun,
      node: nodeProvider,
      wasm: wasmProvider,
      ts: tsProvider,
      webcrypto: webcryptoProvider,
      webcryptoFrom: WEBCRYPTO_FROM,
      runs: runsHere,
    };
    expect(autoOneShot('SHA-256', onBun)).toBe(nodeProvider);
    expect(autoOneShot('MD5', onBun)).not.toBe(nodeProvider);
    // Node's: SHA-256 to bytes goes to wasm below 64 B, so a dispatcher
    expect(autoOneShot('SHA-256', { ...onBun, nodeFrom: CROSSOVERS.node })).not.toBe(nodeProvider);
    // streams: node:crypto, resolved once
    expect(resolve('SHA-256').provider).toBe(nodeProvider);
  });

  it('auto asks about node:crypto only when an input reaches its crossover', () => {
    const asked: string[] = [];
    const from: Candidates = {
      nodeFrom: CROSSOVERS.node,
      node: nodeProvider,
      wasm: wasmProvider,
      ts: tsProvider,
      webcrypto: webcryptoProvider,
      webcryptoFrom: WEBCRYPTO_FROM,
      runs: (p, a) => {
        asked.push(p.id);
        return runsHere(p, a);
      },
    };
    const md5 = autoOneShot('MD5', from);
    const short = new Uint8Array(10);
    expect(Buffer.from(md5.digestOnce('MD5', short)).toString('hex')).toBe(reference('MD5', short));
    expect(md5.digestHexOnce('MD5', 'abc')).toBe(reference('MD5', new TextEncoder().encode('abc')));
    expect(asked).toEqual(['wasm']); // asked once, remembered
    const long = new Uint8Array(CROSSOVERS.node.MD5.bytes);
    expect(Buffer.from(md5.digestOnce('MD5', long)).toString('hex')).toBe(reference('MD5', long));
    md5.digestOnce('MD5', long); // again: nothing more is asked
    expect(asked).toEqual(['wasm', 'node']);
  });
});

describe('the ts provider', () => {
  it('one-shots without the Merkle–Damgård path (MD2) reuse one engine, reset before each call', () => {
    const spec = lookup('MD2').spec;
    const encoder = new TextEncoder();
    tsProvider.digestOnce('MD2', 'first'); // the engine exists from here on
    const create = vi.spyOn(spec, 'create');
    try {
      for (const s of ['', 'abc', 'message digest', 'abc']) {
        expect(tsProvider.digestHexOnce('MD2', s)).toBe(reference('MD2', encoder.encode(s)));
      }
      expect(create).not.toHaveBeenCalled();
    } finally {
      create.mockRestore();
    }
  });
});
