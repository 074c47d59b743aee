/**
 * `auto`'s small/large crossover, one implementation for digests (providers/auto.ts) and HMAC
 * (hmac/providers.ts): below a measured input length our own code, from it node:crypto. What is dispatched (a
 * digest provider, an HMAC provider) is the subclass's; the choice by length is here.
 */

/** The two sides of a crossover, asked once each, on first use: nothing is loaded before it is needed. */
export interface Sides<P> {
  /** For inputs below the crossover: our WebAssembly where it runs, else our TypeScript. */
  small(): P;
  /** From the crossover on: node:crypto where it runs the algorithm; undefined sends those inputs to `small`. */
  large(): P | undefined;
}

/**
 * Chooses by input length (bytes, or UTF-16 units of a string): `small` below `bytesFrom` for output as bytes
 * and below `hexFrom` for output as hex (node:crypto makes hex natively, so it wins sooner there), else `large`.
 * A subclass per kind of call, so each call site sees one class whose methods V8 can inline.
 */
export abstract class SizeDispatch<P> {
  #small: P | undefined;
  #large: P | undefined;

  constructor(
    private readonly bytesFrom: number,
    private readonly hexFrom: number,
    private readonly sides: Sides<P>,
  ) {}

  protected small(): P {
    this.#small ??= this.sides.small();
    return this.#small;
  }

  protected large(): P {
    this.#large ??= this.sides.large() ?? this.small();
    return this.#large;
  }

  /**
   * One function that does what `forBytes` (`hex` false) or `forHex` (`hex` true) would choose, each side's
   * function prepared from its provider on first use: the side itself where one side takes every length, else a
   * length test and a call, no lookup.
   */
  protected prepared<D extends { readonly length: number }, R>(
    hex: boolean,
    prepare: (p: P) => (data: D) => R,
  ): (data: D) => R {
    const from = hex ? this.hexFrom : this.bytesFrom;
    if (from <= 0) return prepare(this.large());
    if (from === Number.POSITIVE_INFINITY) return prepare(this.small());
    let below: ((data: D) => R) | undefined;
    let above: ((data: D) => R) | undefined;
    return (data) => {
      if (data.length < from) {
        below ??= prepare(this.small());
        return below(data);
      }
      above ??= prepare(this.large());
      return above(data);
    };
  }

  /** Where an input of `length` goes when the result is bytes. */
  protected forBytes(length: number): P {
    return length < this.bytesFrom ? this.small() : this.large();
  }

  /** Where an input of `length` goes when the result is hex. */
  protected forHex(length: number): P {
    return length < this.hexFrom ? this.small() : this.large();
  }
}
