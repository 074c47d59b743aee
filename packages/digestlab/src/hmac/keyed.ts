/**
 * HMAC (RFC 2104, FIPS 198-1) over any hash engine: the construction once, for every algorithm and provider whose
 * engines can be cloned. The block length comes from the algorithm's registry entry (a sponge's is its rate).
 *
 *   HMAC(K, m) = H((K0 ^ opad) || H((K0 ^ ipad) || m))
 *
 * where K0 is the key zero-padded to one block, or the key's digest zero-padded when the key is longer than a block.
 */
import type { Engine } from '../spec/algorithm.js';

export const IPAD = 0x36;
export const OPAD = 0x5c;

/** Writes the block K0 ^ `pad` at `at`: `key` (no longer than a block) XOR `pad`, then `pad` (zeros XOR `pad`). */
export function putPad(out: Uint8Array, at: number, key: Uint8Array, blockLength: number, pad: number): void {
  const n = key.length;
  for (let i = 0; i < n; i++) out[at + i] = key[i] ^ pad;
  out.fill(pad, at + n, at + blockLength);
}

/** A running MAC as a provider supplies it; the {@link Mac} wrapper owns the lifecycle rules. */
export interface MacEngine {
  update(data: Uint8Array): void;
  /** Finalizes. The engine is not used again until `reset()`. */
  digest(): Uint8Array;
  /** Back to the keyed start: the key absorbed, no message. */
  reset(): void;
  clone(): MacEngine;
}

/** A fresh engine of the hash the MAC is built on. */
export type NewEngine = () => Engine;

/** The digest of `data` with a fresh engine. */
function hashWith(create: NewEngine, data: Uint8Array): Uint8Array {
  const e = create();
  e.update(data);
  return e.digest();
}

/**
 * The keyed start: an engine that absorbed K0 ^ ipad and one that absorbed K0 ^ opad. They are never fed further:
 * every message runs on a clone of `inner`, and every finalization on a clone of `outer`.
 */
interface KeyedStart {
  readonly inner: Engine;
  readonly outer: Engine;
}

function keyedStart(create: NewEngine, key: Uint8Array, blockLength: number): KeyedStart {
  const k = key.length > blockLength ? hashWith(create, key) : key;
  const pad = new Uint8Array(blockLength);
  putPad(pad, 0, k, blockLength, IPAD);
  const inner = create();
  inner.update(pad);
  putPad(pad, 0, k, blockLength, OPAD);
  const outer = create();
  outer.update(pad);
  return { inner, outer };
}

class KeyedMac implements MacEngine {
  #running: Engine;

  constructor(
    private readonly start: KeyedStart,
    running: Engine = start.inner.clone(),
  ) {
    this.#running = running;
  }

  update(data: Uint8Array): void {
    this.#running.update(data);
  }

  digest(): Uint8Array {
    const outer = this.start.outer.clone();
    outer.update(this.#running.digest());
    return outer.digest();
  }

  reset(): void {
    this.#running = this.start.inner.clone();
  }

  clone(): MacEngine {
    return new KeyedMac(this.start, this.#running.clone());
  }
}

/** A running MAC: the keyed inner and outer states computed here, once; each message works on clones of them. */
export function keyedMac(create: NewEngine, key: Uint8Array, blockLength: number): MacEngine {
  return new KeyedMac(keyedStart(create, key, blockLength));
}

/** The MAC of whole input, with no clones (the keyed engines are used up). */
export function keyedOnce(create: NewEngine, key: Uint8Array, blockLength: number, data: Uint8Array): Uint8Array {
  const { inner, outer } = keyedStart(create, key, blockLength);
  inner.update(data);
  outer.update(inner.digest());
  return outer.digest();
}
