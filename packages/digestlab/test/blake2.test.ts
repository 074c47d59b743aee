/**
 * BLAKE2b and BLAKE2s against references we did not write: RFC 7693's Appendix A values and its Appendix E
 * self-test, CPython's hashlib and hmac (vectors/blake2/hashlib.json), @noble/hashes and hash-wasm split at every
 * offset around the block edges, node:crypto, GNU b2sum; each refused option and state; the counters past 2^32
 * and near 2^53 - 1 against a BigInt-counter reference written here from RFC 7693 §3.2.
 */
import { Buffer } from 'node:buffer';
import { execFileSync } from 'node:child_process';
import { blake2b, blake2s } from '@noble/hashes/blake2.js';
import { createBLAKE2b, createBLAKE2s } from 'hash-wasm';
import { describe, expect, it } from 'vitest';
import { BLAKE2B, BLAKE2S, blake2Shapes, compressB, compressS } from '../src/algorithms/blake2.js';
import {
  blake2bCompress,
  blake2bCompressLoop,
  blake2sCompress,
  blake2sCompressLoop,
} from '../src/algorithms/generated/blake2.js';
import * as blake2m from '../src/blake2.js';
import { Blake2Hash, coreOf } from '../src/constructions/haifa/haifa.js';
import {
  AlgorithmUnavailableError,
  BadStateError,
  createDigest,
  digest,
  digestAsync,
  digestHex,
  digestMany,
  digestStream,
  hmacHex,
  InvalidOptionError,
  importState,
  LengthLimitError,
} from '../src/index.js';
import { crc32 } from '../src/shared/state-envelope.js';
import { narrow } from '../src/spec/algorithm.js';
import { NEWER_IN_NODE, readVector } from './helpers/common.js';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const fromHex = (h: string) => Uint8Array.from(Buffer.from(h, 'hex'));
/** The vectors' message: bytes (i * 7 + 3) mod 256. */
const msg = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 7 + 3) & 0xff);

interface Case {
  length: number;
  outputLength?: number;
  key?: string;
  salt?: string;
  personalization?: string;
  digest: string;
}
interface MacCase {
  key: string;
  length: number;
  mac: string;
}
const VECTORS = JSON.parse(readVector('blake2/hashlib.json')) as Record<string, Case[] & MacCase[]>;

function optionsOf(c: Case) {
  return {
    outputLength: c.outputLength,
    key: c.key === undefined ? undefined : fromHex(c.key),
    salt: c.salt === undefined ? undefined : fromHex(c.salt),
    personalization: c.personalization === undefined ? undefined : fromHex(c.personalization),
  };
}

describe('RFC 7693', () => {
  it('Appendix A: BLAKE2b-512 and BLAKE2s-256 of "abc"', () => {
    expect(digestHex('BLAKE2b512', 'abc')).toBe(
      'ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923',
    );
    expect(digestHex('BLAKE2s256', 'abc')).toBe('508c5e8c327c14e2e1a72ba34eeb452f37458b209ed63a294d999b4c86675982');
  });

  /** Appendix E's selftest_seq: a Fibonacci-like sequence seeded with `seed`, its top bytes. */
  function seq(n: number, seed: number): Uint8Array {
    const out = new Uint8Array(n);
    let a = Math.imul(0xdead4bad, seed) >>> 0;
    let b = 1;
    for (let i = 0; i < n; i++) {
      const t = (a + b) >>> 0;
      a = b;
      b = t;
      out[i] = t >>> 24;
    }
    return out;
  }

  it.each([
    [
      'BLAKE2b',
      [20, 32, 48, 64],
      [0, 3, 128, 129, 255, 1024],
      'c23a7800d98123bd10f506c61e29da5603d763b8bbad2e737f5e765a7bccd475',
    ],
    [
      'BLAKE2s',
      [16, 20, 28, 32],
      [0, 3, 64, 65, 255, 1024],
      '6a411f08ce25adcdfb02aba641451cec53c598b24f4fc787fbdc88797f4c1dfe',
    ],
  ])('Appendix E: %s self-test, the grand hash over output lengths, input lengths and keys', (name, mds, ins, want) => {
    const grand = createDigest(name, { outputLength: 32 });
    for (const outputLength of mds) {
      for (const n of ins) {
        const data = seq(n, n);
        grand.update(digest(name, data, { outputLength }));
        grand.update(digest(name, data, { outputLength, key: seq(outputLength, outputLength) }));
      }
    }
    expect(hex(grand.digest())).toBe(want);
  });
});

describe("CPython's hashlib (vectors/blake2/hashlib.json)", () => {
  it.each(['BLAKE2b', 'BLAKE2s'])('%s: every case, one-shot and streamed in two pieces', (name) => {
    for (const c of VECTORS[name]) {
      const data = msg(c.length);
      const options = optionsOf(c);
      expect(digestHex(name, data, options), JSON.stringify(c)).toBe(c.digest);
      const d = createDigest(name, options);
      d.update(data.subarray(0, c.length >> 1)).update(data.subarray(c.length >> 1));
      expect(d.digestHex(), JSON.stringify(c)).toBe(c.digest);
    }
  });

  it('a name with a length is the length-free form at that length, with every parameter', () => {
    const named = { b: [20, 32, 48, 64], s: [16, 20, 28, 32] };
    for (const [letter, lengths] of Object.entries(named)) {
      for (const c of VECTORS[`BLAKE2${letter}`].filter((x) => lengths.includes(x.outputLength ?? -1))) {
        const name = `BLAKE2${letter.toUpperCase()}-${8 * (c.outputLength as number)}`;
        expect(digestHex(name, msg(c.length), optionsOf(c)), name).toBe(c.digest);
      }
    }
  });

  it.each(['BLAKE2b', 'BLAKE2s'])("HMAC over %s is Python's hmac.new(key, msg, hashlib.blake2b or blake2s)", (name) => {
    for (const c of VECTORS[`Hmac${name}`]) {
      expect(hmacHex(`Hmac${name}`, fromHex(c.key), msg(c.length)), `${c.key.length / 2}-byte key`).toBe(c.mac);
    }
    // the same through node:crypto's createHmac and our keyed construction, under the name with a length
    const lengthed = name === 'BLAKE2b' ? 'HmacBLAKE2B-512' : 'HmacBLAKE2S-256';
    for (const provider of ['ts', 'wasm', 'node', 'auto'] as const) {
      for (const c of VECTORS[`Hmac${name}`]) {
        expect(hmacHex(lengthed, fromHex(c.key), msg(c.length), { provider }), provider).toBe(c.mac);
      }
    }
  });
});

describe("digestlab/blake2's functions (src/blake2.ts)", () => {
  const FUNCTIONS = {
    BLAKE2b: [blake2m.blake2b, blake2m.blake2bHex, blake2m.createBlake2b, 64],
    BLAKE2s: [blake2m.blake2s, blake2m.blake2sHex, blake2m.createBlake2s, 32],
  } as const;

  it.each(['BLAKE2b', 'BLAKE2s'] as const)(
    '%s: bytes, hex and a running digest take every option of hashlib.json',
    (name) => {
      const [bytes, hexOf, create, longest] = FUNCTIONS[name];
      for (const c of VECTORS[name]) {
        const data = msg(c.length);
        const options = optionsOf(c);
        expect(hex(bytes(data, options)), JSON.stringify(c)).toBe(c.digest);
        expect(hexOf(data, options), JSON.stringify(c)).toBe(c.digest);
        const d = create(options);
        expect(d.digestLength).toBe(c.outputLength ?? longest);
        expect(d.update(data).digestHex(), JSON.stringify(c)).toBe(c.digest);
      }
    },
  );

  it('a named length takes a key, salt and personalization, and its own outputLength only', () => {
    const named = [
      ['b', 64, blake2m.blake2b512, blake2m.blake2b512Hex, blake2m.createBlake2b512],
      ['s', 32, blake2m.blake2s256, blake2m.blake2s256Hex, blake2m.createBlake2s256],
    ] as const;
    for (const [letter, n, bytes, hexOf, create] of named) {
      const cases = VECTORS[`BLAKE2${letter}`].filter((c) => (c.outputLength ?? n) === n);
      expect(cases.filter((c) => c.key !== undefined).length).toBeGreaterThan(0);
      expect(cases.filter((c) => c.salt !== undefined && c.personalization === undefined).length).toBeGreaterThan(0);
      expect(cases.filter((c) => c.personalization !== undefined && c.salt === undefined).length).toBeGreaterThan(0);
      for (const c of cases) {
        const data = msg(c.length);
        const { outputLength, ...rest } = optionsOf(c);
        for (const options of [rest, { ...rest, outputLength }]) {
          expect(hex(bytes(data, options)), JSON.stringify(c)).toBe(c.digest);
          expect(hexOf(data, options)).toBe(c.digest);
          expect(create(options).update(data).digestHex()).toBe(c.digest);
        }
      }
      for (const call of [
        () => bytes(msg(3), { outputLength: 2 * n }),
        () => hexOf(msg(3), { key: new Uint8Array(n + 1) }),
        () => create({ salt: new Uint8Array(n / 4 + 1) }),
      ]) {
        expect(call).toThrow(InvalidOptionError);
      }
    }
    // no options at all: the name's own length, on our TypeScript
    const plain = VECTORS.BLAKE2s.find((c) => Object.keys(c).length === 2 && c.length === 3);
    expect(blake2m.blake2sHex(msg(3))).toBe(plain?.digest);
    expect(hex(blake2m.blake2s(msg(3)))).toBe(plain?.digest);
    const running = blake2m.createBlake2s();
    expect([running.provider, running.digestLength, running.update(msg(3)).digestHex()]).toEqual([
      'ts',
      32,
      plain?.digest,
    ]);
    expect(() => blake2m.blake2s(msg(3), { context: 'x' } as never)).toThrow(/BLAKE2s takes no context/);
    expect(() => blake2m.createBlake2b({ outputLength: 65 })).toThrow(/expected 1 to 64 bytes; got 65/);
  });
});

const SPLIT_KEY = msg(9);
const HASH_WASM_B = await createBLAKE2b(8 * 48, SPLIT_KEY);
const HASH_WASM_S = await createBLAKE2s(8 * 24, SPLIT_KEY);

describe('@noble/hashes and hash-wasm, split at every offset', () => {
  const key = SPLIT_KEY;
  const salt = msg(5);
  const personalization = msg(11).subarray(0, 8);
  it.each([
    ['BLAKE2b', 128, blake2b, HASH_WASM_B],
    ['BLAKE2s', 64, blake2s, HASH_WASM_S],
  ] as const)('%s: lengths around one and two blocks, every split, plain and keyed', (name, block, noble, wasm) => {
    for (const n of [block - 1, block, block + 1, 2 * block, 2 * block + 1]) {
      const data = msg(n);
      const outputLength = block === 128 ? 48 : 24;
      wasm.init();
      const keyed = wasm.update(data).digest('hex');
      const plain = hex(noble(data));
      // noble takes only whole salts and personalizations: zero-padded here, as hashlib and we pad them
      const whole = (b: Uint8Array) => new Uint8Array([...b, ...new Uint8Array(block / 8 - b.length)]);
      const nobleOptions = { key, salt: whole(salt), personalization: whole(personalization), dkLen: outputLength };
      const salted = hex(noble(data, nobleOptions));
      for (let at = 0; at <= n; at++) {
        const parts = [data.subarray(0, at), data.subarray(at)];
        const d = createDigest(name);
        const k = createDigest(name, { key, outputLength });
        const s = createDigest(name, { key, salt, personalization, outputLength });
        for (const p of parts) {
          d.update(p);
          k.update(p);
          s.update(p);
        }
        expect(d.digestHex(), `${n} split at ${at}`).toBe(plain);
        expect(k.digestHex(), `${n} keyed, split at ${at}`).toBe(keyed);
        expect(s.digestHex(), `${n} salted, split at ${at}`).toBe(salted);
      }
    }
  });
});

describe('node:crypto and b2sum', () => {
  it.each(['BLAKE2B-512', 'BLAKE2S-256'])('%s: provider node and provider ts agree at lengths 0 to 600', (name) => {
    for (let n = 0; n <= 600; n += 7) {
      const data = msg(n);
      expect(digestHex(name, data, { provider: 'node' })).toBe(digestHex(name, data, { provider: 'ts' }));
    }
  });

  it('GNU b2sum -l BITS is BLAKE2b with outputLength BITS / 8', () => {
    for (const n of [0, 127, 128, 129, 1000]) {
      for (const bits of [8, 160, 256, 384, 512]) {
        const line = execFileSync('b2sum', ['-l', String(bits)], { input: msg(n), encoding: 'utf8' });
        expect(digestHex('BLAKE2b', msg(n), { outputLength: bits / 8 }), `${n} bytes, -l ${bits}`).toBe(
          line.split(' ')[0],
        );
      }
    }
  });
});

describe('options refused with InvalidOptionError', () => {
  const cases: [string, Record<string, unknown>, RegExp][] = [
    ['BLAKE2b', { key: new Uint8Array(65) }, /key: expected a Uint8Array of 0 to 64 bytes; got 65 bytes/],
    ['BLAKE2s', { key: new Uint8Array(33) }, /key: expected a Uint8Array of 0 to 32 bytes; got 33 bytes/],
    ['BLAKE2B-256', { salt: new Uint8Array(17) }, /salt: expected a Uint8Array of 0 to 16 bytes/],
    ['BLAKE2S-128', { salt: new Uint8Array(9) }, /salt: expected a Uint8Array of 0 to 8 bytes/],
    ['BLAKE2b', { personalization: new Uint8Array(17) }, /personalization: expected a Uint8Array of 0 to 16/],
    ['BLAKE2s', { personalization: new Uint8Array(9) }, /personalization: expected a Uint8Array of 0 to 8/],
    ['BLAKE2b', { key: 'secret' }, /key: expected a Uint8Array of 0 to 64 bytes; got string/],
    ['BLAKE2b', { outputLength: 0 }, /outputLength: expected 1 to 64 bytes; got 0/],
    ['BLAKE2b', { outputLength: 65 }, /expected 1 to 64 bytes; got 65/],
    ['BLAKE2s', { outputLength: 33 }, /expected 1 to 32 bytes; got 33/],
    ['BLAKE2b', { outputLength: 1.5 }, /expected a whole number of bytes; got number/],
    ['BLAKE2b', { outputLength: '32' }, /expected a whole number of bytes; got string/],
    ['BLAKE2B-256', { outputLength: 64 }, /BLAKE2B-256 is 32 bytes long, not 64/],
    ['BLAKE2S-256', { outputLength: 16 }, /BLAKE2S-256 is 32 bytes long, not 16/],
    ['BLAKE2b', { context: 'x' }, /BLAKE2b takes no context/],
    ['SHA-256', { salt: new Uint8Array(1) }, /SHA-256 takes no salt/],
    ['SHA-256', { personalization: new Uint8Array(1) }, /SHA-256 takes no personalization/],
    ['BLAKE2B-512', { provider: 'node', key: new Uint8Array(1) }, /key: node:crypto computes BLAKE2B-512 without/],
    ['BLAKE2S-256', { provider: 'node', salt: new Uint8Array(1) }, /salt: node:crypto computes BLAKE2S-256/],
  ];
  it.each(cases)('%s with %o', (name, options, reason) => {
    for (const call of [
      () => digest(name, 'abc', options),
      () => digestHex(name, 'abc', options),
      () => createDigest(name, options),
      () => digestMany(name, ['abc'], options),
    ]) {
      expect(call).toThrow(InvalidOptionError);
      expect(call).toThrow(reason);
    }
  });

  it('digestStream refuses them too, and takes them', async () => {
    await expect(digestStream('BLAKE2s', [msg(3)], { salt: new Uint8Array(9) })).rejects.toThrow(InvalidOptionError);
    const options = { key: msg(4), salt: msg(8), outputLength: 20 };
    expect(hex(await digestStream('BLAKE2s', [msg(30), msg(70)], options))).toBe(
      hex(blake2s(new Uint8Array([...msg(30), ...msg(70)]), { key: msg(4), salt: msg(8), dkLen: 20 })),
    );
  });

  it('the length-free names and the other lengths are ours only: node says so, wasm has them', () => {
    expect(() => digest('BLAKE2b', 'abc', { provider: 'node' })).toThrow(AlgorithmUnavailableError);
    // other lengths: node:crypto's where the runtime has them (Bun's blake2b256), the same digest as ours
    if (NEWER_IN_NODE.includes('BLAKE2B-256')) {
      expect(digestHex('BLAKE2B-256', 'abc', { provider: 'node' })).toBe(
        digestHex('BLAKE2B-256', 'abc', { provider: 'ts' }),
      );
    } else {
      expect(() => digest('BLAKE2B-256', 'abc', { provider: 'node' })).toThrow(AlgorithmUnavailableError);
    }
    expect(() => digest('BLAKE2S-128', 'abc', { provider: 'node' })).toThrow(AlgorithmUnavailableError);
    expect(digestHex('BLAKE2S-128', 'abc', { provider: 'wasm' })).toBe(digestHex('BLAKE2S-128', 'abc'));
    expect(createDigest('BLAKE2b').provider).toBe('wasm');
  });

  it('auto: node:crypto for the plain BLAKE2b-512 and BLAKE2s-256 where it wins, our WebAssembly for a key, salt or personalization', async () => {
    // node:crypto wins long inputs on Node, Bun and Deno (scripts/measure/crossovers.mjs): streams go there
    expect(createDigest('BLAKE2B-512').provider).toBe('node');
    expect(createDigest('BLAKE2S-256').provider).toBe('node');
    const long = msg(5000);
    for (const [name, noble] of [
      ['BLAKE2B-512', blake2b],
      ['BLAKE2S-256', blake2s],
    ] as const) {
      const options = { key: msg(3), personalization: msg(2) };
      const whole = new Uint8Array(noble === blake2b ? 16 : 8);
      whole.set(msg(2));
      const want = hex(noble(long, { key: msg(3), personalization: whole }));
      const d = createDigest(name, options);
      expect(d.provider).toBe('wasm');
      expect(d.update(long).digestHex()).toBe(want);
      expect(digestHex(name, long, options)).toBe(want);
      expect(hex(digest(name, long, options))).toBe(want);
      expect(digestMany(name, [long], options).map(hex)).toEqual([want]);
      expect(hex(await digestAsync(name, long, options))).toBe(want);
      expect(hex(await digestStream(name, [long], options))).toBe(want);
      expect(digestHex(name, long)).toBe(hex(noble(long)));
    }
  });

  it('an empty key, salt or personalization is none (as hashlib)', () => {
    const empty = new Uint8Array(0);
    expect(digestHex('BLAKE2b', 'abc', { key: empty, salt: empty, personalization: empty })).toBe(
      digestHex('BLAKE2b', 'abc'),
    );
  });

  it('the options are copied when the call starts', () => {
    const key = msg(8);
    const d = createDigest('BLAKE2s', { key });
    key.fill(0);
    expect(d.update('abc').digestHex()).toBe(hex(blake2s(new TextEncoder().encode('abc'), { key: msg(8) })));
  });
});

describe('exportState, importState, clone', () => {
  const options = { key: msg(7), salt: msg(3), personalization: msg(5), outputLength: 20 };
  it.each([
    ['BLAKE2b', 128],
    ['BLAKE2s', 64],
  ])('%s: from every length to two blocks and one, keyed or not, continued to the same digest', (name, block) => {
    const data = msg(2 * block + 1);
    for (const opts of [{}, options]) {
      const want = digestHex(name, data, opts);
      for (let at = 0; at <= data.length; at++) {
        const d = createDigest(name, opts).update(data.subarray(0, at));
        const state = d.exportState();
        const copy = d.clone();
        expect(importState(state).update(data.subarray(at)).digestHex(), `${at}`).toBe(want);
        expect(copy.update(data.subarray(at)).digestHex()).toBe(want);
        expect(d.update(data.subarray(at)).digestHex()).toBe(want);
      }
    }
  });

  it.each([
    ['BLAKE2b', 64, 16],
    ['BLAKE2s', 32, 8],
  ])('%s: the longest key (%i bytes) beside a full salt, exported before any input and after', (name, k, n) => {
    // the key fills its field, so the salt's first byte (non-zero) follows the key's last
    const opts = { key: msg(k).fill(0x5a, k - 1), salt: new Uint8Array(n).fill(0xa5), personalization: msg(n) };
    const data = msg(300);
    for (const at of [0, 1, 200]) {
      const state = createDigest(name, opts).update(data.subarray(0, at)).exportState();
      expect(importState(state).update(data.subarray(at)).digestHex(), `${at}`).toBe(digestHex(name, data, opts));
    }
  });

  it.each([
    ['BLAKE2b', blake2b, 16],
    ['BLAKE2s', blake2s, 8],
  ] as const)(
    '%s: reset after input, and after digest, starts again under the key, salt and personalization',
    (name, noble, n) => {
      const opts = { key: msg(5), salt: msg(3), personalization: msg(2), outputLength: 20 };
      const whole = (b: Uint8Array) => new Uint8Array([...b, ...new Uint8Array(n - b.length)]);
      const abc = new TextEncoder().encode('abc');
      const want = hex(noble(abc, { key: msg(5), salt: whole(msg(3)), personalization: whole(msg(2)), dkLen: 20 }));
      // 300 bytes leave the buffer full of input past the key's 5 bytes: the key block must be zero-padded again
      const d = createDigest(name, opts).update(msg(300));
      d.reset();
      expect(d.update(abc).digestHex()).toBe(want);
      d.reset();
      expect(d.update(msg(299)).digestHex()).not.toBe(want);
      d.reset();
      expect(d.update(abc).digestHex()).toBe(want);
    },
  );

  it('a keyed state holds the key; reset after import starts again under it', () => {
    const state = createDigest('BLAKE2b', options).update('ab').exportState();
    expect(hex(state)).toContain(hex(options.key));
    const d = importState(state, { provider: 'auto' });
    expect(d.digestLength).toBe(20);
    d.reset();
    expect(d.update('abc').digestHex()).toBe(digestHex('BLAKE2b', 'abc', options));
  });

  /** A state with `edit` applied to its bytes (the checksum made right again). */
  function edited(name: string, opts: object, data: Uint8Array, edit: (s: Uint8Array, v: DataView) => void) {
    const s = createDigest(name, { ...opts, provider: 'ts' })
      .update(data)
      .exportState();
    const body = s.slice(0, s.length - 4);
    edit(body, new DataView(body.buffer));
    const out = new Uint8Array(s.length);
    out.set(body);
    new DataView(out.buffer).setUint32(body.length, crc32(body));
    return out;
  }
  const refused: [string, string, object, number, (s: Uint8Array, v: DataView) => void, RegExp][] = [
    ['output length 0', 'BLAKE2b', {}, 3, (s) => (s[16] = 0), /output length 0 is not one of BLAKE2b's/],
    ['output length 65', 'BLAKE2b', {}, 3, (s) => (s[16] = 65), /output length 65/],
    ['another length on a name with one', 'BLAKE2S-256', {}, 3, (s) => (s[16] = 16), /output length 16/],
    ['a key longer than BLAKE2s takes', 'BLAKE2s', { key: msg(4) }, 3, (s) => (s[17] = 33), /key field/],
    ['bytes after the key', 'BLAKE2s', { key: msg(4) }, 3, (s) => (s[18 + 4] = 1), /key of 4 bytes/],
    ['a key length with no key block', 'BLAKE2s', {}, 0, (s) => (s[17] = 4), /cannot follow/],
    [
      'a buffered key block that is not the key',
      'BLAKE2b',
      { key: msg(4) },
      0,
      (s) => (s[s.length - 1] ^= 1),
      /not its key/,
    ],
    ['a total past 2^53 - 1', 'BLAKE2s', {}, 0, (_, v) => v.setUint32(8, 2 ** 21), /exceeds 2\^53 - 1/],
    ['buffered bytes against the total', 'BLAKE2s', {}, 10, (_, v) => v.setUint32(12, 128), /cannot follow 128/],
  ];
  it.each(refused)('refuses %s', (_, name, opts, n, edit, reason) => {
    const state = edited(name, opts, msg(n), edit);
    expect(() => importState(state)).toThrow(BadStateError);
    expect(() => importState(state)).toThrow(reason);
  });

  it('refuses a state of the wrong size', () => {
    const s = createDigest('BLAKE2s').update('abc').exportState();
    const body = new Uint8Array(s.length - 3);
    body.set(s.subarray(0, s.length - 5));
    new DataView(body.buffer).setUint32(body.length - 4, crc32(body.subarray(0, body.length - 4)));
    expect(() => importState(body)).toThrow(/does not fit a BLAKE2s state \(BLAKE2 kind\)/);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Counters: a reference from RFC 7693 §3.2 whose counter is a BigInt, against our engine continued from a state

const IV64 = [
  0x6a09e667f3bcc908n,
  0xbb67ae8584caa73bn,
  0x3c6ef372fe94f82bn,
  0xa54ff53a5f1d36f1n,
  0x510e527fade682d1n,
  0x9b05688c2b3e6c1fn,
  0x1f83d9abfb41bd6bn,
  0x5be0cd19137e2179n,
];
const SIGMA = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
  [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
  [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
  [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
  [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
  [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
  [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
  [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
  [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
  [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
];

/** RFC 7693's F over w-bit BigInt words (64: BLAKE2b, 32: BLAKE2s), the counter t a BigInt of 2w bits. */
function referenceF(w: 64 | 32, h: bigint[], m: bigint[], t: bigint, last: boolean): bigint[] {
  const mask = (1n << BigInt(w)) - 1n;
  const iv = w === 64 ? IV64 : IV64.map((x) => x >> 32n);
  const [r1, r2, r3, r4] = w === 64 ? [32n, 24n, 16n, 63n] : [16n, 12n, 8n, 7n];
  const rot = (x: bigint, n: bigint) => ((x >> n) | (x << (BigInt(w) - n))) & mask;
  const v = [...h, ...iv];
  v[12] ^= t & mask;
  v[13] ^= (t >> BigInt(w)) & mask;
  if (last) v[14] ^= mask;
  const g = (a: number, b: number, c: number, d: number, x: bigint, y: bigint) => {
    v[a] = (v[a] + v[b] + x) & mask;
    v[d] = rot(v[d] ^ v[a], r1);
    v[c] = (v[c] + v[d]) & mask;
    v[b] = rot(v[b] ^ v[c], r2);
    v[a] = (v[a] + v[b] + y) & mask;
    v[d] = rot(v[d] ^ v[a], r3);
    v[c] = (v[c] + v[d]) & mask;
    v[b] = rot(v[b] ^ v[c], r4);
  };
  for (let r = 0; r < (w === 64 ? 12 : 10); r++) {
    const s = SIGMA[r % 10];
    g(0, 4, 8, 12, m[s[0]], m[s[1]]);
    g(1, 5, 9, 13, m[s[2]], m[s[3]]);
    g(2, 6, 10, 14, m[s[4]], m[s[5]]);
    g(3, 7, 11, 15, m[s[6]], m[s[7]]);
    g(0, 5, 10, 15, m[s[8]], m[s[9]]);
    g(1, 6, 11, 12, m[s[10]], m[s[11]]);
    g(2, 7, 8, 13, m[s[12]], m[s[13]]);
    g(3, 4, 9, 14, m[s[14]], m[s[15]]);
  }
  return h.map((x, i) => x ^ v[i] ^ v[i + 8]);
}

/** Little-endian words of `w` bits. */
function wordsOf(bytes: Uint8Array, w: number): bigint[] {
  const n = w / 8;
  return Array.from({ length: bytes.length / n }, (_, i) =>
    bytes.subarray(n * i, n * i + n).reduceRight((x, b) => (x << 8n) | BigInt(b), 0n),
  );
}

/**
 * The digest of a state's continuation by the reference: its h (little-endian in the state), then `tail`, the
 * counter starting at `total` bytes (the state's buffered bytes and `tail` as one run of blocks, the last kept).
 */
function referenceContinue(w: 64 | 32, state: Uint8Array, total: number, tail: Uint8Array, outputLength: number) {
  const word = w / 8;
  const hAt = 16 + 2 + 12 * word;
  let h = wordsOf(state.subarray(hAt, hAt + 8 * word), w);
  const pos = new DataView(state.buffer, state.byteOffset).getUint16(6);
  const rest = new Uint8Array([...state.subarray(state.length - 4 - pos, state.length - 4), ...tail]);
  const block = 16 * word;
  let t = BigInt(total - pos);
  let off = 0;
  for (; rest.length - off > block; off += block) {
    t += BigInt(block);
    h = referenceF(w, h, wordsOf(rest.subarray(off, off + block), w), t, false);
  }
  const last = new Uint8Array(block);
  last.set(rest.subarray(off));
  t += BigInt(rest.length - off);
  h = referenceF(w, h, wordsOf(last, w), t, true);
  const out = new Uint8Array(8 * word);
  h.forEach((x, i) => {
    for (let k = 0; k < word; k++) out[word * i + k] = Number((x >> BigInt(8 * k)) & 0xffn);
  });
  return hex(out.subarray(0, outputLength));
}

/** A state of `name` made from a short digest, its total set to `total` (buffered bytes kept consistent). */
function stateAt(name: string, total: number, opts: object = {}): Uint8Array {
  const block = name.startsWith('BLAKE2b') ? 128 : 64;
  const buffered = ((total - 1) % block) + 1;
  const s = createDigest(name, opts)
    .update(msg(block + buffered))
    .exportState();
  const body = s.slice(0, s.length - 4);
  const v = new DataView(body.buffer);
  v.setUint32(8, Math.floor(total / 2 ** 32));
  v.setUint32(12, total % 2 ** 32);
  const out = new Uint8Array(s.length);
  out.set(body);
  new DataView(out.buffer).setUint32(body.length, crc32(body));
  return out;
}

/** Each generated shape of the compressions, as algorithms/blake2.ts binds it (its family's spec and IV). */
const SHAPES = [
  ['BLAKE2b unrolled', BLAKE2B, blake2bCompress],
  ['BLAKE2b loop', BLAKE2B, blake2bCompressLoop],
  ['BLAKE2s unrolled', BLAKE2S, blake2sCompress],
  ['BLAKE2s loop', BLAKE2S, blake2sCompressLoop],
] as const;

describe('every generated shape of the compressions (each engine runs one: blake2Shapes)', () => {
  it.each(SHAPES)(
    '%s: F of RFC 7693 §3.2 (the BigInt reference) on blocks at odd offsets, counters and flags',
    (_, spec, f) => {
      const w = narrow(spec, 'haifa').construction.word === 8 ? 64 : 32;
      const iv = narrow(spec, 'haifa').construction.iv;
      const data = msg(3 * spec.blockLength + 5);
      const h = new Int32Array(iv.length).map((_, i) => Math.imul(i + 1, 0x9e3779b9));
      for (const [offset, t0, t1, last] of [
        [0, 128, 0, false],
        [5, -2, 7, true],
        [spec.blockLength + 3, 0x89abcdef | 0, 0x1234, false],
        [2 * spec.blockLength + 5, -1, -1, true],
      ] as const) {
        const before = wordsOf(new Uint8Array(h.buffer.slice(0)), w);
        const t = (BigInt(t1 >>> 0) << 32n) | BigInt(t0 >>> 0);
        const m = wordsOf(data.subarray(offset, offset + spec.blockLength), w);
        f(h, data, offset, t0, t1, last, iv);
        expect(wordsOf(new Uint8Array(h.buffer), w), `${offset}`).toEqual(referenceF(w, before, m, t, last));
      }
    },
  );

  it.each(SHAPES)("%s: every case of CPython's hashlib, in one piece and streamed at odd splits", (_, spec, f) => {
    const core = coreOf(
      (h, d, p, t0, t1, last) => f(h, d, p, t0, t1, last, narrow(spec, 'haifa').construction.iv),
      spec.blockLength,
    );
    for (const c of VECTORS[spec.name]) {
      const data = msg(c.length);
      const o = optionsOf(c);
      const one = new Blake2Hash(spec, c.outputLength ?? spec.digestLength, o, core);
      one.update(data);
      expect(hex(one.digest()), JSON.stringify(c)).toBe(c.digest);
      const split = new Blake2Hash(spec, c.outputLength ?? spec.digestLength, o, core);
      for (let at = 0; at < c.length; at += 77) split.update(data.subarray(at, at + 77));
      expect(hex(split.digest()), JSON.stringify(c)).toBe(c.digest);
    }
  });

  it('blake2Shapes: unrolled on V8 (Node, Deno, Blink), BLAKE2s unrolled on Bun too, loops elsewhere', () => {
    const browser = (engine: 'Blink' | 'Gecko' | 'WebKit' | 'unknown') =>
      blake2Shapes({ runtime: 'browser', browser: { name: 'x', version: '1', engine } });
    const both = (b: string, s: string) => ({ b, s });
    expect(blake2Shapes({ runtime: 'node' })).toEqual(both('unrolled', 'unrolled'));
    expect(blake2Shapes({ runtime: 'deno' })).toEqual(both('unrolled', 'unrolled'));
    expect(browser('Blink')).toEqual(both('unrolled', 'unrolled'));
    expect(blake2Shapes({ runtime: 'bun' })).toEqual(both('loop', 'unrolled'));
    expect(browser('Gecko')).toEqual(both('loop', 'loop'));
    expect(browser('WebKit')).toEqual(both('loop', 'loop'));
    expect(browser('unknown')).toEqual(both('loop', 'loop'));
    expect(blake2Shapes({ runtime: 'unknown' })).toEqual(both('loop', 'loop'));
    // this process is Node: the library bound the unrolled ones
    const h = Int32Array.from(narrow(BLAKE2B, 'haifa').construction.iv);
    const g = h.slice();
    compressB(h, msg(128), 0, 128, 0, true);
    blake2bCompress(g, msg(128), 0, 128, 0, true, narrow(BLAKE2B, 'haifa').construction.iv);
    expect(h).toEqual(g);
    expect(compressS).toBeTypeOf('function');
  });
});

describe('counters past 2^32 and near 2^53 - 1', () => {
  it('the reference agrees with our compression functions on one block (a check of the reference)', () => {
    const block = msg(128);
    const h = new Int32Array(16).map((_, i) => i * 0x01010101);
    const h64 = wordsOf(new Uint8Array(h.buffer.slice(0)), 64);
    compressB(h, block, 0, 0x89abcdef | 0, 0x1234, true);
    const want = referenceF(64, h64, wordsOf(block, 64), 0x1234_89abcdefn, true);
    expect(wordsOf(new Uint8Array(h.buffer), 64)).toEqual(want);
    const s = new Int32Array(8).map((_, i) => i * 0x01010101);
    const s32 = wordsOf(new Uint8Array(s.buffer.slice(0)), 32);
    compressS(s, block, 0, -2, 7, false);
    expect(wordsOf(new Uint8Array(s.buffer), 32)).toEqual(
      referenceF(32, s32, wordsOf(block.subarray(0, 64), 32), 0x7_fffffffen, false),
    );
  });

  const totals = [2 ** 32 - 65, 2 ** 32 - 1, 2 ** 32, 2 ** 32 + 63, 2 ** 53 - 300];
  it.each([
    ['BLAKE2b', 'ts'],
    ['BLAKE2s', 'ts'],
    ['BLAKE2b', 'wasm'],
    ['BLAKE2s', 'wasm'],
  ] as const)('%s (%s): continued across 2^32 bytes (t0 into t1) and near 2^53 - 1, keyed or not', (name, provider) => {
    const w = name === 'BLAKE2b' ? 64 : 32;
    for (const total of totals) {
      for (const opts of [{}, { key: msg(5), outputLength: 20 }]) {
        const state = stateAt(name, total, opts);
        const n = 'outputLength' in opts ? 20 : w;
        // a keyed engine's counter also counts its key block
        const counted = total + ('key' in opts ? 2 * w : 0);
        const tail = msg(200);
        expect(importState(state, { provider }).update(tail).digestHex(), `${total}`).toBe(
          referenceContinue(w as 64 | 32, state, counted, tail, n),
        );
      }
    }
  });

  it('wasm: one update of more than the 64 KiB input area crossing 2^32 bytes (the counter carried between runs)', () => {
    // the first run of blocks (64 KiB) crosses 2^32; the second starts from the carried counter
    for (const name of ['BLAKE2b', 'BLAKE2s']) {
      const w = name === 'BLAKE2b' ? 64 : 32;
      const state = stateAt(name, 2 ** 32 - 1000);
      const tail = msg(70_000);
      expect(importState(state, { provider: 'wasm' }).update(tail).digestHex(), name).toBe(
        referenceContinue(w as 64 | 32, state, 2 ** 32 - 1000, tail, w),
      );
    }
  });

  it.each(['ts', 'wasm'] as const)('past 2^53 - 1 bytes (%s): LengthLimitError', (provider) => {
    const d = importState(stateAt('BLAKE2s', 2 ** 53 - 10), { provider });
    d.update(msg(9));
    expect(() => d.update(msg(1))).toThrow(LengthLimitError);
  });
});
