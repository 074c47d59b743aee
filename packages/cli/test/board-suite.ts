/**
 * The one test suite of a run store, run against the embedded store (board-store.test.ts, `npm test`) and against a
 * PostgreSQL server (board-store.postgres.test.ts, `npm run test:board`). `open` gives an empty store.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runId } from '@digestlab/lab';
import { afterEach, describe, expect, it } from 'vitest';
import { RunRejected, type RunStore } from '../src/board/store.js';

const FIXTURES = join(import.meta.dirname, '..', '..', 'lab', 'test', 'fixtures');

export function fixture(name: string): Record<string, unknown> & { env: Record<string, unknown> } {
  return JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), 'utf8'));
}

/** A bench run like run-a's, but its own: another date (and so id), cpu or runtime version as given. */
export function variant(n: number, env: Record<string, unknown> = {}, base = 'run-a'): string {
  const r = fixture(base);
  r.env = { ...r.env, date: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(), ...env };
  return JSON.stringify(r);
}

export function storeSuite(name: string, open: () => Promise<RunStore>): void {
  describe(`run store: ${name}`, () => {
    let store: RunStore | undefined;
    const fresh = async () => {
      store = await open();
      return store;
    };
    afterEach(async () => {
      await store?.close();
      store = undefined;
    });

    it('stores a run once: the same run again, however formatted, is found by its id and not doubled', async () => {
      const s = await fresh();
      const text = variant(1);
      const first = await s.add(text);
      expect(first).toEqual({ id: runId(JSON.parse(text)), added: true });
      expect(await s.add(JSON.stringify(JSON.parse(text), null, 2))).toEqual({ id: first.id, added: false });
      expect(await s.count()).toBe(1);
      expect(await s.body(first.id)).toBe(text);
      expect(await s.body('0'.repeat(24))).toBeNull();
    });

    it('refuses what is not a run, and stores nothing of it', async () => {
      const s = await fresh();
      for (const bad of ['', 'null', '{}', '{"schema":"digestlab-bench/1"}', variant(1).replace('"results"', '"r"')]) {
        await expect(s.add(bad)).rejects.toBeInstanceOf(RunRejected);
      }
      expect(await s.count()).toBe(0);
      expect((await s.chart({ algorithm: 'MD5', workload: 'seed', size: 93 })).length).toBe(0);
    });

    it('lists runs newest first with their facts, filtered by any of them, with the total', async () => {
      const s = await fresh();
      await s.add(variant(1));
      await s.add(variant(2, { cpu: 'other' }));
      await s.add(JSON.stringify(fixture('run-c')));
      await s.add(JSON.stringify(fixture('overflow-run')));
      const all = await s.list({}, 10);
      expect(all.total).toBe(4);
      expect(all.runs.map((r) => r.cpu)).toEqual(['AMD EPYC', 'unknown', 'other', 'PC']);
      expect(all.runs[3]).toMatchObject({
        schema: 'digestlab-bench/1',
        device: 'Linux node',
        runtime: 'node',
        engine: 'node',
        version: '0.1.0',
        date: '2026-01-01T00:01:00.000Z',
      });
      expect(all.runs[1]?.device).toBe('Android Chrome');
      const linux = await s.list({ device: 'Linux node', schema: 'digestlab-bench/1' }, 10);
      expect(linux.runs.map((r) => r.cpu)).toEqual(['other', 'PC']);
      expect(linux.total).toBe(2);
      expect((await s.list({ cpu: 'PC' }, 10)).runs.map((r) => r.date)).toEqual(['2026-01-01T00:01:00.000Z']);
      expect((await s.list({}, 1, 1)).runs.map((r) => r.cpu)).toEqual(['unknown']);
      // a filter value is a value, never SQL
      expect((await s.list({ device: "x' OR '1'='1" }, 10)).total).toBe(0);
    });

    it('charts one cell across devices: runs, best and mean per device and row', async () => {
      const s = await fresh();
      const a = fixture('run-a');
      const slower = structuredClone(a);
      (slower as unknown as { results: { median: number | null }[] }).results.forEach((x) => {
        if (x.median !== null) x.median /= 4;
      });
      slower.env.date = '2026-12-01T00:00:00.000Z';
      await s.add(JSON.stringify(a));
      await s.add(JSON.stringify(slower));
      await s.add(JSON.stringify(fixture('run-c')));
      const rows = await s.chart({ algorithm: 'MD5', workload: 'seed', size: 93 });
      const ts = rows.find((r) => r.device === 'Linux node' && r.provider === 'ts');
      expect(ts).toEqual({ device: 'Linux node', provider: 'ts', unit: 'ops/s', runs: 2, best: 1e6, mean: 625_000 });
      expect(rows.some((r) => r.device === 'Android Chrome')).toBe(true);
      expect(rows.map((r) => r.best)).toEqual([...rows.map((r) => r.best)].sort((x, y) => y - x));
      expect(await s.chart({ algorithm: 'MD5', workload: 'seed', size: 94 })).toEqual([]);
    });

    it("gives a device's history of one cell in date order, with each run's version", async () => {
      const s = await fresh();
      const newer = fixture('run-a');
      newer.env.date = '2026-12-24T00:00:00.000Z';
      (newer.env.providers as { version: string }[])[0].version = '0.2.0';
      await s.add(JSON.stringify(newer));
      await s.add(JSON.stringify(fixture('run-a')));
      const h = await s.history('Linux node', { algorithm: 'MD5', workload: 'seed', size: 93 });
      expect(h.map((x) => [x.version, x.date.slice(0, 10), x.provider])).toEqual([
        ['0.1.0', '2026-11-30', 'node:crypto'],
        ['0.1.0', '2026-11-30', 'ts'],
        ['0.2.0', '2026-12-24', 'node:crypto'],
        ['0.2.0', '2026-12-24', 'ts'],
      ]);
      expect(h[1]).toMatchObject({ unit: 'ops/s', median: 1e6, id: runId(fixture('run-a')) });
    });

    it('hands every run back in the order received, in batches', async () => {
      const s = await fresh();
      const texts = [1, 2, 3, 4, 5].map((n) => variant(n));
      for (const t of texts) await s.add(t);
      const seen: string[][] = [];
      await s.each(2, async (batch) => {
        seen.push(batch);
      });
      expect(seen.map((b) => b.length)).toEqual([2, 2, 1]);
      expect(seen.flat()).toEqual(texts);
    });

    it('takes concurrent writers: 40 runs, some twice, each stored once', async () => {
      const s = await fresh();
      const texts = Array.from({ length: 40 }, (_, n) => variant(n));
      const results = await Promise.all([...texts, ...texts.slice(0, 10)].map((t) => s.add(t)));
      expect(results.filter((r) => r.added).length).toBe(40);
      expect(await s.count()).toBe(40);
      const chart = await s.chart({ algorithm: 'MD5', workload: 'seed', size: 93 });
      expect(chart.find((r) => r.provider === 'ts')?.runs).toBe(40);
    });
  });
}
