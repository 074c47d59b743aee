/** The memory layout of digestlab's core WebAssembly, and the shapes of the functions its modules export. */

/** Compresses `blocks` blocks at `data` into the chaining value at `state` (byte addresses in memory). */
export type Blocks = (state: number, data: number, blocks: number) => void;
/**
 * The same for four messages at once, one per lane; the four chaining values lie at state + 64 * lane. With `iv`
 * non-zero, every lane starts from the chaining value at `iv` instead of its own.
 */
export type Blocks4 = (
  state: number,
  iv: number,
  p0: number,
  p1: number,
  p2: number,
  p3: number,
  blocks: number,
) => void;

/**
 * The digests of `count` messages: entry k of `table` is the (address, length) of a message with room for its
 * padding after it; its `dl` digest bytes go to out + k * dl. Uses the four chaining values at `state`.
 */
export type Many = (state: number, iv: number, table: number, count: number, out: number, dl: number) => void;

/**
 * Pads the `len` bytes at `data` in place, compresses them into the chaining value at `state` (which holds the
 * initial value) and writes the digest's first `dl` bytes (a multiple of 4) as 2 * `dl` lowercase hex digits, ASCII,
 * at `out`: a one-shot digest to hex in one call.
 */
export type Hex = (state: number, data: number, len: number, out: number, dl: number) => void;
/** The cores with a {@link Hex} function. */
export type HexCore = 'md5' | 'sha1' | 'sha256' | 'sha512';

export type CoreName = 'md5' | 'sha1' | 'sha256' | 'sha512' | ClassicName;
export type ClassicName = 'sm3' | 'whirlpool' | 'tiger';

/**
 * Absorbs `blocks` blocks at `data`, `lanes` 64-bit lanes each (the rate / 8), into the Keccak state at `state`,
 * with Keccak-f[1600] after each; `lanes` 0 and `blocks` 1 is the permutation alone.
 */
export type Keccak = (state: number, data: number, blocks: number, lanes: number) => void;
export type LaneName = 'md5' | 'sha1' | 'sha256';

/**
 * Where things live in memory: four chaining values (64 bytes each) or one Keccak state (200 bytes), an initial
 * value for the lanes, Keccak's round constants (a data segment at 512, 192 bytes: keep 512-703 free), scratch that
 * any call may overwrite (704-1023: the second Keccak state that its rounds alternate with, and the W + K ring of
 * the shasimd module's SHA-1, SHA-256 and SHA-512), then the input area (a batch lays out its table, digests and
 * messages from there).
 */
/** 0, and the wasm provider relies on it: its chaining value is `words` from index 0. */
export const STATE = 0;
export const LANE_STRIDE = 64;
export const IV = 256;
/** Scratch, overwritten by calls: nothing lives from SCRATCH to INPUT between two calls. */
export const SCRATCH = 704;
export const INPUT = 1024;
/** Bytes of input the area holds, plus room for two blocks of padding after it (or one of Keccak's). */
export const INPUT_CAPACITY = 64 * 1024;
/** Where a {@link Hex} function writes its digits (up to 128), after the input area and its padding. */
export const HEX_OUT = INPUT + INPUT_CAPACITY + 256;
export const INITIAL_BYTES = HEX_OUT + 128;
export const PAGE = 64 * 1024;

/** The simd module's exports. */
export interface Simd {
  readonly lanes: Readonly<Record<LaneName, Blocks4>>;
  /** The batch drivers over the lanes. */
  readonly many: Readonly<Record<LaneName, Many>>;
}
