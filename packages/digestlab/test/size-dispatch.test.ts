/** SizeDispatch, `auto`'s one crossover for digests and HMAC: which side an input length goes to, and when each side is asked. */
import { describe, expect, it } from 'vitest';
import { type Sides, SizeDispatch } from '../src/providers/size-dispatch.js';

/** Exposes the choice, and counts how often each side is resolved. */
class Probe extends SizeDispatch<string> {
  bytes = (n: number) => this.forBytes(n);
  hex = (n: number) => this.forHex(n);
}

function probe(bytesFrom: number, hexFrom: number, large: string | undefined) {
  const asked = { small: 0, large: 0 };
  const sides: Sides<string> = {
    small: () => {
      asked.small++;
      return 'small';
    },
    large: () => {
      asked.large++;
      return large;
    },
  };
  return { p: new Probe(bytesFrom, hexFrom, sides), asked };
}

describe('SizeDispatch', () => {
  it('below the crossover small, from it on large; bytes and hex each by their own crossover', () => {
    const { p } = probe(64, 16, 'large');
    expect([p.bytes(0), p.bytes(63), p.bytes(64), p.bytes(1 << 20)]).toEqual(['small', 'small', 'large', 'large']);
    expect([p.hex(15), p.hex(16), p.hex(63)]).toEqual(['small', 'large', 'large']);
  });

  it('0 sends every length to large, Infinity none', () => {
    const { p } = probe(0, Number.POSITIVE_INFINITY, 'large');
    expect([p.bytes(0), p.hex(0), p.hex(2 ** 40)]).toEqual(['large', 'small', 'small']);
  });

  it('asks each side only when an input first needs it, and once', () => {
    const { p, asked } = probe(64, 64, 'large');
    expect(asked).toEqual({ small: 0, large: 0 });
    p.bytes(1);
    p.hex(2);
    expect(asked).toEqual({ small: 1, large: 0 });
    p.bytes(100);
    p.hex(100);
    expect(asked).toEqual({ small: 1, large: 1 });
  });

  it('a large side that does not run here sends long inputs to small', () => {
    const { p, asked } = probe(64, 64, undefined);
    expect([p.bytes(100), p.hex(100), p.bytes(1)]).toEqual(['small', 'small', 'small']);
    expect(asked).toEqual({ small: 1, large: 1 });
  });
});
