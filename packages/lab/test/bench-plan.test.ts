/**
 * The bench engine's parts: the plan a page shows before a run (pure, plain data), and the run of that plan with
 * its events. engine.test.ts tests what runBench measures; this file tests how the parts fit.
 */
import { describe, expect, it } from 'vitest';
import {
  type BenchEvent,
  DEFAULTS,
  type Host,
  type Progress,
  planBench,
  runBench,
  runPlan,
  UsageError,
} from '../src/engine.js';
import { SEED_ALGORITHMS } from '../src/seed.js';
import { fakeRow } from './fake-row.js';

const FAST = { sampleMs: 1, samples: 2, warmupMs: 0 } as const;

const rows = [
  fakeRow('good').row,
  fakeRow('bad', { corrupt: true }).row,
  fakeRow('md5only', { algorithms: ['MD5'] }).row,
  fakeRow('gone', { unavailable: 'not here' }).row,
];
const host: Host = { rows, versionOf: (p) => (p === 'fake-lib' ? '9.9.9' : undefined) };

describe('planBench', () => {
  it('defaults: the seed and 1 MiB, the seed six, every row, with the default timing', () => {
    const plan = planBench({}, host);
    expect(plan.algorithms).toEqual(SEED_ALGORITHMS);
    expect(plan.workloads).toEqual(['seed', 'sizes']);
    expect(plan.timing).toEqual({
      sampleMs: DEFAULTS.sampleMs,
      samples: DEFAULTS.samples,
      warmupMs: DEFAULTS.warmupMs,
    });
    expect(plan.cells.filter((c) => c.provider === 'good').map((c) => [c.workload, c.size])).toContainEqual([
      'sizes',
      2 ** 20,
    ]);
    expect(plan.cells).toHaveLength(2 * 6 * plan.providers.length);
  });

  it('knows every status it can before anything runs, and is plain data a page can receive', () => {
    const plan = planBench(
      { algorithms: ['MD5', 'SHA-256'], providers: ['good', 'md5only', 'gone'], workloads: ['seed'], exact: true },
      host,
    );
    const status = (p: string, a: string) => plan.cells.find((c) => c.provider === p && c.algorithm === a)?.status;
    expect(status('good', 'SHA-256')).toBe('ok');
    expect(status('md5only', 'SHA-256')).toBe('unavailable');
    expect(status('gone', 'MD5')).toBe('skipped');
    expect(plan.cells.every((c) => c.unit === 's' && c.size === 93)).toBe(true);
    expect(plan.providers.find((p) => p.id === 'gone')).toMatchObject({ skipped: 'not here', version: '9.9.9' });
    // no functions or rows inside: it survives structured cloning (postMessage) unchanged
    expect(structuredClone(plan)).toEqual(plan);
  });

  it.each([
    [{ samples: 0 }, /samples must be a number >= 1/],
    [{ sizes: [0] }, /size must be a number >= 1/],
    [{ algorithms: ['SHA-3'] }, /unknown algorithm "SHA-3"/],
    [{ providers: ['nope'] }, /unknown provider "nope"/],
  ])('%j: UsageError before anything runs', (options, message) => {
    expect(() => planBench(options, host)).toThrow(UsageError);
    expect(() => planBench(options, host)).toThrow(message);
  });
});

describe('runPlan', () => {
  const options = {
    ...FAST,
    algorithms: ['MD5'],
    providers: ['good', 'bad', 'md5only'],
    workloads: ['seed', 'sizes'] as const,
    sizes: [64],
  };

  it('runs the plan it is given, telling each step as a plain-data event', async () => {
    const plan = planBench({ ...options, workloads: [...options.workloads] }, host);
    const events: BenchEvent[] = [];
    const progress: Progress[] = [];
    const report = await runPlan(plan, {
      ...host,
      onEvent: (e) => events.push(e),
      onProgress: (p) => progress.push(p),
    });
    expect(events[0]).toEqual({ type: 'plan', plan });
    expect(events.at(-1)).toEqual({ type: 'done', report });
    // onProgress is one consumer of the progress events, and sees exactly them
    expect(progress).toEqual(events.flatMap((e) => (e.type === 'progress' ? [e.progress] : [])));
    expect(progress[0]).toMatchObject({ phase: 'check', done: 0, total: 6 });
    expect(progress.at(-1)).toMatchObject({ phase: 'time', done: 4, total: 4, label: 'done' });
    // every ok cell is checked once, the corrupt row is wrong, and only right cells are timed, after all checks
    const checked = events.flatMap((e) =>
      e.type === 'checked' ? [`${e.cell.provider} ${e.cell.workload} ${e.status}`] : [],
    );
    expect(checked.sort()).toEqual([
      'bad seed wrong',
      'bad sizes wrong',
      'good seed ok',
      'good sizes ok',
      'md5only seed ok',
      'md5only sizes ok',
    ]);
    const lastCheck = events.map((e) => e.type).lastIndexOf('checked');
    const timed = events.flatMap((e, i) => (e.type === 'timed' ? [{ e, i }] : []));
    expect(timed.map(({ e }) => e.type === 'timed' && e.cell.provider).sort()).toEqual([
      'good',
      'good',
      'md5only',
      'md5only',
    ]);
    expect(timed.every(({ e, i }) => i > lastCheck && e.type === 'timed' && (e.median ?? 0) > 0)).toBe(true);
    // the report agrees with the events
    expect(
      report.results
        .filter((r) => r.status === 'ok')
        .map((r) => r.provider)
        .sort(),
    ).toEqual(['good', 'good', 'md5only', 'md5only']);
    expect(report.env.providers).toEqual(plan.providers);
    expect(structuredClone(events)).toEqual(events);
  });

  it('runBench is the plan and its run: same cells, same statuses, same report shape', async () => {
    const a = await runBench({ ...options, workloads: [...options.workloads] }, host);
    const b = await runPlan(planBench({ ...options, workloads: [...options.workloads] }, host), host);
    const shape = (r: typeof a) => r.results.map(({ median, min, max, mad, ...rest }) => rest);
    expect(shape(a)).toEqual(shape(b));
    expect(Object.keys(a.env)).toEqual(Object.keys(b.env));
    expect(a.env.messages).toEqual(b.env.messages);
  });
});
