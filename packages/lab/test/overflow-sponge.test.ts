/**
 * The overflow check for sponges (SHA-3, SHAKE, Keccak): which sizes a plan picks for them, SHAKE's output lengths,
 * where each expected digest comes from (vectors/zeros.json, node:crypto, hash-wasm's createKeccak in the same job
 * list), and a stand-in whose byte total wraps at 2^32 found FAIL at 2^32+5 against OpenSSL's stored digests.
 * Expected values come from node:crypto and from vectors/zeros.json (OpenSSL), never from digestlab.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type CheckpointFile,
  inProcessRunner,
  type OverflowPlanHost,
  overflowStatus,
  parseZeroVectors,
  planOverflow,
  type Resumed,
  resolveRun,
  runOverflow,
  SEED_SIZE,
  skipReason,
} from '../src/overflow/index.js';
import type { Row } from '../src/rows.js';
import { allRows, UsageError } from '../src/select.js';
import { BOUNDARIES_TO_4_GIB, wraps32Row } from './fake-row.js';

const GiB = 2 ** 30;
const ts = allRows().find((r) => r.id === 'ts') as Row;
/** A reference row as the CLI's node:crypto is one: not ours, so it cannot export its state; no Keccak (OpenSSL 3.0). */
const ref: Row = {
  ...ts,
  id: 'ref',
  library: 'ref-lib',
  kind: 'baseline',
  implementedIn: 'OpenSSL',
  algorithms: ts.algorithms.filter((a) => !a.startsWith('KECCAK')),
};

const NODE: Record<string, string> = { 'SHA3-256': 'sha3-256', SHAKE256: 'shake256' };
/** A broken sponge: its byte total a 32-bit number, its digest of the wrapped count of zeros from node:crypto. */
const wraps = wraps32Row(['SHA3-256', 'SHAKE256'], (algorithm, n) =>
  createHash(NODE[algorithm], algorithm === 'SHAKE256' ? { outputLength: 32 } : {})
    .update(new Uint8Array(n))
    .digest(),
);
const rows = allRows({ rows: [ref, wraps] });
const hashWasm = rows.find((r) => r.id === 'hash-wasm') as Row;
const KECCAK = ['KECCAK-224', 'KECCAK-256', 'KECCAK-384', 'KECCAK-512'] as const;
const host: OverflowPlanHost = {
  reference: [
    { row: ref, source: 'ref in this run' },
    { row: hashWasm, source: 'hash-wasm createKeccak in this run', only: KECCAK },
  ],
};
const zeros = parseZeroVectors(readFileSync(join(import.meta.dirname, '../../../vectors/zeros.json'), 'utf8'));

function plan(ask: Parameters<typeof resolveRun>[0], h: OverflowPlanHost = host, resumed?: Resumed) {
  return planOverflow(resolveRun(ask, rows, resumed), h, resumed);
}

// written out, not computed the way the plan computes them
// past 4 GiB, MD's bit count's edges: 2^38 ± 1, 2^38 + 2^30, 2^39 ± 1
const MD_BOUNDARIES = [
  ...BOUNDARIES_TO_4_GIB,
  ...[274877906943, 274877906944, 274877906945, 275951648768, 549755813887, 549755813888, 549755813889],
];
const SPONGE_BOUNDARIES = BOUNDARIES_TO_4_GIB;

describe('overflow plan: sponges', () => {
  it('without --size a sponge runs at 2^32+5, a Merkle–Damgård hash at the seed size; each only at its own', () => {
    expect(resolveRun({ algorithms: 'SHA3-256,SHAKE128,KECCAK-512' }, rows).run).toMatchObject({
      sizes: [4 * GiB + 5],
    });
    expect(resolveRun({ algorithms: 'SHA3-256' }, rows).run.sizesOf).toBeUndefined();
    const mixed = resolveRun({ algorithms: 'SHA-1,SHA3-256', providers: 'ts' }, rows);
    expect(mixed.run.sizes).toEqual([SEED_SIZE, 4 * GiB + 5]);
    expect(mixed.run.sizesOf).toEqual({ 'SHA-1': [SEED_SIZE], 'SHA3-256': [4 * GiB + 5] });
    const p = planOverflow(mixed, { ...host, vectors: zeros, vectorsName: 'vectors/zeros.json' });
    expect(p.jobs.filter((j) => !j.reference).map((j) => j.key)).toEqual([
      'SHA-1 ts 275951648768',
      'SHA3-256 ts 4294967301',
    ]);
    // OpenSSL's stored digests for both: no reference job
    expect(p.jobs.some((j) => j.reference)).toBe(false);
    expect(p.expectations.map((e) => [e.algorithm, e.size, e.stored?.source])).toEqual([
      ['SHA-1', SEED_SIZE, 'seed 001 (Java SunJCE and BouncyCastle); also vectors/zeros.json'],
      ['SHA3-256', 4 * GiB + 5, 'vectors/zeros.json'],
    ]);
  });

  it('--size boundaries: every boundary for a Merkle–Damgård hash, up to 2^32+5 for a sponge', () => {
    const { run } = resolveRun({ size: 'Boundaries', algorithms: 'SHA-256,KECCAK-256,SHAKE256' }, rows);
    expect(run.sizes).toEqual(MD_BOUNDARIES);
    expect(run.sizesOf).toEqual({
      'SHA-256': MD_BOUNDARIES,
      'KECCAK-256': SPONGE_BOUNDARIES,
      SHAKE256: SPONGE_BOUNDARIES,
    });
    const p = plan({ size: 'boundaries', algorithms: 'SHA-256,KECCAK-256,SHAKE256', providers: 'ts' });
    const sizesOf = (a: string) => p.expectations.filter((e) => e.algorithm === a).map((e) => e.size);
    expect(sizesOf('SHA-256')).toEqual(MD_BOUNDARIES);
    expect(sizesOf('KECCAK-256')).toEqual(SPONGE_BOUNDARIES);
    expect(p.jobs.filter((j) => j.provider === 'ts')).toHaveLength(19 + 12 + 12);
    // only sponges: every algorithm at every size, no per-algorithm table
    expect(resolveRun({ size: 'boundaries', algorithms: 'SHA3-512' }, rows).run).toMatchObject({
      sizes: SPONGE_BOUNDARIES,
    });
    expect(resolveRun({ size: 'boundaries', algorithms: 'SHA3-512' }, rows).run.sizesOf).toBeUndefined();
  });

  it('"boundaries" stands alone', () => {
    expect(() => resolveRun({ size: 'boundaries,1GiB' }, rows)).toThrow(/--size: "boundaries" stands alone/);
  });

  it('an asked size is run for a sponge too, 2^38 included', () => {
    const p = plan({ size: '2^38,1000', algorithms: 'SHA-1,SHA3-256', providers: 'ts' });
    expect(p.run.sizesOf).toBeUndefined();
    expect(p.jobs.filter((j) => !j.reference).map((j) => j.key)).toEqual([
      'SHA-1 ts 274877906944',
      'SHA3-256 ts 274877906944',
      'SHA-1 ts 1000',
      'SHA3-256 ts 1000',
    ]);
  });

  it('sources: zeros.json (OpenSSL) for SHA-3 and SHAKE at the boundaries, node:crypto else, hash-wasm for Keccak', () => {
    const h = { ...host, vectors: zeros, vectorsName: 'vectors/zeros.json' };
    const p = plan(
      { size: '2^32+5,1000', algorithms: 'SHA3-224,SHA3-384,SHA3-512,SHAKE256,KECCAK-256', providers: 'ts' },
      h,
    );
    const source = (a: string, n: number) => {
      const e = p.expectations.find((x) => x.algorithm === a && x.size === n);
      return e?.stored?.source ?? e?.referenceSource;
    };
    for (const a of ['SHA3-224', 'SHA3-384', 'SHA3-512', 'SHAKE256']) {
      expect(source(a, 4 * GiB + 5)).toBe('vectors/zeros.json');
      expect(source(a, 1000)).toBe('ref in this run');
    }
    expect(source('KECCAK-256', 4 * GiB + 5)).toBe('hash-wasm createKeccak in this run');
    expect(source('KECCAK-256', 1000)).toBe('hash-wasm createKeccak in this run');
    // reference jobs: node:crypto where nothing is stored, hash-wasm for Keccak only
    expect(p.jobs.filter((j) => j.reference).map((j) => j.key)).toEqual([
      'KECCAK-256 hash-wasm#reference 4294967301',
      'SHA3-224 ref#reference 1000',
      'SHA3-384 ref#reference 1000',
      'SHA3-512 ref#reference 1000',
      'SHAKE256 ref#reference 1000',
      'KECCAK-256 hash-wasm#reference 1000',
    ]);
    expect(p.order.slice(0, 6).every((k) => k.includes('#reference'))).toBe(true);
    // hash-wasm selected: its own Keccak job is the reference, no extra job
    const own = plan({ size: '1000', algorithms: 'KECCAK-256', providers: 'ts,hash-wasm' });
    expect(own.jobs.map((j) => j.key)).toEqual(['KECCAK-256 ts 1000', 'KECCAK-256 hash-wasm 1000']);
    expect(own.expectations[0].referenceJob).toBe('KECCAK-256 hash-wasm 1000');
    // hash-wasm is never the reference for what node:crypto has
    const sha3 = plan({ size: '1000', algorithms: 'SHA3-256', providers: 'ts,hash-wasm' });
    expect(sha3.expectations[0]).toMatchObject({ referenceJob: 'SHA3-256 ref#reference 1000' });
  });

  it('the stored SHA-3 and SHAKE digests are OpenSSL’s for every new algorithm and output length', () => {
    for (const name of ['SHA3-224', 'SHA3-256', 'SHA3-384', 'SHA3-512', 'SHAKE128', 'SHAKE256']) {
      expect(Object.keys(zeros.digests[name] ?? {}).map(Number)).toEqual(SPONGE_BOUNDARIES);
    }
    for (const [name, hexLength] of [
      ['SHAKE128/32B', 64],
      ['SHAKE256/16B', 32],
      ['SHA3-512', 128],
      ['SHAKE128', 32],
    ] as const) {
      const table = zeros.digests[name] ?? {};
      expect(Object.keys(table).map(Number)).toEqual(SPONGE_BOUNDARIES);
      expect(Object.values(table).every((h) => h.length === hexLength)).toBe(true);
    }
    // an XOF's shorter output is the prefix of its longer one: the 16- and 32-byte tables agree
    for (const n of SPONGE_BOUNDARIES) {
      expect(zeros.digests['SHAKE128/32B']?.[n].startsWith(zeros.digests.SHAKE128?.[n] as string)).toBe(true);
      expect(zeros.digests.SHAKE256?.[n].startsWith(zeros.digests['SHAKE256/16B']?.[n] as string)).toBe(true);
    }
  });
});

describe('overflow plan: SHAKE output lengths', () => {
  it('--output-length runs each SHAKE at every length asked; the other lengths are named NAME/nB', () => {
    const h = { ...host, vectors: zeros };
    const p = plan(
      { size: '2^32+5', algorithms: 'SHAKE128,SHA3-256,SHAKE256', outputLength: '16,32', providers: 'ts' },
      h,
    );
    expect(p.run.outputLengths).toEqual([16, 32]);
    expect(p.jobs.map((j) => [j.key, j.outputLength])).toEqual([
      ['SHAKE128 ts 4294967301', 16],
      ['SHAKE128/32B ts 4294967301', 32],
      ['SHA3-256 ts 4294967301', undefined],
      ['SHAKE256/16B ts 4294967301', 16],
      ['SHAKE256 ts 4294967301', 32],
    ]);
    const stored = (a: string, n: number) =>
      p.expectations.find((e) => e.algorithm === a && e.outputLength === n)?.stored?.hex;
    expect(stored('SHAKE128', 32)).toBe(zeros.digests['SHAKE128/32B']?.['4294967301']);
    expect(stored('SHAKE256', 16)).toBe(zeros.digests['SHAKE256/16B']?.['4294967301']);
    expect(stored('SHAKE128', 16)).toBe(zeros.digests.SHAKE128?.['4294967301']);
    // without the option: each SHAKE at its default, 16 and 32 bytes
    const d = plan({ size: '1000', algorithms: 'SHAKE128,SHAKE256', providers: 'ts' });
    expect(d.jobs.filter((j) => !j.reference).map((j) => [j.key, j.outputLength])).toEqual([
      ['SHAKE128 ts 1000', 16],
      ['SHAKE256 ts 1000', 32],
    ]);
    expect(d.run.outputLengths).toBeUndefined();
  });

  it.each([
    [
      { algorithms: 'SHAKE128', outputLength: '0' },
      /--output-length: "0" is not a whole number of bytes from 1 to 1024/,
    ],
    [{ algorithms: 'SHAKE128', outputLength: '16,x' }, /--output-length: "x" is not/],
    [{ algorithms: 'SHAKE128', outputLength: '1025' }, /--output-length: "1025" is not/],
    [{ algorithms: 'SHAKE128', outputLength: '1.5' }, /--output-length: "1.5" is not/],
    [{ algorithms: 'SHA3-256,SHA-1', outputLength: '32' }, /--output-length is for SHAKE128 and SHAKE256 only/],
  ])('%j is a UsageError', (ask, message) => {
    expect(() => resolveRun(ask, rows)).toThrow(UsageError);
    expect(() => resolveRun(ask, rows)).toThrow(message);
  });

  it('a resumed run keeps its output lengths and sizes; asking for others is a conflict', () => {
    const first = plan({ size: 'boundaries', algorithms: 'SHAKE128,SHA-1', outputLength: '32', providers: 'ts' });
    const resumed: Resumed = { source: 'cp.json', checkpoint: structuredClone(first.checkpoint) as CheckpointFile };
    const again = resolveRun({}, rows, resumed).run;
    expect(again.outputLengths).toEqual([32]);
    expect(again.sizesOf).toEqual(first.run.sizesOf);
    expect(() => resolveRun({ outputLength: '16', algorithms: 'SHAKE128' }, rows, resumed)).toThrow(
      /drop or match --output-length \(checkpoint: 32\)/,
    );
    expect(resolveRun({ size: 'boundaries' }, rows, resumed).run.sizes).toEqual(first.run.sizes);
  });
});

describe('resume: a SHAKE record saved before records had outputLength', () => {
  it('gets the job’s output length, so it is matched to its expectation', () => {
    const first = plan({ size: '1000', algorithms: 'SHAKE128', providers: 'ts' });
    const key = 'SHAKE128 ts 1000';
    const hex = createHash('shake128', { outputLength: 16 }).update(new Uint8Array(1000)).digest('hex');
    const job = first.jobs.find((j) => j.key === key);
    expect(job?.outputLength).toBe(16);
    const cp = structuredClone(first.checkpoint) as CheckpointFile;
    const { outputLength: _, ...old } = { ...(job as object), outputLength: 16, verdict: 'PASS', hex } as Record<
      string,
      unknown
    >;
    cp.jobs[key].record = old as unknown as CheckpointFile['jobs'][string]['record'];
    const again = plan({}, host, { source: 'cp.json', checkpoint: cp });
    expect(again.jobs.find((j) => j.key === key)?.record?.outputLength).toBe(16);
  });
});

describe('overflow session: sponges', () => {
  it('a sponge whose byte total wraps at 2^32 FAILs at 2^32+5 against OpenSSL’s stored digest, passes below', async () => {
    const h = { ...host, vectors: zeros, vectorsName: 'vectors/zeros.json' };
    const p = plan({ size: '2^32+5,1000', algorithms: 'SHA3-256,SHAKE256', providers: 'wraps32' }, h);
    const session = runOverflow(p, { runner: inProcessRunner(rows), concurrency: 2 });
    const result = await session.done;
    const by = (a: string, n: number) =>
      result.records.find((r) => r.algorithm === a && r.size === n && r.kind !== 'reference');
    const five = createHash('sha3-256').update(new Uint8Array(5)).digest('hex');
    expect(by('SHA3-256', 4 * GiB + 5)).toMatchObject({
      verdict: 'FAIL',
      hex: five,
      expected: zeros.digests['SHA3-256']?.['4294967301'],
      expectedSource: 'vectors/zeros.json',
    });
    expect(by('SHAKE256', 4 * GiB + 5)).toMatchObject({
      verdict: 'FAIL',
      outputLength: 32,
      expected: zeros.digests.SHAKE256?.['4294967301'],
    });
    // below the wrap it is right, checked against node:crypto in the same run
    expect(by('SHA3-256', 1000)).toMatchObject({
      verdict: 'PASS',
      hex: createHash('sha3-256').update(new Uint8Array(1000)).digest('hex'),
      expectedSource: 'ref in this run',
    });
    expect(by('SHAKE256', 1000)?.verdict).toBe('PASS');
    expect(overflowStatus(result, false)).toBe(1);
  });

  it('Keccak against hash-wasm and SHAKE at another length against node:crypto, in the same job list', async () => {
    const p = plan({
      size: '3000',
      chunk: '1000',
      algorithms: 'KECCAK-256,SHAKE128',
      outputLength: '32',
      providers: 'ts,wasm',
    });
    const result = await runOverflow(p, { runner: inProcessRunner(rows), concurrency: 2 }).done;
    const mine = result.records.filter((r) => r.kind !== 'reference');
    expect(mine.map((r) => [r.algorithm, r.provider, r.outputLength, r.verdict, r.expectedSource])).toEqual([
      ['KECCAK-256', 'ts', null, 'PASS', 'hash-wasm createKeccak in this run'],
      ['KECCAK-256', 'wasm', null, 'PASS', 'hash-wasm createKeccak in this run'],
      ['SHAKE128', 'ts', 32, 'PASS', 'ref in this run'],
      ['SHAKE128', 'wasm', 32, 'PASS', 'ref in this run'],
    ]);
    // SHAKE128 with 32 bytes out, as node:crypto gives it
    const shake = createHash('shake128', { outputLength: 32 }).update(new Uint8Array(3000)).digest('hex');
    expect(mine[2].hex).toBe(shake);
    expect(result.sources).toEqual({
      'KECCAK-256': 'hash-wasm createKeccak in this run',
      'SHAKE128/32B': 'ref in this run',
    });
    // a row that cannot set the output length is SKIPPED at another length, not run at its default
    expect(skipReason(wraps, 'SHAKE256', 16)).toBe("wraps32 cannot set SHAKE256's output length (16 bytes asked)");
    expect(skipReason(wraps, 'SHAKE256', 32)).toBeUndefined();
    const peer = plan({ size: '1000', algorithms: 'SHAKE256', outputLength: '16', providers: 'wraps32' });
    const skipped = await runOverflow(peer, { runner: inProcessRunner(rows), concurrency: 1 }).done;
    expect(skipped.records.find((r) => r.provider === 'wraps32')).toMatchObject({
      verdict: 'SKIPPED',
      reason: expect.stringMatching(/cannot set SHAKE256's output length/),
    });
  });
});
