/**
 * A BLAKE2 state, inside the envelope (shared/state-envelope.ts). w: 8 for BLAKE2b, 4 for BLAKE2s; b is 1 to 16w
 * once anything was hashed, as the last block waits for the end, and a keyed state's 16w-byte key block before any
 * input; the total counts the input, not the key block.
 *
 *   16      1     output length in bytes (the parameter block's digest length)
 *   17      1     key length k (0: unkeyed)
 *   18      8w    the key, zero-padded (a keyed state holds the key: keep it as secret)
 *   18+8w   2w    salt, zero-padded
 *   18+10w  2w    personalization, zero-padded
 *   18+12w  8w    h, little-endian 32-bit words (BLAKE2b's 64-bit words as low, high halves)
 */
import { BadStateError } from '../../shared/errors.js';
import {
  bufferedBytes,
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
import {
  type AlgorithmParams,
  type AlgorithmSpec,
  type Blake2Fields,
  type EngineFields,
  narrow,
} from '../../spec/algorithm.js';
import type { Blake2Params } from '../../spec/constructions.js';

/** Bytes of the fields: lengths, key, salt, personalization, h. */
function blake2Fields(b2: Blake2Params): number {
  return 2 + 20 * b2.word;
}

/** Bytes a BLAKE2 engine buffers after `length` input bytes with a key block of `keyBlock` bytes (haifa.ts). */
export function blake2Buffered(length: number, keyBlock: number, block: number): number {
  if (length === 0) return keyBlock;
  return ((length - 1) % block) + 1;
}

export function encodeBlake2State(engine: EngineFields): Uint8Array {
  const b2 = engine.blake2 as Blake2Fields;
  const chain = engine.chain as Int32Array;
  const { out, view } = openState(engine, blake2Fields(narrow(engine.spec, 'haifa').construction));
  out[HEADER] = b2.outputLength;
  out[HEADER + 1] = b2.key.length;
  const keyAt = HEADER + 2;
  out.set(b2.key, keyAt);
  const saltAt = keyAt + 4 * chain.length;
  out.set(b2.salt, saltAt);
  out.set(b2.personalization, saltAt + b2.salt.length);
  const hAt = saltAt + 2 * b2.salt.length;
  putWords(view, hAt, chain, true);
  return sealState(out, view);
}

/**
 * A BLAKE2 state into a fresh engine made by `create` with the parameters it records, each checked: the output
 * length within the name's, the key no longer than the algorithm's (zeros after it), the buffered bytes against
 * the total (and, before any input, the key block itself). Call after the envelope's stateAlgorithmCode.
 */
export function decodeBlake2State<E extends EngineFields>(
  bytes: Uint8Array,
  spec: AlgorithmSpec,
  create: (outputLength: number, params: AlgorithmParams) => E,
): E {
  const header = readHeader(bytes);
  const { view, pos, length } = header;
  const b2 = narrow(spec, 'haifa').construction;
  const words = b2.iv.length;
  checkSize(bytes, blake2Fields(b2), pos, spec.name, 'BLAKE2');
  checkTotal(header.high);
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
  checkBuffered(pos, blake2Buffered(length, keyLength > 0 ? block : 0, block), length);
  const buffered = bufferedBytes(bytes, pos);
  const key = bytes.slice(keyAt, keyAt + keyLength);
  // (unkeyed, nothing is buffered before any input: pos was checked against that above)
  if (length === 0 && buffered.some((b, i) => b !== (i < keyLength ? bytes[keyAt + i] : 0))) {
    throw new BadStateError('its buffered key block is not its key');
  }
  const salt = bytes.slice(saltAt, saltAt + 2 * b2.word);
  const personalization = bytes.slice(saltAt + 2 * b2.word, hAt);
  const engine = create(outputLength, { key, salt, personalization });
  getWords(view, hAt, (engine.chain as Int32Array).subarray(0, words), true);
  restoreBuffered(engine, bytes, header);
  return engine;
}
