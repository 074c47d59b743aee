import type { AlgorithmName } from 'digestlab';
import { digestHex } from 'digestlab';
import { describe, expect, it } from 'vitest';
import { type Host, runBench, UsageError } from '../src/engine.js';
import { SCHEMA } from '../src/report.js';
import type { Prepared, Row } from '../src/rows.js';
import { SEED_INPUT } from '../src/seed.js';

const FAST = { sampleMs: 1, samples: 5, warmupMs: 1 } as const;

/** A row computing digests through digestlab's ts provider, optionally corrupted, counting its calls. */
function fakeRow(id: string, opts: { corrupt?: boolean; algorithms?: AlgorithmName[]; unavailable?: string } = {}) {
  const calls = { hex: 0, bytes: 0 };
  const row: Row = {
    id,
    library: 'fake-lib',
    kind: 'peer',
    implementedIn: 'JavaScript',
    algorithms: opts.algorithms ?? ['MD5', 'SHA-256'],
    ...(opts.unavailable ? { unavailableReason: () => opts.unavailable } : {}),
    async prepare(algorithm): Promise<Prepared> {
      return {
        async: false,
        hex: (s) => {
          calls.hex++;
          const h = digestHex(algorithm, s, { provider: 'ts' });
          return opts.corrupt ? `${h.startsWith('0') ? '1' : '0'}${h.slice(1)}` : h;
        },
        bytes: (d) => {
          calls.bytes++;
          const h = digestHex(algorithm, d, { provider: 'ts' });
          return opts.corrupt ? `${h.slice(0, -1)}${h.endsWith('0') ? '1' : '0'}` : h;
        },
      };
    },
  };
  return { row, calls };
}

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
    expect(bad.calls).toEqual({ hex: 1, bytes: 1 });
    expect(good.calls.hex).toBeGreaterThan(5);
    const goodResults = report.results.filter((r) => r.provider === 'good');
    expect(goodResults.map((r) => r.status)).toEqual(['ok', 'ok']);
    expect(report.env.messages.some((m) => m.startsWith('WRONG seed MD5 bad'))).toBe(true);
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
        workloads: ['seed', 'sizes', 'stream'],
        sizes: [16],
      },
      host([good.row]),
    );
    expect(report.schema).toBe(SCHEMA);
    for (const k of ['runtime', 'runtimeVersion', 'cpu', 'cores', 'os', 'date', 'timing', 'reference', 'providers']) {
      expect(report.env).toHaveProperty(k);
    }
    for (const r of report.results) {
      expect(Object.keys(r).sort()).toEqual(
        [
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

  it('rejects unknown algorithms and providers with the valid names', async () => {
    await expect(runBench({ algorithms: ['SHA-3'] })).rejects.toThrow(UsageError);
    await expect(runBench({ algorithms: ['SHA-3'] })).rejects.toThrow(/valid algorithms: MD2, MD5/);
    await expect(runBench({ providers: ['nope'] })).rejects.toThrow(/valid providers: ts, wasm, node, webcrypto/);
  });
});
