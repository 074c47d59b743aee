/**
 * The overflow check for BLAKE2b and BLAKE2s: their sizes (no length field; a byte counter t, which BLAKE2s keeps in
 * two 32-bit words, so the byte and bit totals' edges up to 2^32 + 5), their expected digests (OpenSSL's BLAKE2b-512
 * and BLAKE2s-256 at those sizes, stored in vectors/zeros.json; hash-wasm's createBLAKE2b and createBLAKE2s in the
 * same run for every other length and size), their peers (@noble/hashes, hash-wasm), and a stand-in whose byte total
 * wraps at 2^32 found FAIL at 2^32 + 5 against OpenSSL's digest. Expected values come from OpenSSL, GNU b2sum,
 * hash-wasm and noble, never from digestlab.
 */
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { blake2b, blake2s } from '@noble/hashes/blake2.js';
import { describe, expect, it } from 'vitest';
import {
  BLAKE2B,
  BLAKE2S,
  blake2bReference,
  blake2sReference,
  inProcessRunner,
  type OverflowPlanHost,
  overflowStatus,
  type PlanReference,
  parseZeroVectors,
  planOverflow,
  resolveRun,
  runOverflow,
} from '../src/overflow/index.js';
import { allRows } from '../src/select.js';
import { BOUNDARIES_TO_4_GIB, wraps32Row } from './fake-row.js';

const GiB = 2 ** 30;
const BOUNDARIES = BOUNDARIES_TO_4_GIB;
/** Every BLAKE2 name and its output length in bytes, written out. */
const LENGTHS: Record<string, number> = {
  'BLAKE2B-160': 20,
  'BLAKE2B-256': 32,
  'BLAKE2B-384': 48,
  'BLAKE2B-512': 64,
  BLAKE2b: 64,
  'BLAKE2S-128': 16,
  'BLAKE2S-160': 20,
  'BLAKE2S-224': 28,
  'BLAKE2S-256': 32,
  BLAKE2s: 32,
};

/** A broken BLAKE2s as a 32-bit byte count would make one (t1 never set): past 4 GiB it hashes the wrapped count. */
const wraps = wraps32Row(['BLAKE2S-256'], (_, n) => blake2s(new Uint8Array(n)));
const rows = allRows({ rows: [wraps] });
const references = [blake2bReference(rows, '4.13.0'), blake2sReference(rows, '4.13.0')].filter(
  (r): r is PlanReference => r !== undefined,
);
const zeros = parseZeroVectors(readFileSync(join(import.meta.dirname, '../../../vectors/zeros.json'), 'utf8'));
const host: OverflowPlanHost = { reference: references, vectors: zeros, vectorsName: 'vectors/zeros.json' };
const plan = (ask: Parameters<typeof resolveRun>[0]) => planOverflow(resolveRun(ask, rows), host);
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

describe('overflow plan: BLAKE2', () => {
  it('every name, at 2^32+5 by default and at the twelve byte and bit edges for --size boundaries', () => {
    expect([...BLAKE2B, ...BLAKE2S].sort()).toEqual(Object.keys(LENGTHS).sort());
    for (const name of Object.keys(LENGTHS)) {
      expect(resolveRun({ algorithms: name }, rows).run.sizes, name).toEqual([4 * GiB + 5]);
      expect(resolveRun({ size: 'boundaries', algorithms: name }, rows).run.sizes, name).toEqual(BOUNDARIES);
    }
    const mixed = resolveRun({ size: 'boundaries', algorithms: 'SHA-512,BLAKE2s' }, rows).run;
    expect(mixed.sizesOf?.BLAKE2s).toEqual(BOUNDARIES);
  });

  it("OpenSSL's stored BLAKE2b-512 and BLAKE2s-256 at every boundary, so no reference job for them there", () => {
    for (const name of ['BLAKE2B-512', 'BLAKE2S-256']) {
      expect(Object.keys(zeros.digests[name] ?? {}).map(Number), name).toEqual(BOUNDARIES);
      const p = plan({ size: 'boundaries', algorithms: name, providers: 'ts,peers' });
      expect(p.jobs.some((j) => j.reference)).toBe(false);
      expect(p.expectations.map((e) => [e.size, e.stored?.hex, e.stored?.source])).toEqual(
        BOUNDARIES.map((n) => [n, zeros.digests[name]?.[String(n)], 'vectors/zeros.json']),
      );
      // both BLAKE2 peers stream: a job for each at each size
      const providers = [...new Set(p.jobs.map((j) => j.provider))];
      expect(providers).toEqual(expect.arrayContaining(['ts', '@noble/hashes', 'hash-wasm']));
      expect(p.jobs).toHaveLength(BOUNDARIES.length * providers.length);
    }
  });

  it("hash-wasm's createBLAKE2b or createBLAKE2s in the same run for the other lengths and sizes", () => {
    const p = plan({ size: '2^32+5', algorithms: 'BLAKE2B-256,BLAKE2s,BLAKE2S-128', providers: 'ts' });
    expect(p.jobs.filter((j) => j.reference).map((j) => j.key)).toEqual([
      'BLAKE2B-256 hash-wasm#reference 4294967301',
      'BLAKE2s hash-wasm#reference 4294967301',
      'BLAKE2S-128 hash-wasm#reference 4294967301',
    ]);
    expect(p.expectations.map((e) => e.referenceSource)).toEqual([
      'hash-wasm 4.13.0 createBLAKE2b in this run',
      'hash-wasm 4.13.0 createBLAKE2s in this run',
      'hash-wasm 4.13.0 createBLAKE2s in this run',
    ]);
    // where hash-wasm is a selected provider its job is the reference
    const peers = plan({ size: '1000', algorithms: 'BLAKE2B-512', providers: 'ts,hash-wasm' });
    expect(peers.jobs.filter((j) => j.reference)).toEqual([]);
    expect(peers.expectations[0].referenceJob).toBe('BLAKE2B-512 hash-wasm 1000');
  });

  it('one stored digest of each checked here by another program: 2^28 zero bytes through b2sum and openssl', () => {
    const b2sum = execSync(`head -c ${2 ** 28} /dev/zero | b2sum`, { encoding: 'utf8' }).split(' ')[0];
    expect(zeros.digests['BLAKE2B-512']?.['268435456']).toBe(b2sum);
    const openssl = execSync(`head -c ${2 ** 28} /dev/zero | openssl dgst -blake2s256`, { encoding: 'utf8' });
    expect(openssl.trim().split('= ')[1]).toBe(zeros.digests['BLAKE2S-256']?.['268435456']);
  });
});

describe('overflow session: BLAKE2', () => {
  it('ours and both peers PASS at every length against hash-wasm in the same run, over chunk-crossing updates', async () => {
    const p = plan({
      size: '5000',
      chunk: '1000',
      algorithms: Object.keys(LENGTHS).join(','),
      providers: 'ts,@noble/hashes',
    });
    const result = await runOverflow(p, { runner: inProcessRunner(rows), concurrency: 2 }).done;
    for (const [name, n] of Object.entries(LENGTHS)) {
      const want = hex((BLAKE2B.includes(name as 'BLAKE2b') ? blake2b : blake2s)(new Uint8Array(5000), { dkLen: n }));
      const mine = result.records.filter((r) => r.kind !== 'reference' && r.algorithm === name);
      expect(mine.map((r) => [r.provider, r.verdict, r.hex, r.expectedSource])).toEqual(
        ['ts', '@noble/hashes'].map((id) => [
          id,
          'PASS',
          want,
          `hash-wasm 4.13.0 createBLAKE2${name[6].toLowerCase()} in this run`,
        ]),
      );
    }
  });

  it("a BLAKE2s whose byte total wraps at 2^32 FAILs at 2^32+5 against OpenSSL's digest", async () => {
    const p = plan({ size: '2^32+5', algorithms: 'BLAKE2S-256', providers: 'wraps32' });
    const result = await runOverflow(p, { runner: inProcessRunner(rows), concurrency: 1 }).done;
    expect(result.records.find((r) => r.provider === 'wraps32')).toMatchObject({
      verdict: 'FAIL',
      hex: hex(blake2s(new Uint8Array(5))),
      expected: zeros.digests['BLAKE2S-256']?.['4294967301'],
      expectedSource: 'vectors/zeros.json',
    });
    expect(overflowStatus(result, false)).toBe(1);
  });
});
