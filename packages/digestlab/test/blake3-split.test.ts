/**
 * BLAKE3 split across subtrees (src/blake3-split.ts, tree.ts's SubtreeHash and pushSubtree): the chaining values of
 * aligned subtrees, hashed apart and pushed into one engine in order, give @noble/hashes' digest of the whole input
 * (a reference we did not write) in every mode and output length, at the subtree and chunk edges; each misuse is
 * refused with a typed error rather than a wrong digest.
 */
import { blake3 } from '@noble/hashes/blake3.js';
import { describe, expect, it } from 'vitest';
import { createBlake3Subtree, createBlake3Tree, InvalidOptionError, LengthLimitError } from '../src/index.js';

const KEY = new TextEncoder().encode('whats the Elvish word for friend');
const CONTEXT = 'BLAKE3 2019-12-27 16:29:52 test vectors context';
const MODES = [{}, { key: KEY }, { context: CONTEXT }] as const;

/** `length` bytes in the official vectors' pattern. */
const input = (length: number) => Uint8Array.from({ length }, (_, i) => i % 251);

/**
 * The digest as `digestlab sum` splits the input: every whole subtree of `chunks` chunks before the last byte
 * hashed apart (fed in pieces of `piece` chunks), pushed in order, the rest through `update`.
 */
function split(data: Uint8Array, chunks: number, piece: number, options: object, outputLength: number): Uint8Array {
  const bytes = chunks * 1024;
  const subtrees = Math.floor((data.length - 1) / bytes);
  const tree = createBlake3Tree({ ...options, outputLength });
  for (let s = 0; s < subtrees; s++) {
    const sub = createBlake3Subtree(s * chunks, chunks, options);
    for (let off = s * bytes; off < (s + 1) * bytes; off += piece * 1024) {
      sub.update(data.subarray(off, Math.min(off + piece * 1024, (s + 1) * bytes)));
    }
    tree.pushSubtree(sub.cv(), chunks);
  }
  tree.update(data.subarray(subtrees * bytes));
  return tree.digest();
}

const reference = (data: Uint8Array, options: { key?: Uint8Array; context?: string }, dkLen: number) =>
  blake3(data, {
    dkLen,
    ...(options.key ? { key: options.key } : {}),
    ...(options.context ? { context: new TextEncoder().encode(options.context) } : {}),
  });

describe('BLAKE3 split into subtrees', () => {
  it('gives the whole input digest at the subtree and chunk edges, in every mode and output length', () => {
    for (const [chunks, piece] of [
      [1, 1],
      [2, 1],
      [4, 3],
      [128, 48],
    ] as const) {
      const s = chunks * 1024;
      const lengths = [1, 1023, 1024, 1025, s - 1, s, s + 1, 2 * s, 2 * s + 1, 3 * s + 1, 5 * s - 1, 8 * s + 1];
      const data = input(Math.max(...lengths));
      for (const length of lengths) {
        for (const mode of MODES) {
          // an XOF's shorter outputs are prefixes of its longer ones
          const expected = Buffer.from(reference(data.subarray(0, length), mode, 131));
          for (const n of [1, 32, 131]) {
            const what = `${length} bytes, subtrees of ${chunks} chunks, ${JSON.stringify(mode)}, ${n} bytes out`;
            const got = split(data.subarray(0, length), chunks, piece, mode, n);
            expect(Buffer.from(got).toString('hex'), what).toBe(expected.subarray(0, n).toString('hex'));
          }
        }
      }
    }
  });

  it('pushes subtrees of different sizes where each is aligned (a large one after smaller ones)', () => {
    const data = input(8 * 1024 + 5);
    const tree = createBlake3Tree();
    for (const [start, chunks] of [
      [0, 1],
      [1, 1],
      [2, 2],
      [4, 4],
    ] as const) {
      const sub = createBlake3Subtree(start, chunks);
      sub.update(data.subarray(start * 1024, (start + chunks) * 1024));
      tree.pushSubtree(sub.cv(), chunks);
    }
    tree.update(data.subarray(8 * 1024));
    expect(tree.digest()).toEqual(blake3(data));
  });

  it('refuses what would give a wrong digest, with typed errors', () => {
    const refused = (f: () => unknown, type: new (...a: never[]) => Error, text: RegExp) =>
      expect(f).toThrow(expect.objectContaining({ constructor: type, message: expect.stringMatching(text) }));
    refused(() => createBlake3Subtree(0, 3), InvalidOptionError, /power of two; got 3/);
    refused(() => createBlake3Subtree(0, 0), InvalidOptionError, /power of two; got 0/);
    refused(() => createBlake3Subtree(0, Number.POSITIVE_INFINITY), InvalidOptionError, /power of two; got Infinity/);
    refused(() => createBlake3Subtree(Number.NaN, 1), InvalidOptionError, /cannot start at chunk NaN/);
    refused(() => createBlake3Subtree(2 ** 60, 4), LengthLimitError, /exceeds/);
    refused(() => createBlake3Subtree(2, 4), InvalidOptionError, /4 chunks cannot start at chunk 2/);
    refused(() => createBlake3Subtree(-4, 4), InvalidOptionError, /cannot start at chunk -4/);
    refused(() => createBlake3Subtree(2 ** 43, 2 ** 43), LengthLimitError, /exceeds/);
    refused(() => createBlake3Subtree(0, 1, { key: KEY.subarray(1) }), InvalidOptionError, /key/);
    const sub = createBlake3Subtree(0, 2);
    refused(() => sub.update(new Uint8Array(1000)), InvalidOptionError, /whole chunks, 2048 bytes at most; got 1000/);
    refused(() => sub.update(new Uint8Array(3072)), InvalidOptionError, /got 3072/);
    sub.update(new Uint8Array(1024));
    refused(() => sub.cv(), InvalidOptionError, /2 chunks; 1 came/);
    sub.update(new Uint8Array(1024));
    const cv = sub.cv();
    expect(cv).toHaveLength(32);

    const tree = createBlake3Tree();
    refused(() => tree.pushSubtree(cv.subarray(1), 2), InvalidOptionError, /32 bytes; got 31/);
    refused(() => tree.pushSubtree(cv, 6), InvalidOptionError, /power of two; got 6/);
    // 2^43 chunks are 2^53 bytes, one past the limit
    refused(() => createBlake3Tree().pushSubtree(cv, 2 ** 43), LengthLimitError, /exceeds/);
    tree.pushSubtree(cv, 2);
    refused(() => tree.pushSubtree(cv, 4), InvalidOptionError, /4 chunks cannot start at chunk 2/);
    refused(() => tree.digest(), InvalidOptionError, /followed by input/);
    tree.update(new Uint8Array(10));
    refused(() => tree.pushSubtree(cv, 1), InvalidOptionError, /cannot start at byte 2058/);
    expect(tree.digest()).toEqual(blake3(new Uint8Array(2058)));
    refused(() => createBlake3Tree({ outputLength: -1 }), InvalidOptionError, /outputLength/);
  });
});
