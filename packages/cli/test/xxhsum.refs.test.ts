/**
 * xxhsum itself, for xxhsum.test.ts: run over the scenario again it prints what vectors/tools/xxhsum.json stores,
 * and over fresh random files of the same names and sizes `digestlab xxhsum` prints what it prints.
 */
import { describe, expect, it } from 'vitest';
import { live, unreproduced } from './transcripts.js';
import { describeXxhsumMode } from './xxhsum-mode.js';

describe('xxhsum, the installed program', () => {
  it('prints what vectors/tools/xxhsum.json stores, case by case (it is xxhsum 0.8.1)', () => {
    expect(unreproduced('xxhsum')).toEqual([]);
  });
});

describeXxhsumMode('digestlab xxhsum as the installed xxhsum, over fresh random files', () => live('xxhsum'));
