/**
 * Known-answer tests, through every provider that has the algorithm:
 *
 *   SHA-1, SHA-2   NIST CAVP ShortMsg, LongMsg and Monte (vectors/cavp), FIPS 180-4's examples
 *   MD5            RFC 1321's test suite (vectors/rfc/rfc-1321.txt)
 *   MD2            RFC 1319's test suite, and vectors/md2-java.txt from Java's SUN provider
 *   MD4, RIPEMD    vectors/bc/*.txt from BouncyCastle, held to RHash, OpenSSL and Python's hashlib where they have
 *                  the algorithm (vectors/md4-ripemd-tools.json); RIPEMD-160's own vectors (vectors/ripemd/)
 *   BLAKE2         python3-cryptography-vectors' BLAKE2b-512 and BLAKE2s-256 files (vectors/blake2/*.txt)
 *   all            the empty input and one million 'a' (each family's file in test/families/ says where they come
 *                  from), the seed string (vectors/seed-java.txt, from Java)
 *
 * Message vectors are hashed whole (Uint8Array), split at many positions, one byte at a time, in irregular
 * chunks, and from views at byte offsets 1..7 of a larger buffer full of other bytes. Where the files come
 * from, with their checksums: vectors/README.md.
 */
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { digestManyWasm } from '../src/api/many.js';
import {
  type AlgorithmName,
  algorithms,
  createDigest,
  type Data,
  digest,
  digestAsync,
  digestHex,
  digestHexAsync,
  digestMany,
  type ProviderChoice,
} from '../src/index.js';
import { lookup } from '../src/registry/registry.js';
import { load as loadWasm } from '../src/wasm/module.js';
import { KNOWN_NAMES, known } from './families/index.js';
import {
  ALGORITHMS,
  CASE_PROVIDERS,
  hexToBytes,
  MUTATION_PROFILE,
  providerCases,
  readVector,
  reference,
} from './helpers/common.js';
import { ascii, FIPS, RFC1319, SEED_STRING, seedJava, TWO_BLOCK_256, TWO_BLOCK_512 } from './helpers/known.js';
import { md4FamilyHex } from './helpers/ripemd.js';
import { type MsgVector, parseRsp, type Rsp } from './helpers/rsp.js';

// ---------------------------------------------------------------------------------------------------------
// Providers and ways of feeding a message

const INFO = new Map(CASE_PROVIDERS.map((p) => [p.id, p]));
const CASES = providerCases();
const providersOf = (alg: AlgorithmName): ProviderChoice[] => CASES.filter(([, a]) => a === alg).map(([p]) => p);
const isSync = (p: ProviderChoice): boolean => INFO.get(p)?.sync === true;
const isStreaming = (p: ProviderChoice): boolean => INFO.get(p)?.sync === true && INFO.get(p)?.streaming === true;

const toHex = (b: Uint8Array): string => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('hex');
const SIZES = new Map(algorithms().map((a) => [a.name, a]));
const blockLength = (alg: AlgorithmName): number => SIZES.get(alg)?.blockLength ?? Number.NaN;
const digestLength = (alg: AlgorithmName): number => SIZES.get(alg)?.digestLength ?? Number.NaN;

/**
 * One-shot digest: the synchronous `digestHex` where the provider has it, else `digestHexAsync`. `outputLength`
 * (SHAKE's, in bytes) is passed only when given.
 */
async function oneShot(
  provider: ProviderChoice,
  alg: AlgorithmName,
  data: Data,
  outputLength?: number,
): Promise<string> {
  const options = { provider, ...(outputLength === undefined ? {} : { outputLength }) };
  return isSync(provider) ? digestHex(alg, data, options) : digestHexAsync(alg, data, options);
}

/** `createDigest(...).update(piece)...digestHex()`. */
function streamed(provider: ProviderChoice, alg: AlgorithmName, pieces: Iterable<Data>, outputLength?: number): string {
  const d = createDigest(alg, { provider, ...(outputLength === undefined ? {} : { outputLength }) });
  for (const piece of pieces) d.update(piece);
  return d.digestHex();
}

function* bytewise(msg: Uint8Array): Generator<Uint8Array> {
  for (let i = 0; i < msg.length; i++) yield msg.subarray(i, i + 1);
}

/** Chunks of the sizes in `sizes`, cycling: partial blocks, exact blocks, and runs of several blocks. */
function* chunked(msg: Uint8Array, sizes: number[]): Generator<Uint8Array> {
  for (let off = 0, k = 0; off < msg.length; k++) {
    const n = sizes[k % sizes.length];
    yield msg.subarray(off, off + n);
    off += n;
  }
}
const chunkSizes = (bl: number): number[] => [1, 2, 3, 5, 0, 8, 13, bl - 1, 21, bl, 34, bl + 1, 55, 2 * bl + 3, 89];

/** Where to split a message in two: everywhere, or around block boundaries, the middle and the ends. */
function splitPoints(n: number, bl: number, every: boolean): number[] {
  if (every) return Array.from({ length: n + 1 }, (_, k) => k);
  const points = [0, 1, 2, bl - 1, bl, bl + 1, 3 * bl + 7, n >> 1, n - bl - 1, n - bl, n - bl + 1, n - 2, n - 1, n];
  return [...new Set(points.filter((k) => k >= 0 && k <= n))];
}

const GARBAGE = 0xa5;

/** `msg` copied to byte `offset` of a larger buffer whose other bytes are not zero. */
function placed(msg: Uint8Array, offset: number): ArrayBuffer {
  const buf = new ArrayBuffer(offset + msg.length + 9);
  new Uint8Array(buf).fill(GARBAGE).set(msg, offset);
  return buf;
}

/** The message as other binary types: views at offsets 1..7, a DataView, an exact ArrayBuffer. */
function unalignedInputs(msg: Uint8Array): [string, Data][] {
  const inputs: [string, Data][] = [['ArrayBuffer', msg.slice().buffer]];
  for (let offset = 1; offset <= 7; offset++) {
    const buf = placed(msg, offset);
    inputs.push([`Uint8Array at ${offset}`, new Uint8Array(buf, offset, msg.length)]);
    inputs.push([`DataView at ${offset}`, new DataView(buf, offset, msg.length)]);
  }
  return inputs;
}

// ---------------------------------------------------------------------------------------------------------
// Message vectors: one function runs every way of feeding over a set of vectors

interface KatSet {
  alg: AlgorithmName;
  name: string;
  vectors: MsgVector[];
  /** Vectors split at every point and fed byte by byte (the others: a sample, at a few points). */
  short: (v: MsgVector) => boolean;
}

/** Long vectors get the expensive feeds on every 8th one and the last one. */
const sampled = (set: KatSet): MsgVector[] =>
  set.vectors.filter((v, i) => set.short(v) || i % 8 === 0 || i === set.vectors.length - 1);

const label = (v: MsgVector): string =>
  `Len = ${v.len}${v.outputLen === undefined ? '' : `, Outputlen = ${v.outputLen}`}`;
/** A vector's own output length in bytes (SHAKE VariableOut), else undefined: the algorithm's default. */
const outOf = (v: MsgVector): number | undefined => (v.outputLen === undefined ? undefined : v.outputLen / 8);

function katSuite(set: KatSet, expectedCount: number): void {
  const { alg, vectors } = set;
  const bl = blockLength(alg);
  describe(`${alg} ${set.name}`, () => {
    it(`has ${expectedCount} vectors`, () => {
      expect(vectors).toHaveLength(expectedCount);
    });
    for (const provider of providersOf(alg)) {
      it(`whole, ${provider}`, async () => {
        for (const v of vectors) {
          const options = { provider, outputLength: outOf(v) };
          expect(await oneShot(provider, alg, v.msg, outOf(v)), label(v)).toBe(v.md);
          if (isSync(provider)) {
            expect(digest(alg, v.msg, options), label(v)).toEqual(hexToBytes(v.md));
            expect(await digestHexAsync(alg, v.msg, options), label(v)).toBe(v.md);
          } else {
            expect(await digestAsync(alg, v.msg, options), label(v)).toEqual(hexToBytes(v.md));
          }
        }
      });
      it(`unaligned views, DataView, ArrayBuffer, ${provider}`, async () => {
        for (const v of sampled(set)) {
          for (const [how, input] of unalignedInputs(v.msg)) {
            expect(await oneShot(provider, alg, input, outOf(v)), `${label(v)}, ${how}`).toBe(v.md);
            if (isStreaming(provider)) {
              expect(streamed(provider, alg, [input], outOf(v)), `${label(v)}, ${how}, update`).toBe(v.md);
            }
          }
        }
      });
      if (!isStreaming(provider)) continue;
      if (provider === 'wasm' && lookup(alg).spec.construction.kind === 'merkle-damgard') {
        // the whole file as one batch: the 4-lane SIMD path (lanes of one group differ in length wherever the
        // file's lengths do) and the scalar batch path; and through digestMany's default route
        it.each([true, false])('every vector in one digestMany batch, simd=%s', (simd) => {
          const w = loadWasm();
          if (!w) throw new Error('the wasm provider is listed, so WebAssembly loads');
          const got = digestManyWasm(
            w,
            lookup(alg).spec,
            vectors.map((v) => v.msg),
            { simd },
          ).map(toHex);
          expect(got).toEqual(vectors.map((v) => v.md));
          expect(
            digestMany(
              alg,
              vectors.map((v) => v.msg),
            ).map(toHex),
          ).toEqual(vectors.map((v) => v.md));
        });
      }
      it(`split in two, ${provider}`, () => {
        for (const v of vectors) {
          const m = v.msg;
          for (const k of splitPoints(m.length, bl, set.short(v))) {
            const pieces = [m.subarray(0, k), m.subarray(k)];
            expect(streamed(provider, alg, pieces, outOf(v)), `${label(v)} at ${k}`).toBe(v.md);
          }
        }
      });
      it(`one byte at a time and in irregular chunks, ${provider}`, () => {
        for (const v of sampled(set)) {
          expect(streamed(provider, alg, bytewise(v.msg), outOf(v)), `${label(v)} bytewise`).toBe(v.md);
        }
        for (const v of vectors) {
          const pieces = chunked(v.msg, chunkSizes(bl));
          expect(streamed(provider, alg, pieces, outOf(v)), `${label(v)} chunked`).toBe(v.md);
        }
      });
    }
  });
}

// ---------------------------------------------------------------------------------------------------------
// NIST CAVP: SHA-1 and SHA-2

const CAVP: [AlgorithmName, string, number][] = [
  ['SHA-1', 'SHA1', 64],
  ['SHA-224', 'SHA224', 64],
  ['SHA-256', 'SHA256', 64],
  ['SHA-384', 'SHA384', 128],
  ['SHA-512', 'SHA512', 128],
  ['SHA-512/224', 'SHA512_224', 128],
  ['SHA-512/256', 'SHA512_256', 128],
];

function rsp(file: string): Rsp {
  return parseRsp(readVector(file), file);
}

describe('NIST CAVP', () => {
  it('covers every SHA algorithm digestlab has', () => {
    expect(CAVP.map(([alg]) => alg)).toEqual(ALGORITHMS.filter((a) => a.startsWith('SHA-')));
  });

  for (const [alg, file, perBlock] of CAVP) {
    const short = rsp(`cavp/${file}ShortMsg.rsp`);
    const long = rsp(`cavp/${file}LongMsg.rsp`);
    const monte = rsp(`cavp/${file}Monte.rsp`);

    it(`${alg}: the files' [L] is the digest length`, () => {
      const n = digestLength(alg);
      expect([short.l, long.l, monte.l]).toEqual([n, n, n]);
    });
    // ShortMsg: every length from 0 to one block, in bytes (8 * perBlock + 1 vectors).
    katSuite({ alg, name: 'ShortMsg', vectors: short.vectors, short: () => true }, perBlock + 1);
    katSuite({ alg, name: 'LongMsg', vectors: long.vectors, short: () => false }, perBlock);
    monteSuite(alg, monte);
  }
});

// ---------------------------------------------------------------------------------------------------------
// NIST CAVP: SHA-3 and SHAKE (SHA3VS)

const CAVP_SHA3: [AlgorithmName, string][] = [
  ['SHA3-224', 'SHA3_224'],
  ['SHA3-256', 'SHA3_256'],
  ['SHA3-384', 'SHA3_384'],
  ['SHA3-512', 'SHA3_512'],
];
const CAVP_SHAKE: [AlgorithmName, string][] = [
  ['SHAKE128', 'SHAKE128'],
  ['SHAKE256', 'SHAKE256'],
];

describe('NIST CAVP, SHA-3 and SHAKE', () => {
  it('covers every SHA-3 and SHAKE algorithm digestlab has', () => {
    expect([...CAVP_SHA3, ...CAVP_SHAKE].map(([alg]) => alg)).toEqual(
      ALGORITHMS.filter((a) => a.startsWith('SHA3') || a.startsWith('SHAKE')),
    );
  });

  // ShortMsg has every byte length from 0 to one rate (rate + 1 vectors), LongMsg 100 longer ones
  for (const [alg, file] of CAVP_SHA3) {
    const short = rsp(`cavp/${file}ShortMsg.rsp`);
    const long = rsp(`cavp/${file}LongMsg.rsp`);
    const monte = rsp(`cavp/${file}Monte.rsp`);
    it(`${alg}: the files' [L] is the digest length in bits`, () => {
      const n = 8 * digestLength(alg);
      expect([short.l, long.l, monte.l]).toEqual([n, n, n]);
    });
    katSuite({ alg, name: 'ShortMsg', vectors: short.vectors, short: () => true }, blockLength(alg) + 1);
    katSuite({ alg, name: 'LongMsg', vectors: long.vectors, short: () => false }, 100);
    sha3MonteSuite(alg, monte);
  }

  for (const [alg, file] of CAVP_SHAKE) {
    const short = rsp(`cavp/${file}ShortMsg.rsp`);
    const long = rsp(`cavp/${file}LongMsg.rsp`);
    const variable = rsp(`cavp/${file}VariableOut.rsp`);
    const monte = rsp(`cavp/${file}Monte.rsp`);
    it(`${alg}: ShortMsg and LongMsg are at the default output length; VariableOut has its own`, () => {
      const bits = 8 * digestLength(alg);
      expect([short.params.Outputlen, long.params.Outputlen]).toEqual([bits, bits]);
      expect(
        variable.vectors.every((v) => v.outputLen !== undefined && v.len === variable.params['Input Length']),
      ).toBe(true);
    });
    // SHAKE's ShortMsg goes on to two rates (2 × rate + 1 vectors)
    katSuite({ alg, name: 'ShortMsg', vectors: short.vectors, short: () => true }, 2 * blockLength(alg) + 1);
    katSuite({ alg, name: 'LongMsg', vectors: long.vectors, short: () => false }, 100);
    // VariableOut: 1,000+ messages of one length, each with its own output length; split and fed byte by byte
    // on a sample
    katSuite(
      { alg, name: 'VariableOut', vectors: variable.vectors, short: (v) => (v.outputLen ?? 0) % 37 === 0 },
      variable.vectors.length,
    );
    shakeMonteSuite(alg, monte);
  }
});

/**
 * SHA3VS Monte Carlo (§6.2.3): MD0 = Seed; MDi = SHA3(MDi-1) for i = 1..1000; the checkpoint is MD1000, also the
 * next Seed.
 */
function sha3MonteSuite(alg: AlgorithmName, file: Rsp): void {
  describe(`${alg} Monte`, () => {
    it('has a seed and 100 checkpoints', () => {
      expect(file.seed?.length).toBe(digestLength(alg));
      expect(file.monte.map((c) => c.count)).toEqual(Array.from({ length: 100 }, (_, j) => j));
    });
    for (const provider of providersOf(alg)) {
      it(`${MONTE_CHECKPOINTS} checkpoints, ${isSync(provider) ? 'digest()' : 'digestAsync()'}, ${provider}`, async () => {
        let md = file.seed ?? new Uint8Array(0);
        for (const { count, md: want } of file.monte.slice(0, MONTE_CHECKPOINTS)) {
          for (let i = 1; i <= 1000; i++) {
            md = isSync(provider) ? digest(alg, md, { provider }) : await digestAsync(alg, md, { provider });
          }
          expect(toHex(md), `COUNT = ${count}`).toBe(want);
        }
      });
    }
  });
}

/**
 * SHA3VS Monte Carlo for SHAKE (§6.3.3): Output0 = Msg, Outputlen = the maximum; for each checkpoint, 1000 times:
 * Msgi = the leftmost 128 bits of Outputi-1 (zero-padded), Outputi = SHAKE(Msgi, Outputlen), then Outputlen =
 * minimum + (the rightmost 16 bits of Outputi, as an integer) mod (maximum - minimum + 1), in bytes. The
 * checkpoint is Output1000 and the Outputlen it was made with.
 */
function shakeMonteSuite(alg: AlgorithmName, file: Rsp): void {
  const min = Math.floor((file.params['Minimum Output Length (bits)'] ?? Number.NaN) / 8);
  const max = Math.floor((file.params['Maximum Output Length (bits)'] ?? Number.NaN) / 8);
  describe(`${alg} Monte`, () => {
    it('has a 16-byte message, output bounds and 100 checkpoints', () => {
      expect(file.seed?.length).toBe(16);
      expect(max).toBeGreaterThan(min);
      expect(file.monte.map((c) => c.count)).toEqual(Array.from({ length: 100 }, (_, j) => j));
    });
    for (const provider of providersOf(alg).filter(isSync)) {
      it(`${MONTE_CHECKPOINTS} checkpoints, digest() with outputLength, ${provider}`, () => {
        let output = file.seed ?? new Uint8Array(0);
        let outputLength = max;
        for (const { count, md, outputLen } of file.monte.slice(0, MONTE_CHECKPOINTS)) {
          let used = outputLength;
          for (let i = 1; i <= 1000; i++) {
            const msg = new Uint8Array(16);
            msg.set(output.subarray(0, 16));
            used = outputLength;
            output = digest(alg, msg, { provider, outputLength });
            const rightmost = (output[output.length - 2] << 8) | output[output.length - 1];
            outputLength = min + (rightmost % (max - min + 1));
          }
          expect(8 * used, `COUNT = ${count}, Outputlen`).toBe(outputLen);
          expect(toHex(output), `COUNT = ${count}`).toBe(md);
        }
      });
    }
  });
}

/**
 * SHAVS Monte Carlo (§6.4): MD0 = MD1 = MD2 = Seed; for i in 3..1002, MDi = SHA(MDi-3 || MDi-2 || MDi-1);
 * the checkpoint is MD1002, which is also the next Seed.
 */
function monteStep(md: (m: Uint8Array) => Uint8Array, seed: Uint8Array): Uint8Array {
  const L = seed.length;
  const m = new Uint8Array(3 * L);
  let a = seed;
  let b = seed;
  let c = seed;
  for (let i = 3; i <= 1002; i++) {
    m.set(a, 0);
    m.set(b, L);
    m.set(c, 2 * L);
    const next = md(m);
    a = b;
    b = c;
    c = next;
  }
  return c;
}

async function monteStepAsync(md: (m: Uint8Array) => Promise<Uint8Array>, seed: Uint8Array): Promise<Uint8Array> {
  const L = seed.length;
  let a = seed;
  let b = seed;
  let c = seed;
  for (let i = 3; i <= 1002; i++) {
    const m = new Uint8Array(3 * L);
    m.set(a, 0);
    m.set(b, L);
    m.set(c, 2 * L);
    const next = await md(m);
    a = b;
    b = c;
    c = next;
  }
  return c;
}

/** Each Monte checkpoint is 1,000 digests: all 100 through digest(), 10 through WebCrypto (3 in the mutation profile). */
const MONTE_CHECKPOINTS = MUTATION_PROFILE ? 3 : 100;
const MONTE_ASYNC_CHECKPOINTS = MUTATION_PROFILE ? 3 : 10;

function monteSuite(alg: AlgorithmName, file: Rsp): void {
  describe(`${alg} Monte`, () => {
    it('has a seed and 100 checkpoints, COUNT 0..99', () => {
      expect(file.seed?.length).toBe(file.l);
      expect(file.monte.map((c) => c.count)).toEqual(Array.from({ length: 100 }, (_, j) => j));
    });
    const seed = file.seed ?? new Uint8Array(0);
    for (const provider of providersOf(alg)) {
      if (isStreaming(provider)) {
        it(`${MONTE_CHECKPOINTS} checkpoints, digest(), ${provider}`, () => {
          let s = seed;
          for (const { count, md } of file.monte.slice(0, MONTE_CHECKPOINTS)) {
            s = monteStep((m) => digest(alg, m, { provider }), s);
            expect(toHex(s), `COUNT = ${count}`).toBe(md);
          }
        });
        it(`first 20 checkpoints, one Digest reset() and fed MDi-3, MDi-2, MDi-1 apart, ${provider}`, () => {
          const d = createDigest(alg, { provider });
          const L = seed.length;
          let s = seed;
          for (const { count, md } of file.monte.slice(0, 20)) {
            s = monteStep(
              (m) =>
                d
                  .reset()
                  .update(m.subarray(0, L))
                  .update(m.subarray(L, 2 * L))
                  .update(m.subarray(2 * L))
                  .digest(),
              s,
            );
            expect(toHex(s), `COUNT = ${count}`).toBe(md);
          }
        });
      } else {
        it(`first ${MONTE_ASYNC_CHECKPOINTS} checkpoints, digestAsync(), ${provider}`, async () => {
          let s = seed;
          for (const { count, md } of file.monte.slice(0, MONTE_ASYNC_CHECKPOINTS)) {
            s = await monteStepAsync((m) => digestAsync(alg, m, { provider }), s);
            expect(toHex(s), `COUNT = ${count}`).toBe(md);
          }
        });
      }
    }
  });
}

// ---------------------------------------------------------------------------------------------------------
// MD5: RFC 1321 §A.5

describe('RFC 1321', () => {
  katSuite({ alg: 'MD5', name: 'test suite', vectors: rsp('rfc/rfc-1321.txt').vectors, short: () => true }, 7);
});

// ---------------------------------------------------------------------------------------------------------
// MD2: RFC 1319 §A.5, and Java's SUN provider

describe('RFC 1319', () => {
  const vectors = RFC1319.map(([s, md]) => ({ len: 8 * s.length, msg: ascii(s), md }));
  katSuite({ alg: 'MD2', name: 'test suite', vectors, short: () => true }, 7);
  for (const provider of providersOf('MD2')) {
    it(`the suite's strings as strings, ${provider}`, async () => {
      for (const [s, md] of RFC1319) expect(await oneShot(provider, 'MD2', s), JSON.stringify(s)).toBe(md);
    });
  }
});

/** The generator documented in vectors/tools/Md2Vectors.java: byte i of a len-byte message. */
function javaMessage(len: number): Uint8Array {
  const m = new Uint8Array(len);
  for (let i = 0; i < len; i++) m[i] = (i * 167 + 13 * len) & 255;
  return m;
}

describe('Java SUN MD2 (vectors/md2-java.txt)', () => {
  const file = rsp('md2-java.txt');
  const lengths = [...Array.from({ length: 301 }, (_, n) => n), 1000, 4096, 65537];
  it('has lengths 0..300, 1000, 4096, 65537, made by the documented generator', () => {
    expect(file.l).toBe(16);
    expect(file.vectors.map((v) => v.len / 8)).toEqual(lengths);
    for (const v of file.vectors) expect(toHex(v.msg), label(v)).toBe(toHex(javaMessage(v.len / 8)));
  });
  // MD2 is slow (about 3 MB/s here): every split point and every offset only up to 4 blocks, a sample beyond.
  katSuite({ alg: 'MD2', name: 'Java SUN', vectors: file.vectors, short: (v) => v.len <= 8 * 64 }, lengths.length);
});

// SM3, Whirlpool, Tiger: BouncyCastle (vectors/*-bc.txt, made by vectors/tools/BcVectors.java), and SM3's
// published examples (GB/T 32905 Appendix A, as Debian's python3-cryptography-vectors has them)

describe('SM3 examples (vectors/sm3/oscca.txt)', () => {
  katSuite({ alg: 'SM3', name: 'OSCCA', vectors: rsp('sm3/oscca.txt').vectors, short: () => true }, 6);
});

describe.each([
  ['SM3', 'sm3-bc.txt', 32],
  ['WHIRLPOOL', 'whirlpool-bc.txt', 64],
  ['TIGER', 'tiger-bc.txt', 24],
] as const)('BouncyCastle %s (vectors/%s)', (alg, path, l) => {
  const file = rsp(path);
  const lengths = [...Array.from({ length: 301 }, (_, n) => n), 1000, 4096, 65537];
  it('has lengths 0..300, 1000, 4096, 65537, made by the documented generator', () => {
    expect(file.l).toBe(l);
    expect(file.vectors.map((v) => v.len / 8)).toEqual(lengths);
    for (const v of file.vectors) expect(toHex(v.msg), label(v)).toBe(toHex(javaMessage(v.len / 8)));
  });
  // every split point and offset within one block, a sample beyond, and the longest whole only (Whirlpool and Tiger
  // in TypeScript are slow: npm test's budget)
  const vectors = file.vectors.filter((v) => v.len < 8 * 65537);
  katSuite({ alg, name: 'BouncyCastle', vectors, short: (v) => v.len <= 8 * 64 }, lengths.length - 1);
  const longest = file.vectors[file.vectors.length - 1];
  it.each(providersOf(alg))('65537 bytes, whole, %s', async (provider) => {
    expect(await oneShot(provider, alg, longest.msg)).toBe(longest.md);
  });
});

// ---------------------------------------------------------------------------------------------------------
// MD4 and RIPEMD: BouncyCastle (vectors/bc, made by vectors/tools/BcVectors.java), the same messages from other
// programs (vectors/md4-ripemd-tools.json, made by scripts/vectors/md4-ripemd-vectors.mjs), and RIPEMD-160's homepage

const BC_ALGORITHMS = ['MD4', 'RIPEMD128', 'RIPEMD160', 'RIPEMD256', 'RIPEMD320'] as const;

describe('BouncyCastle MD4 and RIPEMD (vectors/bc)', () => {
  const lengths = [...Array.from({ length: 301 }, (_, n) => n), 1000, 4096, 65537];
  const files = new Map(BC_ALGORITHMS.map((alg) => [alg, rsp(`bc/${alg}.txt`)]));
  it('have lengths 0..300, 1000, 4096, 65537, made by the documented generator, at the digest length', () => {
    for (const [alg, file] of files) {
      expect(file.l, alg).toBe(digestLength(alg));
      expect(file.vectors.map((v) => v.len / 8)).toEqual(lengths);
      for (const v of file.vectors) expect(toHex(v.msg), `${alg} ${label(v)}`).toBe(toHex(javaMessage(v.len / 8)));
    }
  });
  it('agree with RHash, OpenSSL and Python hashlib, wherever those have the algorithm', () => {
    const tools = JSON.parse(readVector('md4-ripemd-tools.json')) as {
      lengths: number[];
      digests: Record<string, Record<string, string[]>>;
    };
    expect(tools.lengths).toEqual(lengths);
    const seen = Object.entries(tools.digests).flatMap(([tool, byAlg]) =>
      Object.keys(byAlg).map((a) => `${tool} ${a}`),
    );
    expect(seen).toEqual(['rhash MD4', 'rhash RIPEMD160', 'openssl MD4', 'openssl RIPEMD160', 'python RIPEMD160']);
    for (const [tool, byAlg] of Object.entries(tools.digests)) {
      for (const [alg, digests] of Object.entries(byAlg)) {
        expect(digests, `${tool} ${alg}`).toEqual(files.get(alg as 'MD4')?.vectors.map((v) => v.md));
      }
    }
  });
  it("are the test suite's own reference's (helpers/ripemd.ts, written from the papers)", () => {
    for (const [alg, file] of files) {
      for (const v of file.vectors) expect(md4FamilyHex(alg, v.msg), `${alg} ${label(v)}`).toBe(v.md);
    }
  });
  // every split point through the padding's boundary (55, 56 and 64 bytes) and a little past it, a sample beyond
  for (const [alg, file] of files) {
    katSuite({ alg, name: 'BouncyCastle', vectors: file.vectors, short: (v) => v.len <= 8 * 72 }, lengths.length);
  }
});

describe("RIPEMD-160's homepage (vectors/ripemd/ripevectors.txt)", () => {
  katSuite(
    { alg: 'RIPEMD160', name: 'Bosselaers', vectors: rsp('ripemd/ripevectors.txt').vectors, short: () => true },
    8,
  );
});

// ---------------------------------------------------------------------------------------------------------
// BLAKE2: python3-cryptography-vectors' hashes/blake2 files (vectors/blake2/blake2b.txt, blake2s.txt, copied
// unchanged), the plain BLAKE2b-512 and BLAKE2s-256 (no key, salt or personalization), 7 messages each from the
// empty one to 80 bytes; under the named length and the length-free name at its default, through every provider
// that has either (our WebAssembly's too, once it has BLAKE2)

describe.each([
  ['blake2b.txt', 'BLAKE2B-512', 'BLAKE2b'],
  ['blake2s.txt', 'BLAKE2S-256', 'BLAKE2s'],
] as const)('python3-cryptography-vectors (vectors/blake2/%s)', (file, named, free) => {
  const vectors = rsp(`blake2/${file}`).vectors;
  it('gives the digest at the named length', () => {
    expect(vectors.every((v) => v.md.length === 2 * digestLength(named))).toBe(true);
  });
  katSuite({ alg: named, name: 'cryptography-vectors', vectors, short: () => true }, 7);
  katSuite({ alg: free, name: 'cryptography-vectors', vectors, short: () => true }, 7);
});

// ---------------------------------------------------------------------------------------------------------
// FIPS 180-4 examples (NIST's "Examples with intermediate values"), one million 'a', the empty input

/**
 * Digests of 1,000,000 bytes 'a' and of the empty input, from each family's file in test/families/, which says where
 * they come from (FIPS 180-2's examples, the RFCs, Java, BouncyCastle, OpenSSL, RHash, b3sum, CPython, …).
 */
const MILLION_A = Object.fromEntries(KNOWN_NAMES.map((a) => [a, known(a).millionA])) as Record<AlgorithmName, string>;
const EMPTY = Object.fromEntries(KNOWN_NAMES.map((a) => [a, known(a).empty])) as Record<AlgorithmName, string>;

describe('the known answers agree with the independent reference: node:crypto, or another (a check of the answers themselves)', () => {
  for (const alg of ALGORITHMS.filter((a) => a !== 'MD2')) {
    it(alg, () => {
      for (const [s, md] of FIPS[alg] ?? []) expect(reference(alg, ascii(s)), s).toBe(md);
      expect(reference(alg, new Uint8Array(1_000_000).fill(0x61)), 'million a').toBe(MILLION_A[alg]);
      expect(reference(alg, new Uint8Array(0)), 'empty').toBe(EMPTY[alg]);
    });
  }
});

describe('FIPS 180-4 examples', () => {
  it('the two-block messages are 448 and 896 bits', () => {
    expect([TWO_BLOCK_256.length * 8, TWO_BLOCK_512.length * 8]).toEqual([448, 896]);
    expect(Object.keys(FIPS)).toEqual(ALGORITHMS.filter((a) => a.startsWith('SHA-')));
  });
  for (const [provider, alg] of CASES) {
    const examples = FIPS[alg];
    if (!examples) continue;
    it(`${alg}, ${provider}`, async () => {
      for (const [s, md] of examples) {
        expect(await oneShot(provider, alg, s), `${s} as a string`).toBe(md);
        expect(await oneShot(provider, alg, ascii(s)), `${s} as bytes`).toBe(md);
        if (isStreaming(provider)) expect(streamed(provider, alg, s), `${s} one character at a time`).toBe(md);
      }
    });
  }
});

describe("one million 'a'", () => {
  const string = 'a'.repeat(1_000_000);
  const thousand = new Uint8Array(1000).fill(0x61);
  for (const [provider, alg] of CASES) {
    it(`${alg}, ${provider}`, async () => {
      expect(await oneShot(provider, alg, string), 'one 1,000,000-character string').toBe(MILLION_A[alg]);
      if (isStreaming(provider)) {
        const d = createDigest(alg, { provider });
        for (let i = 0; i < 1000; i++) d.update(thousand);
        expect(d.digestHex(), '1000 updates of 1000 bytes').toBe(MILLION_A[alg]);
      }
    });
  }
});

describe('the empty input', () => {
  it('every algorithm has a digest here', () => {
    expect(Object.keys(EMPTY)).toEqual(ALGORITHMS);
  });
  for (const [provider, alg] of CASES) {
    it(`${alg}, ${provider}`, async () => {
      const md = EMPTY[alg];
      const garbage = new Uint8Array(16).fill(GARBAGE);
      const inputs: [string, Data][] = [
        ['empty string', ''],
        ['Uint8Array(0)', new Uint8Array(0)],
        ['ArrayBuffer(0)', new ArrayBuffer(0)],
        ['empty view inside a buffer', garbage.subarray(5, 5)],
        ['empty DataView inside a buffer', new DataView(garbage.buffer, 3, 0)],
      ];
      for (const [how, input] of inputs) expect(await oneShot(provider, alg, input), how).toBe(md);
      if (isStreaming(provider)) {
        expect(createDigest(alg, { provider }).digestHex(), 'no update').toBe(md);
        expect(streamed(provider, alg, ['', new Uint8Array(0), garbage.subarray(7, 7)]), 'empty updates').toBe(md);
      }
    });
  }
});

// ---------------------------------------------------------------------------------------------------------
// The seed's string, against Java's MessageDigest (vectors/seed-java.txt)

describe('the seed string (vectors/seed-java.txt, Java SUN provider)', () => {
  const java = seedJava();
  it('is 93 ASCII characters, and the file has the six seed algorithms', () => {
    expect(SEED_STRING).toHaveLength(93);
    expect(ascii(SEED_STRING)).toEqual(new TextEncoder().encode(SEED_STRING));
    expect([...java.keys()]).toEqual(['MD2', 'MD5', 'SHA-1', 'SHA-256', 'SHA-384', 'SHA-512']);
  });
  for (const [alg, md] of java) {
    for (const provider of providersOf(alg as AlgorithmName)) {
      it(`${alg}, ${provider}`, async () => {
        expect(await oneShot(provider, alg as AlgorithmName, SEED_STRING)).toBe(md);
        if (isStreaming(provider)) {
          expect(streamed(provider, alg as AlgorithmName, [SEED_STRING.slice(0, 40), SEED_STRING.slice(40)])).toBe(md);
        }
      });
    }
  }
});
