/**
 * The overflow engine without Node: plan, resume merge, scheduler and session through the in-process runner,
 * the document and its validator. The CLI's tests run the same engine through worker threads.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type CheckpointFile,
  decodeState,
  EXIT_INTERRUPTED,
  encodeState,
  inProcessRunner,
  type JobMessage,
  type OverflowEvent,
  type OverflowPlan,
  overflowDocument,
  overflowStatus,
  parseCheckpoint,
  parseOverflowReport,
  planOverflow,
  type Resumed,
  resolveRun,
  runOverflow,
  SEED_SIZE,
  schedule,
} from '../src/overflow/index.js';
import { ReportError } from '../src/report.js';
import type { Row } from '../src/rows.js';
import { allRows, UsageError } from '../src/select.js';

const ts = allRows().find((r) => r.id === 'ts') as Row;
/** A reference row as the CLI's node:crypto is one: not ours, so it cannot export its state. */
const ref: Row = { ...ts, id: 'ref', library: 'ref-lib', kind: 'baseline', implementedIn: 'OpenSSL' };
const rows = allRows({ rows: [ref] });
const host = { reference: { row: ref, source: 'ref in this run' } };
const sha1 = (n: number) => createHash('sha1').update(new Uint8Array(n)).digest('hex');

function plan(ask: Parameters<typeof resolveRun>[0], resumed?: Resumed, h: Parameters<typeof planOverflow>[1] = host) {
  return planOverflow(resolveRun(ask, rows, resumed), h, resumed);
}

describe('overflow plan', () => {
  it('defaults: the seed size of zeros, SHA-1, in 1 MiB updates, through our streaming providers', () => {
    const { run } = resolveRun({}, rows);
    expect(run).toEqual({
      sizes: [SEED_SIZE],
      chunk: 2 ** 20,
      pattern: 'zeros',
      algorithms: ['SHA-1'],
      providers: ['ts', 'wasm', 'node'],
      named: [],
    });
  });

  it.each([
    [{ size: '1000,,2' }, /--size: an empty size/],
    [{ size: 'lots' }, /--size: cannot read size "lots"/],
    [{ chunk: '0' }, /--chunk: size "0" must be at least 1 byte/],
    [{ chunk: '2GiB' }, /--chunk: at most 1GiB/],
    [{ pattern: 'random' }, /--pattern must be one of zeros, ramp, index \(got "random"\)/],
    [{ algorithms: 'SHA-3' }, /unknown algorithm "SHA-3"/],
    [{ providers: 'nope' }, /unknown provider "nope".*; or: default, ours, peers, all/],
  ])('%j is a UsageError with the message the CLI prints', (ask, message) => {
    expect(() => resolveRun(ask, rows)).toThrow(UsageError);
    expect(() => resolveRun(ask, rows)).toThrow(message);
  });

  it('runs the reference first, then the slowest rows; SKIPS one-shot rows; names only what was asked', () => {
    const p = plan({ size: '1000,4097', algorithms: 'SHA-1,MD2', providers: 'wasm,js-sha1,ts,webcrypto' });
    // one reference job per (size, algorithm) the reference has, before every selected job
    expect(p.jobs.filter((j) => j.reference).map((j) => j.key)).toEqual([
      'SHA-1 ref#reference 1000',
      'MD2 ref#reference 1000',
      'SHA-1 ref#reference 4097',
      'MD2 ref#reference 4097',
    ]);
    expect(p.jobs.slice(0, 4).every((j) => j.reference && j.kind === 'reference')).toBe(true);
    const byKey = new Map(p.jobs.map((j) => [j.key, j]));
    // js-sha1 was named, so its missing MD2 is a job (SKIPPED when it runs), not left out
    expect(byKey.has('MD2 js-sha1 1000')).toBe(true);
    const web = byKey.get('SHA-1 webcrypto 4097');
    expect(web?.record).toMatchObject({ verdict: 'SKIPPED', reason: expect.stringMatching(/one-shot.*4097 in 1MiB/) });
    expect(p.order).not.toContain('SHA-1 webcrypto 4097');
    // references, then JavaScript (js-sha1), TypeScript (ts), WebAssembly (wasm), WebCrypto (its missing MD2)
    const kinds = p.order.map((k) => (byKey.get(k)?.reference ? 'ref' : byKey.get(k)?.implementedIn));
    expect(kinds).toEqual([...kinds].sort((a, b) => rank(a) - rank(b)));
    expect(kinds[0]).toBe('ref');
    expect(p.expectations.find((e) => e.algorithm === 'MD2' && e.size === 4097)).toMatchObject({
      referenceJob: 'MD2 ref#reference 4097',
      referenceSource: 'ref in this run',
    });
    expect(byKey.get('SHA-1 ts 1000')).toMatchObject({ resumable: true, label: 'SHA-1 1000 ts' });
    expect(byKey.get('SHA-1 js-sha1 1000')?.resumable).toBe(false);
  });

  it('unnamed rows leave out an algorithm they lack; a selected reference row is its own reference', () => {
    const p = plan({ size: '1000', algorithms: 'SHA-1,MD2', providers: 'peers,ref' });
    expect(p.jobs.some((j) => j.reference)).toBe(false);
    expect(p.jobs.some((j) => j.provider === 'js-sha256')).toBe(false); // has neither SHA-1 nor MD2
    expect(p.expectations.find((e) => e.algorithm === 'SHA-1')?.referenceJob).toBe('SHA-1 ref 1000');
  });

  it('a stored digest needs no reference job; one that contradicts a known digest stops the plan', () => {
    const vectors = { digests: { 'SHA-1': { '1000': sha1(1000) } } };
    const p = plan({ size: '1000', providers: 'ts' }, undefined, { ...host, vectors, vectorsName: 'v.json' });
    expect(p.jobs.map((j) => j.key)).toEqual(['SHA-1 ts 1000']);
    expect(p.expectations[0].stored).toEqual({ hex: sha1(1000), source: 'v.json' });
    const wrong = { digests: { 'SHA-1': { [String(SEED_SIZE)]: '00' } } };
    expect(() => plan({ providers: 'ts' }, undefined, { vectors: wrong })).toThrow(/gives 00 for SHA-1/);
  });

  it('without a reference (a browser), jobs are compared with each other', () => {
    const p = plan({ size: '1000', providers: 'ts,js-sha1' }, undefined, {});
    expect(p.jobs.some((j) => j.reference)).toBe(false);
    expect(p.expectations[0].referenceJob).toBeUndefined();
  });
});

const rank = (k: string | undefined) =>
  ['ref', 'JavaScript', 'TypeScript', 'WebAssembly', 'OpenSSL', 'WebCrypto'].indexOf(k ?? '');

describe('resume merge', () => {
  const first = plan({ size: '1000', providers: 'ts,js-sha1', pattern: 'ramp' });
  const saved = (jobs: CheckpointFile['jobs']): Resumed => ({
    source: 'cp.json',
    checkpoint: { ...first.checkpoint, jobs: { ...first.checkpoint.jobs, ...jobs } },
  });

  it('refuses a run that asks for something else, naming every conflict; the chunk may change', () => {
    const resumed = saved({});
    const ask = { size: '2000', pattern: 'zeros', algorithms: 'MD5', providers: 'ts' };
    expect(() => resolveRun(ask, rows, resumed)).toThrow(UsageError);
    expect(() => resolveRun(ask, rows, resumed)).toThrow(
      '--resume cp.json continues the run it was made by; drop or match --size (checkpoint: 1000), ' +
        '--pattern (checkpoint: ramp), --algorithms (checkpoint: SHA-1), --providers (checkpoint: ts,js-sha1)',
    );
    // the same values, or none, are fine; the chunk does not change a digest
    const same = resolveRun({ size: '1000', pattern: 'ramp', chunk: '4KiB' }, rows, resumed);
    expect(same.run).toMatchObject({ sizes: [1000], pattern: 'ramp', chunk: 4096, providers: ['ts', 'js-sha1'] });
    expect(same.selection.map((s) => [s.row.id, s.named])).toEqual([
      ['ts', true],
      ['js-sha1', true],
    ]);
  });

  it('keeps finished records, continues saved states, and runs only what is left', () => {
    const state = Uint8Array.from({ length: 300 }, (_, i) => (i * 7) & 0xff);
    const record = { ...first.jobs[1], verdict: 'PASS' } as unknown as CheckpointFile['jobs'][string]['record'];
    const resumed = saved({
      'SHA-1 ts 1000': {
        algorithm: 'SHA-1',
        provider: 'ts',
        bytes: 640,
        seconds: 2,
        state: encodeState(state),
        record: null,
      },
      'SHA-1 js-sha1 1000': { algorithm: 'SHA-1', provider: 'js-sha1', bytes: 1000, seconds: 1, state: null, record },
    });
    const p = plan({}, resumed);
    const tsJob = p.jobs.find((j) => j.provider === 'ts');
    expect(tsJob?.resume).toEqual({ bytes: 640, seconds: 2, state });
    expect(p.jobs.find((j) => j.provider === 'js-sha1')?.record).toEqual(record);
    expect(p.order).toEqual(['SHA-1 ref#reference 1000', 'SHA-1 ts 1000']);
    expect(p.checkpoint.jobs['SHA-1 ts 1000'].bytes).toBe(640);
  });

  it('a damaged state is a UsageError naming the job; a damaged file is refused', () => {
    const bad = saved({
      'SHA-1 ts 1000': { algorithm: 'SHA-1', provider: 'ts', bytes: 64, seconds: 0, state: '%%%', record: null },
    });
    expect(() => plan({}, bad)).toThrow(/checkpoint cp.json: job "SHA-1 ts 1000" has a damaged state/);
    expect(() => parseCheckpoint('{"schema":"digestlab-overflow-checkpoint/1"}', 'f')).toThrow(/f is damaged/);
    expect(() => parseCheckpoint('{', 'f')).toThrow(/checkpoint f is not JSON/);
  });

  it('state encoding round-trips every byte value', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    expect(decodeState(encodeState(all))).toEqual(all);
    expect(encodeState(Uint8Array.of(0xfb, 0xff))).toBe('+/8=');
  });
});

/** Runs a plan in-process, recording the events and every checkpoint saved. */
function start(p: OverflowPlan, options: { concurrency?: number; every?: number; on?(e: OverflowEvent): void } = {}) {
  const events: OverflowEvent[] = [];
  const saves: CheckpointFile[] = [];
  const session = runOverflow(p, {
    runner: inProcessRunner(rows),
    concurrency: options.concurrency ?? 2,
    checkpoint: { store: { save: (cp) => saves.push(structuredClone(cp)) }, every: options.every ?? 2 ** 20 },
    progressEveryMs: 0,
    onEvent: (e) => {
      events.push(e);
      options.on?.(e);
    },
  });
  return { session, events, saves };
}

describe('overflow session (in-process runner)', () => {
  it('settles each verdict once, after its reference, and keeps the checkpoint', async () => {
    const p = plan({ size: '70000', chunk: '4KiB', algorithms: 'SHA-1,MD2', providers: 'js-sha1,ts' });
    const { session, events, saves } = start(p, { concurrency: 2 });
    const result = await session.done;
    const verdicts = events.flatMap((e) => (e.type === 'verdict' ? [e.record] : []));
    // every record exactly once
    expect(verdicts.map((r) => `${r.algorithm} ${r.provider}`).sort()).toEqual(
      result.records.map((r) => `${r.algorithm} ${r.provider}`).sort(),
    );
    // no selected job's verdict is shown before its reference job ended
    for (const r of verdicts.filter((x) => x.kind !== 'reference' && x.hex)) {
      const shown = events.findIndex((e) => e.type === 'verdict' && e.record === r);
      const refEnded = events.findIndex(
        (e) => e.type === 'job-ended' && e.key === `${r.algorithm} ref#reference 70000`,
      );
      expect(refEnded).toBeGreaterThanOrEqual(0);
      expect(shown).toBeGreaterThan(refEnded);
    }
    const by = (a: string, p: string) => result.records.find((r) => r.algorithm === a && r.provider === p);
    expect(by('SHA-1', 'ts')).toMatchObject({ verdict: 'PASS', hex: sha1(70000), expectedSource: 'ref in this run' });
    expect(by('SHA-1', 'js-sha1')).toMatchObject({ verdict: 'PASS', agreesWith: ['ref', 'ts'] });
    expect(by('MD2', 'js-sha1')).toMatchObject({ verdict: 'SKIPPED', reason: 'js-sha1 has no MD2' });
    expect(by('SHA-1', 'ref')).toMatchObject({ verdict: 'UNCHECKED', kind: 'reference' });
    expect(result.interrupted).toBe(false);
    expect(overflowStatus(result, false)).toBe(0);
    expect(result.sources).toEqual({ 'SHA-1': 'ref in this run', MD2: 'ref in this run' });
    // the last checkpoint saved holds every finished record
    const last = saves.at(-1) as CheckpointFile;
    expect(Object.values(last.jobs).every((j) => j.record !== null)).toBe(true);
  });

  it('starts at most n jobs at a time', async () => {
    const p = plan({ size: '20000', algorithms: 'SHA-1,MD5,SHA-256', providers: 'ts,wasm,js-sha1' }, undefined, {});
    let running = 0;
    let most = 0;
    const { session } = start(p, {
      concurrency: 2,
      on: (e) => {
        if (e.type === 'job-started') most = Math.max(most, ++running);
        if (e.type === 'job-ended') running--;
      },
    });
    const result = await session.done;
    expect(most).toBe(2);
    expect(result.records).toHaveLength(9);
  });

  const long = () => plan({ size: '2MiB', chunk: '16KiB', algorithms: 'SHA-256', providers: 'ts,wasm' }, undefined, {});

  it('stop: the running job stops with its state; jobs never started are INTERRUPTED; exit 130; resume finishes it', async () => {
    const p = long();
    let stopped = false;
    const { session, saves } = start(p, {
      concurrency: 1,
      every: 64 * 1024,
      on: (e) => {
        if (e.type === 'job-checkpoint' && e.bytes >= 128 * 1024 && !stopped) {
          stopped = true;
          session.stop();
        }
      },
    });
    const result = await session.done;
    const [first, second] = p.order.map((k) => result.records.find((r) => `SHA-256 ${r.provider} 2097152` === k));
    expect(first).toMatchObject({ verdict: 'INTERRUPTED', resumable: true, reason: null });
    expect(first?.bytes).toBeGreaterThanOrEqual(128 * 1024);
    expect(first?.bytes).toBeLessThan(2 ** 21);
    expect(second).toMatchObject({ verdict: 'INTERRUPTED', bytes: 0, reason: 'not started' });
    expect(result.interrupted).toBe(true);
    expect(overflowStatus(result, false)).toBe(EXIT_INTERRUPTED);
    // the stop saved the state where the job stopped, and the run resumes from it to the right digest
    const cp = saves.at(-1) as CheckpointFile;
    expect(cp.jobs[p.order[0]]).toMatchObject({ bytes: first?.bytes, record: null });
    expect(cp.jobs[p.order[0]].state).not.toBeNull();
    const again = plan({}, { source: 'cp', checkpoint: cp }, {});
    expect(again.jobs.find((j) => j.key === p.order[0])?.resume?.bytes).toBe(first?.bytes);
    const done = await start(again).session.done;
    const want = createHash('sha256')
      .update(new Uint8Array(2 ** 21))
      .digest('hex');
    expect(done.records.map((r) => [r.hex, r.verdict])).toEqual([
      [want, 'UNCHECKED'],
      [want, 'UNCHECKED'],
    ]);
    expect(done.records.find((r) => r.provider === first?.provider)?.resumed).toBe(true);
  });

  it('terminate: a job ended at once stands at its last checkpoint, INTERRUPTED, not an ERROR', async () => {
    const p = long();
    let at = -1;
    const { session, saves } = start(p, {
      concurrency: 1,
      every: 64 * 1024,
      on: (e) => {
        if (e.type === 'job-checkpoint' && at < 0) {
          at = e.bytes;
          session.stop();
          session.terminate();
        }
      },
    });
    const result = await session.done;
    const first = result.records.find((r) => `SHA-256 ${r.provider} 2097152` === p.order[0]);
    expect(first).toMatchObject({ verdict: 'INTERRUPTED', bytes: at });
    expect(saves.at(-1)?.jobs[p.order[0]]).toMatchObject({ bytes: at });
    expect(result.interrupted).toBe(true);
  });
});

describe('schedule', () => {
  it('results in task order, an unknown row is an error, and a stop starts nothing more', async () => {
    const job = (provider: string, size: number) => ({
      job: { spec: { algorithm: 'SHA-1' as const, provider, size, chunk: 4096, pattern: 'zeros' as const } },
    });
    const all = await schedule([job('ts', 5000), job('nope', 1), job('js-sha1', 6000)], inProcessRunner(rows), 2).done;
    expect(all.map((r) => r?.outcome.status)).toEqual(['done', 'error', 'done']);
    expect(all[2]?.outcome).toMatchObject({ hex: sha1(6000) });
    expect(all[1]?.outcome).toMatchObject({ message: 'no provider "nope"' });

    const messages: JobMessage[] = [];
    const s = schedule(
      [{ ...job('ts', 2 ** 20), onMessage: (m: JobMessage) => messages.push(m) }, job('ts', 10)],
      inProcessRunner(rows),
      1,
      () => {},
    );
    s.stop();
    const stopped = await s.done;
    expect(stopped[0]?.outcome.status).toBe('stopped');
    expect(stopped[1]).toBeUndefined();
  });
});

describe('a stop sent as a message (a browser Worker without shared memory)', () => {
  const job = {
    spec: {
      algorithm: 'SHA-1' as const,
      provider: 'ts',
      size: 64 * 2 ** 20,
      chunk: 2 ** 16,
      pattern: 'zeros' as const,
    },
  };
  /** Starts the job and asks it to stop from a timer: a macrotask, as a message from the page would be. */
  async function stopByTimer(options: Parameters<typeof inProcessRunner>[1]) {
    const handle = inProcessRunner(rows, options).start(job, () => {});
    setTimeout(() => handle.stop(), 0);
    return (await handle.result).outcome;
  }

  it('without breathe the loop never yields, so the stop arrives only after the job is done', async () => {
    expect((await stopByTimer({})).status).toBe('done');
  });

  it('with breathe the loop yields, the stop arrives, and the job stops mid-stream', async () => {
    let turns = 0;
    const yieldTurn = () => new Promise<void>((resolve) => setTimeout(() => resolve(void turns++), 0));
    const outcome = await stopByTimer({ breathe: { everyMs: 0, yield: yieldTurn } });
    expect(outcome.status).toBe('stopped');
    expect(turns).toBeGreaterThan(0);
    expect(outcome).toMatchObject({ bytes: expect.any(Number) });
    expect((outcome as { bytes: number }).bytes).toBeLessThan(job.spec.size);
  });
});

describe('the overflow document', () => {
  const fixture = readFileSync(join(import.meta.dirname, 'fixtures', 'overflow-run.json'), 'utf8');

  it('accepts a document the CLI printed', () => {
    const d = parseOverflowReport(fixture, 'overflow-run.json');
    expect(d.run.sizes).toEqual([1000, 4097]);
    expect(d.results).toHaveLength(14);
    expect(d.summary).toMatchObject({ PASS: 4, SKIPPED: 6, exitCode: 0 });
  });

  it('builds what it validates, from a session', async () => {
    const p = plan({ size: '3000', providers: 'ts' });
    const result = await start(p).session.done;
    const env = { runtime: 'test', runtimeVersion: '1', cpu: 'c', cores: 1, os: 'o', date: 'd' };
    const doc = overflowDocument(p.run, result, {
      jobs: 1,
      strict: false,
      checkpoint: null,
      resumedFrom: null,
      env,
      seconds: 1.23456,
      peakRssBytes: null,
    });
    expect(doc.summary).toMatchObject({ PASS: 1, exitCode: 0, seconds: 1.235, interrupted: false });
    expect(parseOverflowReport(JSON.stringify(doc))).toEqual(doc);
  });

  // biome-ignore lint/suspicious/noExplicitAny: each case breaks the document somewhere else
  const edit = (f: (d: Record<string, any>) => void) => {
    const d = JSON.parse(fixture);
    f(d);
    return JSON.stringify(d);
  };
  it.each([
    ['not JSON', '{"schema"', /^x: not JSON/],
    ['a bench report', '{"schema":"digestlab-bench/1"}', /x: not a digestlab overflow report \(schema must be/],
    ['no run', edit((d) => delete d.run), /x: run must be an object/],
    ['a size that is not a count', edit((d) => (d.run.sizes = [1.5])), /x: run.sizes must be a list of byte counts/],
    ['an unknown pattern', edit((d) => (d.run.pattern = 'random')), /x: run.pattern must be one of zeros, ramp, index/],
    ['no env', edit((d) => delete d.env), /x: env must be an object/],
    ['results not a list', edit((d) => (d.results = {})), /x: "results" must be a list/],
    ['an unknown verdict', edit((d) => (d.results[2].verdict = 'OK')), /x: results\[2\].verdict must be one of PASS/],
    ['uppercase hex', edit((d) => (d.results[0].hex = 'ABC')), /x: results\[0\].hex must be lowercase hex or null/],
    [
      'a missing field',
      edit((d) => delete d.results[1].resumable),
      /results\[1\].resumable must be true or false \(got nothing\)/,
    ],
    ['no summary', edit((d) => delete d.summary), /x: summary must be an object/],
    ['a tally the results contradict', edit((d) => d.summary.PASS++), /x: summary.PASS is 5, but the results hold 4/],
  ])('refuses %s with a ReportError saying where', (_, text, message) => {
    expect(() => parseOverflowReport(text, 'x')).toThrow(ReportError);
    expect(() => parseOverflowReport(text, 'x')).toThrow(message);
  });
});
