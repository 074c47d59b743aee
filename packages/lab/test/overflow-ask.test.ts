/**
 * What was asked of an overflow run, read (flags.ts) and turned into jobs (job.ts): the order in which mistakes are
 * reported is the CLI's, so a command line with two mistakes names the same one as before the engine was split.
 */
import { describe, expect, it } from 'vitest';
import { parseAsk } from '../src/overflow/flags.js';
import { plannedJob } from '../src/overflow/job.js';
import type { Row } from '../src/rows.js';
import { allRows } from '../src/select.js';

const rows = allRows();
const ts = rows.find((r) => r.id === 'ts') as Row;
const mistake = (ask: Parameters<typeof parseAsk>[0]) => {
  try {
    parseAsk(ask, rows);
  } catch (e) {
    return (e as Error).message;
  }
  return 'no mistake';
};

describe('parseAsk: the first mistake, in the order the CLI checks', () => {
  it('--size before --chunk, --chunk before --pattern, --pattern before --algorithms', () => {
    expect(mistake({ size: '1Q', chunk: 'x' })).toMatch(/^--size: /);
    expect(mistake({ chunk: 'x', pattern: 'nope' })).toMatch(/^--chunk: /);
    expect(mistake({ pattern: 'nope', algorithms: 'NOPE' })).toMatch(/^--pattern must be one of/);
  });

  it('--algorithms before --providers, --providers before a chunk over 1GiB, that before --output-length', () => {
    expect(mistake({ algorithms: 'NOPE', providers: 'nope' })).toMatch(/NOPE/);
    expect(mistake({ providers: 'nope', chunk: '2GiB' })).toMatch(/; or: default, ours, peers, all$/);
    expect(mistake({ chunk: '2GiB', outputLength: '0' })).toBe('--chunk: at most 1GiB');
    expect(mistake({ outputLength: '0' })).toMatch(/^--output-length: "0" is not a whole number/);
    expect(mistake({ outputLength: '16' })).toBe('--output-length is for SHAKE128 and SHAKE256 only (asked: SHA-1)');
  });

  it('reads what was asked, and leaves out what was not', () => {
    const parsed = parseAsk(
      { size: '2^20+1,2^20+1', chunk: '4KiB', algorithms: 'sha256,SHAKE128', outputLength: '16,16,32' },
      rows,
    );
    expect(parsed).toMatchObject({ boundaries: false, sizes: [2 ** 20 + 1], chunk: 4096, outputLengths: [16, 32] });
    expect(parsed.algorithms).toEqual(['SHA-256', 'SHAKE128']);
    const bare = parseAsk({ size: 'Boundaries' }, rows);
    expect(bare.boundaries).toBe(true);
    expect('sizes' in bare || 'chunk' in bare || 'outputLengths' in bare).toBe(false);
    expect(bare.algorithms).toEqual(['SHA-1']);
  });
});

describe('plannedJob', () => {
  const ctx = { severalSizes: false, versionOf: (library: string) => (library === ts.library ? '9.9' : null) };

  it('keys a reference job apart from the same row selected, and names the size only when there are several', () => {
    const e = { algorithm: 'SHA-1' as const, size: 10 };
    const own = plannedJob(e, ts, false, ctx);
    const reference = plannedJob(e, ts, true, ctx);
    expect(own).toMatchObject({
      key: 'SHA-1 ts 10',
      label: 'SHA-1 ts',
      kind: 'ours',
      reference: false,
      version: '9.9',
    });
    expect(reference).toMatchObject({ key: 'SHA-1 ts#reference 10', label: 'SHA-1 ts (reference)', kind: 'reference' });
    expect(plannedJob({ ...e, size: 2 ** 20 }, ts, false, { ...ctx, severalSizes: true }).label).toBe('SHA-1 1MiB ts');
  });

  it('a SHAKE at another length than its default is keyed and labelled by it, and keeps it', () => {
    const j = plannedJob({ algorithm: 'SHAKE128', outputLength: 32, size: 10 }, ts, false, ctx);
    expect(j).toMatchObject({ key: 'SHAKE128/32B ts 10', label: 'SHAKE128/32B ts', outputLength: 32 });
    expect('outputLength' in plannedJob({ algorithm: 'SHA-1', size: 10 }, ts, false, ctx)).toBe(false);
  });
});
