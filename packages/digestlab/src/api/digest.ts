import { type Data, toBytesTransient } from '../shared/bytes.js';
import { FinalizedError, StateUnsupportedError } from '../shared/errors.js';
import { toHex } from '../shared/hex.js';
import type { AlgorithmName, Engine } from '../spec/algorithm.js';

interface Described {
  readonly name: AlgorithmName;
  readonly digestLength: number;
  readonly blockLength: number;
}

/** What a Digest reports of its algorithm: the spec's sizes, with SHAKE's output length as its digest length. */
export function described(spec: Described, outputLength: number | undefined): Described {
  return outputLength === undefined || outputLength === spec.digestLength
    ? spec
    : { name: spec.name, digestLength: outputLength, blockLength: spec.blockLength };
}

/**
 * A running message digest, like Java's `MessageDigest`: feed it with `update`, finish with `digest`.
 * After `digest()`, `update` and `digest` throw {@link FinalizedError} until `reset()`.
 */
export class Digest {
  readonly #spec: Described;
  readonly #provider: string;
  #engine: Engine;
  #finalized = false;

  /** @internal Use `createDigest` or a family module's `create*` function. */
  constructor(spec: Described, provider: string, engine: Engine) {
    this.#spec = spec;
    this.#provider = provider;
    this.#engine = engine;
  }

  /** Canonical algorithm name, e.g. "SHA-256". */
  get algorithm(): AlgorithmName {
    return this.#spec.name;
  }
  /** Id of the provider that computes this digest ("ts", "node", ...); never "auto". */
  get provider(): string {
    return this.#provider;
  }
  /** Digest size in bytes. */
  get digestLength(): number {
    return this.#spec.digestLength;
  }
  /** Block size in bytes. */
  get blockLength(): number {
    return this.#spec.blockLength;
  }

  /** Adds data: bytes as they are, a string as UTF-8. */
  update(data: Data): this {
    if (this.#finalized) throw new FinalizedError('update()');
    this.#engine.update(toBytesTransient(data));
    return this;
  }

  /** Finishes and returns the digest. */
  digest(): Uint8Array {
    if (this.#finalized) throw new FinalizedError('digest()');
    this.#finalized = true;
    return this.#engine.digest();
  }

  /** Finishes and returns the digest as lowercase hex. */
  digestHex(): string {
    return toHex(this.digest());
  }

  /** Starts over with empty input; also makes a finalized digest usable again. */
  reset(): this {
    this.#engine.reset();
    this.#finalized = false;
    return this;
  }

  /** An independent copy of the running state. */
  clone(): Digest {
    if (this.#finalized) throw new FinalizedError('clone()');
    return new Digest(this.#spec, this.#provider, this.#engine.clone());
  }

  /**
   * The running state as bytes; `importState` continues from them, on any runtime. A keyed BLAKE3 state holds its
   * key (a derive_key state, the key derived from its context), and a keyed BLAKE2 state its key (and its salt and
   * personalization): keep it as secret as the key.
   */
  exportState(): Uint8Array {
    if (!this.#engine.exportState) throw new StateUnsupportedError(this.#provider);
    if (this.#finalized) throw new FinalizedError('exportState()');
    return this.#engine.exportState();
  }
}
