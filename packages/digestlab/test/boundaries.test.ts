/**
 * Length boundaries far beyond what can be streamed (2^38, 257 GiB, 2^39, ..., 2^53 - 1 bytes), reached through
 * importState: a state is crafted with exportState on a fresh engine whose chaining value, buffered bytes and
 * total length are set to chosen values, imported, fed some bytes across the boundary and finalized. The digest
 * must equal a REFERENCE written straight from the standards (helpers/md-reference.ts: plain compression
 * functions, constants derived from first principles, BigInt for 64-bit words and for every bit length, each one's
 * own padding), continuing from the same chaining value, buffered bytes and length. Which reference an algorithm
 * takes is its family's file's word (test/families/, `boundaryReference`); MD2's is helpers/md2.ts.
 *
 * The reference is proven first: from the initial value it must equal node:crypto (OpenSSL) on random messages
 * of every interesting length, and MD2 (absent from OpenSSL 3) must give RFC 1319's test suite; SM3, Whirlpool
 * and Tiger must also give BouncyCastle's stored digests, OpenSSL's, run here, and RHash's, stored.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { BlockHash } from '../src/constructions/block/block.js';
import { mdOnce, paddedLength, padInPlace } from '../src/constructions/merkle-damgard/merkle-damgard.js';
import { type AlgorithmName, importState, MAX_LENGTH } from '../src/index.js';
import { ENTRIES, lookup } from '../src/registry/registry.js';
import { type AlgorithmSpec, narrow } from '../src/spec/algorithm.js';
import type { MDPadding, MDParams } from '../src/spec/constructions.js';
import { KNOWN_NAMES, known } from './families/index.js';
import { RHASH_PREFIXES, readVector, reference, rhashPrefix } from './helpers/common.js';
import { RFC1319 } from './helpers/known.js';
import { type MdReference, ReferenceMd } from './helpers/md-reference.js';
import { ReferenceMd2 } from './helpers/md2.js';
import { parseRsp } from './helpers/rsp.js';

// ---- Deterministic randomness ------------------------------------------------------------------------------

/** splitmix32: a small seeded generator, so every run checks the same cases. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

function randomBytes(next: () => number, n: number): Uint8Array {
  return Uint8Array.from({ length: n }, () => next() & 0xff);
}

function hex(bytes: Uint8Array | number[]): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

// ---- The references: each Merkle–Damgård family's, beside its known answers (test/families/) ------------------

/** The BigInt reference of every Merkle–Damgård hash (helpers/md-reference.ts), as its family's file names it. */
const MD_REFERENCES: ReadonlyMap<AlgorithmName, MdReference> = new Map(
  KNOWN_NAMES.flatMap((name) => {
    const ref = known(name).boundaryReference;
    return ref === undefined ? [] : [[name, ref] as const];
  }),
);
const MD_NAMES = [...MD_REFERENCES.keys()];
/** The reference of a Merkle–Damgård hash. */
const mdReference = (name: AlgorithmName): MdReference => {
  const ref = MD_REFERENCES.get(name);
  if (ref === undefined) throw new Error(`${name} has no boundaryReference in test/families/`);
  return ref;
};

// ---- Proof of the reference ---------------------------------------------------------------------------------

describe('the reference, from the initial value', () => {
  const next = rng(0x5eed);
  const lengths = [0, 1, 3, 55, 56, 57, 63, 64, 65, 111, 112, 113, 119, 120, 127, 128, 129, 200, 1000];

  // node:crypto's; for MD4 and the RIPEMDs it lacks, the suite's own (held to BouncyCastle's in kat.test.ts)
  test.each(MD_NAMES)('%s equals node:crypto (or the reference) on random messages, whole and in pieces', (name) => {
    const alg = mdReference(name);
    for (const n of lengths) {
      const msg = randomBytes(next, n);
      const want = reference(name, msg);
      expect(hex(new ReferenceMd(alg, alg.iv, new Uint8Array(0), 0n).update(msg).digest()), `${name}, ${n} bytes`).toBe(
        want,
      );
      const pieces = new ReferenceMd(alg, alg.iv, new Uint8Array(0), 0n);
      for (let at = 0; at < n; ) {
        const take = Math.min(n - at, 1 + (next() % 70));
        pieces.update(msg.subarray(at, at + take));
        at += take;
      }
      expect(hex(pieces.digest()), `${name}, ${n} bytes in pieces`).toBe(want);
    }
  });

  const fresh = (name: AlgorithmName) =>
    new ReferenceMd(mdReference(name), mdReference(name).iv, new Uint8Array(0), 0n);

  // their reference() above is OpenSSL's (SM3), hash-wasm's (Whirlpool), helpers/classic.ts' own padding (Tiger)
  test.each([
    ['SM3', 'sm3-bc.txt'],
    ['WHIRLPOOL', 'whirlpool-bc.txt'],
    ['TIGER', 'tiger-bc.txt'],
  ] as const)('%s gives BouncyCastle’s digests (vectors/%s), 0 to 300 bytes and 1000', (name, file) => {
    const vectors = parseRsp(readVector(file), file).vectors.filter((v) => v.len <= 8 * 1000);
    expect(vectors).toHaveLength(302);
    for (const v of vectors) expect(hex(fresh(name).update(v.msg).digest()), `${name}, ${v.len / 8} bytes`).toBe(v.md);
  });

  /**
   * OpenSSL, run here, one process a message (a new Debian has it: SM3, and Whirlpool through its legacy provider), and
   * RHash, which a new Debian lacks, as scripts/vectors/rhash-vectors.mjs stored its Whirlpool and Tiger (npm run
   * test:refs runs it again): the messages are that file's inputs, the first n bytes of the suite's pseudo-random
   * stream.
   */
  const OPENSSL: Partial<Record<AlgorithmName, string[]>> = {
    SM3: ['dgst', '-sm3', '-r'],
    WHIRLPOOL: ['dgst', '-whirlpool', '-provider', 'legacy', '-provider', 'default', '-r'],
  };
  test.each(['SM3', 'WHIRLPOOL', 'TIGER'] as const)(
    '%s equals OpenSSL (run here) and RHash (stored) where they have it: empty, one block, where the padding takes a second',
    (name) => {
      const edge = 64 - mdReference(name).lengthFieldBytes; // the first tail whose padding takes a second block
      const lengths = [0, 1, edge - 1, edge, 63, 64, 65, 128];
      for (const n of lengths) {
        const msg = rhashPrefix(n);
        const want = hex(fresh(name).update(msg).digest());
        const openssl = OPENSSL[name];
        if (openssl !== undefined) {
          const out = execFileSync('openssl', openssl, { input: msg, encoding: 'utf8' });
          expect(out.match(/^[0-9a-f]+/)?.[0], `openssl ${openssl.join(' ')}, ${n} bytes`).toBe(want);
        }
        if (name !== 'SM3') expect(RHASH_PREFIXES.digests[n]?.[name], `RHash (stored), ${n} bytes`).toBe(want);
      }
    },
  );

  test('MD2 gives the test suite of RFC 1319 §A.5', () => {
    for (const [text, want] of RFC1319) {
      const d = new ReferenceMd2(new Uint8Array(16), new Uint8Array(16), new Uint8Array(0));
      expect(hex(d.update(new TextEncoder().encode(text)).digest()), JSON.stringify(text)).toBe(want);
    }
  });
});

// ---- The library, from crafted states near the boundaries -------------------------------------------------------

const GiB = 2 ** 30;

/** Boundaries B; the final lengths checked around each are B - 1, B, B + 1 (those up to 2^53 - 1). */
function boundaries(blockLength: number): [string, number][] {
  return [
    ['2^29 (the bit length passes 2^32)', 2 ** 29],
    ['2^31', 2 ** 31],
    ['2^32', 2 ** 32],
    ['2^38', 2 ** 38],
    ['257 GiB', 257 * GiB],
    ['2^39', 2 ** 39],
    ['2^40', 2 ** 40],
    ['2^45 + 13', 2 ** 45 + 13],
    ['2^52', 2 ** 52],
    ['2^53 - 1 - 3 blocks', MAX_LENGTH - 3 * blockLength],
    ['2^53 - 1 (the largest length)', MAX_LENGTH],
  ];
}

interface Crafted {
  state: Uint8Array;
  chain: Int32Array | Uint8Array;
  buffered: Uint8Array;
  length: number;
}

/** A state of `spec` with a random chaining value, `length % blockLength` random buffered bytes and `length`. */
function craft(spec: AlgorithmSpec, length: number, next: () => number): Crafted {
  const engine = spec.create();
  const chain = engine.chain;
  if (chain instanceof Int32Array) for (let i = 0; i < chain.length; i++) chain[i] = next() | 0;
  else chain.set(randomBytes(next, chain.length));
  engine.length = length;
  engine.pos = length % spec.blockLength;
  const buffered = randomBytes(next, engine.pos);
  engine.buffer.set(buffered);
  return { state: engine.exportState(), chain: chain.slice(), buffered, length };
}

/** The reference, continuing from a crafted state. */
function referenceFrom(name: AlgorithmName, c: Crafted): { update(b: Uint8Array): unknown; digest(): Uint8Array } {
  if (name === 'MD2')
    return new ReferenceMd2(c.chain.subarray(0, 16) as Uint8Array, c.chain.subarray(16, 32) as Uint8Array, c.buffered);
  const alg = mdReference(name);
  const w = Array.from(c.chain as Int32Array, (x) => BigInt(x >>> 0));
  // a 64-bit word is two 32-bit ones, in the order its bytes are written: (high, low) big-endian, (low, high) not
  const [hi, lo] = alg.littleEndian ? [1, 0] : [0, 1];
  const h =
    alg.wordBytes === 4 ? w : Array.from({ length: w.length / 2 }, (_, i) => (w[2 * i + hi] << 32n) | w[2 * i + lo]);
  return new ReferenceMd(alg, h, c.buffered, BigInt(c.length));
}

/** How the last `fed` bytes reach the digest: piece lengths, given the block length. */
function feeds(bl: number): [string, number[]][] {
  return [
    ['no update (finalize the imported state)', []],
    ['one byte', [1]],
    ['one update of 200 bytes', [200]],
    ['150 single-byte updates', Array(150).fill(1)],
    ['3 whole blocks', [3 * bl]],
    ['pieces bl - 1, 1, bl + 3, 2', [bl - 1, 1, bl + 3, 2]],
  ];
}

const ALL_NAMES: AlgorithmName[] = ['MD2', ...MD_NAMES];

describe.each(ALL_NAMES)('%s, imported near a boundary, equals the reference', (name) => {
  const spec = lookup(name).spec;
  const bl = spec.blockLength;

  test.each(boundaries(bl))('around %s', (_label, boundary) => {
    const next = rng((boundary % 2 ** 32) ^ spec.code);
    const mismatches: string[] = [];
    const cases: [number, number[]][] = [];
    for (const final of [boundary - 1, boundary, boundary + 1].filter((f) => f <= MAX_LENGTH)) {
      for (const [, pieces] of feeds(bl)) cases.push([final, pieces]);
    }
    // Also across the boundary, ending past it: 100 bytes before, one update of 200.
    if (boundary + 100 <= MAX_LENGTH) cases.push([boundary + 100, [200]]);
    for (const [final, pieces] of cases) {
      const fed = pieces.reduce((a, b) => a + b, 0);
      const c = craft(spec, final - fed, next);
      const digest = importState(c.state);
      expect(digest.algorithm).toBe(name);
      expect(digest.exportState()).toStrictEqual(c.state);
      const ref = referenceFrom(name, c);
      for (const n of pieces) {
        const bytes = randomBytes(next, n);
        digest.update(bytes);
        ref.update(bytes);
      }
      const copy = digest.clone();
      const want = hex(ref.digest());
      const got = digest.digestHex();
      if (got !== want) mismatches.push(`from ${c.length} + [${pieces}] = ${final}: got ${got}, want ${want}`);
      if (copy.digestHex() !== want) mismatches.push(`clone, from ${c.length} + [${pieces}] = ${final}: differs`);
    }
    expect(cases.length).toBeGreaterThanOrEqual(12);
    expect(mismatches).toStrictEqual([]);
  });

  test('at 2^53 - 1 bytes one more byte is refused (ERR_LENGTH_LIMIT) and the state is left intact', () => {
    const next = rng(0xfeed ^ spec.code);
    const c = craft(spec, MAX_LENGTH - 5, next);
    const digest = importState(c.state);
    const ref = referenceFrom(name, c);
    const five = randomBytes(next, 5);
    digest.update(five);
    ref.update(five);
    expect(() => digest.update(new Uint8Array(1))).toThrow(expect.objectContaining({ code: 'ERR_LENGTH_LIMIT' }));
    digest.update(new Uint8Array(0));
    expect(digest.digestHex()).toBe(hex(ref.digest()));
  });
});

// ---- The one-shot padding, at every total the streaming finish is checked at -----------------------------------

describe('padInPlace (every Merkle–Damgård path): the length field at every boundary', () => {
  /**
   * FIPS 180-4 §5.1 / RFC 1321 §3.1–3.2, written the slow way: the pad byte, zeros until the length field, then
   * the bit length in the last `lengthBytes` bytes (Tiger pads with 0x01, Whirlpool has a 32-byte field).
   */
  function referencePadding(n: number, total: number, bl: number, padding: MDPadding): string {
    const { padByte, lengthBytes, littleEndian } = padding;
    const padded: number[] = [padByte];
    while ((n + padded.length) % bl !== bl - lengthBytes) padded.push(0);
    const bits = BigInt(total) * 8n;
    const field = Array.from({ length: lengthBytes }, (_, i) => Number((bits >> BigInt(8 * i)) & 0xffn));
    return hex([...padded, ...(littleEndian ? field : field.reverse())]);
  }

  const md = (padByte: number, lengthBytes: number, littleEndian: boolean): MDPadding => ({
    padByte,
    lengthBytes,
    littleEndian,
  });
  const layouts: [string, number, MDPadding][] = [
    ['64-byte blocks, big-endian (SHA-1, SHA-224, SHA-256)', 64, md(0x80, 8, false)],
    ['64-byte blocks, little-endian (MD5)', 64, md(0x80, 8, true)],
    ['128-byte blocks, big-endian (SHA-384, SHA-512, SHA-512/t)', 128, md(0x80, 16, false)],
    // the layouts of the algorithms to come: Tiger (pad byte 0x01, little-endian), Whirlpool (a 32-byte field)
    ['64-byte blocks, pad byte 0x01, little-endian (Tiger)', 64, md(0x01, 8, true)],
    ['64-byte blocks, a 32-byte length field, big-endian (Whirlpool)', 64, md(0x80, 32, false)],
    ['128-byte blocks, a 16-byte length field, little-endian', 128, md(0x80, 16, true)],
  ];

  test.each(layouts)('%s', (_, bl, padding) => {
    const totals = [...new Set(boundaries(bl).flatMap(([, b]) => [b - 1, b, b + 1]))].filter((t) => t <= MAX_LENGTH);
    expect(totals).toContain(2 ** 29 - 1);
    expect(totals).toContain(MAX_LENGTH);
    const lw = padding.lengthBytes;
    const mismatches: string[] = [];
    for (const total of totals) {
      // the tail the one-shot pads is total mod bl bytes; also the tails on each side of the one- or two-block edge
      const tails = [total % bl, 0, bl - lw - 1, bl - lw, bl - 1];
      for (const n of tails) {
        const at = 3;
        const bytes = new Uint8Array(at + 2 * bl + 8).fill(0xa5);
        const length = padInPlace(bytes, at, n, bl, padding, total);
        expect(length).toBe(paddedLength(n, bl, lw));
        const got = hex(bytes.subarray(at + n, at + length));
        const want = referencePadding(n, total, bl, padding);
        if (got !== want) mismatches.push(`total ${total}, tail ${n}: ${got} != ${want}`);
        if (bytes[at - 1] !== 0xa5 || bytes[at + length] !== 0xa5)
          mismatches.push(`total ${total}, tail ${n}: wrote outside`);
      }
    }
    expect(mismatches).toStrictEqual([]);
  });

  test('without a total, the length is the tail’s own', () => {
    const bytes = new Uint8Array(128);
    const sha = md(0x80, 8, false);
    const md5 = md(0x80, 8, true);
    expect(padInPlace(bytes, 0, 55, 64, sha)).toBe(64);
    expect(hex(bytes.subarray(55, 64))).toBe(referencePadding(55, 55, 64, sha));
    expect(padInPlace(bytes, 0, 56, 64, md5)).toBe(128);
    expect(hex(bytes.subarray(56, 128))).toBe(referencePadding(56, 56, 64, md5));
  });

  test('paddedLength: the message, the pad byte and the field, rounded up to whole blocks (up to 64 KiB)', () => {
    for (const [bl, lw] of [
      [64, 8],
      [128, 16],
      [64, 32],
    ]) {
      for (let n = 0; n <= 65536; n += n < 300 ? 1 : 997) {
        expect(paddedLength(n, bl, lw)).toBe(Math.ceil((n + 1 + lw) / bl) * bl);
      }
    }
  });

  test('every Merkle–Damgård algorithm pads as its reference does: 0x80 (Tiger 0x01), its field, its byte order', () => {
    // each reference (helpers/md-reference.ts) is written from its standard and proven against other programs above
    for (const { spec } of ENTRIES) {
      const md = spec.construction;
      if (md.kind !== 'merkle-damgard') continue;
      const ref = mdReference(spec.name);
      const want = [spec.name, ref.padByte ?? 0x80, ref.lengthFieldBytes, ref.littleEndian];
      expect([spec.name, md.padByte, md.lengthBytes, md.littleEndian]).toStrictEqual(want);
    }
    const own = MD_NAMES.filter((n) => mdReference(n).padByte !== undefined || mdReference(n).lengthFieldBytes > 16);
    expect(own).toEqual(['WHIRLPOOL', 'TIGER']);
  });
});

// ---- Views over 2^30 bytes: handed to the compression loop in slices ---------------------------------------------

/**
 * A stand-in for a view of `length` zero bytes that holds none, so a 3 GiB input costs nothing: update() and
 * mdOnce() read its length and its subarrays, and copy a tail's bytes from it (undefined reads as 0 when copied).
 */
function hugeView(length: number): Uint8Array {
  return {
    length,
    subarray: (from = 0, to = length) => hugeView(Math.min(to, length) - from),
  } as unknown as Uint8Array;
}

describe('views over 2^30 bytes go to the compression loop in slices of at most 2^30 bytes', () => {
  const SLICE = 2 ** 30;
  const sha256 = lookup('SHA-256').spec;

  /** A SHA-256-shaped engine whose compression function records (view length, offset, blocks) and does nothing. */
  class Recorder extends BlockHash {
    readonly chain = new Int32Array(8);
    protected readonly iv = new Int32Array(8);
    readonly calls: [number, number, number][] = [];
    protected compress(data: Uint8Array, offset: number, blocks: number): void {
      this.calls.push([data.length, offset, blocks]);
    }
    protected finish(): void {}
  }

  test('update: 2^31 + 100 bytes are two slices of 2^30 and the 100 left; every byte is counted', () => {
    const e = new Recorder(sha256);
    e.update(hugeView(2 * SLICE + 100));
    expect(e.calls).toEqual([
      [SLICE, 0, SLICE / 64],
      [SLICE, 0, SLICE / 64],
      [100, 0, 1],
    ]);
    expect([e.length, e.pos]).toEqual([2 * SLICE + 100, 36]);
  });

  test('update: after 10 buffered bytes, each slice first fills the block, so offsets stay below 2^30', () => {
    const e = new Recorder(sha256);
    e.update(new Uint8Array(10));
    e.update(hugeView(SLICE + 1));
    expect(e.calls).toEqual([
      [64, 0, 1], // the buffer: 10 + 54 bytes of the first slice
      [SLICE, 54, SLICE / 64 - 1],
    ]);
    // buffered: the first slice's last 10 bytes and the second slice's one
    expect([e.length, e.pos]).toEqual([SLICE + 11, 11]);
  });

  test('update: exactly 2^30 bytes are one piece', () => {
    const e = new Recorder(sha256);
    e.update(hugeView(SLICE));
    expect(e.calls).toEqual([[SLICE, 0, SLICE / 64]]);
  });

  test('mdOnce: 2^31 + 2^29 + 100 bytes in three slices, then the tail padded with the whole length', () => {
    const n = 2 * SLICE + SLICE / 2 + 100;
    const calls: [number, number, number][] = [];
    let tail = '';
    const md: MDParams = {
      ...narrow(sha256, 'merkle-damgard').construction,
      compress: (_chain, data, offset, blocks) => {
        calls.push([data.length, offset, blocks]);
        if (data instanceof Uint8Array) tail = hex(data.subarray(offset, offset + 64 * blocks));
      },
    };
    mdOnce(sha256, md, hugeView(n));
    expect(calls.slice(0, 3)).toEqual([
      [n, 0, SLICE / 64],
      [n - SLICE, 0, SLICE / 64],
      [n - 2 * SLICE, 0, (SLICE / 2 + 64) / 64],
    ]);
    expect(calls).toHaveLength(4);
    // the 36 bytes left (zeros), 0x80, zeros, and n * 8 bits as a 64-bit big-endian integer (FIPS 180-4 §5.1.1)
    const bits = (BigInt(n) * 8n).toString(16).padStart(16, '0');
    expect(tail).toBe(`${'00'.repeat(36)}80${'00'.repeat(64 - 36 - 1 - 8)}${bits}`);
  });
});
