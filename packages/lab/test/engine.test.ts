import { digestHex } from 'digestlab';
import { describe, expect, it } from 'vitest';
import { allRows, type Host, manyMismatch, runBench, UsageError, WASM_WARMUP_MS, warmUpFor } from '../src/engine.js';
import { SCHEMA } from '../src/report.js';
import {
  AUTO_ASYNC_ROW,
  AUTO_ROW,
  DIGEST_MANY_ROW,
  type Output,
  type Prepared,
  type Row,
  WASM_ASYNC_ROW,
} from '../src/rows.js';
import { SEED_INPUT } from '../src/seed.js';
import { resolveProviders } from '../src/select.js';
import { median } from '../src/stats.js';
import { sampleCall } from '../src/timing.js';
import { fakeRow } from './fake-row.js';

const FAST = { sampleMs: 1, samples: 5, warmupMs: 1 } as const;

function host(rows: Row[]): Host {
  return { rows, versionOf: (p) => (p === 'fake-lib' ? '9.9.9' : undefined) };
}

describe('runBench', () => {
  it('shows a row that returns a bad digest as WRONG and never times it', async () => {
    const bad = fakeRow('bad', { corrupt: true });
    const good = fakeRow('good');
    const report = await runBench(
      { ...FAST, algorithms: ['MD5'], providers: ['bad', 'good'], workloads: ['seed', 'sizes'], sizes: [64] },
      host([bad.row, good.row]),
    );
    const badResults = report.results.filter((r) => r.provider === 'bad');
    expect(badResults.map((r) => r.status)).toEqual(['wrong', 'wrong']);
    for (const r of badResults) {
      expect(r.median).toBeNull();
      expect(r.samples).toBe(0);
    }
    // checked once per cell, never timed
    expect(bad.calls).toEqual({ hex: 1, bytes: 1, hmac: 0 });
    expect(good.calls.hex).toBeGreaterThan(5);
    const goodResults = report.results.filter((r) => r.provider === 'good');
    expect(goodResults.map((r) => r.status)).toEqual(['ok', 'ok']);
    expect(report.env.messages.some((m) => m.startsWith('WRONG seed MD5 bad'))).toBe(true);
  });

  it('a host that times the cells itself (the CLI JVM rows): the engine checks, the host times, the engine reports', async () => {
    const bad = fakeRow('bad', { corrupt: true });
    const good = fakeRow('good');
    const given: string[] = [];
    const report = await runBench(
      { ...FAST, algorithms: ['MD5'], providers: ['bad', 'good'], workloads: ['seed'] },
      {
        ...host([bad.row, good.row]),
        timeCells: async (cells, timing, onTimed) => {
          for (const c of cells) {
            given.push(`${c.row.id} ${c.status} ${c.expected?.slice(0, 8)} ${timing.samples}`);
            if (c.status === 'ok') c.seconds = [1e-6, 2e-6, 4e-6, 2e-6, 2e-6];
            onTimed(c);
          }
          return ['timed elsewhere'];
        },
      },
    );
    // checked (bad is wrong before the host sees it), never timed here: one call each, the check's
    expect(given).toEqual(['bad wrong 907a95ad 5', 'good ok 907a95ad 5']);
    expect(good.calls.hex).toBe(1);
    expect(report.results.find((r) => r.provider === 'good')).toMatchObject({ status: 'ok', median: 5e5, min: 2.5e5 });
    expect(report.results.find((r) => r.provider === 'bad')?.status).toBe('wrong');
    expect(report.env.messages).toContain('timed elsewhere');
  });

  it('marks missing algorithms unavailable and runtime-less rows skipped', async () => {
    const partial = fakeRow('partial', { algorithms: ['MD5'] });
    const gone = fakeRow('gone', { unavailable: 'needs a runtime this is not' });
    const report = await runBench(
      { ...FAST, algorithms: ['MD5', 'SHA-1'], providers: ['partial', 'gone'], workloads: ['seed'] },
      host([partial.row, gone.row]),
    );
    const status = (p: string, a: string) => report.results.find((r) => r.provider === p && r.algorithm === a)?.status;
    expect(status('partial', 'MD5')).toBe('ok');
    expect(status('partial', 'SHA-1')).toBe('unavailable');
    expect(status('gone', 'MD5')).toBe('skipped');
    expect(report.env.providers.find((p) => p.id === 'gone')?.skipped).toBe('needs a runtime this is not');
    expect(gone.calls.hex).toBe(0);
  });

  it('produces the documented schema', async () => {
    const good = fakeRow('good');
    const report = await runBench(
      {
        ...FAST,
        algorithms: ['SHA-256'],
        providers: ['good', 'ts'],
        workloads: ['seed', 'sizes', 'stream', 'many'],
        sizes: [16],
        manyCount: 20,
        manySize: 8,
      },
      host([good.row]),
    );
    expect(report.schema).toBe(SCHEMA);
    for (const k of ['runtime', 'runtimeVersion', 'cpu', 'cores', 'os', 'date', 'timing', 'reference', 'providers']) {
      expect(report.env).toHaveProperty(k);
    }
    for (const r of report.results) {
      // `count` (messages per call) is the one field only the many workload has
      expect(Object.keys(r).sort()).toEqual(
        [
          ...(r.workload === 'many' ? ['count'] : []),
          'workload',
          'algorithm',
          'provider',
          'library',
          'version',
          'size',
          'unit',
          'median',
          'min',
          'max',
          'mad',
          'samples',
          'status',
        ].sort(),
      );
    }
    const seed = report.results.find((r) => r.workload === 'seed' && r.provider === 'good');
    expect(seed).toMatchObject({ unit: 'ops/s', size: SEED_INPUT.length, status: 'ok', samples: 5, version: '9.9.9' });
    expect(seed?.min).toBeLessThanOrEqual(seed?.median as number);
    expect(seed?.max).toBeGreaterThanOrEqual(seed?.median as number);
    const stream = report.results.filter((r) => r.workload === 'stream');
    // the fake row cannot stream; ts can
    expect(stream.find((r) => r.provider === 'good')?.status).toBe('unavailable');
    expect(stream.find((r) => r.provider === 'ts')).toMatchObject({ status: 'ok', unit: 'MiB/s', size: 1 << 20 });
    expect(report.results.find((r) => r.workload === 'sizes' && r.provider === 'ts')).toMatchObject({
      unit: 'MiB/s',
      size: 16,
      status: 'ok',
    });
    // many: the fake row through a loop of its bytes() calls, ts through its own loop of digest() calls
    for (const p of ['good', 'ts']) {
      expect(report.results.find((r) => r.workload === 'many' && r.provider === p)).toMatchObject({
        unit: 'msg/s',
        size: 8,
        count: 20,
        status: 'ok',
        samples: 5,
      });
    }
  });

  it('hmac workload: checked against the reference HMAC, wrong rows never timed, rows without HMAC unavailable', async () => {
    const bad = fakeRow('bad', { corrupt: true, hmac: true });
    const good = fakeRow('good', { hmac: true });
    const none = fakeRow('none');
    const report = await runBench(
      {
        ...FAST,
        algorithms: ['MD5', 'SHA-256'],
        providers: ['bad', 'good', 'none', 'ts', 'auto'],
        workloads: ['hmac'],
      },
      host([bad.row, good.row, none.row]),
    );
    const status = (p: string, a: string) =>
      report.results.find((r) => r.workload === 'hmac' && r.provider === p && r.algorithm === a);
    for (const a of ['MD5', 'SHA-256']) {
      expect(status('bad', a)?.status).toBe('wrong');
      expect(status('none', a)?.status).toBe('unavailable');
      for (const p of ['good', 'ts', 'auto']) {
        // the seed string's bytes, one MAC per call: operations per second
        expect(status(p, a), `${p} ${a}`).toMatchObject({ status: 'ok', unit: 'ops/s', size: 93, samples: 5 });
      }
    }
    expect(bad.calls.hmac).toBe(2); // checked once per algorithm, never timed
    expect(good.calls.hmac).toBeGreaterThan(10);
    expect(report.env.messages.some((m) => m.startsWith('WRONG hmac MD5 bad'))).toBe(true);
  });

  it('hmac workload: MD2, which the reference lacks, is checked against our ts provider, and says so', async () => {
    const report = await runBench(
      { ...FAST, algorithms: ['MD2'], providers: ['ts', 'wasm', 'auto'], workloads: ['hmac'] },
      {
        reference: {
          name: 'a reference without MD2',
          digest: () => undefined,
          hmac: () => undefined,
        },
      },
    );
    const r = (p: string) => report.results.find((x) => x.provider === p);
    expect(r('ts')?.status).toBe('ok');
    expect(r('auto')?.status).toBe('ok');
    expect(r('wasm')?.status).toBe('unavailable');
    expect(report.env.messages).toContain(
      "HMAC-MD2: a reference without MD2 lacks it; checked against digestlab's ts provider (tested against RFC 2104's formula over an independent MD2)",
    );
  });

  it('--exact reports the seconds for N calls, run once', async () => {
    const good = fakeRow('good');
    const report = await runBench(
      { ...FAST, algorithms: ['MD5'], providers: ['good'], workloads: ['seed'], exact: true, count: 200 },
      host([good.row]),
    );
    expect(report.results[0]).toMatchObject({ unit: 's', samples: 1, mad: 0, status: 'ok' });
    // one check call, then exactly N timed calls
    expect(good.calls.hex).toBe(201);
  });

  it('many: every one of the N digests is checked, so one wrong message makes the row WRONG and untimed', async () => {
    const calls = { many: 0 };
    /** A batch row that gets message 13 of each batch wrong (as a mixed-up SIMD lane would). */
    const oneOff: Row = {
      id: 'one-off',
      library: 'fake-lib',
      kind: 'peer',
      implementedIn: 'WebAssembly',
      algorithms: ['SHA-256'],
      async prepare(algorithm): Promise<Prepared> {
        return {
          async: false,
          many: (messages) => {
            calls.many++;
            return messages.map((m, i) => digestHex(algorithm, i === 13 ? m.subarray(1) : m, { provider: 'ts' }));
          },
        };
      },
    };
    const short: Row = {
      ...oneOff,
      id: 'short',
      async prepare(algorithm): Promise<Prepared> {
        return { async: false, many: (messages) => messages.slice(1).map((m) => digestHex(algorithm, m)) };
      },
    };
    const asyncRow: Row = {
      ...oneOff,
      id: 'async',
      async prepare(algorithm): Promise<Prepared> {
        return { async: true, bytes: async (d) => digestHex(algorithm, d) };
      },
    };
    const good = fakeRow('good', { algorithms: ['SHA-256'] });
    const report = await runBench(
      {
        ...FAST,
        algorithms: ['SHA-256'],
        providers: ['one-off', 'short', 'async', 'good', DIGEST_MANY_ROW],
        workloads: ['many'],
        manyCount: 40,
        manySize: 64,
      },
      host([oneOff, short, asyncRow, good.row]),
    );
    const status = (p: string) => report.results.find((r) => r.provider === p)?.status;
    expect(status('one-off')).toBe('wrong');
    expect(calls.many).toBe(1); // checked once, never timed
    expect(report.env.messages).toContainEqual(
      expect.stringMatching(/^WRONG many SHA-256 one-off .*1 of 40 .*message 13/),
    );
    expect(status('short')).toBe('wrong');
    expect(report.env.messages).toContainEqual(expect.stringMatching(/returned 39 digests for 40 messages/));
    expect(status('async')).toBe('unavailable'); // a loop of awaited calls would time the event loop
    expect(status('good')).toBe('ok');
    expect(status(DIGEST_MANY_ROW)).toBe('ok');
    expect(good.calls.bytes).toBeGreaterThan(40); // a loop over bytes(), 40 per call
  });

  it('manyMismatch compares the count and every digest', () => {
    const hex = ['00ff', 'abcd', '1234'];
    const bytes: Output[] = [new Uint8Array([0, 255]), 'ABCD', [0x12, 0x34]];
    expect(manyMismatch(bytes, hex)).toBeUndefined();
    expect(manyMismatch(bytes.slice(0, 2), hex)).toMatch(/returned 2 digests for 3 messages/);
    expect(manyMismatch([bytes[0], bytes[2], bytes[1]], hex)).toMatch(/2 of 3 digests differ; message 1/);
  });

  it('has an auto row (no provider option, mixed) and a digestMany row that runs in the many workload only', async () => {
    const rows = allRows();
    const auto = rows.find((r) => r.id === AUTO_ROW);
    expect(auto).toMatchObject({ kind: 'ours', library: 'digestlab', implementedIn: 'mixed' });
    expect(rows.find((r) => r.id === DIGEST_MANY_ROW)).toMatchObject({
      kind: 'ours',
      library: 'digestlab',
      implementedIn: 'WebAssembly',
    });
    // ours first, auto and digestMany after the concrete providers
    expect(rows.slice(0, 6).map((r) => r.id)).toEqual(['ts', 'wasm', 'node', 'webcrypto', AUTO_ROW, DIGEST_MANY_ROW]);
    const report = await runBench({
      ...FAST,
      algorithms: ['MD2', 'SHA-256'],
      providers: [AUTO_ROW, DIGEST_MANY_ROW],
      workloads: ['seed', 'sizes', 'stream', 'many'],
      sizes: [64],
      streamChunk: 1024,
      manyCount: 30,
    });
    const status = (w: string, p: string, a: string) =>
      report.results.find((r) => r.workload === w && r.provider === p && r.algorithm === a)?.status;
    for (const a of ['MD2', 'SHA-256']) {
      for (const w of ['seed', 'sizes', 'stream', 'many']) expect(status(w, AUTO_ROW, a), `${w} auto ${a}`).toBe('ok');
      for (const w of ['seed', 'sizes', 'stream']) expect(status(w, DIGEST_MANY_ROW, a)).toBe('unavailable');
      expect(status('many', DIGEST_MANY_ROW, a)).toBe('ok');
    }
  });

  it('has opt-in async rows (digestAsync through auto and wasm): run when named, never in a run that names none', async () => {
    const rows = allRows();
    expect(rows.filter((r) => r.optIn).map((r) => r.id)).toEqual([AUTO_ASYNC_ROW, WASM_ASYNC_ROW]);
    expect(resolveProviders(undefined, rows).map((r) => r.id)).not.toContain(AUTO_ASYNC_ROW);
    expect(resolveProviders(undefined, rows).map((r) => r.id)).not.toContain(WASM_ASYNC_ROW);
    expect(resolveProviders(['WASM:async'], rows).map((r) => r.id)).toEqual([WASM_ASYNC_ROW]);
    const report = await runBench({
      ...FAST,
      algorithms: ['MD5', 'SHA-256'],
      providers: [AUTO_ASYNC_ROW, WASM_ASYNC_ROW],
      workloads: ['seed', 'sizes'],
      sizes: [64, 4096],
    });
    // each cell's digest was checked against the reference before it was timed
    expect(report.results.length).toBe(2 * 2 * 3);
    for (const r of report.results) expect(r.status, `${r.workload} ${r.provider} ${r.algorithm}`).toBe('ok');
    const auto = await rows.find((r) => r.id === AUTO_ASYNC_ROW)?.prepare('SHA-256');
    expect(auto?.async).toBe(true);
    expect(await auto?.hex?.('abc')).toBe(digestHex('SHA-256', 'abc'));
  });

  it('interleaves the cells of a table row: all warmed up, then round k samples every cell, in a changing order', async () => {
    // A fake clock that only the rows' calls move (1 ms a call), so every batch is exact: 2 warm-up calls, then 3
    // calls a sample. Every call and every GC is logged; the GC runs before each table row's warm-ups and each round.
    const clock = { t: 0 };
    const log: string[] = [];
    const logged = (id: string, isAsync: boolean): Row => ({
      id,
      library: 'fake-lib',
      kind: 'peer',
      implementedIn: 'JavaScript',
      algorithms: ['MD5', 'SHA-256'],
      async prepare(algorithm): Promise<Prepared> {
        const bytes = (d: Uint8Array) => {
          log.push(`${id} ${algorithm} ${d.length}`);
          clock.t += 1;
          return digestHex(algorithm, d, { provider: 'ts' });
        };
        return isAsync ? { async: true, bytes: async (d) => bytes(d) } : { async: false, bytes };
      },
    });
    const report = await runBench(
      {
        sampleMs: 3,
        warmupMs: 2,
        samples: 6,
        algorithms: ['MD5', 'SHA-256'],
        providers: ['A', 'B', 'C'],
        workloads: ['sizes'],
        sizes: [64, 256],
      },
      {
        rows: [logged('A', false), logged('B', true), logged('C', false)],
        now: () => clock.t,
        gc: () => log.push('GC'),
      },
    );
    expect(report.results.map((r) => [r.status, r.samples])).toEqual(new Array(12).fill(['ok', 6]));
    // 1 ms a call: 64 B per ms, exactly, in every sample
    const a64 = report.results.find((r) => r.provider === 'A' && r.size === 64);
    expect(a64?.min).toBeCloseTo(64_000 / 2 ** 20, 9);
    expect(a64?.max).toBeCloseTo(64_000 / 2 ** 20, 9);

    const segments: string[][] = [[]];
    for (const entry of log) {
      if (entry === 'GC') segments.push([]);
      else segments[segments.length - 1].push(entry);
    }
    // before the first GC: the checks, one call per cell, nothing timed yet
    expect(segments[0]).toHaveLength(12);
    const cell = (id: string, algorithm: string, size: number, calls: number) =>
      new Array<string>(calls).fill(`${id} ${algorithm} ${size}`);
    const expected: string[][] = [];
    for (const algorithm of ['MD5', 'SHA-256']) {
      for (const size of [64, 256]) {
        // one table row at a time: its warm-ups, then 6 rounds of one 3-call sample per cell
        expected.push(['A', 'B', 'C'].flatMap((id) => cell(id, algorithm, size, 2)));
        // each sample in two parts (2 + 1 calls in even rounds, 1 + 2 in odd ones), the second pass in reverse order
        ['ABC', 'BCA', 'CAB', 'CBA', 'ACB', 'BAC'].forEach((order, round) => {
          const [first, second] = round % 2 === 0 ? [2, 1] : [1, 2];
          expected.push([
            ...[...order].flatMap((id) => cell(id, algorithm, size, first)),
            ...[...order].reverse().flatMap((id) => cell(id, algorithm, size, second)),
          ]);
        });
      }
    }
    expect(segments.slice(1)).toEqual(expected);
  });

  it('gives the true ratio of two rows while the machine speed drifts by ±30%', async () => {
    // A fake machine whose speed drifts as a sine of period 2 s (virtual time): every call costs its row's work
    // times the slowdown of the moment. `twin` does exactly the work of `one` (as auto does wasm's), `half` half of it.
    const clock = { t: 0 };
    const slowdown = () => 1 + 0.3 * Math.sin((2 * Math.PI * clock.t) / 2000);
    const working = (id: string, ms: number): Row => ({
      id,
      library: 'fake-lib',
      kind: 'peer',
      implementedIn: 'JavaScript',
      algorithms: ['MD5'],
      async prepare(): Promise<Prepared> {
        const out = new Uint8Array(16);
        return {
          async: false,
          bytes: () => {
            clock.t += ms * slowdown();
            return out;
          },
        };
      },
    });
    const rows = [working('one', 0.5), working('twin', 0.5), working('half', 0.25)];
    const reference = { name: 'zeros', digest: () => new Uint8Array(16) };
    const timing = { sampleMs: 50, samples: 10, warmupMs: 60 };
    const report = await runBench(
      { ...timing, algorithms: ['MD5'], providers: ['one', 'twin', 'half'], workloads: ['sizes'], sizes: [64] },
      { rows, reference, now: () => clock.t },
    );
    const speed = (p: string) => report.results.find((r) => r.provider === p)?.median as number;
    // within 1% (interleaved whole samples, without the two parts in opposite orders, were 4% off here)
    expect(Math.abs(speed('twin') / speed('one') - 1)).toBeLessThan(0.01);
    expect(Math.abs(speed('half') / speed('one') / 2 - 1)).toBeLessThan(0.01);

    // The drift is strong enough to matter: the same cells timed back to back (each case's samples in a row, as
    // before interleaving) are more than 10% off.
    const backToBack = async (id: string) => {
      const p = await (rows.find((r) => r.id === id) as Row).prepare('MD5');
      const call = () => p.bytes?.(new Uint8Array(64));
      return 1 / median(await sampleCall(call, false, { ...timing, now: () => clock.t }));
    };
    clock.t = 0;
    const one = await backToBack('one');
    const twin = await backToBack('twin');
    expect(Math.abs(twin / one - 1)).toBeGreaterThan(0.1);
  });

  it('rejects unknown algorithms and providers with the valid names', async () => {
    await expect(runBench({ algorithms: ['SHA-3'] })).rejects.toThrow(UsageError);
    await expect(runBench({ algorithms: ['SHA-3'] })).rejects.toThrow(/valid algorithms: MD2, MD5/);
    await expect(runBench({ providers: ['nope'] })).rejects.toThrow(
      /valid providers: ts, wasm, node, webcrypto, auto, digestMany, /,
    );
    await expect(runBench({ workloads: ['many'], manyCount: 0 })).rejects.toThrow(/many count must be/);
  });
});

describe('warmUpFor', () => {
  const timing = { sampleMs: 50, samples: 5, warmupMs: 60 };
  it('stretches the warm-up of rows that run WebAssembly (V8 tiers them up in the background), only them', () => {
    expect(warmUpFor({ implementedIn: 'WebAssembly' }, timing).warmupMs).toBe(WASM_WARMUP_MS);
    expect(warmUpFor({ implementedIn: 'mixed' }, timing).warmupMs).toBe(WASM_WARMUP_MS);
    for (const other of ['TypeScript', 'JavaScript', 'OpenSSL', 'WebCrypto'] as const) {
      expect(warmUpFor({ implementedIn: other }, timing)).toBe(timing);
    }
    expect(warmUpFor({ implementedIn: 'WebAssembly' }, { ...timing, warmupMs: 2000 }).warmupMs).toBe(2000);
  });
});
