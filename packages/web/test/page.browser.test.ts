/**
 * The page in Chromium, served by the real `digestlab web` (its collector, its results folder): a run from its URL
 * (table, digests against Node's, no long task, no console error, no request elsewhere, 360 px without sideways
 * scrolling, the JSON download, the run saved and accepted by `digestlab compare`), an overflow run (verdicts
 * against the stored vectors, the document on disk, Stop), the compare view, and bad URL parameters (the CLI's
 * message, nothing run). A plain static host under a subpath has its own tiny server (serve.ts). Screenshots go to
 * test-results/ (git-ignored).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BenchReport, parseReport, SEED_INPUT } from '@digestlab/lab';
import { parseOverflowReport, parseZeroVectors } from '@digestlab/lab/overflow';
import { algorithms } from 'digestlab';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/test/run.js';
import { DIST, launch, SHOTS } from './chromium.js';
import { DIGESTLAB, type DigestlabWeb, startDigestlabWeb } from './digestlab-web.js';
import { serveDist } from './serve.js';

const ALGORITHMS = ['MD5', 'SHA-256'];
const PROVIDERS = ['ts', 'wasm', 'auto'];
/** node:crypto's names, from digestlab (its own suite pins each). */
const NODE_NAMES = Object.fromEntries(algorithms().map((a) => [a.name, a.nodeName]));

let browser: Browser;
let web: DigestlabWeb;
/** The runs saved before the current test's, so a test finds its own. */
let seen: string[] = [];
const newRuns = () => web.saved().filter((f) => !seen.includes(f));

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await launch();
  web = await startDigestlabWeb();
});

afterAll(async () => {
  await browser?.close();
  // Ctrl-C closes it cleanly: exit 0
  expect(await web?.stop()).toBe(0);
});

/** A page that records console errors, long tasks and every request's origin. */
async function watchedPage(context: BrowserContext): Promise<{ page: Page; errors: string[]; foreign: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  const foreign: string[] = [];
  const origin = new URL(web.url).origin;
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => {
    const u = r.url();
    if (!u.startsWith(`${origin}/`) && !u.startsWith('data:') && !u.startsWith('blob:')) foreign.push(u);
  });
  await page.addInitScript(() => {
    const w = window as unknown as { longTasks: number[] };
    w.longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.longTasks.push(e.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  return { page, errors, foreign };
}

describe('a run from its URL', () => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let foreign: string[];

  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    ({ page, errors, foreign } = await watchedPage(context));
    const run = `?workload=seed&algorithms=${ALGORITHMS.join(',')}&providers=${PROVIDERS.join(',')}&samples=5&run=1`;
    await page.goto(`${web.url}${run}&token=${web.token}`);
    // during the run: cells marked as they are timed, and an estimate of the time left
    await page.waitForSelector('.cells td.timing');
    await page.waitForFunction(() => /left/.test(document.getElementById('status')?.textContent ?? ''));
    await page.waitForSelector('body[data-state="done"]', { timeout: 4 * 60_000 });
  }, 5 * 60_000);

  afterAll(async () => {
    await context?.close();
  });

  it('shows each chosen algorithm and provider in the seed table, every cell timed', async () => {
    const table = page.locator('section.table[data-workload="seed"][data-unit="ops/s"]');
    const providers = await table.locator('th[data-provider]').evaluateAll((ths) => ths.map((t) => t.textContent));
    expect(providers).toEqual(PROVIDERS);
    for (const a of ALGORITHMS) {
      const statuses = await table
        .locator(`tr[data-algorithm="${a}"] td[data-provider]`)
        .evaluateAll((tds) => tds.map((t) => (t as HTMLElement).dataset.status));
      expect(statuses, a).toEqual(PROVIDERS.map(() => 'ok'));
    }
    // the seed's own PC and phone figures beside ours
    expect(await table.locator('th.ref').allTextContents()).toEqual([
      expect.stringContaining('seed PC'),
      expect.stringContaining('seed phone'),
    ]);
  });

  it("checked every row against digests that equal Node's createHash", async () => {
    const digests = await page
      .locator('#digests tr[data-hex]')
      .evaluateAll((trs) => trs.map((t) => ({ ...(t as HTMLElement).dataset })));
    expect(digests.map((d) => d.algorithm).sort()).toEqual([...ALGORITHMS].sort());
    const seed = Buffer.from(SEED_INPUT, 'utf8');
    for (const d of digests) {
      expect(Number(d.length)).toBe(seed.length);
      expect(d.head).toBe(seed.subarray(0, 16).toString('hex'));
      expect(d.hex, d.algorithm).toBe(
        createHash(NODE_NAMES[d.algorithm as string])
          .update(seed)
          .digest('hex'),
      );
    }
  });

  it('kept the main thread free (no long task over 200 ms), logged no error, asked no other origin', async () => {
    const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
    expect(longTasks.filter((d) => d > 200)).toEqual([]);
    expect(errors).toEqual([]);
    expect(foreign).toEqual([]);
  });

  it('sent the run to digestlab web, which saved it, shows its name, and `digestlab compare` accepts it', async () => {
    await page.waitForSelector('#saved[data-file]');
    const files = web.saved();
    expect(files).toHaveLength(1);
    expect(await page.locator('#saved').getAttribute('data-file')).toBe(files[0]);
    expect(files[0]).toMatch(/^\d{8}T\d{6}Z-[a-z0-9-]+\.json$/);
    const saved = parseReport(web.read(files[0]), files[0]);
    expect(saved.results.map((r) => r.provider).sort()).toEqual(ALGORITHMS.flatMap(() => PROVIDERS).sort());
    // `digestlab compare` takes two or more runs: this one against itself, every ratio 1
    const path = join(web.results, files[0]);
    const table = execFileSync(process.execPath, [DIGESTLAB, 'compare', path, path], { encoding: 'utf8' });
    for (const p of PROVIDERS) expect(table).toContain(p);
    expect(table).toContain(files[0]);
    seen = files;
  });

  it('downloads the run as JSON that parseReport accepts, with the chosen cells', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    const report: BenchReport = parseReport(readFileSync(await download.path(), 'utf8'), 'download');
    expect(report.env.runtime).toBe('browser');
    expect(report.env.device?.userAgent).toMatch(/Chrom/);
    const cells = report.results.map((r) => `${r.workload} ${r.algorithm} ${r.provider} ${r.status}`).sort();
    expect(cells).toEqual(ALGORITHMS.flatMap((a) => PROVIDERS.map((p) => `seed ${a} ${p} ok`)).sort());
    expect(parseReport(web.read(seen[0])).env.date).toBe(report.env.date);
  });

  it('fits a 360 px wide screen (nothing scrolls sideways); screenshots', async () => {
    await page.screenshot({ path: `${SHOTS}page-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 360, height: 780 });
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]);
    await page.screenshot({ path: `${SHOTS}page-phone.png`, fullPage: true });
  });

  it('writes the choices back into the URL, + as %2B', async () => {
    const url = new URL(page.url());
    expect(url.search).toContain('workload=seed');
    expect(url.search).toContain('algorithms=MD5,SHA-256');
    expect(url.search).toContain('providers=ts,wasm,auto');
    expect(url.search).not.toContain('run=1');
  });

  it('compares three runs in the compare view, each against the first', async () => {
    const json = web.read(seen[0]);
    await page.goto(`${web.url}#compare`);
    await page.setInputFiles('#compare-files', [
      { name: 'a.json', mimeType: 'application/json', buffer: Buffer.from(json) },
      { name: 'b.json', mimeType: 'application/json', buffer: Buffer.from(json) },
      { name: 'c.json', mimeType: 'application/json', buffer: Buffer.from(json) },
    ]);
    const rows = page.locator('#comparison tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(ALGORITHMS.length * PROVIDERS.length);
    const head = await page.locator('#comparison thead th').allTextContents();
    for (const h of ['a.json', 'b.json', 'c.json', 'B / A', 'C / A']) expect(head).toContain(h);
    await page.screenshot({ path: `${SHOTS}compare-phone.png`, fullPage: true });
  });
});

describe('an overflow run from its URL: 2^29+1 zeros through ts and wasm', () => {
  const SIZE = 2 ** 29 + 1;
  const VECTORS = parseZeroVectors(readFileSync(new URL('../../../vectors/zeros.json', import.meta.url), 'utf8'));
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    ({ page, errors } = await watchedPage(context));
    await page.goto(
      `${web.url}?workload=overflow&size=2^29%2B1&algorithms=SHA-1&providers=ts,wasm&run=1&token=${web.token}`,
    );
    // during the run: a job's progress with the time left
    await page.waitForFunction(() => /left/.test(document.getElementById('status')?.textContent ?? ''));
    await page.waitForSelector('body[data-state="done"]', { timeout: 4 * 60_000 });
    await page.waitForSelector('#saved[data-file]');
  }, 5 * 60_000);

  afterAll(async () => {
    await context?.close();
  });

  it('both rows PASS against the stored vector, computed in Chromium', async () => {
    const rows = await page.locator('#verdicts tr[data-verdict]').evaluateAll((trs) =>
      trs.map((t) => {
        const { provider, algorithm, verdict } = (t as HTMLElement).dataset;
        return { provider, algorithm, verdict, text: t.textContent };
      }),
    );
    expect(rows.map((r) => `${r.provider} ${r.algorithm} ${r.verdict}`).sort()).toEqual([
      'ts SHA-1 PASS',
      'wasm SHA-1 PASS',
    ]);
    const expected = VECTORS.digests['SHA-1']?.[String(SIZE)] as string;
    expect(expected).toMatch(/^[0-9a-f]{40}$/);
    for (const r of rows) expect(r.text).toContain(expected);
    expect(await page.locator('pre.summary').textContent()).toContain('PASS');
  });

  it('kept the main thread free (no long task over 200 ms) and logged no error', async () => {
    const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
    expect(longTasks.filter((d) => d > 200)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('the POSTed digestlab-overflow/1 document is on disk, and the download is the same run', async () => {
    const file = await page.locator('#saved').getAttribute('data-file');
    expect(newRuns()).toEqual([file]);
    const doc = parseOverflowReport(web.read(file as string), file as string);
    expect(doc.summary).toMatchObject({ PASS: 2, FAIL: 0, exitCode: 0, interrupted: false });
    expect(doc.results.map((r) => [r.provider, r.bytes, r.expectedSource])).toEqual(
      expect.arrayContaining([
        ['ts', SIZE, 'vectors/zeros.json'],
        ['wasm', SIZE, 'vectors/zeros.json'],
      ]),
    );
    expect(doc.env.runtime).toBe('browser');
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download')]);
    const downloaded = parseOverflowReport(readFileSync(await download.path(), 'utf8'), 'download');
    expect(downloaded.env.date).toBe(doc.env.date);
    await page.setViewportSize({ width: 360, height: 780 });
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]);
    await page.screenshot({ path: `${SHOTS}overflow-phone.png`, fullPage: true });
    seen = web.saved();
  });

  it('Keccak, which no stored vector has, is checked against hash-wasm createKeccak streaming in the same page', async () => {
    const p = await context.newPage();
    await p.goto(`${web.url}?workload=overflow&size=2^20%2B1&algorithms=KECCAK-256&providers=ts,wasm&run=1`);
    await p.waitForSelector('body[data-state="done"]', { timeout: 60_000 });
    const rows = await p.locator('#verdicts tr[data-verdict]').evaluateAll((trs) =>
      trs.map((t) => {
        const { provider, algorithm, verdict } = (t as HTMLElement).dataset;
        return { row: `${provider} ${algorithm} ${verdict}`, hex: t.querySelector('td.hex')?.textContent ?? '' };
      }),
    );
    // the reference job is listed too, with its digest, as the one the others were checked against
    expect(rows.map((r) => r.row).sort()).toEqual([
      'hash-wasm KECCAK-256 UNCHECKED',
      'ts KECCAK-256 PASS',
      'wasm KECCAK-256 PASS',
    ]);
    const reference = rows.find((r) => r.row.startsWith('hash-wasm'))?.hex;
    expect(reference).toMatch(/^[0-9a-f]{64}$/);
    for (const r of rows) expect(r.hex).toBe(reference);
    expect(await p.locator('pre.summary').textContent()).toMatch(
      /KECCAK-256: expected digest from hash-wasm( \S+)? createKeccak in this run/,
    );
    await p.close();
  });

  it('Stop ends a long run at once: the running job INTERRUPTED, the page still answering', async () => {
    const p = await context.newPage();
    await p.goto(`${web.url}?workload=overflow&size=257GiB&providers=ts&run=1`);
    await p.waitForSelector('#jobs tr[data-state="running"]');
    await p.waitForFunction(() => /MiB/.test(document.querySelector('#jobs td.bytes')?.textContent ?? ''));
    const asked = Date.now();
    await p.click('#stop');
    await p.waitForSelector('body[data-state="done"]', { timeout: 30_000 });
    expect(Date.now() - asked).toBeLessThan(10_000);
    expect(await p.locator('#verdicts tr[data-provider="ts"]').getAttribute('data-verdict')).toBe('INTERRUPTED');
    expect(await p.locator('#results h2').textContent()).toMatch(/stopped/);
  });
});

describe('the form before a run', () => {
  it('lists what runs here, offers every choice, and writes each change into the URL and the link', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    try {
      const { page, errors } = await watchedPage(context);
      await page.goto(web.url);
      await page.waitForSelector('body[data-state="ready"]');
      const checked = (name: string) =>
        page.locator(`input[name="${name}"]:checked`).evaluateAll((xs) => xs.map((x) => (x as HTMLInputElement).value));
      expect(await checked('workload')).toEqual(['seed', 'sizes']);
      expect(await checked('algorithm')).toEqual(['MD2', 'MD5', 'SHA-1', 'SHA-256', 'SHA-384', 'SHA-512']);
      // every row available here is chosen; node (no node:crypto) and sha.js (no Buffer) are listed, disabled, with why
      const providers = await checked('provider');
      expect(providers).toEqual(expect.arrayContaining(['ts', 'wasm', 'webcrypto', 'auto', 'digestMany', 'hash-wasm']));
      expect(providers).not.toContain('sha.js');
      expect(await page.locator('label[data-row="sha.js"] .reason').textContent()).toMatch(/Buffer/);
      expect(await page.locator('label[data-row="node"] .reason').textContent()).toMatch(/node:crypto/);
      // a change: the URL and the share link follow it; only a changed provider list is written out
      expect(new URL(page.url()).searchParams.has('providers')).toBe(false);
      await page.uncheck('input[name="provider"][value="ts"]');
      await page.check('input[name="workload"][value="many"]');
      const url = new URL(page.url());
      expect(url.searchParams.get('workload')).toBe('seed,sizes,many');
      expect(url.searchParams.get('providers')?.split(',')).not.toContain('ts');
      expect(await page.locator('#share').getAttribute('href')).toBe(page.url());
      // overflow runs on its own, with its defaults: SHA-1 through our streaming rows, 4GiB+5 in the link
      await page.check('input[name="workload"][value="overflow"]');
      expect(await checked('workload')).toEqual(['overflow']);
      expect(await checked('algorithm')).toEqual(['SHA-1']);
      expect(await checked('provider')).toEqual(['ts', 'wasm']);
      expect(new URL(page.url()).search).toContain('size=4GiB%2B5');
      await page.check('input[name="workload"][value="seed"]');
      expect(await checked('workload')).toEqual(['seed']);
      // a bad value typed in the form: the CLI's message, and the Run button does nothing
      await page.fill('input[name="sizes"]', '1x');
      await page.locator('input[name="sizes"]').dispatchEvent('change');
      expect(await page.locator('#error').textContent()).toContain(await cliMessage(['bench', '--sizes', '1x']));
      await page.click('#run');
      await page.waitForTimeout(300);
      expect(await page.locator('body').getAttribute('data-state')).toBe('ready');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

/** What `digestlab <args>` prints on stderr (the CLI, in-process), without its `digestlab: ` prefix. */
async function cliMessage(args: string[]): Promise<string> {
  const { code, stderr } = await runCli(args);
  expect(code).toBe(2);
  return stderr.replace(/^digestlab: /, '').trim();
}

describe('bad URL parameters: the CLI’s message, and nothing runs', () => {
  // [query, the CLI's flags for the same mistake, how much of the CLI's message the page must repeat]
  const CASES: [string, string[], (m: string) => string][] = [
    ['samples=3', ['bench', '--samples', '3'], (m) => m],
    ['samples=5.5', ['bench', '--samples', '5.5'], (m) => m],
    ['algorithms=MD4', ['bench', '--algorithms', 'MD4'], (m) => m],
    ['workload=seed&sizes=1x', ['bench', '--sizes', '1x'], (m) => m],
    ['workload=overflow&size=4g', ['overflow', '--size', '4g'], (m) => m],
    ['workload=overflow&pattern=ones', ['overflow', '--pattern', 'ones'], (m) => m],
    // the valid lists differ (the CLI has node:crypto and cold; the page has overflow): the message up to them
    ['providers=ts,nope', ['bench', '--providers', 'nope', '--algorithms', 'MD5'], (m) => m.split(' valid ')[0]],
    ['workload=seed,warm', ['bench', '--workload', 'warm'], (m) => m.split(' valid ')[0]],
  ];
  for (const [query, args, part] of CASES) {
    it(query, async () => {
      const expected = part(await cliMessage(args));
      const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
      const { page, errors } = await watchedPage(context);
      await page.goto(`${web.url}?${query}&run=1`);
      await page.waitForSelector('body[data-state="error"]');
      expect(await page.locator('#error').textContent()).toContain(expected);
      await page.waitForTimeout(300);
      expect(await page.locator('body').getAttribute('data-state')).toBe('error');
      expect(await page.locator('#progress').isHidden()).toBe(true);
      expect(await page.locator('#results').isHidden()).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});

describe('outside a secure context (plain HTTP on a name that is not localhost)', () => {
  let insecure: Browser;
  afterAll(async () => {
    await insecure?.close();
  });

  it('lists webcrypto as unavailable with the reason, and checks against ts instead', async () => {
    // lab.test resolves to the test server, but is not a potentially trustworthy origin: no crypto.subtle
    insecure = await launch(['--host-resolver-rules=MAP lab.test 127.0.0.1']);
    const page = await insecure.newPage();
    const url = web.url.replace('127.0.0.1', 'lab.test');
    await page.goto(`${url}?workload=seed&algorithms=SHA-256&providers=ts,webcrypto&samples=5&run=1`);
    await page.waitForSelector('body[data-state="done"]', { timeout: 2 * 60_000 });
    expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
    expect(await page.locator('label[data-row="webcrypto"] .reason').textContent()).toMatch(/secure context/);
    const table = page.locator('section.table[data-workload="seed"][data-unit="ops/s"]');
    expect(await table.locator('th[data-provider]').allTextContents()).toEqual(['ts']);
    expect(await table.locator('.note').allTextContents()).toEqual([expect.stringMatching(/skipped.*webcrypto/)]);
    const hex = await page.locator('#digests tr[data-algorithm="SHA-256"]').getAttribute('data-hex');
    expect(hex).toBe(createHash('sha256').update(SEED_INPUT).digest('hex'));
    expect(await page.locator('dl.device').textContent()).toMatch(/no crypto\.subtle/);
  });
});

describe('on a plain static host (no collector)', () => {
  it('offers the download only; the one error logged is the collector probe’s 404', async () => {
    const staticHost = await serveDist(DIST, { base: '/some/sub/path/' });
    const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
    try {
      const { page, errors } = await watchedPage(context);
      await page.goto(`${staticHost.url}?workload=seed&algorithms=MD5&providers=ts&samples=5&run=1`);
      await page.waitForSelector('body[data-state="done"]', { timeout: 2 * 60_000 });
      expect(await page.locator('#download').isVisible()).toBe(true);
      expect(await page.locator('#saved').textContent()).toBe('');
      expect(staticHost.requests).toContain('/some/sub/path/api/status');
      expect(errors.filter((e) => !/404/.test(e))).toEqual([]);
    } finally {
      await context.close();
      await staticHost.close();
    }
  });
});

describe('an hmac run: HMAC of the seed string, every row checked in Chromium', () => {
  it('times every row that has HMAC (WebCrypto’s included), none WRONG, no error logged', async () => {
    const rows = ['ts', 'wasm', 'webcrypto', 'auto', '@noble/hashes', 'hash-wasm'];
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const { page, errors } = await watchedPage(context);
      await page.goto(`${web.url}?workload=hmac&algorithms=MD5,SHA-256&providers=${rows.join(',')}&samples=5&run=1`);
      await page.waitForSelector('body[data-state="done"]', { timeout: 3 * 60_000 });
      const table = page.locator('section.table[data-workload="hmac"][data-unit="ops/s"]');
      const status = (a: string) =>
        table
          .locator(`tr[data-algorithm="${a}"] td[data-provider]`)
          .evaluateAll((tds) =>
            tds.map((t) => `${(t as HTMLElement).dataset.provider} ${(t as HTMLElement).dataset.status}`),
          );
      expect(await status('SHA-256')).toEqual(rows.map((r) => `${r} ok`));
      // WebCrypto has no MD5: checked against our ts provider, every other row timed
      expect(await status('MD5')).toEqual(rows.map((r) => `${r} ${r === 'webcrypto' ? 'unavailable' : 'ok'}`));
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
