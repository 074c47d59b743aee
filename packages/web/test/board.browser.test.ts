/**
 * The board page (board.html) in every engine (DIGESTLAB_ENGINES), served by the real `digestlab web` with runs
 * posted to it as a phone would: the list and its filters, a run whose facts are HTML and a spreadsheet formula
 * shown as text, the one-algorithm chart, a device's history, runs side by side by ids in the URL, the CSV and JSON
 * export, and no serious axe violation.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runId } from '@digestlab/lab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { digestlabWebForFile } from './digestlab-web.js';
import { type Engine, enginesToTest, type Tab } from './engines/engine.js';
import { launch } from './engines/launch.js';
import { clickDownload, text, texts, waitForState } from './engines/tab.js';

const FIXTURES = join(import.meta.dirname, '..', '..', 'lab', 'test', 'fixtures');
const fixture = (name: string) => JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), 'utf8'));
const HOSTILE_CPU = '<img src=x onerror="window.pwned=1">';

const web = digestlabWebForFile();
const ids: Record<string, string> = {};

beforeAll(async () => {
  const hostile = fixture('run-a');
  hostile.env.cpu = HOSTILE_CPU;
  hostile.env.os = '=HYPERLINK("x") os';
  hostile.env.date = '2026-12-01T00:00:00.000Z';
  const runs = { a: fixture('run-a'), b: fixture('run-b'), c: fixture('run-c'), hostile };
  for (const [name, run] of Object.entries(runs)) {
    const r = await fetch(`${web.url}api/results?token=${web.token}`, { method: 'POST', body: JSON.stringify(run) });
    expect(r.status, name).toBe(201);
    ids[name] = runId(run);
  }
});

for (const name of enginesToTest()) {
  describe(`the board in ${name}`, () => {
    let engine: Engine;
    let tab: Tab | undefined;
    const open = async (query: string) => {
      await tab?.close();
      tab = await engine.newTab();
      await tab.goto(`${web.url}board.html${query}`);
      await waitForState(tab, 'ready');
      return tab;
    };
    beforeAll(async () => {
      engine = await launch(name);
    });
    afterAll(async () => {
      await tab?.close();
      await engine?.close();
    });

    it('lists every run with its facts, a hostile one as text, and passes axe', async () => {
      const t = await open('?algorithm=MD5');
      expect(await text(t, '#runs-count')).toBe('4 of 4 runs, newest first');
      const cpus = await texts(t, '#runs-table tbody td:nth-child(3)');
      expect(cpus).toEqual([HOSTILE_CPU, 'unknown', 'phone', 'PC']);
      expect(await t.evaluate(() => document.querySelectorAll('img').length)).toBe(0);
      // the chart's bars are drawn (the page's policy refuses style attributes: their widths go through the CSSOM)
      const widths = await t.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('#chart-table .bar')].map((b) => b.getBoundingClientRect().width),
      );
      expect(widths.length).toBeGreaterThan(0);
      expect(Math.max(...widths)).toBe(100);
      expect(await t.evaluate(() => (window as { pwned?: number }).pwned ?? 0)).toBe(0);
      expect(await axeViolations(t)).toEqual([]);
      const csv = await clickDownload(t, '#runs-view button[data-format="csv"]');
      expect(csv.name).toBe('runs.csv');
      expect(csv.text.split('\r\n')[0]).toBe('select,device,CPU,OS,runtime,engine,digestlab,date,run');
      expect(csv.text).toContain(`"'=HYPERLINK(""x"") os"`);
      const json = JSON.parse((await clickDownload(t, '#runs-view button[data-format="json"]')).text);
      expect(json.map((r: { id: string }) => r.id)).toEqual([ids.hostile, ids.c, ids.b, ids.a]);
    });

    it('filters by the URL, charts one algorithm across devices, and shows a device’s history', async () => {
      const t = await open('?cpu=PC&algorithm=MD5&history=Linux%20node');
      expect(await text(t, '#runs-count')).toBe('1 of 1 runs, newest first');
      const chart = await texts(t, '#chart-table tbody tr');
      expect(chart.length).toBeGreaterThanOrEqual(3);
      expect(chart[0]).toMatch(/^Android Chrome/);
      // the seed's PC and phone as reference rows (MD5: 100,000 in 0.286 s; 1,000 in 0.188 s)
      expect(chart.filter((r) => r.includes('reference'))).toEqual([
        expect.stringMatching(/^seed PC \(Java, i7 notebook\)referencethe seed.*349,700 ops\/s/),
        expect.stringMatching(/^seed phone \(Android, MSM8974\)referencethe seed.*5,319 ops\/s/),
      ]);
      expect(await texts(t, '#chart-table tbody td:nth-child(1)')).toContain('Linux node');
      const history = await texts(t, '#history-table tbody td:nth-child(5)');
      expect(new Set(history)).toEqual(new Set([ids.a, ids.b].map((id) => id?.slice(0, 8))));
      expect(await axeViolations(t)).toEqual([]);
    });

    it('puts runs side by side from their ids in the URL', async () => {
      const t = await open(`?compare=${ids.a},${ids.c}`);
      expect(await t.evaluate(() => document.querySelector('#compare-view')?.hasAttribute('hidden'))).toBe(false);
      const heads = await texts(t, '#comparison thead th');
      expect(heads.join(' ')).toContain(ids.c?.slice(0, 8));
      expect((await texts(t, '#comparison tbody tr')).length).toBeGreaterThan(0);
      expect(await axeViolations(t)).toEqual([]);
    });
  });
}
