/**
 * A sponge's state (SHA-3, SHAKE, Keccak), inside the envelope (shared/state-envelope.ts):
 *
 *   16      8     output length in bytes (at most 2^53 − 1; the digest length except for SHAKE)
 *   24      200   the Keccak-f[1600] state as FIPS 202's byte string (lane x + 5y at byte 8(x + 5y),
 *                 little-endian): the plain lanes, whatever the engine's own representation
 *
 * b is always the total mod the rate.
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
import { type AlgorithmSpec, type EngineFields, narrow, type SpongeFields } from '../../spec/algorithm.js';

/** Bytes of the output length field, and of the state: Keccak-f[1600]'s 1600 bits. */
const OUTPUT_LENGTH = 8;
const KECCAK_STATE = 200;

export function encodeSpongeState(engine: EngineFields): Uint8Array {
  const sponge = engine.sponge as SpongeFields;
  const { out, view } = openState(engine, OUTPUT_LENGTH + engine.chain.byteLength);
  view.setUint32(HEADER, Math.floor(sponge.outputLength / 2 ** 32));
  view.setUint32(HEADER + 4, sponge.outputLength % 2 ** 32);
  putWords(view, HEADER + OUTPUT_LENGTH, sponge.lanes, true);
  return sealState(out, view);
}

/**
 * Restores `bytes` into a fresh engine of `spec` made by `create` with the output length the state records. Call
 * after the envelope's stateAlgorithmCode.
 */
export function decodeSpongeState<E extends EngineFields>(
  bytes: Uint8Array,
  spec: AlgorithmSpec,
  create: (outputLength: number) => E,
): E {
  const header = readHeader(bytes);
  const { view, pos, length } = header;
  // the size first: it tells a state of another kind (or another algorithm's) at once
  checkSize(bytes, OUTPUT_LENGTH + KECCAK_STATE, pos, spec.name, 'sponge');
  const high = view.getUint32(HEADER);
  const outputLength = high * 2 ** 32 + view.getUint32(HEADER + 4);
  if (high >= 2 ** 21) throw new BadStateError('its output length exceeds 2^53 - 1 bytes');
  if (!narrow(spec, 'sponge').construction.xof && outputLength !== spec.digestLength) {
    throw new BadStateError(`its output length ${outputLength} is not ${spec.name}'s ${spec.digestLength} bytes`);
  }
  const engine = create(outputLength);
  checkTotal(header.high);
  // the remainder is below the rate, so this also refuses pos >= blockLength
  checkBuffered(pos, length % spec.blockLength, length);
  const lanes = new Int32Array(engine.chain.length);
  getWords(view, HEADER + OUTPUT_LENGTH, lanes, true);
  (engine.sponge as SpongeFields).lanes = lanes;
  restoreBuffered(engine, bytes, header);
  return engine;
}
