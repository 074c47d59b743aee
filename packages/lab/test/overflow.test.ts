import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ourRows } from '../src/ours.js';
import {
  applyVerdicts,
  BOUNDARY_SIZES,
  boundarySizes,
  decide,
  defaultOutputLength,
  defaultSize,
  exitCode,
  isXof,
  KNOWN_DIGESTS,
  type OverflowPlan,
  type OverflowRecord,
  PATTERNS,
  type PlannedJob,
  parseZeroVectors,
  patternByte,
  patternSource,
  renderRecord,
  renderSummary,
  runJob,
  SEED_SIZE,
  type Settlement,
  settlement,
  storedReference,
} from '../src/overflow/index.js';
import { PEERS } from '../src/peers/index.js';
import type { Row } from '../src/rows.js';

const GiB = 2 ** 30;

describe('patterns', () => {
  /** Independent computation: the pattern built byte by byte from its definition. */
  function expected(pattern: (typeof PATTERNS)[number], offset: number, length: number): Uint8Array {
    const out = new Uint8Array(length);
    for (let i = 0; i < length; i++) {
      const at = offset + i;
      if (pattern === 'ramp') out[i] = at & 0xff;
      else if (pattern === 'index') {
        // the 8-byte little-endian word at the aligned offset holds that offset
        const word = BigInt(at - (at % 8));
        const le = new DataView(new ArrayBuffer(8));
        le.setBigUint64(0, word, true);
        out[i] = le.getUint8(at % 8);
      }
    }
    return out;
  }

  it.each(PATTERNS)('%s: chunks at any offset and length equal the definition', (pattern) => {
    const src = patternSource(pattern, 100);
    const offsets = [0, 1, 7, 8, 255, 256, 1000, 2 ** 32 - 3, 2 ** 38 - 5, 257 * GiB - 50, 2 ** 53 - 200];
    for (const offset of offsets) {
      for (const length of [0, 1, 5, 8, 13, 64, 100]) {
        expect([...src.chunk(offset, length)], `${pattern} @${offset}+${length}`).toEqual([
          ...expected(pattern, offset, length),
        ]);
      }
    }
    for (const offset of offsets) expect(patternByte(pattern, offset)).toBe(expected(pattern, offset, 1)[0]);
  });

  it('index: the word at offset 8k holds 8k, so no two chunks are alike', () => {
    const src = patternSource('index', 16);
    const view = new DataView(src.chunk(2 ** 40, 16).slice().buffer);
    expect(view.getBigUint64(0, true)).toBe(2n ** 40n);
    expect(view.getBigUint64(8, true)).toBe(2n ** 40n + 8n);
  });

  it.each(PATTERNS)(
    '%s: a streamed digest equals the digest of the whole input built independently',
    async (pattern) => {
      const size = 3 * 65536 + 13;
      const whole = expected(pattern, 0, size);
      const hex = createHash('sha256').update(whole).digest('hex');
      const ts = ourRows().find((r) => r.id === 'ts') as Row;
      for (const chunk of [1000, 4096, 65536 + 3]) {
        const out = await runJob({ algorithm: 'SHA-256', provider: 'ts', size, chunk, pattern }, ts);
        expect(out).toMatchObject({ status: 'done', hex, bytes: size });
      }
    },
  );
});

describe('references', () => {
  it('the seed digest is known, and stored vectors must agree with it', () => {
    const seed = KNOWN_DIGESTS.find((k) => k.algorithm === 'SHA-1');
    expect(seed?.hex).toBe('6938f23e29e7d3dcd100d0ed2df9d6593113718f');
    expect(seed?.size).toBe(275951648768);
    expect(storedReference('SHA-1', 'zeros', 257 * GiB, undefined)?.source).toMatch(/seed 001/);
    const bad = { digests: { 'SHA-1': { '275951648768': '00'.repeat(20) } } };
    expect(() => storedReference('SHA-1', 'zeros', 257 * GiB, bad)).toThrow(/seed 001/);
    const good = { digests: { MD5: { '4294967301': '968a8809aa0886d87f385d88733a98d2' } } };
    expect(storedReference('MD5', 'zeros', 2 ** 32 + 5, good)).toEqual({
      hex: '968a8809aa0886d87f385d88733a98d2',
      source: 'vectors/zeros.json',
    });
    expect(storedReference('MD5', 'ramp', 2 ** 32 + 5, good)).toBeUndefined();
    expect(storedReference('MD5', 'zeros', 2 ** 32 + 6, good)).toBeUndefined();
  });

  it('parses the vectors file and refuses a malformed one', () => {
    expect(parseZeroVectors('{"digests":{"MD5":{"1":"93b885adfe0da089cdf634904fd59f71"}}}').digests.MD5).toBeTruthy();
    expect(() => parseZeroVectors('nope')).toThrow(/not JSON/);
    expect(() => parseZeroVectors('{}')).toThrow(/no "digests"/);
    expect(() => parseZeroVectors('{"digests":{"MD5":{"x":"ab"}}}')).toThrow(/not a size/);
  });
});

function rec(over: Partial<OverflowRecord>): OverflowRecord {
  return {
    algorithm: 'SHA-1',
    aliases: ['SHA', 'SHA1'],
    provider: 'ts',
    kind: 'ours',
    library: 'digestlab',
    version: '0.1.0',
    implementedIn: 'TypeScript',
    pattern: 'zeros',
    size: 10,
    chunk: 4,
    bytes: 10,
    hex: null,
    expected: null,
    expectedSource: null,
    verdict: 'UNCHECKED',
    reason: null,
    agreesWith: [],
    disagreesWith: [],
    seconds: 1,
    mibPerSecond: 1,
    peakRssBytes: null,
    resumable: true,
    resumed: false,
    ...over,
  };
}

describe('verdicts and exit codes', () => {
  it('decide', () => {
    expect(decide('abc', 'abc')).toBe('PASS');
    expect(decide('abc', 'ABC')).toBe('PASS');
    expect(decide('abd', 'abc')).toBe('FAIL');
    expect(decide('abc', null)).toBe('UNCHECKED');
  });

  it('a wrong digest is a FAIL with the expected digest; ours failing exits 1, a peer only with --strict', () => {
    const records = [
      rec({ provider: 'ts', hex: 'aa' }),
      rec({ provider: 'js-sha1', kind: 'peer', library: 'js-sha1', hex: 'bb' }),
      rec({ provider: 'node:crypto', kind: 'reference', library: 'node:crypto', hex: 'aa' }),
      rec({ algorithm: 'MD2', provider: 'ts', hex: 'cc' }),
      rec({ algorithm: 'MD2', provider: 'js-md2', kind: 'peer', hex: 'cc' }),
      rec({ provider: 'webcrypto', verdict: 'SKIPPED', reason: 'one-shot' }),
    ];
    applyVerdicts(records, (r) =>
      r.algorithm === 'SHA-1' ? { hex: 'aa', source: 'node:crypto (same run)', from: 'node:crypto' } : undefined,
    );
    expect(records.map((r) => r.verdict)).toEqual(['PASS', 'FAIL', 'UNCHECKED', 'UNCHECKED', 'UNCHECKED', 'SKIPPED']);
    expect(records[1].expected).toBe('aa');
    expect(records[0].agreesWith).toEqual(['node:crypto']);
    expect(records[1].disagreesWith).toEqual(['ts', 'node:crypto']);
    expect(records[3].agreesWith).toEqual(['js-md2']);
    expect(exitCode(records)).toBe(0);
    expect(exitCode(records, true)).toBe(1);
    expect(renderRecord(records[1])).toMatch(/^FAIL .*SHA-1 \[SHA, SHA1\] from js-sha1[\s\S]*expected=aa/);
    expect(renderRecord(records[3])).toMatch(/no reference for MD2 here; agrees with js-md2/);
    expect(renderSummary(records)).toMatch(/js-sha1 +js-sha1 0\.1\.0 +FAIL/);
    expect(renderSummary(records)).toMatch(/SHA-1: providers disagree/);

    const oursWrong = [rec({ hex: 'bb' })];
    applyVerdicts(oursWrong, () => ({ hex: 'aa', source: 'vectors/zeros.json' }));
    expect(oursWrong[0].verdict).toBe('FAIL');
    expect(exitCode(oursWrong)).toBe(1);
    expect(exitCode([rec({ verdict: 'ERROR', reason: 'boom' })])).toBe(1);
    expect(exitCode([rec({ kind: 'peer', verdict: 'ERROR' })])).toBe(0);
    expect(exitCode([rec({ kind: 'reference', verdict: 'ERROR' })], true)).toBe(0);
  });

  it('a stored reference also checks the reference job', () => {
    const records = [rec({ provider: 'node:crypto', kind: 'reference', hex: 'aa' })];
    applyVerdicts(records, () => ({ hex: 'aa', source: 'vectors/zeros.json' }));
    expect(records[0].verdict).toBe('PASS');
  });
});

describe('runJob', () => {
  const webcrypto = ourRows().find((r) => r.id === 'webcrypto') as Row;

  it.each(['ts', 'wasm'])('checkpoints, stops, and resumes to the same digest: %s', async (id) => {
    const row = ourRows().find((r) => r.id === id) as Row;
    const spec = {
      algorithm: 'SHA-512' as const,
      provider: id,
      size: 1_000_003,
      chunk: 4096,
      pattern: 'index' as const,
    };
    const whole = await runJob(spec, row);
    expect(whole.status).toBe('done');
    const checkpoints: number[] = [];
    const stopped = await runJob({ ...spec, checkpointEvery: 100_000 }, row, {
      onCheckpoint: (c) => void checkpoints.push(c.bytes),
      shouldStop: () => checkpoints.length >= 3,
    });
    expect(checkpoints).toEqual([102400, 200704, 303104]);
    expect(stopped.status).toBe('stopped');
    if (stopped.status !== 'stopped' || !stopped.state) throw new Error('no state');
    expect(stopped.bytes).toBe(303104);
    const resumed = await runJob(
      spec,
      row,
      {},
      { bytes: stopped.bytes, seconds: stopped.seconds, state: stopped.state },
    );
    expect(resumed).toMatchObject({ status: 'done', resumed: true, hex: whole.status === 'done' ? whole.hex : '' });
  });

  it('one-shot providers are skipped with the reason; a missing algorithm too', async () => {
    const out = await runJob(
      { algorithm: 'SHA-1', provider: 'webcrypto', size: 10, chunk: 4, pattern: 'zeros' },
      webcrypto,
    );
    expect(out.status).toBe('skipped');
    expect(out.status === 'skipped' && out.reason).toMatch(/one-shot|not available/);
    const jsMd5 = PEERS.find((r) => r.id === 'js-md5') as Row;
    const miss = await runJob({ algorithm: 'SHA-1', provider: 'js-md5', size: 10, chunk: 4, pattern: 'zeros' }, jsMd5);
    expect(miss).toEqual({ status: 'skipped', reason: 'js-md5 has no SHA-1' });
  });

  it('a peer that cannot export state refuses to resume', async () => {
    const jsSha1 = PEERS.find((r) => r.id === 'js-sha1') as Row;
    const out = await runJob(
      { algorithm: 'SHA-1', provider: 'js-sha1', size: 10, chunk: 4, pattern: 'zeros' },
      jsSha1,
      {},
      {
        bytes: 4,
        seconds: 0,
        state: new Uint8Array(8),
      },
    );
    expect(out.status === 'error' && out.message).toMatch(/cannot export its state/);
  });

  it('streams a peer through its stream() and reports progress', async () => {
    const jsSha1 = PEERS.find((r) => r.id === 'js-sha1') as Row;
    const seen: number[] = [];
    const out = await runJob(
      {
        algorithm: 'SHA-1',
        provider: 'js-sha1',
        size: 5 * 2 ** 20 + 1,
        chunk: 2 ** 20,
        pattern: 'zeros',
        progressEveryMs: 0,
      },
      jsSha1,
      { onProgress: (p) => void seen.push(p.bytes) },
    );
    const hex = createHash('sha1')
      .update(new Uint8Array(5 * 2 ** 20 + 1))
      .digest('hex');
    expect(out).toMatchObject({ status: 'done', hex, resumable: false });
    expect(seen[0]).toBe(0);
    expect(seen.at(-1)).toBe(5 * 2 ** 20 + 1);
  });
});

describe('agreement: among records of the same input only', () => {
  it('compares a record with the same algorithm, size and pattern, and a record without a digest with none', () => {
    const records = [
      rec({ provider: 'ts', hex: 'aa' }),
      rec({ provider: 'wasm', hex: 'aa', size: 11 }), // another size
      rec({ provider: 'node', hex: 'bb', pattern: 'ramp' }), // another pattern
      rec({ provider: 'peer', hex: 'cc' }),
      rec({ provider: 'webcrypto', verdict: 'SKIPPED', reason: 'one-shot' }),
    ];
    applyVerdicts(records, () => undefined);
    expect(records.map((r) => [r.provider, r.agreesWith, r.disagreesWith])).toEqual([
      ['ts', [], ['peer']],
      ['wasm', [], []],
      ['node', [], []],
      ['peer', [], ['ts']],
      ['webcrypto', [], []],
    ]);
  });
});

describe('settlement: verdicts as results come in', () => {
  // A hand-made plan: SHA-1 expects the digest of job `ref` (node:crypto in this run), MD5 a stored vector, MD2
  // nothing; SHA-256 expects a reference job without a source name. Jobs in report order.
  const job = (key: string) => ({ key }) as PlannedJob;
  const makePlan = (sizes: number[]) =>
    ({
      run: { sizes },
      jobs: ['ref', 'sha1-ts', 'sha1-peer', 'md5-ts', 'md2-ts', 'sha256-ref', 'sha256-ts', 'sha1-big'].map(job),
      expectations: [
        { algorithm: 'SHA-1', size: 10, referenceJob: 'ref', referenceSource: 'node:crypto in this run' },
        { algorithm: 'MD5', size: 10, stored: { hex: 'dd', source: 'vectors/zeros.json' } },
        { algorithm: 'MD2', size: 10 },
        { algorithm: 'SHA-256', size: 10, referenceJob: 'sha256-ref' },
        { algorithm: 'SHA-1', size: 2 ** 20, stored: { hex: 'ee', source: 'vectors/zeros.json' } },
      ].filter((e) => sizes.includes(e.size)),
    }) as unknown as OverflowPlan;
  const sha1 = (provider: string, hex: string | null) => rec({ provider, hex });
  /** The key each record was added under, to name records in expectations. */
  const keyOf = new Map<OverflowRecord, string>();
  const keys = (list: OverflowRecord[]) => list.map((r) => keyOf.get(r));
  const add = (s: Settlement, key: string, r: OverflowRecord) => {
    keyOf.set(r, key);
    s.add(key, r);
    return r;
  };

  it('settles a record once its expected digest is known, once, in plan order', () => {
    const s = settlement(makePlan([10]));
    const ts = add(s, 'sha1-ts', sha1('ts', 'aa'));
    expect(s.has('sha1-ts')).toBe(true);
    expect(s.has('ref')).toBe(false);
    // its reference has not ended: not settled, and nothing is expected yet
    expect(s.release(false)).toEqual([]);
    expect(s.expectedFor({ algorithm: 'SHA-1', size: 10 })).toBeUndefined();
    // a stored vector settles at once; so does an algorithm with no expected digest at all (UNCHECKED)
    const md5 = add(s, 'md5-ts', rec({ algorithm: 'MD5', hex: 'dd' }));
    const md2 = add(s, 'md2-ts', rec({ algorithm: 'MD2', hex: 'cc' }));
    expect(keys(s.release(false))).toEqual(['md5-ts', 'md2-ts']);
    expect(md5).toMatchObject({ verdict: 'PASS', expected: 'dd', expectedSource: 'vectors/zeros.json' });
    expect(md2).toMatchObject({ verdict: 'UNCHECKED', expected: null });
    // the reference ends: it and the record that waited for it, in plan order
    const ref = add(s, 'ref', rec({ provider: 'node:crypto', kind: 'reference', hex: 'aa' }));
    expect(keys(s.release(false))).toEqual(['ref', 'sha1-ts']);
    expect(ts).toMatchObject({ verdict: 'PASS', expected: 'aa', expectedSource: 'node:crypto in this run' });
    expect(ref).toMatchObject({ verdict: 'UNCHECKED', expected: null }); // not checked against itself
    expect(s.expectedFor({ algorithm: 'SHA-1', size: 10 })).toEqual({
      hex: 'aa',
      source: 'node:crypto in this run',
      from: 'node:crypto',
    });
    // a later record of a settled algorithm is settled as it comes; nothing is released twice
    expect(s.release(false)).toEqual([]);
    const peer = add(s, 'sha1-peer', sha1('js-sha1', 'bb'));
    expect(keys(s.release(false))).toEqual(['sha1-peer']);
    expect(peer).toMatchObject({ verdict: 'FAIL', expected: 'aa', disagreesWith: ['node:crypto', 'ts'] });
    expect(s.release(true)).toEqual([]);
    expect(keys(s.records())).toEqual(['ref', 'sha1-ts', 'sha1-peer', 'md5-ts', 'md2-ts']);
  });

  it('matches the expectation by algorithm and size', () => {
    const s = settlement(makePlan([10, 2 ** 20]));
    const big = add(s, 'sha1-big', rec({ size: 2 ** 20, hex: 'ee' }));
    expect(keys(s.release(false))).toEqual(['sha1-big']);
    expect(big).toMatchObject({ verdict: 'PASS', expectedSource: 'vectors/zeros.json' });
    expect(s.expectedFor({ algorithm: 'SHA-1', size: 2 ** 20 })?.hex).toBe('ee');
    expect(s.expectedFor({ algorithm: 'SHA-1', size: 10 })).toBeUndefined();
    expect(s.expectedFor({ algorithm: 'SHA-512', size: 10 })).toBeUndefined();
  });

  it('names a reference job without a source by its provider; a reference without a digest gives nothing', () => {
    const s = settlement(makePlan([10]));
    const ts = add(s, 'sha256-ts', rec({ algorithm: 'SHA-256', hex: 'ab' }));
    add(
      s,
      'sha256-ref',
      rec({ algorithm: 'SHA-256', provider: 'node:crypto', kind: 'reference', hex: null, verdict: 'ERROR' }),
    );
    // the reference ended without a digest: the record is settled, UNCHECKED
    expect(keys(s.release(false))).toEqual(['sha256-ref', 'sha256-ts']);
    expect(ts).toMatchObject({ verdict: 'UNCHECKED', expected: null });
    expect(s.expectedFor({ algorithm: 'SHA-256', size: 10 })).toBeUndefined();
    const t = settlement(makePlan([10]));
    add(t, 'sha256-ref', rec({ algorithm: 'SHA-256', provider: 'node:crypto', kind: 'reference', hex: 'ab' }));
    expect(t.expectedFor({ algorithm: 'SHA-256', size: 10 })).toEqual({
      hex: 'ab',
      source: 'node:crypto',
      from: 'node:crypto',
    });
  });

  it('release(true) settles what still waits for a reference that never finished, as UNCHECKED', () => {
    const s = settlement(makePlan([10]));
    const ts = add(s, 'sha1-ts', sha1('ts', 'aa'));
    expect(s.release(false)).toEqual([]);
    expect(keys(s.release(true))).toEqual(['sha1-ts']);
    expect(ts).toMatchObject({ verdict: 'UNCHECKED', expected: null });
    expect(s.release(true)).toEqual([]);
  });

  it('sources: where each column’s expected digest comes from, columns named with the size when there are several', () => {
    const one = settlement(makePlan([10]));
    add(one, 'ref', rec({ provider: 'node:crypto', kind: 'reference', hex: 'aa' }));
    expect(one.sources()).toEqual({
      'SHA-1': 'node:crypto in this run',
      MD5: 'vectors/zeros.json',
      MD2: undefined,
      'SHA-256': undefined,
    });
    expect(settlement(makePlan([10, 2 ** 20])).sources()).toEqual({
      'SHA-1 10': undefined,
      'MD5 10': 'vectors/zeros.json',
      'MD2 10': undefined,
      'SHA-256 10': undefined,
      'SHA-1 1MiB': 'vectors/zeros.json',
    });
  });
});

describe('boundary sizes, from the library’s counter boundaries', () => {
  const around = (n: number) => [n - 1, n, n + 1];
  const TO_4GIB_5 = [...around(2 ** 28), ...around(2 ** 29), ...around(2 ** 31), 2 ** 32 - 1, 2 ** 32, 2 ** 32 + 5];

  it('are the 19 sizes of zeros.json: 2^28±1 … 2^32+5, 2^38±1, 257 GiB, 2^39±1', () => {
    expect(BOUNDARY_SIZES).toEqual([...TO_4GIB_5, ...around(2 ** 38), SEED_SIZE, ...around(2 ** 39)]);
  });

  it('a Merkle–Damgård hash (and MD2) runs at all 19; a sponge, having no length counter, to 2^32 + 5', () => {
    for (const a of ['MD2', 'MD5', 'SHA-1', 'SHA-256', 'SHA-512/256']) expect(boundarySizes(a)).toEqual(BOUNDARY_SIZES);
    for (const a of ['SHA3-256', 'SHAKE128', 'KECCAK-512']) expect(boundarySizes(a)).toEqual(TO_4GIB_5);
  });

  it('the default size is the seed’s 257 GiB, or a sponge’s largest boundary, 2^32 + 5', () => {
    expect(defaultSize('SHA-1')).toBe(SEED_SIZE);
    expect(defaultSize('MD2')).toBe(SEED_SIZE);
    expect(defaultSize('SHA3-512')).toBe(2 ** 32 + 5);
    expect(defaultSize('SHAKE256')).toBe(2 ** 32 + 5);
  });

  it('XOF facts come from the library: SHAKE’s default output lengths', () => {
    expect([isXof('SHAKE128'), isXof('SHA3-256'), isXof('no such')]).toEqual([true, false, false]);
    expect([defaultOutputLength('SHAKE128'), defaultOutputLength('SHAKE256')]).toEqual([16, 32]);
    expect(defaultOutputLength('SHA-256')).toBeUndefined();
    expect(() => boundarySizes('no such')).toThrow(/digestlab has no no such/);
  });
});
