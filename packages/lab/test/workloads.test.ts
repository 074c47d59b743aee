/** The workload registry and descriptors, the check's expectations and its reference-mismatch error. */
import { digest } from 'digestlab';
import { describe, expect, it } from 'vitest';
import { liveCells } from '../src/bench/cells.js';
import { checkCells } from '../src/bench/check.js';
import { Expectations, ReferenceMismatchError } from '../src/bench/expected.js';
import type { Reference } from '../src/bench/host.js';
import { planBench } from '../src/bench/plan.js';
import { COLD } from '../src/bench/workloads/cold.js';
import { DEFAULT_WORKLOADS, isWorkload, WORKLOADS, workloadSpec } from '../src/bench/workloads/index.js';
import { hexVerdict } from '../src/bench/workloads/workload.js';
import { UsageError } from '../src/engine.js';
import type { Workload } from '../src/report.js';
import { bytesHex, outputHex, type Row } from '../src/rows.js';
import { SEED_INPUT, SEED_JAVA_HEX } from '../src/seed.js';
import { fakeRow } from './fake-row.js';

const tsReference: Reference = { name: 'ts', digest: (a, d) => digest(a, d, { provider: 'ts' }) };

async function check(workloads: Workload[], rows: Row[], reference: Reference = tsReference) {
  const options = { algorithms: ['MD5'], providers: rows.map((r) => r.id), workloads, sizes: [64] };
  const plan = planBench({ ...options, manyCount: 3, manySize: 8 }, { rows });
  const cells = liveCells(plan.cells, rows);
  const messages = await checkCells(
    cells,
    reference,
    plan,
    () => {},
    () => {},
  );
  return { cells, messages };
}

describe('the workload registry', () => {
  it('holds one descriptor per workload name, in the report order, each found by its name', () => {
    expect(WORKLOADS.map((w) => w.name)).toEqual(['seed', 'sizes', 'stream', 'many', 'hmac']);
    for (const w of WORKLOADS) expect(workloadSpec(w.name)).toBe(w);
    expect(workloadSpec('cold')).toBeUndefined();
    expect(workloadSpec('toString')).toBeUndefined();
    expect(isWorkload('many')).toBe(true);
    expect(isWorkload('cold')).toBe(false);
    expect(DEFAULT_WORKLOADS).toEqual(['seed', 'sizes']);
  });

  it('plans each workload with its own units and sizes, --exact only where it applies', () => {
    const { row } = fakeRow('f', { hmac: true });
    const plan = planBench(
      { algorithms: ['MD5'], providers: ['f'], workloads: [...WORKLOADS.map((w) => w.name)], sizes: [16, 64] },
      { rows: [row] },
    );
    const of = (w: Workload) => plan.cells.filter((c) => c.workload === w).map((c) => `${c.size} ${c.unit}`);
    expect(of('seed')).toEqual(['93 ops/s']);
    expect(of('sizes')).toEqual(['16 MiB/s', '64 MiB/s']);
    expect(of('stream')).toEqual([`${1 << 20} MiB/s`]);
    expect(of('many')).toEqual(['64 msg/s']);
    expect(of('hmac')).toEqual(['93 ops/s']);
    const exact = planBench(
      { algorithms: ['MD5'], providers: ['f'], workloads: ['seed', 'hmac'], exact: true },
      { rows: [row] },
    );
    expect(exact.cells.map((c) => c.unit)).toEqual(['s', 'ops/s']);
  });

  it('refuses a workload name no descriptor has', () => {
    expect(() => planBench({ workloads: ['cold' as Workload] })).toThrow(UsageError);
  });
});

describe('checks through the descriptors', () => {
  it('marks a corrupt row wrong in every workload it takes, and a row without the call unavailable', async () => {
    const good = fakeRow('good', { hmac: true }).row;
    const bad = fakeRow('bad', { corrupt: true }).row;
    const { cells, messages } = await check(['seed', 'sizes', 'stream', 'many', 'hmac'], [good, bad]);
    const status = (w: Workload, id: string) => cells.find((c) => c.workload === w && c.row.id === id)?.status;
    for (const w of ['seed', 'sizes', 'many'] as const) {
      expect(status(w, 'good')).toBe('ok');
      expect(status(w, 'bad')).toBe('wrong');
    }
    expect(status('stream', 'good')).toBe('unavailable'); // fake rows cannot stream
    expect(status('hmac', 'good')).toBe('ok');
    expect(status('hmac', 'bad')).toBe('unavailable'); // no HMAC algorithms: planned unavailable
    expect(messages.some((m) => /^WRONG seed MD5 bad: got [0-9a-f]{32}…, expected [0-9a-f]{32}…$/.test(m))).toBe(true);
    expect(messages.some((m) => /^WRONG sizes MD5 bad 64 B: got [0-9a-f]{32}…, expected [0-9a-f]{32}…$/.test(m))).toBe(
      true,
    );
    expect(messages.some((m) => /^WRONG many MD5 bad 8 B: 3 of 3 digests differ/.test(m))).toBe(true);
  });

  it('stops the run with a ReferenceMismatchError when the reference disagrees with Java on the seed', async () => {
    const liar: Reference = { name: 'liar', digest: () => new Uint8Array(16) };
    const run = check(['seed'], [fakeRow('good').row], liar);
    await expect(run).rejects.toBeInstanceOf(ReferenceMismatchError);
    await expect(run).rejects.toThrow(`reference liar gives ${'0'.repeat(32)} for MD5 of the seed; Java gives`);
  });

  it("marks a row wrong, and goes on, when it throws an error whose message merely starts with 'reference '", async () => {
    const thrower: Row = {
      ...fakeRow('thrower').row,
      prepare: async () => ({
        async: false,
        hex: () => {
          throw new Error('reference tables are missing');
        },
      }),
    };
    const { cells, messages } = await check(['seed'], [thrower, fakeRow('good').row]);
    expect(cells.map((c) => c.status)).toEqual(['wrong', 'ok']);
    expect(messages).toEqual(['WRONG seed MD5 thrower: threw reference tables are missing']);
  });
});

describe('Expectations', () => {
  it('makes each input and expected digest once per run, and notes the algorithms the reference lacks', async () => {
    let asked = 0;
    const noMd2: Reference = {
      name: 'no-md2',
      digest: (a, d) => {
        asked++;
        return a === 'MD2' ? undefined : digest(a, d, { provider: 'ts' });
      },
    };
    const x = new Expectations(noMd2, { manyCount: 1, manySize: 1 });
    expect(x.input(5)).toBe(x.input(5));
    expect(x.input(5)).not.toEqual(x.input(6).subarray(0, 5));
    const a = await x.digestHex('MD5', 'k', x.input(5));
    expect(await x.digestHex('MD5', 'k', x.input(5))).toBe(a);
    expect(asked).toBe(1);
    expect(a).toBe(bytesHex(digest('MD5', x.input(5), { provider: 'ts' })));
    await x.digestHex('MD2', 'k', x.input(5));
    expect(x.notes()).toEqual([
      expect.stringMatching(/^MD2: no-md2 lacks it; checked against digestlab's ts provider/),
    ]);
  });
});

describe('hexVerdict and the hex encoder', () => {
  it('compares any output as lowercase hex and says what differs', () => {
    expect(bytesHex([0, 15, 16, 255])).toBe('000f10ff');
    expect(outputHex(new Uint8Array([171, 205]).buffer)).toBe('abcd');
    expect(outputHex('ABCD')).toBe('abcd');
    expect(hexVerdict(new Uint8Array([171, 205]), 'abcd')).toBe('ok');
    expect(hexVerdict('abce', 'abcd')).toEqual({ wrong: 'got abce…, expected abcd…' });
  });
});

describe('the cold descriptor', () => {
  it("checks a row in the host's realm against Java's seed digest: ok, wrong, skipped, or none without a first call", async () => {
    const ok = await COLD.check(fakeRow('good').row, 'MD5', undefined);
    expect(ok).toMatchObject({ status: 'ok', expected: SEED_JAVA_HEX.MD5 });
    const wrong = await COLD.check(fakeRow('bad', { corrupt: true }).row, 'MD5', undefined);
    expect(wrong).toMatchObject({ status: 'wrong', message: expect.stringMatching(/^WRONG cold MD5 bad: got /) });
    expect(await COLD.check(fakeRow('away', { unavailable: 'not here' }).row, 'MD5', undefined)).toEqual({
      status: 'skipped',
    });
    const batchOnly: Row = { ...fakeRow('batch').row, prepare: async () => ({ async: false }) };
    expect(await COLD.check(batchOnly, 'MD5', undefined)).toEqual({ status: 'none' });
    const broken: Row = { ...fakeRow('broken').row, prepare: () => Promise.reject(new Error('no module')) };
    expect(await COLD.check(broken, 'MD5', undefined)).toEqual({
      status: 'skipped',
      message: 'cold MD5 broken: could not load (no module)',
    });
    expect(COLD.input).toBe(SEED_INPUT);
  });

  it('pairs each algorithm with the rows that have it, algorithm first', () => {
    const a = fakeRow('a', { algorithms: ['MD5'] }).row;
    const b = fakeRow('b', { algorithms: ['MD5', 'SHA-1'] }).row;
    expect(COLD.pairs(['MD5', 'SHA-1'], [a, b]).map((p) => `${p.algorithm} ${p.row.id}`)).toEqual([
      'MD5 a',
      'MD5 b',
      'SHA-1 b',
    ]);
  });
});
