/** BLAKE3's three modes (§6.2: hash, keyed_hash, derive_key) and the one-shot digest in any of them. */

import { encodeUtf8 } from '../../shared/strings.js';
import type { AlgorithmParams, AlgorithmSpec } from '../../spec/algorithm.js';
import type { Blake3Core } from '../../spec/constructions.js';
import { BLAKE3_IV, DERIVE_KEY_CONTEXT, DERIVE_KEY_MATERIAL, KEYED_HASH } from './constants.js';
import { keyWords, type TreeMode } from './subtree.js';
import { TreeHash } from './tree.js';

/**
 * The mode the params choose: keyed_hash under `key`; derive_key under the key that hashing `context` with
 * DERIVE_KEY_CONTEXT gave (§6.2); hash under the IV.
 */
export function treeMode(spec: AlgorithmSpec, core: Blake3Core, params: AlgorithmParams): TreeMode {
  if (params.key !== undefined) return { key: keyWords(params.key), flags: KEYED_HASH };
  if (params.context !== undefined) {
    const context = new TreeHash(spec, core, 32, BLAKE3_IV, DERIVE_KEY_CONTEXT);
    context.update(encodeUtf8(params.context));
    return { key: keyWords(context.digest()), flags: DERIVE_KEY_MATERIAL };
  }
  return { key: BLAKE3_IV, flags: 0 };
}

/** An engine in the mode the params choose ({@link treeMode}). */
export function createTree(
  spec: AlgorithmSpec,
  core: Blake3Core,
  outputLength: number,
  params: AlgorithmParams,
): TreeHash {
  const { key, flags } = treeMode(spec, core, params);
  return new TreeHash(spec, core, outputLength, key, flags);
}

/** The digest of whole input (no engine kept: BLAKE3's engine is mostly its stack, which short input leaves empty). */
export function treeOnce(
  spec: AlgorithmSpec,
  core: Blake3Core,
  data: Uint8Array,
  outputLength: number,
  params: AlgorithmParams = {},
): Uint8Array {
  let engine: TreeHash | undefined;
  // the common call (hash mode, 32 bytes) reuses one engine per core, reset first, as block.ts's hashOnce does
  if (params.key === undefined && params.context === undefined && outputLength === 32) {
    engine = SHARED.get(core);
    if (engine === undefined) {
      engine = createTree(spec, core, 32, params);
      SHARED.set(core, engine);
    } else engine.reset();
  } else {
    engine = createTree(spec, core, outputLength, params);
  }
  engine.update(data);
  return engine.digest();
}

const SHARED = new Map<Blake3Core, TreeHash>();
