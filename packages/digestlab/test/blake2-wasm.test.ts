/**
 * BLAKE2b and BLAKE2s in our WebAssembly (provider `wasm`) against our TypeScript and @noble/hashes: every length
 * to past two blocks with every parameter, one-shot (bytes, hex, strings, in memory or streamed past the input
 * area) and streamed at every split; states exported by one provider continued by the other; digestMany,
 * digestStream, HMAC. The counters past 2^32 and near 2^53 - 1 are blake2.test.ts's, run for both providers. Here
 * (V8) that runs BLAKE2s on the SIMD module and BLAKE2b on the scalar one, as loadBlake2 chooses; each function's
 * other module is held to the same results block by block below (the browser tier runs the rest in its engines).
 */
import { Buffer } from 'node:buffer';
import { blake2b, blake2s } from '@noble/hashes/blake2.js';
import { describe, expect, it } from 'vitest';
import {
  createDigest,
  digest,
  digestAsync,
  digestHex,
  digestMany,
  digestStream,
  hmacHex,
  importState,
} from '../src/index.js';
import { runtime } from '../src/shared/runtime.js';
import { type Blake2Wasm, blake2Simd, blake2With, H, INPUT, loadBlake2 } from '../src/wasm/blake2.js';

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const msg = (n: number, seed = 3) => Uint8Array.from({ length: n }, (_, i) => (i * 7 + seed) & 0xff);

const FAMILIES = [
  ['BLAKE2b', 128, 64, 16, blake2b],
  ['BLAKE2s', 64, 32, 8, blake2s],
] as const;

/** The parameter sets: none, a key of each edge length, salt and personalization (short and whole), lengths. */
function parameterSets(maxKey: number, field: number, maxOut: number) {
  return [
    {},
    { key: msg(1) },
    { key: msg(maxKey, 9) },
    { salt: msg(3), personalization: msg(field, 5) },
    { key: msg(7), salt: msg(field), personalization: msg(1), outputLength: 1 },
    { outputLength: maxOut - 1 },
    { key: msg(maxKey - 1), outputLength: 17 },
  ];
}

/** noble's options for ours: salt and personalization zero-padded to their whole field, as we and hashlib pad. */
function nobleOptions(
  o: { key?: Uint8Array; salt?: Uint8Array; personalization?: Uint8Array; outputLength?: number },
  field: number,
) {
  const whole = (b: Uint8Array | undefined) => {
    if (b === undefined) return undefined;
    const out = new Uint8Array(field);
    out.set(b);
    return out;
  };
  return { key: o.key, salt: whole(o.salt), personalization: whole(o.personalization), dkLen: o.outputLength };
}

describe.each(FAMILIES)('%s: wasm, ts and @noble/hashes', (name, block, maxKey, field, noble) => {
  const sets = parameterSets(maxKey, field, maxKey);

  it('one-shot at every length from 0 to two blocks and two bytes, every parameter set, bytes and hex', () => {
    for (const o of sets) {
      for (let n = 0; n <= 2 * block + 2; n++) {
        const data = msg(n);
        const want = hex(noble(data, nobleOptions(o, field)));
        const label = `${n} bytes, ${JSON.stringify(Object.keys(o))}`;
        expect(hex(digest(name, data, { ...o, provider: 'wasm' })), label).toBe(want);
        expect(digestHex(name, data, { ...o, provider: 'wasm' }), label).toBe(want);
        expect(digestHex(name, data, { ...o, provider: 'ts' }), label).toBe(want);
      }
    }
  });

  it('streamed at every split of lengths around the block edges, every parameter set; clone continues alike', () => {
    for (const o of sets) {
      for (const n of [block - 1, block, block + 1, 2 * block, 2 * block + 1]) {
        const data = msg(n);
        const want = hex(noble(data, nobleOptions(o, field)));
        for (let at = 0; at <= n; at++) {
          const d = createDigest(name, { ...o, provider: 'wasm' }).update(data.subarray(0, at));
          const copy = d.clone();
          expect(d.update(data.subarray(at)).digestHex(), `${n} split at ${at}`).toBe(want);
          expect(copy.update(data.subarray(at)).digestHex(), `clone: ${n} split at ${at}`).toBe(want);
        }
      }
    }
  });

  it('around the 64 KiB input area: one-shots in memory (a key block before them) and streamed past it', () => {
    for (const o of [{}, { key: msg(maxKey) }]) {
      for (const n of [65_535, 65_536, 65_537, 3 * 65_536 + 5]) {
        const data = msg(n);
        const want = hex(noble(data, nobleOptions(o, field)));
        expect(digestHex(name, data, { ...o, provider: 'wasm' }), `${n}`).toBe(want);
        expect(
          createDigest(name, { ...o, provider: 'wasm' })
            .update(data)
            .digestHex(),
          `${n} streamed`,
        ).toBe(want);
      }
    }
  });

  it('strings as UTF-8, in memory and past the input area (3 bytes per unit)', () => {
    for (const s of ['', 'abc', 'ü€😀'.repeat(40), 'é'.repeat(30_000), 'x'.repeat(21_846)]) {
      const want = hex(noble(new TextEncoder().encode(s), { key: msg(3) }));
      expect(digestHex(name, s, { key: msg(3), provider: 'wasm' }), `${s.length} units`).toBe(want);
      expect(hex(digest(name, s, { key: msg(3), provider: 'wasm' }))).toBe(want);
    }
  });

  it('states: exported by ts continued by wasm and back, at every length to two blocks, keyed or not', () => {
    const data = msg(2 * block + 1);
    for (const o of [{}, sets[4]]) {
      const want = hex(noble(data, nobleOptions(o, field)));
      for (let at = 0; at <= data.length; at++) {
        for (const [from, to] of [
          ['ts', 'wasm'],
          ['wasm', 'ts'],
        ] as const) {
          const state = createDigest(name, { ...o, provider: from })
            .update(data.subarray(0, at))
            .exportState();
          const d = importState(state, { provider: to });
          expect(d.provider).toBe(to);
          expect(d.update(data.subarray(at)).digestHex(), `${from} to ${to} at ${at}`).toBe(want);
        }
      }
    }
  });

  it('digestMany, digestAsync, digestStream and reset through wasm, with parameters', async () => {
    const o = sets[3];
    const messages = [msg(0), msg(block), msg(3 * block + 7), msg(70_000)];
    const want = messages.map((m) => hex(noble(m, nobleOptions(o, field))));
    expect(digestMany(name, messages, { ...o, provider: 'wasm' }).map(hex)).toEqual(want);
    expect(hex(await digestAsync(name, messages[2], { ...o, provider: 'wasm' }))).toBe(want[2]);
    expect(hex(await digestStream(name, messages.slice(1, 3), { ...o, provider: 'wasm' }))).toBe(
      hex(noble(new Uint8Array([...messages[1], ...messages[2]]), nobleOptions(o, field))),
    );
    const d = createDigest(name, { ...o, provider: 'wasm' }).update(msg(500));
    d.reset();
    expect(d.update(messages[2]).digestHex()).toBe(want[2]);
  });

  it('HMAC over it (RFC 2104) through wasm is the same as through ts, keys of every size class', () => {
    const mac = name === 'BLAKE2b' ? 'HmacBLAKE2B-512' : 'HmacBLAKE2S-256';
    for (const key of [msg(0), msg(5), msg(block), msg(block + 1)]) {
      for (const n of [0, block - 1, block + 1, 1000]) {
        expect(hmacHex(mac, key, msg(n), { provider: 'wasm' }), `${key.length}, ${n}`).toBe(
          hmacHex(mac, key, msg(n), { provider: 'ts' }),
        );
      }
    }
  });
});

/** The chaining value after `n` blocks of `data` from chain `h`, counter hi:lo, `last` flag, through module `w`. */
function blocksThrough(
  w: Blake2Wasm,
  b: boolean,
  h: Uint8Array,
  data: Uint8Array,
  n: number,
  ctr: [number, number],
  last: number,
) {
  w.bytes.set(h, H);
  w.bytes.set(data, INPUT);
  (b ? w.blake2b : w.blake2s)(H, INPUT, n, ctr[0] | 0, ctr[1], last);
  return hex(w.bytes.slice(H, H + 64));
}

describe('the scalar and the SIMD module, and which one runs where', () => {
  it('loads BLAKE2s on SIMD everywhere and BLAKE2b on SIMD outside V8; this runtime (V8) as that says', () => {
    expect(blake2Simd({ runtime: 'node' })).toEqual({ b: false, s: true });
    expect(blake2Simd({ runtime: 'browser', browser: { name: 'x', version: '1', engine: 'Blink' } })).toEqual({
      b: false,
      s: true,
    });
    expect(blake2Simd({ runtime: 'browser', browser: { name: 'x', version: '1', engine: 'Gecko' } })).toEqual({
      b: true,
      s: true,
    });
    expect(blake2Simd({ runtime: 'browser', browser: { name: 'x', version: '1', engine: 'WebKit' } })).toEqual({
      b: true,
      s: true,
    });
    expect(blake2Simd({ runtime: 'bun' })).toEqual({ b: true, s: true });
    // the loader applies that choice to the runtime running this suite (Node, Bun or Deno): V8's is scalar BLAKE2b
    const here = runtime();
    expect(loadBlake2().simd).toEqual(blake2Simd(here));
    if (here.runtime === 'node') expect(loadBlake2().simd).toEqual({ b: false, s: true });
  });

  it("the scalar module gives the SIMD one's chaining values: any chain, block, counter, flag, run of blocks", () => {
    const scalar = blake2With({ b: false, s: false });
    const simd = blake2With({ b: true, s: true });
    expect(scalar.simd).toEqual({ b: false, s: false });
    expect(simd.simd).toEqual({ b: true, s: true });
    // counters: zero, small, the low word about to carry into the high one within the run, and both words high
    const counters: [number, number][] = [
      [0, 0],
      [128, 0],
      [2 ** 32 - 128, 0],
      [2 ** 32 - 64, 7],
      [0xfffffff0, 0xffffffff],
    ];
    for (const b of [true, false]) {
      for (let k = 0; k < 40; k++) {
        const h = msg(64, 11 * k + 1);
        const data = msg(3 * 128, 5 * k + 2);
        const n = 1 + (k % 3);
        const ctr = counters[k % counters.length];
        const last = (k >> 1) & 1;
        const label = `${b ? 'blake2b' : 'blake2s'} ${k}: ${n} blocks at ${ctr} last ${last}`;
        expect(blocksThrough(scalar, b, h, data, n, ctr, last), label).toBe(
          blocksThrough(simd, b, h, data, n, ctr, last),
        );
      }
    }
  });
});
