/**
 * xxhsum itself, for xxhsum.test.ts: run over the scenario again it prints what vectors/tools/xxhsum.json stores,
 * and over fresh random files of the same names and sizes `digestlab xxhsum` prints what it prints.
 */
import { describe, expect, it } from 'vitest';
import { describeToolMode, XXHSUM_MODE } from './tool-mode.js';
import { live, unreproduced } from './transcripts.js';

describe('xxhsum, the installed program', () => {
  it('prints what vectors/tools/xxhsum.json stores, case by case (it is xxhsum 0.8.1)', () => {
    expect(unreproduced('xxhsum')).toEqual([]);
  });
});

describeToolMode(XXHSUM_MODE, 'digestlab xxhsum as the installed xxhsum, over fresh random files', () =>
  live('xxhsum'),
);
