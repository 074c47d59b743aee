/**
 * BLAKE2b and BLAKE2s (RFC 7693) in TypeScript: the compression functions and the specs. BLAKE2b's 64-bit words are
 * pairs of 32-bit halves (low at 2i, high at 2i + 1), added with an explicit carry and rotated by halves, as
 * @noble/hashes and hash-wasm's JavaScript do; BLAKE2s works on int32 words. The names are BouncyCastle's
 * (BLAKE2B-512, BLAKE2S-256, ...) and the length-free BLAKE2b and BLAKE2s, whose `outputLength` is any of 1 to 64
 * (32) bytes. The engine around the compression is haifa.ts's.
 */
import { Blake2Hash } from '../constructions/haifa/haifa.js';
import { isV8, type RuntimeInfo, runtime } from '../shared/runtime.js';
import type { AlgorithmName, AlgorithmSpec } from '../spec/algorithm.js';
import type { Blake2Compress, Blake2Params } from '../spec/constructions.js';
import { blake2Options } from '../spec/options.js';
import { BLAKE2S_IV } from './blake2s-g.js';
import { blake2bCompress, blake2bCompressLoop, blake2sCompress, blake2sCompressLoop } from './generated/blake2.js';

/** BLAKE2s' IV: SHA-256's; BLAKE2b's: SHA-512's, as 32-bit halves, low first. */
const IV_S = BLAKE2S_IV;
const IV_B = Int32Array.of(
  0xf3bcc908 | 0,
  0x6a09e667,
  0x84caa73b | 0,
  0xbb67ae85 | 0,
  0xfe94f82b | 0,
  0x3c6ef372,
  0x5f1d36f1,
  0xa54ff53a | 0,
  0xade682d1 | 0,
  0x510e527f,
  0x2b3e6c1f,
  0x9b05688c | 0,
  0xfb41bd6b | 0,
  0x1f83d9ab,
  0x137e2179,
  0x5be0cd19,
);

/**
 * Which generated shape of each compression a runtime runs: the unrolled one where it is the fastest (V8: Node, Deno,
 * workerd, edge-runtime and Blink; BLAKE2s on Bun too), else the loop of rounds, which no engine falls off. JavaScriptCore in WebKit runs
 * both unrolled ones at 1-10 MiB/s (its optimizing tiers never take them), SpiderMonkey compiles the unrolled
 * BLAKE2b only after seconds of calls; Bun ran the loop BLAKE2b 1.6-2x as fast in a micro-bench of the cores and
 * level through the library (docs/decisions/ts-blake2-engine-shapes.md).
 */
export function blake2Shapes(r: Pick<RuntimeInfo, 'runtime' | 'browser'>): {
  b: 'unrolled' | 'loop';
  s: 'unrolled' | 'loop';
} {
  const v8 = isV8(r);
  return { b: v8 ? 'unrolled' : 'loop', s: v8 || r.runtime === 'bun' ? 'unrolled' : 'loop' };
}

const SHAPES = blake2Shapes(runtime());
const F_B = SHAPES.b === 'loop' ? blake2bCompressLoop : blake2bCompress;
const F_S = SHAPES.s === 'loop' ? blake2sCompressLoop : blake2sCompress;

/** BLAKE2b's F: 12 rounds, generated (algorithms/generated/blake2.ts); the counter's upper 64 bits stay zero. */
export const compressB: Blake2Compress = (h, data, offset, t0, t1, last) => F_B(h, data, offset, t0, t1, last, IV_B);

/** BLAKE2s' F: 10 rounds, generated; the counter's two words are t0 and t1. */
export const compressS: Blake2Compress = (h, data, offset, t0, t1, last) => F_S(h, data, offset, t0, t1, last, IV_S);

/**
 * A BLAKE2 spec: BLAKE2b (`word` 8) or BLAKE2s (4), of the name's digest length, or length-free (`fixed` false:
 * the default is the longest, any of 1 to it by `outputLength`).
 */
function blake2(name: AlgorithmName, code: number, word: 8 | 4, digestLength: number, fixed = true): AlgorithmSpec {
  const params: Blake2Params = {
    kind: 'haifa',
    word,
    iv: word === 8 ? IV_B : IV_S,
    options: blake2Options(word, fixed ? digestLength : null),
    core: word === 8 ? compressB : compressS,
  };
  const spec: AlgorithmSpec = {
    name,
    code,
    digestLength,
    blockLength: 16 * word,
    create: (outputLength = digestLength, p = {}) => new Blake2Hash(spec, outputLength, p),
    construction: params,
  };
  return spec;
}

export const BLAKE2B_160 = blake2('BLAKE2B-160', 60, 8, 20);
export const BLAKE2B_256 = blake2('BLAKE2B-256', 61, 8, 32);
export const BLAKE2B_384 = blake2('BLAKE2B-384', 62, 8, 48);
export const BLAKE2B_512 = blake2('BLAKE2B-512', 63, 8, 64);
export const BLAKE2B = blake2('BLAKE2b', 64, 8, 64, false);
export const BLAKE2S_128 = blake2('BLAKE2S-128', 65, 4, 16);
export const BLAKE2S_160 = blake2('BLAKE2S-160', 66, 4, 20);
export const BLAKE2S_224 = blake2('BLAKE2S-224', 67, 4, 28);
export const BLAKE2S_256 = blake2('BLAKE2S-256', 68, 4, 32);
export const BLAKE2S = blake2('BLAKE2s', 69, 4, 32, false);
