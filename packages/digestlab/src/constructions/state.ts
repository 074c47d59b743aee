/**
 * Exported digest state, format version 1. All integers big-endian. Two kinds of state, told apart by the
 * algorithm code: Merkle–Damgård (and MD2) states, and sponge states.
 *
 *   offset  size  field
 *   0       4     magic "DLST"
 *   4       1     format version (1)
 *   5       1     algorithm code (MD2 = 1, MD5 = 2, SHA-1 = 3, SHA-224 = 4, SHA-256 = 5, SHA-384 = 6,
 *                 SHA-512 = 7, SHA-512/224 = 8, SHA-512/256 = 9; sponges: SHA3-224 = 10, SHA3-256 = 11,
 *                 SHA3-384 = 12, SHA3-512 = 13, SHAKE128 = 14, SHAKE256 = 15, KECCAK-224 = 16,
 *                 KECCAK-256 = 17, KECCAK-384 = 18, KECCAK-512 = 19; MD4 = 30, RIPEMD128 = 31,
 *                 RIPEMD160 = 32, RIPEMD256 = 33, RIPEMD320 = 34;
 *                 tree: BLAKE3-256 = 50; BLAKE2: BLAKE2B-160 = 60, BLAKE2B-256 = 61, BLAKE2B-384 = 62,
 *                 BLAKE2B-512 = 63, BLAKE2b = 64, BLAKE2S-128 = 65, BLAKE2S-160 = 66, BLAKE2S-224 = 67,
 *                 BLAKE2S-256 = 68, BLAKE2s = 69)
 *   6       2     bytes buffered, b (always total mod block length)
 *   8       8     total bytes hashed (at most 2^53 − 1)
 *   then, Merkle–Damgård kind:
 *   16      c     chaining value: 32-bit words (SHA-512 family: hi, lo per 64-bit word), or MD2's 32 bytes
 *   then, sponge kind:
 *   16      8     output length in bytes (at most 2^53 − 1; the digest length except for SHAKE)
 *   24      200   the Keccak-f[1600] state as FIPS 202's byte string (lane x + 5y at byte 8(x + 5y),
 *                 little-endian)
 *   then, tree kind (BLAKE3; b is 1 to 64 once anything was hashed: a chunk's last block waits for what follows):
 *   16      1     flags of the mode: 0 (hash), 16 (keyed_hash), 64 (derive_key)
 *   17      32    key words, little-endian: the IV, the key (a keyed state holds the key), or the context's key
 *   49      8     output length in bytes (at most 2^53 − 1)
 *   57      32    the current chunk's chaining value, little-endian words
 *   89      1     s: chaining values on the stack (finished subtrees, bottom first)
 *   90      32s   the stack's chaining values, little-endian words
 *   then, BLAKE2 kind (w: 8 for BLAKE2b, 4 for BLAKE2s; b is 1 to 16w once anything was hashed, as the last
 *   block waits for the end, and a keyed state's 16w-byte key block before any input; the total counts the input,
 *   not the key block):
 *   16      1     output length in bytes (the parameter block's digest length)
 *   17      1     key length k (0: unkeyed)
 *   18      8w    the key, zero-padded (a keyed state holds the key: keep it as secret)
 *   18+8w   2w    salt, zero-padded
 *   18+10w  2w    personalization, zero-padded
 *   18+12w  8w    h, little-endian 32-bit words (BLAKE2b's 64-bit words as low, high halves)
 *   then, every kind:
 *   16+c    b     buffered bytes (c: the size of the kind's fields above)
 *   16+c+b  4     CRC-32 (IEEE) of everything before it
 *
 * The format carries no provider: any engine that implements the algorithm can continue from it.
 */
import { BadStateError } from '../shared/errors.js';
import type {
  AlgorithmParams,
  AlgorithmSpec,
  Blake2Fields,
  Blake2Params,
  BlockEngine,
  EngineFields,
  TreeFields,
} from '../spec/algorithm.js';
import { blake2Buffered } from './haifa/haifa.js';
import { CHUNK_LENGTH, popcount } from './tree/tree.js';

const MAGIC = 0x444c5354; // "DLST"
export const STATE_VERSION = 1;
const HEADER = 16;

/** Bytes of the sponge kind's output length field, and of its state: Keccak-f[1600]'s 1600 bits. */
const OUTPUT_LENGTH = 8;
const KECCAK_STATE = 200;

/** Bytes of the tree kind's fields before its stack: flags 1, key 32, output length 8, the chunk's CV 32, depth 1. */
const TREE_FIELDS = 74;

/** Bytes between the header and the buffered bytes: the chaining value, or the output length and the state. */
function fieldsLength(engine: EngineFields): number {
  if (engine.tree) return TREE_FIELDS + 32 * engine.tree.depth;
  if (engine.blake2) return blake2Fields(engine.spec.blake2 as Blake2Params);
  return engine.sponge ? OUTPUT_LENGTH + engine.chain.byteLength : engine.chain.byteLength;
}

/**
 * Writes `words` as 32-bit words from byte `at`, little-endian (a sponge's lanes, a tree's or BLAKE2's words) or
 * big-endian (a Merkle–Damgård chaining value). Over the whole array: no loop bound to get wrong.
 */
function putWords(view: DataView, at: number, words: Int32Array, littleEndian: boolean): void {
  words.forEach((w, i) => {
    view.setInt32(at + 4 * i, w, littleEndian);
  });
}

/** Fills `words` with the 32-bit words from byte `at` (see {@link putWords}). */
function getWords(view: DataView, at: number, words: Int32Array, littleEndian: boolean): void {
  words.forEach((_, i) => {
    words[i] = view.getInt32(at + 4 * i, littleEndian);
  });
}

/** Writes the tree kind's fields (see the format above) at HEADER. */
function encodeTree(view: DataView, tree: TreeFields, chain: Int32Array): void {
  view.setUint8(HEADER, tree.flags);
  putWords(view, HEADER + 1, tree.key, true);
  view.setUint32(HEADER + 33, Math.floor(tree.outputLength / 2 ** 32));
  view.setUint32(HEADER + 37, tree.outputLength % 2 ** 32);
  putWords(view, HEADER + 41, chain, true);
  view.setUint8(HEADER + 73, tree.depth);
  putWords(view, HEADER + TREE_FIELDS, tree.stack.subarray(0, 8 * tree.depth), true);
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
 * Checks a tree state's fields against its length and restores them into `engine`: the mode, the key, the chunk's
 * CV and the stack, whose depth lies between one CV per 1 bit of the chunks finished and the deepest it can get.
 */
function decodeTree(view: DataView, bytes: Uint8Array, engine: EngineFields, tree: TreeFields, length: number): void {
  const flags = view.getUint8(HEADER);
  if (!isTreeMode(flags)) throw new BadStateError(`its mode flags ${flags} are none of BLAKE3's`);
  const depth = view.getUint8(HEADER + 73);
  const chunks = length === 0 ? 0 : Math.floor((length - 1) / CHUNK_LENGTH);
  if (depth < popcount(chunks) || depth > tree.stack.length / 8 || (chunks === 0) !== (depth === 0)) {
    throw new BadStateError(`a stack of ${depth} chaining values cannot follow ${length} bytes hashed`);
  }
  tree.flags = flags;
  getWords(view, HEADER + 1, tree.key, true);
  getWords(view, HEADER + 41, engine.chain as Int32Array, true);
  tree.depth = depth;
  getWords(view, HEADER + TREE_FIELDS, tree.stack.subarray(0, 8 * depth), true);
  const pos = treeBuffered(length);
  engine.buffer.set(bytes.subarray(bytes.length - 4 - pos, bytes.length - 4));
  engine.pos = pos;
  engine.length = length;
}

/** Bytes of the BLAKE2 kind's fields: lengths, key, salt, personalization, h. */
function blake2Fields(b2: Blake2Params): number {
  return 2 + 20 * b2.word;
}

/** Writes the BLAKE2 kind's fields (see the format above) at HEADER. */
function encodeBlake2(out: Uint8Array, view: DataView, b2: Blake2Fields, chain: Int32Array): void {
  out[HEADER] = b2.outputLength;
  out[HEADER + 1] = b2.key.length;
  const keyAt = HEADER + 2;
  out.set(b2.key, keyAt);
  const saltAt = keyAt + 4 * chain.length;
  out.set(b2.salt, saltAt);
  out.set(b2.personalization, saltAt + b2.salt.length);
  const hAt = saltAt + 2 * b2.salt.length;
  putWords(view, hAt, chain, true);
}

/**
 * A BLAKE2 state into a fresh engine made by `create` with the parameters it records, each checked: the output
 * length within the name's, the key no longer than the algorithm's (zeros after it), the buffered bytes against
 * the total (and, before any input, the key block itself).
 */
function decodeBlake2State(
  view: DataView,
  bytes: Uint8Array,
  spec: AlgorithmSpec,
  create: (outputLength?: number, params?: AlgorithmParams) => EngineFields,
  pos: number,
  length: number,
): EngineFields {
  const b2 = spec.blake2 as Blake2Params;
  const words = b2.iv.length;
  if (bytes.length !== HEADER + blake2Fields(b2) + pos + 4) {
    throw new BadStateError(`its size (${bytes.length} bytes) does not fit a ${spec.name} state (BLAKE2 kind)`);
  }
  if (view.getUint32(8) >= 2 ** 21) throw new BadStateError('its total length exceeds 2^53 - 1 bytes');
  const outputLength = bytes[HEADER];
  const range = b2.options.find((o) => o.name === 'outputLength') as { min: number; max: number };
  if (outputLength < range.min || outputLength > range.max) {
    throw new BadStateError(`its output length ${outputLength} is not one of ${spec.name}'s`);
  }
  const keyLength = bytes[HEADER + 1];
  const keyAt = HEADER + 2;
  const saltAt = keyAt + 4 * words;
  const hAt = saltAt + 4 * b2.word;
  if (keyLength > 4 * words || bytes.subarray(keyAt + keyLength, saltAt).some((b) => b !== 0)) {
    throw new BadStateError(`its key field does not hold a key of ${keyLength} bytes`);
  }
  const block = spec.blockLength;
  if (pos !== blake2Buffered(length, keyLength > 0 ? block : 0, block)) {
    throw new BadStateError(`${pos} buffered bytes cannot follow ${length} bytes hashed`);
  }
  const buffered = bytes.subarray(bytes.length - 4 - pos, bytes.length - 4);
  const key = bytes.slice(keyAt, keyAt + keyLength);
  // (unkeyed, nothing is buffered before any input: pos was checked against that above)
  if (length === 0 && buffered.some((b, i) => b !== (i < keyLength ? bytes[keyAt + i] : 0))) {
    throw new BadStateError('its buffered key block is not its key');
  }
  const salt = bytes.slice(saltAt, saltAt + 2 * b2.word);
  const personalization = bytes.slice(saltAt + 2 * b2.word, hAt);
  const engine = create(outputLength, { key, salt, personalization });
  const chain = engine.chain as Int32Array;
  getWords(view, hAt, chain.subarray(0, words), true);
  engine.buffer.set(buffered);
  engine.pos = pos;
  engine.length = length;
  return engine;
}

/** The state of `engine` (its buffering fields, and a sponge's own: see {@link EngineFields}). */
export function encodeState(engine: EngineFields): Uint8Array {
  const chain = engine.chain;
  const c = fieldsLength(engine);
  const out = new Uint8Array(HEADER + c + engine.pos + 4);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC);
  out[4] = STATE_VERSION;
  out[5] = engine.spec.code;
  view.setUint16(6, engine.pos);
  view.setUint32(8, Math.floor(engine.length / 2 ** 32));
  view.setUint32(12, engine.length % 2 ** 32);
  const sponge = engine.sponge;
  if (engine.tree) {
    encodeTree(view, engine.tree, chain as Int32Array);
  } else if (engine.blake2) {
    encodeBlake2(out, view, engine.blake2, chain as Int32Array);
  } else if (sponge) {
    const outputLength = sponge.outputLength;
    view.setUint32(HEADER, Math.floor(outputLength / 2 ** 32));
    view.setUint32(HEADER + 4, outputLength % 2 ** 32);
    const lanes = sponge.lanes;
    putWords(view, HEADER + OUTPUT_LENGTH, lanes, true);
  } else if (chain instanceof Int32Array) {
    putWords(view, HEADER, chain, false);
  } else {
    out.set(chain, HEADER);
  }
  out.set(engine.buffer.subarray(0, engine.pos), HEADER + c);
  view.setUint32(out.length - 4, crc32(out.subarray(0, out.length - 4)));
  return out;
}

/** Reads the algorithm code of a state, checking everything that does not depend on the algorithm. */
export function stateAlgorithmCode(bytes: Uint8Array): number {
  if (!(bytes instanceof Uint8Array)) throw new BadStateError('expected a Uint8Array');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < HEADER + 4 || view.getUint32(0) !== MAGIC) {
    throw new BadStateError('it does not start with the digestlab state header');
  }
  if (bytes[4] !== STATE_VERSION) {
    throw new BadStateError(`format version ${bytes[4]} is not supported (this build reads version ${STATE_VERSION})`);
  }
  if (crc32(bytes.subarray(0, bytes.length - 4)) !== view.getUint32(bytes.length - 4)) {
    throw new BadStateError('its checksum does not match (the bytes were altered or truncated)');
  }
  return bytes[5];
}

/**
 * Restores `bytes` into a fresh engine of `spec`, made by `create` (our TypeScript by default; the WebAssembly
 * engine has the same state) with the output length the state records. Call after {@link stateAlgorithmCode}.
 */
export function decodeState(bytes: Uint8Array, spec: AlgorithmSpec): BlockEngine;
export function decodeState<E extends EngineFields>(
  bytes: Uint8Array,
  spec: AlgorithmSpec,
  create: (outputLength?: number, params?: AlgorithmParams) => E,
): E;
export function decodeState(
  bytes: Uint8Array,
  spec: AlgorithmSpec,
  create = (outputLength?: number, params?: AlgorithmParams): EngineFields => spec.create(outputLength, params),
): EngineFields {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const pos = view.getUint16(6);
  const hi = view.getUint32(8);
  const length = hi * 2 ** 32 + view.getUint32(12);
  if (spec.tree) return decodeTreeState(view, bytes, spec, create, pos, length);
  if (spec.blake2) return decodeBlake2State(view, bytes, spec, create, pos, length);
  // the size first: it tells a state of the other kind (or another algorithm's) at once
  const kind = spec.sponge ? 'sponge' : 'Merkle–Damgård';
  const c = spec.sponge ? OUTPUT_LENGTH + KECCAK_STATE : spec.create().chain.byteLength;
  if (bytes.length !== HEADER + c + pos + 4) {
    throw new BadStateError(`its size (${bytes.length} bytes) does not fit a ${spec.name} state (${kind} kind)`);
  }
  let outputLength: number | undefined;
  if (spec.sponge) {
    const high = view.getUint32(HEADER);
    outputLength = high * 2 ** 32 + view.getUint32(HEADER + 4);
    if (high >= 2 ** 21) throw new BadStateError('its output length exceeds 2^53 - 1 bytes');
    if (!spec.sponge.xof && outputLength !== spec.digestLength) {
      throw new BadStateError(`its output length ${outputLength} is not ${spec.name}'s ${spec.digestLength} bytes`);
    }
  }
  const engine = create(outputLength);
  const chain = engine.chain;
  if (hi >= 2 ** 21) throw new BadStateError('its total length exceeds 2^53 - 1 bytes');
  // the remainder is below the block length, so this also refuses pos >= blockLength
  if (length % spec.blockLength !== pos) {
    throw new BadStateError(`${pos} buffered bytes cannot follow ${length} bytes hashed`);
  }
  const sponge = engine.sponge;
  if (sponge) {
    const lanes = new Int32Array(chain.length);
    getWords(view, HEADER + OUTPUT_LENGTH, lanes, true);
    sponge.lanes = lanes;
  } else if (chain instanceof Int32Array) {
    getWords(view, HEADER, chain, false);
  } else {
    chain.set(bytes.subarray(HEADER, HEADER + c));
  }
  engine.buffer.set(bytes.subarray(HEADER + c, HEADER + c + pos));
  engine.pos = pos;
  engine.length = length;
  return engine;
}

/** A tree state (BLAKE3) into a fresh engine made by `create` with the output length it records. */
function decodeTreeState(
  view: DataView,
  bytes: Uint8Array,
  spec: AlgorithmSpec,
  create: (outputLength?: number) => EngineFields,
  pos: number,
  length: number,
): EngineFields {
  if (bytes.length < HEADER + TREE_FIELDS + 4) {
    throw new BadStateError(`its size (${bytes.length} bytes) does not fit a ${spec.name} state (tree kind)`);
  }
  const depth = view.getUint8(HEADER + 73);
  if (bytes.length !== HEADER + TREE_FIELDS + 32 * depth + pos + 4) {
    throw new BadStateError(`its size (${bytes.length} bytes) does not fit a ${spec.name} state (tree kind)`);
  }
  if (view.getUint32(8) >= 2 ** 21) throw new BadStateError('its total length exceeds 2^53 - 1 bytes');
  if (pos !== treeBuffered(length))
    throw new BadStateError(`${pos} buffered bytes cannot follow ${length} bytes hashed`);
  const high = view.getUint32(HEADER + 33);
  if (high >= 2 ** 21) throw new BadStateError('its output length exceeds 2^53 - 1 bytes');
  const engine = create(high * 2 ** 32 + view.getUint32(HEADER + 37));
  decodeTree(view, bytes, engine, engine.tree as TreeFields, length);
  return engine;
}

/** CRC-32 (IEEE 802.3, reflected, as zlib computes it). States are small, so bit by bit is fast enough. */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) {
    crc ^= bytes[i];
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}
