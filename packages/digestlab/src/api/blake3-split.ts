/**
 * One BLAKE3 input hashed on several threads (the BLAKE3 paper §5.1): each thread computes the chaining values of
 * aligned subtrees ({@link createBlake3Subtree}), one engine pushes them in order and takes the last part itself
 * ({@link createBlake3Tree}); the digest is the one a single engine gives. What `digestlab sum -a blake3` runs in
 * its worker threads, over the WebAssembly core (the TypeScript one where there is no WebAssembly). Threads and
 * files are the caller's: no Worker API is built on it.
 */
import { BLAKE3_256, TS_BLAKE3 } from '../algorithms/blake3.js';
import { createTree, treeMode } from '../constructions/tree/modes.js';
import { SubtreeHash } from '../constructions/tree/subtree.js';
import { WASM_BLAKE3 } from '../providers/wasm-blake3.js';
import type { Blake3Core } from '../spec/constructions.js';
import { CONTEXT, KEY, OUTPUT_LENGTH, outputLengthOf, paramsOf } from '../spec/options.js';

/** Our WebAssembly core; the TypeScript one where the runtime has no WebAssembly (e.g. `node --jitless`). */
function core(): Blake3Core {
  return typeof WebAssembly === 'object' ? WASM_BLAKE3 : TS_BLAKE3;
}

/** BLAKE3's mode (neither: hash), as every call takes it. */
export interface Blake3ModeOptions {
  key?: Uint8Array;
  context?: string;
}

/** A subtree's hashing: whole chunks in order, then its 32-byte chaining value. */
export interface Blake3Subtree {
  update(wholeChunks: Uint8Array): void;
  cv(): Uint8Array;
}

/** The engine that merges subtrees: `pushSubtree` where each stands, then `update` to the input's end, `digest`. */
export interface Blake3Tree {
  pushSubtree(cv: Uint8Array, chunks: number): void;
  update(data: Uint8Array): void;
  digest(): Uint8Array;
}

const ACCEPTED = [OUTPUT_LENGTH, KEY, CONTEXT];

/**
 * The subtree of `chunks` chunks of 1024 bytes (a power of two) from chunk `start` (a multiple of `chunks`), in the
 * mode `options` choose (the same options as the merging engine's). Refusals: {@link InvalidOptionError}.
 */
export function createBlake3Subtree(start: number, chunks: number, options?: Blake3ModeOptions): Blake3Subtree {
  const params = paramsOf(BLAKE3_256.name, ACCEPTED, options) ?? {};
  const c = core();
  return new SubtreeHash(c, treeMode(BLAKE3_256, c, params), start, chunks);
}

/**
 * A BLAKE3 engine that also takes subtrees' chaining values: `pushSubtree(cv, chunks)` at its start or right after
 * another pushed subtree (at a multiple of `chunks` chunks), then the rest of the input, at least one byte, through
 * `update`. Options as `createDigest('BLAKE3', options)` takes them, without `provider` (this is our WebAssembly, or TypeScript without it).
 */
export function createBlake3Tree(options?: Blake3ModeOptions & { outputLength?: number }): Blake3Tree {
  const n = outputLengthOf(BLAKE3_256, options?.outputLength) ?? BLAKE3_256.digestLength;
  return createTree(BLAKE3_256, core(), n, paramsOf(BLAKE3_256.name, ACCEPTED, options) ?? {});
}
