/**
 * What a run's cells are checked against: their inputs and the reference's digests and MACs of them, each made once
 * per run however many rows share it, and which algorithms the reference lacked (then our `ts` provider stands in).
 */
import { type AlgorithmName, digest, hmacHex } from 'digestlab';
import { bytesHex } from '../rows.js';
import { HMAC_KEY, SEED_INPUT, SEED_JAVA_HEX } from '../seed.js';
import type { Reference } from './host.js';

/**
 * The reference itself gave a wrong answer (it disagrees with Java on the seed string): no verdict of the run could
 * be trusted, so the check stops the run instead of marking a row wrong.
 */
export class ReferenceMismatchError extends Error {
  override name = 'ReferenceMismatchError';
}

/** Deterministic pseudo-random bytes (xorshift32): the same input on every runtime and run. */
export function randomBytes(n: number, seed = 0x9e3779b9): Uint8Array {
  const out = new Uint8Array(n);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    out[i] = x & 0xff;
  }
  return out;
}

const utf8 = new TextEncoder();

export class Expectations {
  /** Algorithms the reference lacks, whose digests (and, below, HMACs) come from our `ts` provider. */
  private readonly fallback = new Set<AlgorithmName>();
  private readonly hmacFallback = new Set<AlgorithmName>();
  private readonly made = new Map<string, unknown>();

  constructor(
    readonly reference: Reference,
    /** The many workload's N messages of S bytes. */
    readonly shape: { manyCount: number; manySize: number },
  ) {}

  /** `make()` once per key and run: an input or expected output shared by every row that needs it. */
  once<T>(key: string, make: () => T): T {
    if (!this.made.has(key)) this.made.set(key, make());
    return this.made.get(key) as T;
  }

  /** The pseudo-random input of `n` bytes. */
  input(n: number): Uint8Array {
    return this.once(`input|${n}`, () => randomBytes(n, 0x9e3779b9 ^ n));
  }

  /**
   * The expected digest: the reference (node:crypto in the CLI). Where it lacks the algorithm (MD2: OpenSSL 3 has
   * none; BLAKE2 but for BLAKE2B-512 and BLAKE2S-256), our `ts` provider: the library's own tests prove it against
   * independent known answers (MD2: RFC 1319's test suite and Java's MessageDigest vectors, vectors/md2-java.txt;
   * BLAKE2: RFC 7693's and CPython's hashlib, vectors/blake2/), and on the seed input MD2 is checked against Java's
   * digest (vectors/seed-java.txt) on every run. A peer that disagrees is therefore wrong, not the reference.
   */
  async referenceHex(algorithm: AlgorithmName, data: Uint8Array): Promise<string> {
    const d = await this.reference.digest(algorithm, data);
    if (d) return bytesHex(d);
    this.fallback.add(algorithm);
    return bytesHex(digest(algorithm, data, { provider: 'ts' }));
  }

  /** {@link referenceHex} of `data`, once per algorithm and `key` (which names the data). */
  digestHex(algorithm: AlgorithmName, key: string, data: Uint8Array): Promise<string> {
    return this.once(`digest|${algorithm}|${key}`, () => this.referenceHex(algorithm, data));
  }

  /**
   * The expected HMAC of the seed string: the reference's, or where it lacks one (MD2), our `ts` provider's, which
   * the library's tests check against RFC 2104's formula over an independent MD2.
   */
  hmacHex(algorithm: AlgorithmName): Promise<string> {
    return this.once(`hmac|${algorithm}`, async () => {
      const mac = await this.reference.hmac?.(algorithm, HMAC_KEY, utf8.encode(SEED_INPUT));
      if (mac) return bytesHex(mac);
      this.hmacFallback.add(algorithm);
      return hmacHex(algorithm, HMAC_KEY, SEED_INPUT, { provider: 'ts' });
    });
  }

  /** For the report: which algorithms were checked against our `ts` provider, and why that can be trusted. */
  notes(): string[] {
    const name = this.reference.name;
    return [
      ...[...this.hmacFallback].map(
        (a) =>
          `HMAC-${a}: ${name} lacks it; checked against digestlab's ts provider (tested against RFC 2104's formula over an independent ${a})`,
      ),
      ...[...this.fallback].map(
        (a) =>
          `${a}: ${name} lacks it; checked against digestlab's ts provider (tested against independent known answers, CORRECTNESS.md${a in SEED_JAVA_HEX ? "; on the seed input also against Java's digest" : ''})`,
      ),
    ];
  }
}
