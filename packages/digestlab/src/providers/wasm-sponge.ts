/**
 * The sponges (SHA-3, SHAKE, Keccak) in our WebAssembly (provider `wasm`): sponge.ts's engine with Keccak-f[1600]
 * swapped for the module's; a short one-shot digest is absorbed in the module's memory and read from it.
 */

import { SpongeHash, STATE_WORDS, spongeOnce } from '../constructions/sponge/sponge.js';
import { toBytesTransient } from '../shared/bytes.js';
import { CHAIN_HEX_MAX, chainHex, toHex } from '../shared/hex.js';
import { writeUtf8 } from '../shared/strings.js';
import { type AlgorithmSpec, narrow } from '../spec/algorithm.js';
import type { KeccakCore, SpongeParams } from '../spec/constructions.js';
import { INPUT, INPUT_CAPACITY, STATE } from '../wasm/layout.js';
import type { Wasm } from '../wasm/module.js';
import { type WasmPaths, wasm } from './wasm-paths.js';

/**
 * Keccak in WebAssembly: the state is copied in, blocks are absorbed in runs that fit the input area, and the
 * state is copied back. It is kept as plain lanes, FIPS 202's bytes as little-endian words, as in memory.
 */
export const WASM_KECCAK: KeccakCore = {
  absorb(state, data, offset, blocks, rate) {
    const w = wasm();
    const words = w.words;
    const most = Math.floor(INPUT_CAPACITY / rate);
    words.set(state, STATE >> 2);
    while (blocks > 0) {
      const k = Math.min(blocks, most);
      const end = offset + k * rate;
      w.bytes.set(data.subarray(offset, end), INPUT);
      w.keccak(STATE, INPUT, k, rate >> 3);
      offset = end;
      blocks -= k;
    }
    for (let i = 0; i < STATE_WORDS; i++) state[i] = words[(STATE >> 2) + i];
  },
  permute(state) {
    const w = wasm();
    w.words.set(state, STATE >> 2);
    w.keccak(STATE, 0, 1, 0);
    for (let i = 0; i < STATE_WORDS; i++) state[i] = w.words[(STATE >> 2) + i];
  },
  // the state is plain lanes already
  extract(state, out, offset, n) {
    for (let k = 0; k < n; k++) out[offset + k] = state[k >> 2] >>> ((k & 3) << 3);
  },
  toLanes: (state, lanes) => lanes.set(state),
  fromLanes: (lanes, state) => state.set(lanes),
};

/**
 * Absorbs a sponge's short input wholly in memory: encoded or copied into the input area, padded there and
 * absorbed in one call from a zero state, which is left at STATE. False when the input does not fit.
 */
function spongeAbsorbInPlace(w: Wasm, spec: AlgorithmSpec<SpongeParams>, data: Uint8Array | string): boolean {
  const rate = spec.blockLength;
  let n: number;
  if (typeof data === 'string' && data.length * 3 <= INPUT_CAPACITY) {
    n = writeUtf8(data, w.input);
  } else if (typeof data !== 'string' && data.length <= INPUT_CAPACITY) {
    w.bytes.set(data, INPUT);
    n = data.length;
  } else return false;
  const padded = (Math.floor(n / rate) + 1) * rate;
  const bytes = w.bytes;
  bytes.fill(0, INPUT + n, INPUT + padded);
  bytes[INPUT + n] = spec.construction.suffix;
  bytes[INPUT + padded - 1] ^= 0x80;
  w.words.fill(0, STATE >> 2, (STATE >> 2) + STATE_WORDS);
  w.keccak(STATE, INPUT, padded / rate, rate >> 3);
  return true;
}

/**
 * A sponge's one-shot digest: short input absorbed in memory ({@link spongeAbsorbInPlace}) and the output read
 * straight from memory (squeezing with the permutation alone past the rate); longer input goes through
 * {@link spongeOnce}.
 */
function spongeInPlace(
  spec: AlgorithmSpec<SpongeParams>,
  data: Uint8Array | string,
  outputLength = spec.digestLength,
): Uint8Array {
  const w = wasm();
  if (!spongeAbsorbInPlace(w, spec, data)) {
    return spongeOnce(spec, WASM_KECCAK, toBytesTransient(data), outputLength);
  }
  const rate = spec.blockLength;
  const bytes = w.bytes;
  const out = new Uint8Array(outputLength);
  for (let off = 0; ; ) {
    const k = Math.min(rate, outputLength - off);
    out.set(bytes.subarray(STATE, STATE + k), off);
    off += k;
    if (off >= outputLength) return out;
    w.keccak(STATE, 0, 1, 0);
  }
}

/**
 * A sponge's one-shot digest in hex: when the output is whole 32-bit words, at most {@link CHAIN_HEX_MAX} bytes
 * (within the first block: every SHA-3 and Keccak digest) and the input fits, the hex is made from the state in
 * memory, as the MD digests' is.
 */
function spongeHexInPlace(
  spec: AlgorithmSpec<SpongeParams>,
  data: Uint8Array | string,
  outputLength = spec.digestLength,
): string {
  if (outputLength > CHAIN_HEX_MAX || outputLength % 4 !== 0) return toHex(spongeInPlace(spec, data, outputLength));
  const w = wasm();
  // STATE is 0, and the lanes are FIPS 202's bytes: the output is the memory's first bytes, little-endian words
  if (spongeAbsorbInPlace(w, spec, data)) return chainHex(w.words, outputLength, true);
  return toHex(spongeOnce(spec, WASM_KECCAK, toBytesTransient(data), outputLength));
}

export const SPONGE_PATHS: WasmPaths = {
  create: (spec, outputLength = spec.digestLength) => new SpongeHash(narrow(spec, 'sponge'), outputLength, WASM_KECCAK),
  bytes: (spec, data, outputLength) => spongeInPlace(narrow(spec, 'sponge'), data, outputLength),
  hex: (spec, data, outputLength) => spongeHexInPlace(narrow(spec, 'sponge'), data, outputLength),
};
