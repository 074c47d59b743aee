/**
 * MD2 written here straight from RFC 1319, independent of the library: its S-box derived from the digits of pi,
 * its checksum (with the 1992 erratum) and its 18-round transform on plain arrays. node:crypto has no MD2 (OpenSSL
 * 3), so this is the reference every MD2 result of the library is compared with; boundaries.test.ts proves it
 * against RFC 1319's test suite, and kat.test.ts holds the library to Java's MD2 vectors.
 */

/** Digits of pi, "31415926...", by Machin's formula in BigInt. */
function piDigits(n: number): number[] {
  const unity = 10n ** BigInt(n + 10);
  const arctanInverse = (x: bigint): bigint => {
    let term = unity / x;
    let sum = term;
    for (let k = 3n, sign = -1n; term !== 0n; k += 2n, sign = -sign) {
      term /= x * x;
      sum += (sign * term) / k;
    }
    return sum;
  };
  const pi = 4n * (4n * arctanInverse(5n) - arctanInverse(239n));
  return Array.from((pi / 10n ** 10n).toString(), Number);
}

/**
 * MD2's S-box, "constructed from the digits of pi" (RFC 1319 §3.2): a Durstenfeld shuffle of 0..255 whose
 * random numbers are drawn from the decimal digits of pi (1, 2 or 3 digits at a time, rejecting the biased top).
 */
const MD2_S: number[] = (() => {
  const digits = piDigits(1200);
  let at = 0;
  const draw = (n: number): number => {
    for (;;) {
      let x = digits[at++];
      let y = 10;
      if (n > 10) {
        x = x * 10 + digits[at++];
        y = 100;
      }
      if (n > 100) {
        x = x * 10 + digits[at++];
        y = 1000;
      }
      if (x < n * Math.floor(y / n)) return x % n;
    }
  };
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 2; i <= 256; i++) {
    const j = draw(i);
    [s[j], s[i - 1]] = [s[i - 1], s[j]];
  }
  return s;
})();

/** RFC 1319 §3: X is the 16-byte state, C the 16-byte checksum (whose last byte is the running L). */
export class ReferenceMd2 {
  private readonly X: number[];
  private readonly C: number[];
  private pending: number[];
  constructor(x: Uint8Array, c: Uint8Array, buffered: Uint8Array) {
    this.X = [...x];
    this.C = [...c];
    this.pending = [...buffered];
  }

  /** §3.2, with the 1992 erratum: C[j] = C[j] xor S[c xor L]. */
  private checksum(block: number[]): void {
    let L = this.C[15];
    for (let j = 0; j < 16; j++) {
      this.C[j] ^= MD2_S[block[j] ^ L];
      L = this.C[j];
    }
  }

  /** §3.4. */
  private transform(block: number[]): void {
    const X = [...this.X, ...block, ...block.map((m, j) => m ^ this.X[j])];
    let t = 0;
    for (let j = 0; j < 18; j++) {
      for (let k = 0; k < 48; k++) {
        X[k] ^= MD2_S[t];
        t = X[k];
      }
      t = (t + j) % 256;
    }
    this.X.splice(0, 16, ...X.slice(0, 16));
  }

  update(bytes: Uint8Array): this {
    // byte by byte into `pending`, a block at a time out of it: plain, and fine for inputs of a few MiB
    for (const b of bytes) {
      this.pending.push(b);
      if (this.pending.length === 16) {
        this.checksum(this.pending);
        this.transform(this.pending);
        this.pending = [];
      }
    }
    return this;
  }

  digest(): Uint8Array {
    // §3.1: i bytes of value i, 1 <= i <= 16.
    const pad = 16 - this.pending.length;
    const block = [...this.pending, ...Array(pad).fill(pad)];
    this.checksum(block);
    this.transform(block);
    // §3.3: the checksum is appended and hashed as one more block.
    this.transform([...this.C]);
    return Uint8Array.from(this.X);
  }
}

/** MD2 of `bytes` as lowercase hex, by {@link ReferenceMd2}. */
export function md2Hex(bytes: Uint8Array): string {
  const d = new ReferenceMd2(new Uint8Array(16), new Uint8Array(16), new Uint8Array(0)).update(bytes).digest();
  return Array.from(d, (b) => b.toString(16).padStart(2, '0')).join('');
}
