/**
 * The registry's facts (registry.ts, boundaries.ts), checked against what they describe: node:crypto's digest
 * lengths, our own digests' lengths, the specs they are derived from, and the counter widths the boundaries come from.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { algorithms, digestHex, hmacHex, InvalidOptionError, MAX_LENGTH, runtime } from '../src/index.js';
import { boundariesOf, wrapsOf } from '../src/registry/boundaries.js';
import { ENTRIES } from '../src/registry/registry.js';
import { narrow } from '../src/spec/algorithm.js';

const INFO = algorithms();
const GiB = 2 ** 30;
const around = (n: number) => [n - 1, n, n + 1];

/** The 18 lengths of a Merkle–Damgård hash, written out (the lab adds the seed's 257 GiB: 19). */
const MD_BOUNDARIES = [
  ...around(2 ** 28),
  ...around(2 ** 29),
  ...around(2 ** 31),
  2 ** 32 - 1,
  2 ** 32,
  2 ** 32 + 5,
  ...around(2 ** 38),
  ...around(2 ** 39),
];

/** node:crypto's digest of the empty message, or undefined where this Node lacks the algorithm. */
function nodeDigest(nodeName: string, outputLength?: number): Buffer | undefined {
  try {
    return createHash(nodeName, outputLength === undefined ? undefined : { outputLength }).digest();
  } catch {
    return undefined;
  }
}

describe('sizes', () => {
  it('digest lengths are node:crypto’s, for every algorithm this Node has (MD5, SHA-1, SHA-2, SHA-3)', () => {
    let checked = 0;
    for (const a of INFO.filter((x) => !x.xof)) {
      const d = nodeDigest(a.nodeName);
      if (d === undefined) continue;
      expect(d.length, a.name).toBe(a.digestLength);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(12);
  });

  it('an XOF’s default output length is node:crypto’s default (SHAKE128: 16, SHAKE256: 32), BLAKE3’s b3sum’s', () => {
    const xofs = INFO.filter((a) => a.xof);
    expect(xofs.map((a) => [a.name, a.digestLength])).toEqual([
      ['SHAKE128', 16],
      ['SHAKE256', 32],
      ['BLAKE3-256', 32],
    ]);
    for (const a of xofs.filter((x) => x.family === 'SHA-3')) {
      expect(digestHex(a.name, 'abc')).toBe(createHash(a.nodeName).update('abc').digest('hex'));
    }
    // `printf abc | b3sum`
    expect(digestHex('BLAKE3', 'abc')).toBe('6437b3ac38465133ffb63b75273a8db548c558465d79db03fd359c6cd5bd9d85');
  });

  it('a sponge’s rate is 200 bytes less its capacity (twice the security: the digest length, SHAKE’s default)', () => {
    for (const a of INFO.filter((x) => x.construction === 'sponge'))
      expect(a.blockLength).toBe(200 - 2 * a.digestLength);
  });

  it('the sum hex length is the length of the digest printed', () => {
    for (const a of INFO) expect(digestHex(a.name, 'abc').length, a.name).toBe(a.sum.hexLength);
  });
});

describe('construction, output and options', () => {
  it("follow the spec: the entry's construction is its spec's kind, by family", () => {
    const byFamily: Record<string, string> = {
      MD2: 'md2',
      'SHA-3': 'sponge',
      Keccak: 'sponge',
      BLAKE3: 'tree',
      BLAKE2: 'haifa',
    };
    for (const e of ENTRIES) {
      expect(e.construction, e.spec.name).toBe(e.spec.construction.kind);
      expect(e.construction, e.spec.name).toBe(byFamily[e.family] ?? 'merkle-damgard');
    }
    expect(ENTRIES.filter((e) => e.construction === 'md2').map((e) => e.spec.name)).toEqual(['MD2']);
  });

  it('only the XOFs take outputLength, 0 to 2^53 − 1 bytes, as the calls check it; BLAKE3 a key or a context', () => {
    const outputLength = { name: 'outputLength', kind: 'length', min: 0, max: MAX_LENGTH };
    const blake3 = [
      outputLength,
      { name: 'key', kind: 'bytes', min: 32, max: 32 },
      { name: 'context', kind: 'string', min: 0, max: MAX_LENGTH },
    ];
    for (const a of INFO.filter((x) => x.family !== 'BLAKE2')) {
      expect(a.options, a.name).toEqual(a.family === 'BLAKE3' ? blake3 : a.xof ? [outputLength] : []);
      expect(a.xof).toBe(a.output === 'xof');
      if (a.xof) {
        expect(digestHex(a.name, '', { outputLength: a.options[0]?.min ?? -1 })).toBe('');
        expect(() => digestHex(a.name, '', { outputLength: -1 })).toThrow(InvalidOptionError);
      } else {
        expect(() => digestHex(a.name, '', { outputLength: a.digestLength })).toThrow(InvalidOptionError);
      }
    }
  });

  it('BLAKE2 takes outputLength (its own length on a name with one, 1 to 64 / 32 on BLAKE2b / BLAKE2s), key, salt and personalization', () => {
    const blake2 = (word: number, length: number | null) => [
      { name: 'outputLength', kind: 'length', min: length ?? 1, max: length ?? 8 * word },
      { name: 'key', kind: 'bytes', min: 0, max: 8 * word },
      { name: 'salt', kind: 'bytes', min: 0, max: 2 * word },
      { name: 'personalization', kind: 'bytes', min: 0, max: 2 * word },
    ];
    const names = INFO.filter((a) => a.family === 'BLAKE2');
    expect(names.map((a) => a.name)).toEqual([
      'BLAKE2B-160',
      'BLAKE2B-256',
      'BLAKE2B-384',
      'BLAKE2B-512',
      'BLAKE2b',
      'BLAKE2S-128',
      'BLAKE2S-160',
      'BLAKE2S-224',
      'BLAKE2S-256',
      'BLAKE2s',
    ]);
    for (const a of names) {
      const word = a.blockLength / 16;
      const free = !a.name.includes('-');
      expect(a.options, a.name).toEqual(blake2(word, free ? null : a.digestLength));
      expect(a.output).toBe('parameter');
      expect(a.xof).toBe(false);
      expect(digestHex(a.name, '', { outputLength: a.digestLength })).toHaveLength(2 * a.digestLength);
      if (!free) expect(() => digestHex(a.name, '', { outputLength: a.digestLength - 1 })).toThrow(/bytes long/);
    }
  });

  it('HMAC applies to every cryptographic hash of fixed length, and works for each', () => {
    for (const a of INFO) {
      expect(a.cryptographic).toBe(true);
      expect(a.hmac, a.name).toBe(!a.xof);
      if (a.hmac) expect(hmacHex(a.name, 'key', 'abc')).toHaveLength(a.sum.hexLength);
      else
        expect(() => hmacHex(a.name, 'key', 'abc')).toThrow(
          a.family === 'BLAKE3' ? /own keyed mode/ : /extendable-output/,
        );
    }
  });
});

describe('family and WebCrypto', () => {
  it('families group the algorithms by standard; Keccak is the submission’s padding, not FIPS 202’s', () => {
    const family = (f: string) => INFO.filter((a) => a.family === f).map((a) => a.name);
    expect(family('SHA-2')).toEqual(['SHA-224', 'SHA-256', 'SHA-384', 'SHA-512', 'SHA-512/224', 'SHA-512/256']);
    expect(family('SHA-3')).toEqual(['SHA3-224', 'SHA3-256', 'SHA3-384', 'SHA3-512', 'SHAKE128', 'SHAKE256']);
    expect(family('Keccak')).toEqual(['KECCAK-224', 'KECCAK-256', 'KECCAK-384', 'KECCAK-512']);
    for (const e of ENTRIES.filter((x) => x.family === 'Keccak'))
      expect(narrow(e.spec, 'sponge').construction.suffix).toBe(0x01);
    // Ethereum's keccak256 of nothing
    expect(digestHex('KECCAK-256', '')).toBe('c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
  });

  it('crypto.subtle.digest takes every `always` algorithm, and refuses every `never` one but what this runtime adds', async () => {
    // outside the standard, and not asked by the webcrypto provider; seen accepted: Bun's SHA-224 (BoringSSL)
    const beyondStandard: readonly string[] = runtime().runtime === 'bun' ? ['SHA-224'] : [];
    const subtle = globalThis.crypto.subtle;
    const accepts = (name: string) =>
      subtle.digest(name, new Uint8Array(0)).then(
        () => true,
        () => false,
      );
    expect(INFO.filter((a) => a.webCrypto === 'always').map((a) => a.name)).toEqual([
      'SHA-1',
      'SHA-256',
      'SHA-384',
      'SHA-512',
    ]);
    for (const a of INFO) {
      if (a.webCrypto === 'always') expect(await accepts(a.name), a.name).toBe(true);
      if (a.webCrypto === 'never') expect(await accepts(a.name), a.name).toBe(beyondStandard.includes(a.name));
    }
    expect(INFO.filter((a) => a.webCrypto === 'probed').map((a) => a.family)).toEqual([
      'SHA-3',
      'SHA-3',
      'SHA-3',
      'SHA-3',
    ]);
  });
});

describe('sum', () => {
  it('tags are coreutils’ (SHA256, SHA1) and BSD’s (SHA512t256), else the name; each names one algorithm', () => {
    const tags = Object.fromEntries(INFO.map((a) => [a.name, a.sum.tag]));
    expect(tags).toMatchObject({ MD5: 'MD5', 'SHA-1': 'SHA1', 'SHA-256': 'SHA256', 'SHA-512/224': 'SHA512t224' });
    expect(tags).toMatchObject({ 'SHA3-256': 'SHA3-256', SHAKE128: 'SHAKE128', 'KECCAK-256': 'KECCAK-256' });
    // b2sum --tag's: BLAKE2b, and BLAKE2b-256 for -l 256
    expect(tags).toMatchObject({ BLAKE2b: 'BLAKE2b', 'BLAKE2B-256': 'BLAKE2b-256', 'BLAKE2S-128': 'BLAKE2s-128' });
    expect(new Set(INFO.map((a) => a.sum.tag)).size).toBe(INFO.length);
  });

  it('coreutils has a program for MD5, SHA-1 and four SHA-2, named for the tag', () => {
    // b2sum: not yet (BLAKE2 has no command: `sum -a blake2b` is absent)
    const withCommand = INFO.filter((a) => a.sum.command !== null);
    expect(withCommand.map((a) => a.sum.command)).toEqual([
      'md5sum',
      'sha1sum',
      'sha224sum',
      'sha256sum',
      'sha384sum',
      'sha512sum',
    ]);
    for (const a of withCommand) expect(a.sum.command).toBe(`${a.sum.tag.toLowerCase()}sum`);
  });
});

describe('boundaries', () => {
  it('come from 32-bit counts of bits, bytes and blocks: sign bit and carry', () => {
    expect(wrapsOf('bits', [])).toEqual([...around(2 ** 31 / 8), ...around(2 ** 32 / 8)]);
    expect(wrapsOf('bytes', [])).toEqual([...around(2 ** 31), 2 ** 32 - 1, 2 ** 32, 2 ** 32 + 5]);
    expect(wrapsOf('blocks', [64, 128])).toEqual([...around(2 ** 32 * 64), ...around(2 ** 32 * 128)]);
    expect(boundariesOf(['blocks', 'bits'], [128, 64])).toEqual([
      ...around(2 ** 28),
      ...around(2 ** 29),
      ...around(2 ** 38),
      ...around(2 ** 39),
    ]);
  });

  it('a Merkle–Damgård hash (and MD2) is checked at every one, 2^32 of its own blocks included', () => {
    for (const a of INFO.filter((x) => x.construction === 'merkle-damgard' || x.construction === 'md2')) {
      expect(a.counters, a.name).toEqual(['bits', 'bytes', 'blocks']);
      expect(a.boundaries, a.name).toEqual(MD_BOUNDARIES);
      if (a.construction === 'merkle-damgard') expect(a.boundaries).toContain(2 ** 32 * a.blockLength);
    }
  });

  it('a sponge has no length counter: its boundaries stop at 2^32 + 5 (so far BLAKE3’s too)', () => {
    const sponges = INFO.filter((x) => x.construction === 'sponge');
    expect(sponges).toHaveLength(10);
    // its chunk counter (2^32 chunks: 4 TiB) is tested by state import (blake3.test.ts), not run to
    sponges.push(...INFO.filter((x) => x.construction === 'tree'));
    for (const a of sponges) {
      expect(a.counters).toEqual(['bits', 'bytes']);
      expect(Math.max(...a.boundaries)).toBe(4 * GiB + 5);
      expect(a.boundaries).toEqual(MD_BOUNDARIES.filter((n) => n <= 4 * GiB + 5));
    }
  });

  it('are ascending, distinct, and within what a digest accepts', () => {
    for (const a of INFO) {
      expect([...a.boundaries].sort((x, y) => x - y)).toEqual(a.boundaries);
      expect(new Set(a.boundaries).size).toBe(a.boundaries.length);
      expect(a.boundaries.every((n) => Number.isSafeInteger(n) && n > 0 && n <= MAX_LENGTH)).toBe(true);
    }
  });
});

describe('algorithms()', () => {
  it('hands out copies: changing one leaves the registry as it was', () => {
    const first = algorithms()[0];
    first?.boundaries.push(1);
    first?.counters.pop();
    if (first) (first.sum as { tag: string }).tag = 'X';
    expect(algorithms()[0]?.boundaries).toEqual(MD_BOUNDARIES);
    expect(algorithms()[0]?.counters).toEqual(['bits', 'bytes', 'blocks']);
    expect(algorithms()[0]?.sum.tag).toBe('MD2');
  });
});
