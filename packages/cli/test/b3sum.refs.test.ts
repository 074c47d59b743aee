/**
 * b3sum itself, for b3sum.test.ts: the installed program run over the b3sum scenario again prints what
 * vectors/tools/b3sum.json stores, and `digestlab sum -a blake3` matches it live over fresh random files
 * (b3sum-mode.ts, the same tests as the default tier's).
 */
import { describe, expect, it } from 'vitest';
import { requireProgram } from '../../../scripts/check/reference-programs.mjs';
import { describeB3sumMode } from './b3sum-mode.js';
import { live, unreproduced } from './transcripts.js';

requireProgram('b3sum');

describe('b3sum, the installed program', () => {
  it('prints what vectors/tools/b3sum.json stores, case by case (it is b3sum 1.2.0)', () => {
    expect(unreproduced('b3sum')).toEqual([]);
  });
});

describeB3sumMode('digestlab sum -a blake3 as the installed b3sum, over fresh random files', () => live('b3sum'));
