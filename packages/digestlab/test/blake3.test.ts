/**
 * BLAKE3 in every mode, through every provider that has it, against references we did not write:
 *
 *   vectors/blake3/test_vectors.json   BLAKE3's official vectors: inputs 0 to 102,400 bytes of i % 251, hash,
 *                                      keyed_hash and derive_key, 131 bytes of extended output each
 *   b3sum 1.2.0 (Debian)               the official inputs, and fixed ones with keys, contexts and output lengths:
 *                                      its digests stored (vectors/blake3/b3sum.json); fresh random ones in
 *                                      blake3.refs.test.ts (npm run test:refs), which runs the program
 *   @noble/hashes                      split at chunk and block edges, a property over random splits
 *
 * and the options' checks, the state's stack, and the length limit. Lean on purpose: the official vectors once
 * per provider and way of feeding, a few differential cases, no sweeps over every length in every mode.
 */
import { blake3 } from '@noble/hashes/blake3.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BLAKE3_256 } from '../src/algorithms/blake3.js';
import { treeOnce } from '../src/constructions/tree/modes.js';
import {
  BadStateError,
  createDigest,
  createHmac,
  digest,
  digestAsync,
  digestHex,
  digestMany,
  digestStream,
  InvalidOptionError,
  importState,
  LengthLimitError,
  type ProviderChoice,
  providers,
} from '../src/index.js';
import { wasmBlake3 } from '../src/providers/wasm-blake3.js';
import { loadBlake3, scalarBlake3 } from '../src/wasm/blake3.js';
import { blake3From } from './helpers/blake3-reference.js';
import { hexToBytes, MUTATION_PROFILE, pseudoRandomBytes, readVector } from './helpers/common.js';

interface Case {
  input_len: number;
  hash: string;
  keyed_hash: string;
  derive_key: string;
}
const VECTORS = JSON.parse(readVector('blake3/test_vectors.json')) as {
  key: string;
  context_string: string;
  cases: Case[];
};
const KEY = new TextEncoder().encode(VECTORS.key);
const CONTEXT = VECTORS.context_string;
const MODES = [
  ['hash', {}],
  ['keyed_hash', { key: KEY }],
  ['derive_key', { context: CONTEXT }],
] as const;

const PROVIDERS: ProviderChoice[] = [
  'auto',
  ...providers()
    .filter((p) => p.algorithms.includes('BLAKE3-256'))
    .map((p) => p.id),
];

const input = (n: number): Uint8Array => Uint8Array.from({ length: n }, (_, i) => i % 251);
const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

describe('the official vectors, every mode, 131 bytes of output', () => {
  for (const provider of PROVIDERS) {
    it(`${provider}: one-shot, and streamed in pieces across the 64-byte block and 1 KiB chunk edges`, () => {
      for (const c of VECTORS.cases) {
        const data = input(c.input_len);
        for (const [mode, options] of MODES) {
          const expected = c[mode];
          const outputLength = expected.length / 2;
          expect(digestHex('BLAKE3', data, { provider, outputLength, ...options }), `${mode} ${c.input_len}`).toBe(
            expected,
          );
          const d = createDigest('BLAKE3-256', { provider, outputLength, ...options });
          // pieces of 1, 63, 64, 65, 1023, 1024, 1025 bytes, cycling
          for (let off = 0, k = 0; off < data.length; k++) {
            const n = [1, 63, 64, 65, 1023, 1024, 1025][k % 7];
            d.update(data.subarray(off, off + n));
            off += n;
          }
          expect(d.digestHex(), `${mode} ${c.input_len} streamed`).toBe(expected);
        }
      }
    });
  }

  it('the default output is the first 32 bytes of the extended output', () => {
    const c = VECTORS.cases[VECTORS.cases.length - 1];
    expect(digestHex('BLAKE3', input(c.input_len))).toBe(c.hash.slice(0, 64));
    expect(digestHex('BLAKE3', input(c.input_len), { key: KEY })).toBe(c.keyed_hash.slice(0, 64));
  });
});

describe('one-shots of one chunk: the root in one WebAssembly call', () => {
  // the official vectors up to a chunk and one byte, at output lengths around the root's 64 bytes in memory (past
  // them, and in derive_key, the tree): digest and digestHex, whole words or not
  const short = VECTORS.cases.filter((c) => c.input_len <= 1025);
  const LENGTHS = [1, 3, 4, 31, 32, 33, 63, 64, 65];

  it('every provider gives the official vectors at every output length, as bytes and as hex', () => {
    expect(short.map((c) => c.input_len)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7, 8, 63, 64, 65, 127, 128, 129, 1023, 1024, 1025,
    ]);
    for (const provider of PROVIDERS) {
      for (const c of short) {
        const data = input(c.input_len);
        for (const [mode, options] of MODES) {
          for (const outputLength of LENGTHS) {
            const want = c[mode].slice(0, 2 * outputLength);
            const what = `${provider} ${mode} ${c.input_len} bytes, ${outputLength} out`;
            expect(digestHex('BLAKE3', data, { provider, outputLength, ...options }), what).toBe(want);
            expect(hex(digest('BLAKE3', data, { provider, outputLength, ...options })), what).toBe(want);
          }
        }
      }
    }
  });

  it('strings are encoded into memory: up to a chunk of UTF-8 in one call, past it the tree', () => {
    // 1024 units of ASCII is a chunk; 512 two-byte units too; 342 three-byte units (1026 bytes) and 600 two-byte
    // units (1200 bytes) are under 1024 units but past a chunk, and 1025 ASCII units past both
    const strings = ['', 'abc', 'a'.repeat(1024), 'a'.repeat(1025), 'é'.repeat(512), 'é'.repeat(600), '€'.repeat(342)];
    for (const s of strings) {
      const bytes = new TextEncoder().encode(s);
      for (const [mode, options] of MODES) {
        const want = digestHex('BLAKE3', bytes, { provider: 'ts', ...options });
        for (const provider of PROVIDERS) {
          expect(digestHex('BLAKE3', s, { provider, ...options }), `${provider} ${mode} ${s.length}`).toBe(want);
          expect(hex(digest('BLAKE3', s, { provider, ...options })), `${provider} ${mode} ${s.length}`).toBe(want);
        }
      }
    }
  });

  it('a call after a longer one, a keyed one or a string is not disturbed by what it left in memory', () => {
    const w = 'wasm' as const;
    const first = digestHex('BLAKE3', input(1000), { provider: w });
    digestHex('BLAKE3', input(1024), { provider: w, key: KEY });
    digestHex('BLAKE3', 'x'.repeat(900), { provider: w });
    expect(digestHex('BLAKE3', input(1000).subarray(0, 1), { provider: w })).toBe(VECTORS.cases[1].hash.slice(0, 64));
    expect(digestHex('BLAKE3', input(1000), { provider: w })).toBe(first);
  });
});

describe('exportState and importState: the stack moves with the state, in every mode', () => {
  const cut = [0, 1, 64, 1024, 1025, 3072, 3073, 8193, 31744];
  for (const provider of PROVIDERS) {
    it(`${provider}: cut at chunk edges, continued through every provider`, () => {
      const c = VECTORS.cases.find((v) => v.input_len === 102400) as Case;
      const data = input(c.input_len);
      for (const [mode, options] of MODES) {
        for (const at of cut) {
          const d = createDigest('BLAKE3', { provider, outputLength: 131, ...options });
          d.update(data.subarray(0, at));
          const state = d.exportState();
          for (const to of PROVIDERS.filter((p) => p !== 'auto')) {
            const next = importState(state, { provider: to });
            expect(next.digestLength).toBe(131);
            expect(next.update(data.subarray(at)).digestHex(), `${mode} at ${at} to ${to}`).toBe(c[mode]);
          }
          expect(d.clone().update(data.subarray(at)).digestHex(), `${mode} clone at ${at}`).toBe(c[mode]);
        }
      }
    });
  }

  it('a state whose stack does not fit its length is refused', () => {
    const d = createDigest('BLAKE3', { provider: 'ts' }).update(input(3000));
    const state = d.exportState();
    // one chaining value fewer: two chunks finished need one
    const cut = new Uint8Array(state.length - 32);
    cut.set(state.subarray(0, 89));
    cut[89] = state[89] - 1;
    cut.set(state.subarray(90 + 32, state.length - 4), 90);
    const view = new DataView(cut.buffer);
    view.setUint32(cut.length - 4, crc(cut.subarray(0, cut.length - 4)));
    expect(state[89]).toBe(1);
    expect(() => importState(cut)).toThrow(BadStateError);
  });
});

/** CRC-32 as the state's, to forge a state that only its fields make wrong. */
function crc(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return (c ^ 0xffffffff) >>> 0;
}

/** Debian's b3sum's digests, stored by scripts/vectors/b3sum-vectors.mjs (npm run test:refs runs b3sum again over them). */
const B3SUM = JSON.parse(readVector('blake3/b3sum.json')) as {
  official: Record<'input_len' | (typeof MODES)[number][0], (string | number)[]>;
  cases: {
    mode: string;
    length: number;
    seed: number;
    outputLength: number;
    key?: string;
    context?: string;
    b3sum: string;
  }[];
};

// The official vectors were copied from the BLAKE3 repository; b3sum, a program we did not write either, made each
// one again (every case, every mode, 131 bytes out), so a copy damaged in a way that still parses, or vectors of
// another BLAKE3 revision, would show.
describe('the official vectors, regenerated with b3sum 1.2.0 (vectors/blake3/b3sum.json)', () => {
  it('b3sum gives every case in every mode (hash; --keyed with the key on stdin; --derive-key with the context)', () => {
    expect(VECTORS.cases).toHaveLength(35);
    expect(KEY).toHaveLength(32);
    expect(B3SUM.official.input_len).toEqual(VECTORS.cases.map((c) => c.input_len));
    for (const [mode] of MODES) {
      expect(B3SUM.official[mode], mode).toEqual(VECTORS.cases.map((c) => c[mode]));
      for (const line of B3SUM.official[mode]) expect(line, mode).toMatch(/^[0-9a-f]{262}$/);
    }
  });
});

// b3sum's digests of fixed inputs, keys, contexts and output lengths; blake3.refs.test.ts adds fresh random ones
describe('against b3sum 1.2.0: stored inputs, keys, contexts, output lengths (vectors/blake3/b3sum.json)', () => {
  it('36 cases: 0 to 5,000 bytes in every mode, 1 to 300 bytes out, contexts a command line could mangle', () => {
    expect(B3SUM.cases).toHaveLength(36);
    expect(new Set(B3SUM.cases.map((c) => `${c.mode} ${c.length}`)).size).toBe(36);
    expect(new Set(B3SUM.cases.map((c) => c.outputLength))).toEqual(new Set([1, 31, 32, 33, 64, 65, 131, 300]));
    expect(B3SUM.cases.map((c) => c.context).filter((c) => c !== undefined)).toContain('-x');
  });

  it('every provider agrees with the program', () => {
    for (const c of B3SUM.cases) {
      const data = pseudoRandomBytes(c.length, c.seed);
      const mode = c.key ? { key: hexToBytes(c.key) } : c.context === undefined ? {} : { context: c.context };
      expect(c.b3sum).toHaveLength(2 * c.outputLength);
      for (const provider of PROVIDERS) {
        const what = `${provider} ${c.mode} ${c.length} bytes, ${c.outputLength} out`;
        expect(digestHex('BLAKE3', data, { provider, outputLength: c.outputLength, ...mode }), what).toBe(c.b3sum);
      }
    }
  });
});

describe('against @noble/hashes', () => {
  it('split anywhere near the edges, in every provider', () => {
    const data = input(4 * 1024 + 100);
    const expected = hex(blake3(data));
    const points = [0, 1, 63, 64, 65, 1023, 1024, 1025, 2047, 2048, 2049, 4096, 4097, data.length];
    for (const provider of PROVIDERS) {
      for (const p of points) {
        const d = createDigest('BLAKE3', { provider }).update(data.subarray(0, p)).update(data.subarray(p));
        expect(d.digestHex(), `${provider} split at ${p}`).toBe(expected);
      }
    }
  });

  it('random pieces and output lengths', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 9000 }),
        fc.array(fc.integer({ min: 0, max: 2100 }), { maxLength: 8 }),
        fc.integer({ min: 0, max: 200 }),
        (data, pieces, dkLen) => {
          const expected = hex(blake3(data, { dkLen }));
          for (const provider of PROVIDERS) {
            const d = createDigest('BLAKE3', { provider, outputLength: dkLen });
            let off = 0;
            for (const n of pieces) {
              d.update(data.subarray(off, off + n));
              off = Math.min(data.length, off + n);
            }
            expect(d.update(data.subarray(off)).digestHex()).toBe(expected);
          }
        },
      ),
      { numRuns: MUTATION_PROFILE ? 5 : 25 },
    );
  });
});

describe('every call takes the modes', () => {
  it('async, digestMany, digestStream', async () => {
    const c = VECTORS.cases.find((v) => v.input_len === 1025) as Case;
    const data = input(1025);
    for (const [mode, options] of MODES) {
      expect(hex(await digestAsync('BLAKE3', data, { outputLength: 131, ...options })), mode).toBe(c[mode]);
      const many = digestMany('BLAKE3', [data, data.subarray(0, 0)], { outputLength: 131, ...options });
      expect(hex(many[0]), mode).toBe(c[mode]);
      const blob = new Blob([data.slice(0, 700), data.slice(700)]);
      expect(hex(await digestStream('BLAKE3', blob, { outputLength: 131, ...options })), mode).toBe(c[mode]);
    }
  });
});

describe('options, checked', () => {
  const refuse = (options: object, option: string) =>
    expect(() => digestHex('BLAKE3', 'abc', options)).toThrow(
      expect.objectContaining({ name: 'InvalidOptionError', option }),
    );
  it('a key of 32 bytes, a string context, not both; the others refuse both', () => {
    refuse({ key: new Uint8Array(31) }, 'key');
    refuse({ key: new Uint8Array(33) }, 'key');
    refuse({ key: 'x'.repeat(32) }, 'key');
    refuse({ context: 5 }, 'context');
    refuse({ key: KEY, context: CONTEXT }, 'context');
    refuse({ outputLength: -1 }, 'outputLength');
    refuse({ outputLength: 1.5 }, 'outputLength');
    expect(() => digestHex('SHA-256', 'abc', { key: KEY })).toThrow(InvalidOptionError);
    expect(() => createDigest('SHA3-256', { context: 'x' })).toThrow(InvalidOptionError);
  });

  it('the key is copied when the call starts', () => {
    const key = KEY.slice();
    const d = createDigest('BLAKE3', { key });
    key.fill(0);
    expect(d.update(input(10)).digestHex()).toBe(hex(blake3(input(10), { key: KEY })));
  });

  it('HMAC over BLAKE3 is refused: it has its keyed mode', () => {
    expect(() => createHmac('HmacBLAKE3', KEY)).toThrow(/keyed/);
  });

  it('past 2^53 - 1 bytes, LengthLimitError', () => {
    for (const provider of PROVIDERS.filter((p) => p !== 'auto')) {
      const far = importState(nearTheLimit(), { provider });
      expect(() => far.update(new Uint8Array(2000))).toThrow(LengthLimitError);
      // up to the limit, still a digest
      expect(far.update(new Uint8Array(1018)).digest().length).toBe(32);
    }
  });
});

/**
 * A state `chunks` whole chunks and one byte in, its stack `cvs` (8 words each, bottom first): forged from a real
 * state of 1025 bytes (one chunk on the stack, one byte buffered), its one CV replaced.
 */
function forged(chunks: number, cvs: number[][]): Uint8Array {
  const real = createDigest('BLAKE3', { provider: 'ts' }).update(input(1025)).exportState();
  const state = new Uint8Array(real.length + 32 * (cvs.length - 1));
  state.set(real.subarray(0, 90));
  const view = new DataView(state.buffer);
  state[89] = cvs.length;
  cvs.forEach((cv, k) => {
    for (let i = 0; i < 8; i++) view.setUint32(90 + 32 * k + 4 * i, cv[i] >>> 0, true);
  });
  state.set(real.subarray(90 + 32), 90 + 32 * cvs.length);
  const length = chunks * 1024 + 1;
  view.setUint32(8, Math.floor(length / 2 ** 32));
  view.setUint32(12, length % 2 ** 32);
  view.setUint32(state.length - 4, crc(state.subarray(0, state.length - 4)));
  return state;
}

/** A state 2^53 - 1019 bytes in: (2^43 - 1) chunks finished, so 43 chaining values (any: the test is of the length). */
function nearTheLimit(): Uint8Array {
  return forged(
    2 ** 43 - 1,
    Array.from({ length: 43 }, () => new Array(8).fill(0)),
  );
}

describe('the chunk counter across 2^32 chunks (4 TiB), by state import, against the paper with BigInt counters', () => {
  it('the reference gives the official vectors', () => {
    for (const c of VECTORS.cases.filter((v) => [0, 1, 1024, 1025, 2049, 8193, 31744].includes(v.input_len))) {
      expect(hex(blake3From(input(c.input_len), 131)), String(c.input_len)).toBe(c.hash);
    }
  });

  it('every provider, from 2^32 - 2 chunks in to past 2^32 + 2', () => {
    const cvs = Array.from({ length: 31 }, (_, k) =>
      Array.from({ length: 8 }, (_, i) => (k * 0x01010101 + i * 0x9e3779b9) >>> 0),
    );
    const state = forged(2 ** 32 - 2, cvs);
    // the byte the state buffers (input(1025)'s last), then four chunks and a bit
    const rest = Uint8Array.from({ length: 4 * 1024 + 100 }, (_, i) => (i * 7) % 256);
    const all = new Uint8Array([1024 % 251, ...rest]);
    const expected = hex(blake3From(all, 100, { chunks: 2n ** 32n - 2n, stack: cvs }));
    for (const provider of PROVIDERS.filter((p) => p !== 'auto')) {
      const whole = importState(state, { provider });
      // 100 bytes of output: the root's second output block too
      const long = importState(state, { provider });
      expect(whole.update(rest).digestHex(), provider).toBe(expected.slice(0, 64));
      expect(hex(createFrom(long, rest, 100)), provider).toBe(expected);
    }
  });
});

/** The forged state's digest at another output length: re-exported with that length, continued. */
function createFrom(d: ReturnType<typeof importState>, rest: Uint8Array, outputLength: number): Uint8Array {
  const state = d.exportState();
  const view = new DataView(state.buffer);
  view.setUint32(16 + 33, 0);
  view.setUint32(16 + 37, outputLength);
  view.setUint32(state.length - 4, crc(state.subarray(0, state.length - 4)));
  return importState(state).update(rest).digest();
}

describe('the WebAssembly core without SIMD (a runtime that lacks it)', () => {
  it('the scalar module gives the official vectors, and the 4-lane one is what this runtime runs', () => {
    const scalar = scalarBlake3();
    const core = wasmBlake3(() => scalar);
    expect(scalar.simd).toBe(false);
    expect(loadBlake3().simd).toBe(true);
    for (const c of VECTORS.cases.filter((v) => v.input_len % 1024 <= 1 && v.input_len >= 1024)) {
      for (const [mode, options] of MODES) {
        const out = treeOnce(BLAKE3_256, core, input(c.input_len), c[mode].length / 2, options);
        expect(hex(out), `${mode} ${c.input_len}`).toBe(c[mode]);
      }
    }
  });
});

/**
 * A BLAKE3 state after `length` bytes of input(), its fields (after the 16-byte header: flags at 16, key at 17, output
 * length at 49, the chunk's CV at 57, the depth at 89, the stack from 90) edited by `edit`, the checksum made right:
 * a state only its fields make wrong.
 */
function edited(
  length: number,
  edit: (view: DataView, body: Uint8Array) => Uint8Array | undefined,
  options: { key?: Uint8Array; context?: string } = {},
): Uint8Array {
  const real = createDigest('BLAKE3', { provider: 'ts', ...options })
    .update(input(length))
    .exportState();
  const body = real.slice(0, real.length - 4);
  const out = edit(new DataView(body.buffer), body) ?? body;
  const state = new Uint8Array(out.length + 4);
  state.set(out);
  new DataView(state.buffer).setUint32(out.length, crc(out));
  return state;
}

/** importState(state) throws BadStateError whose message gives `why`. */
function refused(state: Uint8Array, why: RegExp): void {
  let error: unknown;
  try {
    importState(state);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(BadStateError);
  expect((error as Error).message).toMatch(why);
}

/** `body` with `n` more zero bytes (or fewer, if negative) spliced in at `at`. */
function spliced(body: Uint8Array, at: number, n: number): Uint8Array {
  const out = new Uint8Array(body.length + n);
  out.set(body.subarray(0, at));
  out.set(body.subarray(n < 0 ? at - n : at), n < 0 ? at : at + n);
  return out;
}

describe("a tree state's own fields are checked, and each refusal says which", () => {
  it('the three modes are read back; any other flags are refused', () => {
    for (const [mode, options] of MODES) {
      const state = edited(3000, () => undefined, options);
      expect(importState(state).update(input(5)).digestHex(), mode).toBe(
        digestHex('BLAKE3', new Uint8Array([...input(3000), ...input(5)]), options),
      );
    }
    for (const flags of [1, 8, 32, 80, 255]) {
      refused(
        edited(3000, (view) => {
          view.setUint8(16, flags);
          return undefined;
        }),
        new RegExp(`its mode flags ${flags} are none of BLAKE3's`),
      );
    }
  });

  it('a stack on a state that finished no chunk is refused, as is a stack deeper than the tree gets', () => {
    // 500 bytes: no chunk finished, so no CV may be on the stack
    refused(
      edited(500, (_, body) => {
        const out = spliced(body, 90, 32);
        out[89] = 1;
        return out;
      }),
      /a stack of 1 chaining values cannot follow 500 bytes hashed/,
    );
    // 1024 bytes: the chunk waits for what follows, so none finished either
    refused(
      edited(1024, (_, body) => {
        const out = spliced(body, 90, 32);
        out[89] = 1;
        return out;
      }),
      /a stack of 1 chaining values cannot follow 1024 bytes hashed/,
    );
    // deeper than MAX_DEPTH (54) chaining values: refused before any is read
    refused(
      edited(3000, (_, body) => {
        const out = spliced(body, 90, 32 * 54);
        out[89] = 55;
        return out;
      }),
      /a stack of 55 chaining values cannot follow 3000 bytes hashed/,
    );
    // 3 chunks finished need 2 CVs (one per 1 bit): 1 is too few, though it is not none
    refused(
      edited(3500, (_, body) => {
        const out = spliced(body, 90, -32);
        out[89] = 1;
        return out;
      }),
      /a stack of 1 chaining values cannot follow 3500 bytes hashed/,
    );
    // one more than the chunks' bits (a stack merged lazily), and 54 itself, are states the tree can be in
    const deeper = edited(3073, (_, body) => {
      const out = spliced(body, 90, 32);
      out[89] = body[89] + 1;
      return out;
    });
    expect(deeper[89]).toBe(3);
    expect(importState(deeper).digestLength).toBe(32);
    const deepest = edited(3073, (_, body) => {
      const out = spliced(body, 90, 32 * (54 - body[89]));
      out[89] = 54;
      return out;
    });
    expect(importState(deepest).digestLength).toBe(32);
  });

  it('a size that does not fit the fields, the stack and the buffered bytes is refused', () => {
    const fit = /its size \(\d+ bytes\) does not fit a BLAKE3-256 state \(tree kind\)/;
    // shorter than the fields themselves
    refused(
      edited(0, (_, body) => body.slice(0, 16 + 60)),
      fit,
    );
    refused(
      edited(0, (_, body) => body.slice(0, 16 + 73)),
      fit,
    );
    // the depth says one CV more than there is, or one fewer
    refused(
      edited(3000, (view) => {
        view.setUint8(89, view.getUint8(89) + 1);
        return undefined;
      }),
      fit,
    );
    refused(
      edited(3000, (_, body) => spliced(body, 90, 1)),
      fit,
    );
    // a state of another kind given BLAKE3's code, and BLAKE3's given SHA-256's
    const sha = createDigest('SHA-256', { provider: 'ts' }).update(input(100)).exportState();
    const asBlake3 = sha.slice(0, sha.length - 4);
    asBlake3[5] = 50;
    const forgedSha = new Uint8Array([...asBlake3, 0, 0, 0, 0]);
    new DataView(forgedSha.buffer).setUint32(forgedSha.length - 4, crc(asBlake3));
    refused(forgedSha, fit);
    refused(
      edited(3000, (_, body) => {
        body[5] = 5;
        return undefined;
      }),
      /does not fit a SHA-256 state \(Merkle–Damgård kind\)/,
    );
  });

  it('the buffered bytes follow from the total: 1 to 64 once anything was hashed', () => {
    for (const [length, buffered] of [
      [0, 0],
      [1, 1],
      [64, 64],
      [65, 1],
      [1024, 64],
      [1025, 1],
      [3000, 56],
    ]) {
      expect(edited(length, () => undefined)[7], String(length)).toBe(buffered);
    }
    // a total the buffered count does not fit: 3001 bytes buffer 57, not 56
    refused(
      edited(3000, (view) => {
        view.setUint32(12, 3001);
        return undefined;
      }),
      /56 buffered bytes cannot follow 3001 bytes hashed/,
    );
    // nothing buffered after 64 bytes: the last block must wait
    refused(
      edited(64, (view, body) => {
        view.setUint16(6, 0);
        return body.slice(0, body.length - 64);
      }),
      /0 buffered bytes cannot follow 64 bytes hashed/,
    );
  });

  it('a total or an output length past 2^53 - 1 bytes is refused; 2^53 - 1 itself is read', () => {
    refused(
      edited(3000, (view) => {
        view.setUint32(8, 2 ** 21);
        return undefined;
      }),
      /its total length exceeds 2\^53 - 1 bytes/,
    );
    refused(
      edited(3000, (view) => {
        view.setUint32(49, 2 ** 21);
        return undefined;
      }),
      /its output length exceeds 2\^53 - 1 bytes/,
    );
    // an output length past 2^32 bytes keeps its high word
    const far = createDigest('BLAKE3', { outputLength: 2 ** 40 + 3 }).update(input(3000));
    expect(importState(far.exportState()).digestLength).toBe(2 ** 40 + 3);
    const longest = edited(3000, (view) => {
      view.setUint32(49, 2 ** 21 - 1);
      view.setUint32(53, 2 ** 32 - 1);
      return undefined;
    });
    expect(importState(longest).digestLength).toBe(2 ** 53 - 1);
  });
});
