import { afterEach, describe, expect, it, vi } from 'vitest';
import { generateLoop, prepareSampler, roundOrder, sampleCall } from '../src/timing.js';

/** A fake clock, ms, that only calls move. */
function fakeClock() {
  const clock = { t: 0, now: () => clock.t };
  return clock;
}

describe('roundOrder', () => {
  it('is the Williams design: 0, 1, n-1, 2, n-2, ... shifted by the round, reversed in the second half for odd n', () => {
    expect([0, 1, 2, 3, 4].map((k) => roundOrder(4, k).join(''))).toEqual(['0132', '1203', '2310', '3021', '0132']);
    expect([0, 1, 2, 3, 4, 5, 6].map((k) => roundOrder(3, k).join(''))).toEqual([
      '012',
      '120',
      '201',
      '210',
      '021',
      '102',
      '012',
    ]);
    expect(roundOrder(1, 7)).toEqual([0]);
    expect(roundOrder(0, 0)).toEqual([]);
  });

  it('over a period puts every case in every position, and right after every other case, equally often', () => {
    for (let n = 1; n <= 9; n++) {
      const period = n % 2 === 0 ? n : 2 * n;
      const times = period / n;
      const position = Array.from({ length: n }, () => new Array<number>(n).fill(0));
      const after = Array.from({ length: n }, () => new Array<number>(n).fill(0));
      for (let k = 0; k < period; k++) {
        const order = roundOrder(n, k);
        expect(
          [...order].sort((a, b) => a - b),
          `n=${n} round ${k} is a permutation`,
        ).toEqual([...Array(n).keys()]);
        order.forEach((c, i) => {
          position[c][i]++;
          if (i > 0) after[order[i - 1]][c]++;
        });
      }
      for (let a = 0; a < n; a++) {
        expect(position[a], `n=${n}: positions of case ${a}`).toEqual(new Array(n).fill(times));
        for (let b = 0; b < n; b++) expect(after[a][b], `n=${n}: ${b} right after ${a}`).toBe(a === b ? 0 : times);
      }
    }
  });
});

describe('generateLoop', () => {
  it('makes each loop from a source text of its own, so that no two cases share a call site', async () => {
    // V8 caches `new Function` by its text, the JIT feedback with it: loops of one text were one megamorphic call site
    const loops = [generateLoop(4, false), generateLoop(4, false), generateLoop(1, true), generateLoop(1, true)];
    expect(new Set(loops.map(String)).size).toBe(loops.length);
    // and each still calls its function `unroll` times an iteration, between two clock reads
    let calls = 0;
    const call = () => calls++;
    const clock = () => calls;
    expect(await loops[2](call, clock, 3)).toBe(3);
    expect(loops[0](call, clock, 2)).toBe(2 * 4);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("where code cannot be generated (a CSP without 'unsafe-eval'), a shared loop makes the same calls", async () => {
    vi.stubGlobal('Function', () => {
      throw new EvalError("Refused to evaluate a string as JavaScript because 'unsafe-eval' is not allowed");
    });
    let calls = 0;
    const call = () => calls++;
    const clock = () => calls;
    expect(generateLoop(4, false)(call, clock, 2)).toBe(2 * 4);
    expect(await generateLoop(1, true)(call, clock, 3)).toBe(3);
    expect(await generateLoop(4, true)(call, clock, 2)).toBe(8);
  });
});

describe('prepareSampler', () => {
  it('sizes the batch from the warm-up and times one batch per sample', async () => {
    const clock = fakeClock();
    let calls = 0;
    const call = () => {
      calls++;
      clock.t += 0.25;
    };
    const sampler = await prepareSampler(call, false, { sampleMs: 50, warmupMs: 10, now: clock.now });
    expect(calls).toBe(40); // warm-up: 10 ms of 0.25 ms calls
    expect(sampler.batch).toBe(200); // 50 ms / 0.25 ms, a multiple of the unroll (4)
    expect(await sampler.sample()).toBeCloseTo(0.25e-3, 12);
    expect(calls).toBe(240);
  });

  it('splits a sample into two parts, the odd iteration first in even rounds and second in odd ones', async () => {
    const clock = fakeClock();
    const call = () => {
      clock.t += 0.25;
    };
    const sampler = await prepareSampler(call, false, { sampleMs: 51, warmupMs: 1, now: clock.now });
    expect(sampler.batch).toBe(204); // 51 iterations of 4 calls
    expect([await sampler.part(0, 0), await sampler.part(0, 1)]).toEqual([26, 25]);
    expect([await sampler.part(1, 0), await sampler.part(1, 1)]).toEqual([25, 26]);

    // a single call a sample: all of it in part 0 of even rounds, in part 1 of odd ones (a part with none is 0 ms)
    let calls = 0;
    const slow = await prepareSampler(
      () => {
        calls++;
        clock.t += 80;
      },
      false,
      { sampleMs: 50, warmupMs: 1, now: clock.now },
    );
    expect(slow.batch).toBe(1);
    calls = 0;
    expect([await slow.part(0, 0), await slow.part(0, 1), await slow.part(1, 0), await slow.part(1, 1)]).toEqual([
      80, 0, 0, 80,
    ]);
    expect(calls).toBe(2);
  });

  it('awaits each async call before the next starts', async () => {
    const clock = fakeClock();
    let running = 0;
    let most = 0;
    const call = async () => {
      running++;
      most = Math.max(most, running);
      await Promise.resolve();
      clock.t += 1;
      running--;
    };
    const seconds = await sampleCall(call, true, { sampleMs: 5, samples: 3, warmupMs: 3, now: clock.now });
    expect(seconds).toEqual([1e-3, 1e-3, 1e-3]);
    expect(most).toBe(1);
  });
});
