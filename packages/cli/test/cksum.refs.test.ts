/**
 * coreutils' cksum itself, for cksum.test.ts: run over the scenario again it prints what vectors/tools/cksum.json
 * stores, and over fresh random files of the same names and sizes `digestlab cksum` prints what it prints.
 */
import { describe, expect, it } from 'vitest';
import { CKSUM_MODE, describeToolMode } from './tool-mode.js';
import { live, unreproduced } from './transcripts.js';

describe('cksum, the installed program', () => {
  it('prints what vectors/tools/cksum.json stores, case by case (it is coreutils 9.1)', () => {
    expect(unreproduced('cksum')).toEqual([]);
  });
});

describeToolMode(CKSUM_MODE, 'digestlab cksum as the installed cksum, over fresh random files', () => live('cksum'));
