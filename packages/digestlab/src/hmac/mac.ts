import { type Data, toBytesTransient } from '../shared/bytes.js';
import { FinalizedError } from '../shared/errors.js';
import { toHex } from '../shared/hex.js';
import type { AlgorithmName } from '../spec/algorithm.js';
import type { MacEngine } from './keyed.js';

interface Described {
  readonly name: AlgorithmName;
  readonly digestLength: number;
  readonly blockLength: number;
}

/**
 * A running HMAC, like Java's `Mac` after `init(key)`: feed it with `update`, finish with `digest`. After
 * `digest()`, `update` and `digest` throw {@link FinalizedError} until `reset()`, which goes back to the keyed start
 * (the key stays; the message is forgotten). It has no exportState(): its state is as secret as the key.
 */
export class Mac {
  readonly #spec: Described;
  readonly #provider: string;
  readonly #engine: MacEngine;
  #finalized = false;

  /** @internal Use `createHmac`. */
  constructor(spec: Described, provider: string, engine: MacEngine) {
    this.#spec = spec;
    this.#provider = provider;
    this.#engine = engine;
  }

  /** Canonical name of the hash, e.g. "SHA-256" (for Java's HmacSHA256). */
  get algorithm(): AlgorithmName {
    return this.#spec.name;
  }
  /** Id of the provider that computes this MAC ("ts", "node", ...); never "auto". */
  get provider(): string {
    return this.#provider;
  }
  /** MAC size in bytes: the hash's digest length. */
  get digestLength(): number {
    return this.#spec.digestLength;
  }
  /** The hash's block length in bytes (a sponge's rate), the length keys are padded to. */
  get blockLength(): number {
    return this.#spec.blockLength;
  }

  /** Adds data: bytes as they are, a string as UTF-8. */
  update(data: Data): this {
    if (this.#finalized) throw new FinalizedError('update()', 'Mac');
    this.#engine.update(toBytesTransient(data));
    return this;
  }

  /** Finishes and returns the MAC. */
  digest(): Uint8Array {
    if (this.#finalized) throw new FinalizedError('digest()', 'Mac');
    this.#finalized = true;
    return this.#engine.digest();
  }

  /** Finishes and returns the MAC as lowercase hex. */
  digestHex(): string {
    return toHex(this.digest());
  }

  /** Back to the keyed start, with no message; also makes a finalized MAC usable again. */
  reset(): this {
    this.#engine.reset();
    this.#finalized = false;
    return this;
  }

  /** An independent copy of the running state (same key, same message so far). */
  clone(): Mac {
    if (this.#finalized) throw new FinalizedError('clone()', 'Mac');
    return new Mac(this.#spec, this.#provider, this.#engine.clone());
  }
}
