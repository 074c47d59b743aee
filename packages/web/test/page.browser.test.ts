/**
 * The page in every engine (Chromium, Firefox, WebKit: DIGESTLAB_ENGINES), served by the real `digestlab web` (its
 * collector, its results folder): a run from its URL (table, digests against Node's, no long task, no console
 * error, no request elsewhere, 360 px without sideways scrolling, the JSON download, the run saved and accepted by
 * `digestlab compare`), an overflow run (verdicts against the stored vectors, the document on disk, Stop), the
 * compare view, and bad URL parameters (the CLI's message, nothing run). A plain static host under a subpath has its
 * own tiny server (serve.ts). Everything is read from inside the page (engines/tab.ts), the same way in each engine;
 * a failure names its engine. Screenshots go to test-results/ENGINE-*.png (git-ignored).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { type BenchReport, parseReport, SEED_INPUT } from '@digestlab/lab';
import { parseOverflowReport, parseZeroVectors } from '@digestlab/lab/overflow';
import { algorithms } from 'digestlab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../cli/test/run.js';
import { DIGESTLAB, digestlabWebForFile } from './digestlab-web.js';
import { DIST, type Engine, type EngineName, enginesToTest, SHOTS, type Tab } from './engines/engine.js';
import { launch } from './engines/launch.js';
import {
  attribute,
  click,
  clickDownload,
  datasets,
  fill,
  fitsWidth,
  isHidden,
  setChecked,
  setFiles,
  stalls,
  startLateTicks,
  text,
  texts,
  waitFor,
  waitForSelector,
  waitForState,
  watched,
} from './engines/tab.js';
import { serveDist } from './serve.js';

const ALGORITHMS = ['MD5', 'SHA-256'];
const PROVIDERS = ['ts', 'wasm', 'auto'];
/** node:crypto's names, from digestlab (its own suite pins each). */
const NODE_NAMES = Object.fromEntries(algorithms().map((a) => [a.name, a.nodeName]));
/** How each engine's user agent names it (WebKit's claims Safari, and no Chrome). */
const USER_AGENT: Record<EngineName, RegExp> = {
  chromium: /Chrom/,
  firefox: /Gecko\/\d+ Firefox\//,
  webkit: /AppleWebKit\/[\d.]+ \(KHTML, like Gecko\)(?!.*Chrom)/,
};
const PHONE = { width: 360, height: 780 };

const web = digestlabWebForFile();

beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

/** Opens a URL in a new tab and starts the stand-in for long-task entries where the engine has none. */
async function open(engine: Engine, url: string, viewport?: { width: number; height: number }): Promise<Tab> {
  const tab = await engine.newTab(viewport);
  await tab.goto(url);
  await startLateTicks(tab);
  return tab;
}

/** The page's own hook saw no error and no request to another origin. */
async function expectQuiet(tab: Tab, ignore: RegExp | undefined = undefined) {
  const w = await watched(tab);
  expect(ignore === undefined ? w.errors : w.errors.filter((e) => !ignore.test(e))).toEqual([]);
  expect(w.foreign).toEqual([]);
}

/** The main thread never stalled 200 ms during a run (long tasks, or late ticks where there are none). */
async function expectFreeThread(tab: Tab) {
  expect((await stalls(tab)).filter((d) => d > 200)).toEqual([]);
}

/** The page fits a phone's width; a screenshot at that width. */
async function expectFitsPhone(tab: Tab, shot: string) {
  const { scrollWidth, width } = await fitsWidth(tab, PHONE);
  expect(width).toBe(PHONE.width);
  expect(scrollWidth).toBeLessThanOrEqual(width);
  await tab.screenshot(shot);
}

/** The statuses of a table's cells in one row: "provider status" for each. */
const rowStatuses = (tab: Tab, table: string, algorithm: string) =>
  datasets(tab, `${table} tr[data-algorithm="${algorithm}"] td[data-provider]`).then((ds) =>
    ds.map((d) => `${d.provider} ${d.status}`),
  );

/**
 * An address of this machine that is not loopback: plain HTTP there is not a potentially trustworthy origin in any
 * engine, so the page runs outside a secure context (no crypto.subtle). Chromium could map a name to 127.0.0.1
 * instead (--host-resolver-rules), Firefox too (network.dns.localDomains), WebKit not: one way for all three.
 */
function insecureHost(): string {
  for (const list of Object.values(networkInterfaces())) {
    for (const a of list ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  throw new Error('no non-loopback IPv4 address on this machine: the page cannot be opened outside a secure context');
}

for (const name of enginesToTest()) {
  describe(`the page in ${name}`, () => {
    let engine: Engine;
    /** The runs saved before the current test's, so a test finds its own. */
    let seen: string[] = [];
    const newRuns = () => web.saved().filter((f) => !seen.includes(f));

    beforeAll(async () => {
      engine = await launch(name);
    });

    afterAll(async () => {
      await engine?.close();
    });

    describe('a run from its URL', () => {
      let tab: Tab;
      const table = 'section.table[data-workload="seed"][data-unit="ops/s"]';

      beforeAll(async () => {
        seen = web.saved();
        const run = `?workload=seed&algorithms=${ALGORITHMS.join(',')}&providers=${PROVIDERS.join(',')}&samples=5&run=1`;
        tab = await open(engine, `${web.url}${run}&token=${web.token}`);
        // during the run: cells marked as they are timed, and an estimate of the time left
        await waitForSelector(tab, '.cells td.timing');
        await waitFor(tab, 'the time left', () => /left/.test(document.getElementById('status')?.textContent ?? ''));
        await waitForState(tab, 'done', 4 * 60_000);
      }, 5 * 60_000);

      afterAll(async () => {
        await tab?.close();
      });

      it('shows each chosen algorithm and provider in the seed table, every cell timed', async () => {
        expect(await texts(tab, `${table} th[data-provider]`)).toEqual(PROVIDERS);
        for (const a of ALGORITHMS) {
          expect(await rowStatuses(tab, table, a), a).toEqual(PROVIDERS.map((p) => `${p} ok`));
        }
        // the seed's own PC and phone figures beside ours
        expect(await texts(tab, `${table} th.ref`)).toEqual([
          expect.stringContaining('seed PC'),
          expect.stringContaining('seed phone'),
        ]);
      });

      it(`checked every row against digests that equal Node's createHash`, async () => {
        const digests = await datasets(tab, '#digests tr[data-hex]');
        expect(digests.map((d) => d.algorithm).sort()).toEqual([...ALGORITHMS].sort());
        const seed = Buffer.from(SEED_INPUT, 'utf8');
        for (const d of digests) {
          expect(Number(d.length)).toBe(seed.length);
          expect(d.head).toBe(seed.subarray(0, 16).toString('hex'));
          expect(d.hex, d.algorithm).toBe(createHash(NODE_NAMES[d.algorithm]).update(seed).digest('hex'));
        }
      });

      it('kept the main thread free (no stall over 200 ms), logged no error, asked no other origin', async () => {
        await expectFreeThread(tab);
        await expectQuiet(tab);
      });

      it('sent the run to digestlab web, which saved it, shows its name, and `digestlab compare` accepts it', async () => {
        await waitForSelector(tab, '#saved[data-file]');
        const files = newRuns();
        expect(files).toHaveLength(1);
        expect(await attribute(tab, '#saved', 'data-file')).toBe(files[0]);
        expect(files[0]).toMatch(/^\d{8}T\d{6}Z-[a-z0-9-]+\.json$/);
        const saved = parseReport(web.read(files[0]), files[0]);
        expect(saved.results.map((r) => r.provider).sort()).toEqual(ALGORITHMS.flatMap(() => PROVIDERS).sort());
        expect(saved.env.device?.userAgent).toMatch(USER_AGENT[name]);
        // `digestlab compare` takes two or more runs: this one against itself, every ratio 1
        const path = join(web.results, files[0]);
        const compared = execFileSync(process.execPath, [DIGESTLAB, 'compare', path, path], { encoding: 'utf8' });
        for (const p of PROVIDERS) expect(compared).toContain(p);
        expect(compared).toContain(files[0]);
        seen = web.saved();
      });

      it("the driver's browserVersion agrees with the user agent where the user agent tells it", async () => {
        const agent = parseReport(web.read(seen[seen.length - 1])).env.device?.userAgent ?? '';
        expect(engine.browserVersion).toMatch(/^\d+\.\d+/);
        const major = engine.browserVersion.split('.')[0];
        // WebKitGTK's MiniBrowser claims "Version/60.5 Safari/605.1.15" whatever its version (2.50.x): nothing to check
        if (name === 'chromium') expect(agent).toContain(`Chrome/${major}.`);
        if (name === 'firefox') expect(agent).toContain(`Firefox/${major}.`);
      });

      it('downloads the run as JSON that parseReport accepts, with the chosen cells', async () => {
        const file = await clickDownload(tab, '#download');
        expect(file.name).toMatch(/\.json$/);
        const report: BenchReport = parseReport(file.text, 'download');
        expect(report.env.runtime).toBe('browser');
        expect(report.env.device?.userAgent).toMatch(USER_AGENT[name]);
        const cells = report.results.map((r) => `${r.workload} ${r.algorithm} ${r.provider} ${r.status}`).sort();
        expect(cells).toEqual(ALGORITHMS.flatMap((a) => PROVIDERS.map((p) => `seed ${a} ${p} ok`)).sort());
        expect(parseReport(web.read(seen[seen.length - 1])).env.date).toBe(report.env.date);
      });

      it('fits a 360 px wide screen (nothing scrolls sideways); screenshots', async () => {
        await tab.screenshot(`${SHOTS}${name}-page-desktop.png`);
        await expectFitsPhone(tab, `${SHOTS}${name}-page-phone.png`);
      });

      it('writes the choices back into the URL, + as %2B', async () => {
        const url = new URL(await tab.evaluate(() => location.href));
        expect(url.search).toContain('workload=seed');
        expect(url.search).toContain('algorithms=MD5,SHA-256');
        expect(url.search).toContain('providers=ts,wasm,auto');
        expect(url.search).not.toContain('run=1');
      });

      it('compares three runs in the compare view, each against the first', async () => {
        const json = web.read(seen[seen.length - 1]);
        await tab.goto(`${web.url}#compare`);
        await setFiles(
          tab,
          '#compare-files',
          ['a.json', 'b.json', 'c.json'].map((n) => ({ name: n, type: 'application/json', text: json })),
        );
        await waitForSelector(tab, '#comparison tbody tr');
        expect(await texts(tab, '#comparison tbody tr')).toHaveLength(ALGORITHMS.length * PROVIDERS.length);
        const head = await texts(tab, '#comparison thead th');
        for (const h of ['a.json', 'b.json', 'c.json', 'B / A', 'C / A']) expect(head).toContain(h);
        await tab.screenshot(`${SHOTS}${name}-compare-phone.png`);
      });
    });

    describe('an overflow run from its URL: 2^29+1 zeros through ts and wasm', () => {
      const SIZE = 2 ** 29 + 1;
      const VECTORS = parseZeroVectors(readFileSync(new URL('../../../vectors/zeros.json', import.meta.url), 'utf8'));
      let tab: Tab;

      beforeAll(async () => {
        seen = web.saved();
        const query = '?workload=overflow&size=2^29%2B1&algorithms=SHA-1&providers=ts,wasm&run=1';
        tab = await open(engine, `${web.url}${query}&token=${web.token}`);
        // during the run: a job's progress with the time left
        await waitFor(tab, 'the time left', () => /left/.test(document.getElementById('status')?.textContent ?? ''));
        await waitForState(tab, 'done', 4 * 60_000);
        await waitForSelector(tab, '#saved[data-file]');
      }, 5 * 60_000);

      afterAll(async () => {
        await tab?.close();
      });

      const verdicts = (t: Tab) =>
        t.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('#verdicts tr[data-verdict]')].map((tr) => ({
            row: `${tr.dataset.provider} ${tr.dataset.algorithm} ${tr.dataset.verdict}`,
            text: tr.textContent ?? '',
            hex: tr.querySelector('td.hex')?.textContent ?? '',
          })),
        );

      it(`both rows PASS against the stored vector, computed in ${name}`, async () => {
        const rows = await verdicts(tab);
        expect(rows.map((r) => r.row).sort()).toEqual(['ts SHA-1 PASS', 'wasm SHA-1 PASS']);
        const expected = VECTORS.digests['SHA-1']?.[String(SIZE)] as string;
        expect(expected).toMatch(/^[0-9a-f]{40}$/);
        for (const r of rows) expect(r.text).toContain(expected);
        expect(await text(tab, 'pre.summary')).toContain('PASS');
      });

      it('kept the main thread free (no stall over 200 ms), logged no error, asked no other origin', async () => {
        await expectFreeThread(tab);
        await expectQuiet(tab);
      });

      it('the POSTed digestlab-overflow/1 document is on disk, and the download is the same run', async () => {
        const file = await attribute(tab, '#saved', 'data-file');
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
        const downloaded = parseOverflowReport((await clickDownload(tab, '#download')).text, 'download');
        expect(downloaded.env.date).toBe(doc.env.date);
        await expectFitsPhone(tab, `${SHOTS}${name}-overflow-phone.png`);
        seen = web.saved();
      });

      it('Keccak, which no stored vector has, is checked against hash-wasm createKeccak streaming in the same page', async () => {
        await tab.goto(`${web.url}?workload=overflow&size=2^20%2B1&algorithms=KECCAK-256&providers=ts,wasm&run=1`);
        await waitForState(tab, 'done');
        const rows = await verdicts(tab);
        // the reference job is listed too, with its digest, as the one the others were checked against
        expect(rows.map((r) => r.row).sort()).toEqual([
          'hash-wasm KECCAK-256 UNCHECKED',
          'ts KECCAK-256 PASS',
          'wasm KECCAK-256 PASS',
        ]);
        const reference = rows.find((r) => r.row.startsWith('hash-wasm'))?.hex;
        expect(reference).toMatch(/^[0-9a-f]{64}$/);
        for (const r of rows) expect(r.hex).toBe(reference);
        expect(await text(tab, 'pre.summary')).toMatch(
          /KECCAK-256: expected digest from hash-wasm( \S+)? createKeccak in this run/,
        );
      });

      it('Stop ends a long run at once: the running job INTERRUPTED, the page still answering', async () => {
        await tab.goto(`${web.url}?workload=overflow&size=257GiB&providers=ts&run=1`);
        await waitForSelector(tab, '#jobs tr[data-state="running"]');
        await waitFor(tab, 'bytes hashed', () =>
          /MiB/.test(document.querySelector('#jobs td.bytes')?.textContent ?? ''),
        );
        const asked = Date.now();
        await click(tab, '#stop');
        await waitForState(tab, 'done', 30_000);
        expect(Date.now() - asked).toBeLessThan(10_000);
        expect(await attribute(tab, '#verdicts tr[data-provider="ts"]', 'data-verdict')).toBe('INTERRUPTED');
        expect(await text(tab, '#results h2')).toMatch(/stopped/);
      });
    });

    it('the form before a run lists what runs here, offers every choice, and writes each change into the URL and the link', async () => {
      const tab = await open(engine, web.url, PHONE);
      try {
        await waitForState(tab, 'ready');
        const checked = (n: string) =>
          tab.evaluate(
            (s) => [...document.querySelectorAll<HTMLInputElement>(`input[name="${s}"]:checked`)].map((x) => x.value),
            n,
          );
        const href = () => tab.evaluate(() => location.href);
        // the seed's run is the page's default (the one tap on a phone); sizes is one tick away
        expect(await checked('workload')).toEqual(['seed']);
        expect(await checked('algorithm')).toEqual(['MD2', 'MD5', 'SHA-1', 'SHA-256', 'SHA-384', 'SHA-512']);
        // every row available here is chosen; node (no node:crypto) and sha.js (no Buffer) are listed, disabled, with why
        const providers = await checked('provider');
        expect(providers).toEqual(
          expect.arrayContaining(['ts', 'wasm', 'webcrypto', 'auto', 'digestMany', 'hash-wasm']),
        );
        expect(providers).not.toContain('sha.js');
        expect(await text(tab, 'label[data-row="sha.js"] .reason')).toMatch(/Buffer/);
        expect(await text(tab, 'label[data-row="node"] .reason')).toMatch(/node:crypto/);
        // a change: the URL and the share link follow it; only a changed provider list is written out
        expect(new URL(await href()).searchParams.has('providers')).toBe(false);
        await setChecked(tab, 'input[name="provider"][value="ts"]', false);
        await setChecked(tab, 'input[name="workload"][value="many"]');
        const url = new URL(await href());
        expect(url.searchParams.get('workload')).toBe('seed,many');
        expect(url.searchParams.get('providers')?.split(',')).not.toContain('ts');
        expect(await attribute(tab, '#share', 'href')).toBe(await href());
        // overflow runs on its own, with its defaults: SHA-1 through our streaming rows, 4GiB+5 in the link
        await setChecked(tab, 'input[name="workload"][value="overflow"]');
        expect(await checked('workload')).toEqual(['overflow']);
        expect(await checked('algorithm')).toEqual(['SHA-1']);
        expect(await checked('provider')).toEqual(['ts', 'wasm']);
        expect(new URL(await href()).search).toContain('size=4GiB%2B5');
        await setChecked(tab, 'input[name="workload"][value="seed"]');
        expect(await checked('workload')).toEqual(['seed']);
        // a bad value typed in the form: the CLI's message, and the Run button does nothing
        await fill(tab, 'input[name="sizes"]', '1x');
        expect(await text(tab, '#error')).toContain(await cliMessage(['bench', '--sizes', '1x']));
        await click(tab, '#run');
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(await attribute(tab, 'body', 'data-state')).toBe('ready');
        await expectQuiet(tab);
      } finally {
        await tab.close();
      }
    });

    describe('bad URL parameters: the CLI’s message, and nothing runs', () => {
      // [query, the CLI's flags for the same mistake, how much of the CLI's message the page must repeat]
      const CASES: [string, string[], (m: string) => string][] = [
        ['samples=3', ['bench', '--samples', '3'], (m) => m],
        ['samples=5.5', ['bench', '--samples', '5.5'], (m) => m],
        ['algorithms=MD6', ['bench', '--algorithms', 'MD6'], (m) => m],
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
          const tab = await open(engine, `${web.url}?${query}&run=1`, PHONE);
          try {
            await waitForState(tab, 'error');
            expect(await text(tab, '#error')).toContain(expected);
            await new Promise((resolve) => setTimeout(resolve, 300));
            expect(await attribute(tab, 'body', 'data-state')).toBe('error');
            expect(await isHidden(tab, '#progress')).toBe(true);
            expect(await isHidden(tab, '#results')).toBe(true);
            await expectQuiet(tab);
          } finally {
            await tab.close();
          }
        });
      }
    });

    it('outside a secure context (plain HTTP on an address that is not loopback) lists webcrypto as unavailable with the reason, and checks against ts instead', async () => {
      const host = await serveDist(DIST, { host: insecureHost() });
      const tab = await open(
        engine,
        `${host.url}?workload=seed&algorithms=SHA-256&providers=ts,webcrypto&samples=5&run=1`,
      );
      try {
        await waitForState(tab, 'done', 2 * 60_000);
        expect(await tab.evaluate(() => window.isSecureContext)).toBe(false);
        expect(await text(tab, 'label[data-row="webcrypto"] .reason')).toMatch(/secure context/);
        const table = 'section.table[data-workload="seed"][data-unit="ops/s"]';
        expect(await texts(tab, `${table} th[data-provider]`)).toEqual(['ts']);
        expect(await texts(tab, `${table} .note`)).toEqual([expect.stringMatching(/skipped.*webcrypto/)]);
        const hex = await attribute(tab, '#digests tr[data-algorithm="SHA-256"]', 'data-hex');
        expect(hex).toBe(createHash('sha256').update(SEED_INPUT).digest('hex'));
        expect(await text(tab, 'dl.device')).toMatch(/no crypto\.subtle/);
      } finally {
        await tab.close();
        await host.close();
      }
    });

    it('on a plain static host (no collector) offers the download only; the one error is the collector probe’s 404', async () => {
      const staticHost = await serveDist(DIST, { base: '/some/sub/path/' });
      const tab = await open(
        engine,
        `${staticHost.url}?workload=seed&algorithms=MD5&providers=ts&samples=5&run=1`,
        PHONE,
      );
      try {
        await waitForState(tab, 'done', 2 * 60_000);
        expect(await isHidden(tab, '#download')).toBe(false);
        expect(await text(tab, '#saved')).toBe('');
        expect(staticHost.requests).toContain('/some/sub/path/api/status');
        // the 404 is seen where the engine reports a resource's status (Chromium, Firefox); nothing else is
        await expectQuiet(tab, /HTTP 404: .*\/api\/status$/);
      } finally {
        await tab.close();
        await staticHost.close();
      }
    });

    it('an hmac run times every row that has HMAC (WebCrypto’s included), none WRONG, no error logged', async () => {
      const rows = ['ts', 'wasm', 'webcrypto', 'auto', '@noble/hashes', 'hash-wasm'];
      const query = `?workload=hmac&algorithms=MD5,SHA-256&providers=${rows.join(',')}&samples=5&run=1`;
      const tab = await open(engine, `${web.url}${query}`);
      try {
        await waitForState(tab, 'done', 3 * 60_000);
        const table = 'section.table[data-workload="hmac"][data-unit="ops/s"]';
        expect(await rowStatuses(tab, table, 'SHA-256')).toEqual(rows.map((r) => `${r} ok`));
        // WebCrypto has no MD5: checked against our ts provider, every other row timed
        expect(await rowStatuses(tab, table, 'MD5')).toEqual(
          rows.map((r) => `${r} ${r === 'webcrypto' ? 'unavailable' : 'ok'}`),
        );
        await expectQuiet(tab);
      } finally {
        await tab.close();
      }
    });
  });
}

/** What `digestlab <args>` prints on stderr (the CLI, in-process), without its `digestlab: ` prefix. */
async function cliMessage(args: string[]): Promise<string> {
  const { code, stderr } = await runCli(args);
  expect(code).toBe(2);
  return stderr.replace(/^digestlab: /, '').trim();
}
