/**
 * The sponge construction (FIPS 202 §4) over Keccak-f[1600], beside Merkle–Damgård (merkle-damgard.ts): SHA-3,
 * SHAKE and Keccak differ only in their rate (the block length), their padding byte and their output length.
 * Buffering is BlockHash's (one implementation for every algorithm); what is the sponge's lives here: absorbing
 * whole blocks, the padding pad10*1 after the domain bits, and squeezing any number of output bytes.
 *
 * A sponge has no length counter: the padding does not encode the length, so nothing can overflow at 2^32 bits
 * or 2^32 blocks. The total is still counted, to refuse input past 2^53 − 1 bytes like every other algorithm.
 *
 * The state is 25 lanes of 64 bits as 50 int32 words, in the representation of the engine's {@link KeccakCore}:
 * bit-interleaved in TypeScript, plain (the FIPS 202 byte string read as little-endian words) in WebAssembly.
 * Exported state is always the plain one ("lanes" below), so it moves between engines.
 */

import type { AlgorithmSpec, SpongeFields } from '../../spec/algorithm.js';
import type { KeccakCore, SpongeParams } from '../../spec/constructions.js';
import { BlockHash, SLICE } from '../block/block.js';
import { encodeSpongeState } from './state.js';

/** Words of the state: 25 lanes of two int32 halves. */
export const STATE_WORDS = 50;
const ZERO_STATE = new Int32Array(STATE_WORDS);

/**
 * A running sponge. `outputLength` is fixed when it is created: the digest length, or for SHAKE the caller's
 * choice; it is part of the exported state.
 */
export class SpongeHash extends BlockHash {
  readonly chain = new Int32Array(STATE_WORDS);
  protected readonly iv = ZERO_STATE;

  declare readonly spec: AlgorithmSpec<SpongeParams>;
  /** The domain bits and pad10*1's first bit (SpongeParams.suffix). */
  private readonly suffix: number;

  constructor(
    spec: AlgorithmSpec<SpongeParams>,
    readonly outputLength: number,
    private readonly core: KeccakCore,
  ) {
    super(spec);
    this.suffix = spec.construction.suffix;
  }

  protected compress(data: Uint8Array, offset: number, blocks: number): void {
    this.core.absorb(this.chain, data, offset, blocks, this.spec.blockLength);
  }

  protected override fresh(): SpongeHash {
    return new SpongeHash(this.spec, this.outputLength, this.core);
  }

  /** The state as plain lanes (see {@link KeccakCore.toLanes}): what an exported state holds. */
  get lanes(): Int32Array {
    const lanes = new Int32Array(STATE_WORDS);
    this.core.toLanes(this.chain, lanes);
    return lanes;
  }

  set lanes(lanes: Int32Array) {
    this.core.fromLanes(lanes, this.chain);
  }

  /** What an exported state holds beyond the buffering: the output length and the lanes (./state.ts). */
  get sponge(): SpongeFields {
    return this;
  }

  override exportState(): Uint8Array {
    return encodeSpongeState(this);
  }

  override digest(): Uint8Array {
    const out = new Uint8Array(this.outputLength);
    this.finish(out);
    return out;
  }

  protected finish(out: Uint8Array): void {
    const rate = this.spec.blockLength;
    const buffer = this.buffer;
    buffer.fill(0, this.pos);
    pad(buffer, this.pos, rate, this.suffix);
    this.compress(buffer, 0, 1);
    squeeze(this.chain, out, rate, this.core);
  }
}

/** The domain bits and pad10*1 (FIPS 202 §5.1, B.2) after `n` bytes of a zeroed block: one byte may carry both. */
function pad(block: Uint8Array, n: number, rate: number, suffix: number): void {
  block[n] ^= suffix;
  block[rate - 1] ^= 0x80;
}

/** Writes `out.length` bytes of output, permuting between blocks of `rate` bytes (never after the last one). */
export function squeeze(state: Int32Array, out: Uint8Array, rate: number, core: KeccakCore): void {
  for (let off = 0; ; ) {
    const n = Math.min(rate, out.length - off);
    core.extract(state, out, off, n);
    off += n;
    if (off >= out.length) return;
    core.permute(state);
  }
}

const ONCE_STATE = new Int32Array(STATE_WORDS);
/** The last partial block and its padding (the largest rate is SHAKE128's 168 bytes). */
const ONCE_TAIL = new Uint8Array(168);

/**
 * The one-shot path of the sponges, without an engine: whole blocks straight from `data`, the tail padded in a
 * scratch block, then `outputLength` bytes squeezed.
 */
export function spongeOnce(
  spec: AlgorithmSpec<SpongeParams>,
  core: KeccakCore,
  data: Uint8Array,
  outputLength: number,
): Uint8Array {
  const state = ONCE_STATE;
  state.fill(0);
  const rate = spec.blockLength;
  const n = data.length;
  const full = n - (n % rate);
  if (full <= SLICE) core.absorb(state, data, 0, full / rate, rate);
  else {
    // big views in slices of whole blocks
    const step = Math.floor(SLICE / rate) * rate;
    for (let off = 0; off < full; off += step) {
      core.absorb(state, data.subarray(off), 0, Math.min(step, full - off) / rate, rate);
    }
  }
  const tail = ONCE_TAIL;
  tail.fill(0);
  for (let i = full; i < n; i++) tail[i - full] = data[i];
  pad(tail, n - full, rate, spec.construction.suffix);
  core.absorb(state, tail, 0, 1, rate);
  const out = new Uint8Array(outputLength);
  squeeze(state, out, rate, core);
  return out;
}
