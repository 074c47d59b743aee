/**
 * A BLAKE3 state, inside the envelope (shared/state-envelope.ts). b is 1 to 64 once anything was hashed: a
 * chunk's last block waits for what follows.
 *
 *   16      1     flags of the mode: 0 (hash), 16 (keyed_hash), 64 (derive_key)
 *   17      32    key words, little-endian: the IV, the key (a keyed state holds the key), or the context's key
 *   49      8     output length in bytes (at most 2^53 − 1)
 *   57      32    the current chunk's chaining value, little-endian words
 *   89      1     s: chaining values on the stack (finished subtrees, bottom first)
 *   90      32s   the stack's chaining values, little-endian words
 */
import { BadStateError } from '../../shared/errors.js';
import {
  checkBuffered,
  checkSize,
  checkTotal,
  getWords,
  HEADER,
  openState,
  putWords,
  readHeader,
  restoreBuffered,
  sealState,
} from '../../shared/state-envelope.js';
import type { AlgorithmSpec, EngineFields, TreeFields } from '../../spec/algorithm.js';
import { CHUNK_LENGTH, popcount } from './constants.js';

/** Bytes of the fields before the stack: flags 1, key 32, output length 8, the chunk's CV 32, depth 1. */
const TREE_FIELDS = 74;

export function encodeTreeState(engine: EngineFields): Uint8Array {
  const tree = engine.tree as TreeFields;
  const { out, view } = openState(engine, TREE_FIELDS + 32 * tree.depth);
  view.setUint8(HEADER, tree.flags);
  putWords(view, HEADER + 1, tree.key, true);
  view.setUint32(HEADER + 33, Math.floor(tree.outputLength / 2 ** 32));
  view.setUint32(HEADER + 37, tree.outputLength % 2 ** 32);
  putWords(view, HEADER + 41, engine.chain as Int32Array, true);
  view.setUint8(HEADER + 73, tree.depth);
  putWords(view, HEADER + TREE_FIELDS, tree.stack.subarray(0, 8 * tree.depth), true);
  return sealState(out, view);
}

/**
 * Bytes a tree buffers after `length` bytes: 1 to 64 once anything was hashed (a chunk's last block waits for what
 * follows), and 0 before (JavaScript's remainder keeps the dividend's sign: (0 - 1) % 64 + 1 is 0).
 */
function treeBuffered(length: number): number {
  return ((length - 1) % 64) + 1;
}

/** The mode flags a tree state may record: hash (0), keyed_hash (16), derive_key (64). */
function isTreeMode(flags: number): boolean {
  return flags === 0 || flags === 16 || flags === 64;
}

/**
 * A tree state into a fresh engine made by `create` with the output length it records: the mode, the key, the
 * chunk's CV and the stack, whose depth lies between one CV per 1 bit of the chunks finished and the deepest it
 * can get. Call after the envelope's stateAlgorithmCode.
 */
export function decodeTreeState<E extends EngineFields>(
  bytes: Uint8Array,
  spec: AlgorithmSpec,
  create: (outputLength: number) => E,
): E {
  const header = readHeader(bytes);
  const { view, pos, length } = header;
  if (bytes.length < HEADER + TREE_FIELDS + 4) {
    throw new BadStateError(`its size (${bytes.length} bytes) does not fit a ${spec.name} state (tree kind)`);
  }
  const depth = view.getUint8(HEADER + 73);
  checkSize(bytes, TREE_FIELDS + 32 * depth, pos, spec.name, 'tree');
  checkTotal(header.high);
  checkBuffered(pos, treeBuffered(length), length);
  const high = view.getUint32(HEADER + 33);
  if (high >= 2 ** 21) throw new BadStateError('its output length exceeds 2^53 - 1 bytes');
  const engine = create(high * 2 ** 32 + view.getUint32(HEADER + 37));
  const tree = engine.tree as TreeFields;
  const flags = view.getUint8(HEADER);
  if (!isTreeMode(flags)) throw new BadStateError(`its mode flags ${flags} are none of BLAKE3's`);
  const chunks = length === 0 ? 0 : Math.floor((length - 1) / CHUNK_LENGTH);
  if (depth < popcount(chunks) || depth > tree.stack.length / 8 || (chunks === 0) !== (depth === 0)) {
    throw new BadStateError(`a stack of ${depth} chaining values cannot follow ${length} bytes hashed`);
  }
  tree.flags = flags;
  getWords(view, HEADER + 1, tree.key, true);
  getWords(view, HEADER + 41, engine.chain as Int32Array, true);
  tree.depth = depth;
  getWords(view, HEADER + TREE_FIELDS, tree.stack.subarray(0, 8 * depth), true);
  restoreBuffered(engine, bytes, header);
  return engine;
}
