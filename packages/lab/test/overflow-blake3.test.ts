/**
 * The overflow check for BLAKE3: its sizes (no length field and a chunk counter that wraps only at 4 TiB, so the
 * byte and bit totals' edges up to 2^32 + 5), its expected digests (Debian's b3sum at those sizes, stored in
 * vectors/zeros.json; hash-wasm's createBLAKE3 in the same run elsewhere), its peers (@noble/hashes, hash-wasm,
 * blake3-wasm), and a stand-in whose byte total wraps at 2^32 found FAIL at 2^32 + 5 against b3sum's digest.
 * Expected values come from b3sum and hash-wasm, never from digestlab. b3sum is not run here:
 * overflow-blake3.refs.test.ts recomputes a stored digest with it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { blake3 } from '@noble/hashes/blake3.js';
import { describe, expect, it } from 'vitest';
import {
  BLAKE3,
  blake3Reference,
  inProcessRunner,
  type OverflowPlanHost,
  overflowStatus,
  parseZeroVectors,
  planOverflow,
  resolveRun,
  runOverflow,
} from '../src/overflow/index.js';
import { allRows } from '../src/select.js';
import { BOUNDARIES_TO_4_GIB, wraps32Row } from './fake-row.js';

const GiB = 2 ** 30;
const BOUNDARIES = BOUNDARIES_TO_4_GIB;

/** A broken BLAKE3 as a 32-bit byte total would make one: past 4 GiB it digests the wrapped count of zeros. */
const wraps = wraps32Row(['BLAKE3-256'], (_, n) => blake3(new Uint8Array(n)));
const rows = allRows({ rows: [wraps] });
const reference = blake3Reference(rows, '4.13.0');
const zeros = parseZeroVectors(readFileSync(join(import.meta.dirname, '../../../vectors/zeros.json'), 'utf8'));
const host: OverflowPlanHost = {
  ...(reference ? { reference } : {}),
  vectors: zeros,
  vectorsName: 'vectors/zeros.json',
};
const plan = (ask: Parameters<typeof resolveRun>[0]) => planOverflow(resolveRun(ask, rows), host);

describe('overflow plan: BLAKE3', () => {
  it('runs at 2^32+5 by default and at the twelve byte and bit edges for --size boundaries', () => {
    expect(BLAKE3).toEqual(['BLAKE3-256']);
    expect(resolveRun({ algorithms: 'BLAKE3' }, rows).run.sizes).toEqual([4 * GiB + 5]);
    expect(resolveRun({ size: 'boundaries', algorithms: 'BLAKE3' }, rows).run.sizes).toEqual(BOUNDARIES);
    const mixed = resolveRun({ size: 'boundaries', algorithms: 'SHA-1,BLAKE3' }, rows).run;
    expect(mixed.sizesOf?.['BLAKE3-256']).toEqual(BOUNDARIES);
  });

  it('b3sum’s stored digests at every boundary, so no reference job there; hash-wasm’s createBLAKE3 elsewhere', () => {
    expect(Object.keys(zeros.digests['BLAKE3-256'] ?? {}).map(Number)).toEqual(BOUNDARIES);
    const p = plan({ size: 'boundaries', algorithms: 'BLAKE3', providers: 'ts,wasm,peers' });
    expect(p.jobs.some((j) => j.reference)).toBe(false);
    expect(p.expectations.map((e) => [e.size, e.stored?.hex, e.stored?.source])).toEqual(
      BOUNDARIES.map((n) => [n, zeros.digests['BLAKE3-256']?.[String(n)], 'vectors/zeros.json']),
    );
    // every BLAKE3 peer streams: a job for each at each size
    const providers = [...new Set(p.jobs.map((j) => j.provider))];
    expect(providers).toEqual(expect.arrayContaining(['ts', 'wasm', '@noble/hashes', 'hash-wasm', 'blake3-wasm']));
    expect(p.jobs).toHaveLength(BOUNDARIES.length * providers.length);
    const other = plan({ size: '1000', algorithms: 'BLAKE3', providers: 'ts' });
    expect(other.jobs.filter((j) => j.reference).map((j) => j.key)).toEqual(['BLAKE3-256 hash-wasm#reference 1000']);
    expect(other.expectations[0].referenceSource).toBe('hash-wasm 4.13.0 createBLAKE3 in this run');
  });
});

describe('overflow session: BLAKE3', () => {
  it('ours and every peer PASS against hash-wasm in the same run, over chunk-crossing updates', async () => {
    const p = plan({
      size: '5000',
      chunk: '1000',
      algorithms: 'BLAKE3',
      providers: 'ts,wasm,@noble/hashes,blake3-wasm',
    });
    const result = await runOverflow(p, { runner: inProcessRunner(rows), concurrency: 2 }).done;
    const mine = result.records.filter((r) => r.kind !== 'reference');
    const want = Buffer.from(blake3(new Uint8Array(5000))).toString('hex');
    expect(mine.map((r) => [r.provider, r.verdict, r.hex, r.expectedSource])).toEqual(
      ['ts', 'wasm', '@noble/hashes', 'blake3-wasm'].map((id) => [
        id,
        'PASS',
        want,
        'hash-wasm 4.13.0 createBLAKE3 in this run',
      ]),
    );
  });

  it('a BLAKE3 whose byte total wraps at 2^32 FAILs at 2^32+5 against b3sum’s digest', async () => {
    const p = plan({ size: '2^32+5', algorithms: 'BLAKE3', providers: 'wraps32' });
    const result = await runOverflow(p, { runner: inProcessRunner(rows), concurrency: 1 }).done;
    expect(result.records.find((r) => r.provider === 'wraps32')).toMatchObject({
      verdict: 'FAIL',
      hex: Buffer.from(blake3(new Uint8Array(5))).toString('hex'),
      expected: zeros.digests['BLAKE3-256']?.['4294967301'],
      expectedSource: 'vectors/zeros.json',
    });
    expect(overflowStatus(result, false)).toBe(1);
  });
});
