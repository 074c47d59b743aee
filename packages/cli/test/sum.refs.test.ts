/**
 * RHash itself, for sum.test.ts: the installed rhash run over the rhash scenario again prints what
 * vectors/tools/rhash.json stores, and over fresh random files `digestlab sum -a whirlpool` and `-a tiger` give its
 * digests and its --bsd lines (rhash-sums.ts, the same checks as the default tier's).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireProgram } from '../../../scripts/check/reference-programs.mjs';
import { checkRhashSums } from './rhash-sums.js';
import { requireBuilt } from './run.js';
import { live, type Opened, unreproduced } from './transcripts.js';

requireProgram('rhash');

describe('rhash, the installed program', () => {
  it('prints what vectors/tools/rhash.json stores, case by case (it is RHash 1.4.3)', () => {
    expect(unreproduced('rhash')).toEqual([]);
  });
});

describe('digestlab sum -a whirlpool and -a tiger as the installed rhash, over fresh random files', () => {
  let rhash: Opened;
  beforeAll(() => {
    requireBuilt('sum/run.js', 'sum/worker.js');
    rhash = live('rhash');
  });
  afterAll(() => rhash?.cleanup());
  for (const algorithm of ['whirlpool', 'tiger'] as const) {
    it(`${algorithm}: its digests, its --bsd lines as our --tag lines, -c round trip`, () =>
      checkRhashSums(rhash, algorithm));
  }
});
