/**
 * The page as a person on a phone meets it, in every engine (DIGESTLAB_ENGINES): the first 390×844 screen (what a
 * run measures, the Run button, the device; every other choice folded under Customise, unfolded by a run URL with
 * choices), a seed run's headline chart above its tables, tables that scroll in their own focusable box with
 * tabular figures, a live region that says running and done, keyboard reach, and axe-core (injected, so the same
 * in all three) with no serious or critical violation on the bench, overflow and compare views before and after a
 * run. Screenshots of each view at 390 and 1280 px go to test-results/ENGINE-phone-*.png (git-ignored); WebKit's
 * window cannot be 390 px wide, so there the page runs in a 390 px iframe (engines/frame.ts).
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from './axe.js';
import { digestlabWebForFile } from './digestlab-web.js';
import { type Engine, enginesToTest, SHOTS, type Tab, type Viewport } from './engines/engine.js';
import { framed, tabAt } from './engines/frame.js';
import { launch } from './engines/launch.js';
import {
  click,
  clickDownload,
  fitsWidth,
  setChecked,
  setFiles,
  text,
  texts,
  waitForSelector,
  waitForState,
} from './engines/tab.js';

const PHONE: Viewport = { width: 390, height: 844 };
const NARROW: Viewport = { width: 360, height: 780 };
const DESKTOP: Viewport = { width: 1280, height: 900 };
/** A small seed run: two of the seed's algorithms, two of ours and two peers, so the chart has all four series. */
const SEED_RUN = '?workload=seed&algorithms=MD5,SHA-256&providers=ts,wasm,hash-wasm,@noble/hashes&samples=5';
/** Short, and checked: Keccak against hash-wasm's streaming in the same page (no stored vector is this size). */
const OVERFLOW_RUN = '?workload=overflow&size=2^20%2B1&algorithms=KECCAK-256&providers=ts,wasm';

const web = digestlabWebForFile();

beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
});

/** Where an element is, in CSS pixels of the page's viewport (null: missing or not rendered). */
const box = (tab: Tab, selector: string) =>
  tab.evaluate((s) => {
    const el = document.querySelector(s);
    // not rendered: missing, display none, or inside a closed <details>
    const r = el?.checkVisibility() ? el.getBoundingClientRect() : null;
    return r && { top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, right: r.right };
  }, selector);

/** Axe finds nothing serious or critical (the violations printed when it does). */
async function expectAccessible(tab: Tab, where: string) {
  expect(await axeViolations(tab), where).toEqual([]);
}

/** The same page at 1280 px (a screenshot), then back to `viewport`. */
async function shootBoth(tab: Tab, shot: string, viewport: Viewport = PHONE) {
  await tab.screenshot(`${SHOTS}${shot}-390.png`);
  await tab.setViewport(DESKTOP);
  await tab.screenshot(`${SHOTS}${shot}-1280.png`);
  await tab.setViewport(viewport);
}

/**
 * Applies the stylesheet's dark palette as the system's dark mode would (its `prefers-color-scheme: dark` rule's
 * declarations on the root), the same way in every engine (none of the drivers can switch the system's mode in all
 * three); resolves with the page's background and text colours then.
 */
const darkMode = (tab: Tab) =>
  tab.evaluate(() => {
    const rules = [...document.styleSheets].flatMap((s) => [...s.cssRules]);
    const dark = rules.find(
      (r): r is CSSMediaRule => r instanceof CSSMediaRule && /prefers-color-scheme:\s*dark/.test(r.conditionText),
    );
    if (!dark) throw new Error('the stylesheet has no prefers-color-scheme: dark rule');
    const root = document.documentElement;
    for (const r of dark.cssRules) {
      const style = (r as CSSStyleRule).style;
      for (const name of style) root.style.setProperty(name, style.getPropertyValue(name));
    }
    root.style.colorScheme = 'dark';
    const s = getComputedStyle(root);
    return { background: s.backgroundColor, color: s.color };
  });

/** Records every text the live region (#announce) takes from now on. */
const recordAnnouncements = (tab: Tab) =>
  tab.evaluate(() => {
    const region = document.getElementById('announce') as HTMLElement;
    const heard: string[] = [];
    (window as unknown as { heard: string[] }).heard = heard;
    new MutationObserver(() => heard.push(region.textContent ?? '')).observe(region, {
      childList: true,
      characterData: true,
      subtree: true,
    });
    return region.getAttribute('aria-live');
  });

for (const name of enginesToTest()) {
  describe(`the page on a phone in ${name}`, () => {
    let engine: Engine;
    let tab: Tab;
    /** The seed run's JSON, for the compare view. */
    let runJson = '';

    beforeAll(async () => {
      engine = await launch(name);
      tab = await tabAt(engine, PHONE);
    });

    afterAll(async () => {
      await tab?.close();
      await engine?.close();
    });

    it("the first 390×844 screen: what a run measures, the Run button and the device; the seed's run is the default, every other choice folded", async () => {
      await tab.goto(web.url);
      await waitForState(tab, 'ready');
      expect(await tab.evaluate(() => [innerWidth, innerHeight])).toEqual([PHONE.width, PHONE.height]);
      expect(await text(tab, '#intro')).toMatch(/seed's 93-character string with MD2, MD5, SHA-1, .* and SHA-512/);
      for (const s of ['#intro', '#run', '#facts']) {
        const r = await box(tab, s);
        expect(r, s).not.toBeNull();
        expect(r?.bottom, s).toBeLessThanOrEqual(PHONE.height);
      }
      expect(await text(tab, '#facts')).toMatch(/logical cores\s*\d+/);
      expect(await text(tab, '#chosen')).toMatch(/^Runs: seed · 6 algorithms · \d+ providers$/);
      // folded: the fieldsets are not rendered until Customise is opened
      expect(await tab.evaluate(() => (document.getElementById('customise') as HTMLDetailsElement).open)).toBe(false);
      expect(await box(tab, 'fieldset')).toBeNull();
      const checked = await tab.evaluate(() =>
        [...document.querySelectorAll<HTMLInputElement>('input[name="workload"]:checked')].map((x) => x.value),
      );
      expect(checked).toEqual(['seed']);
      await expectAccessible(tab, 'the bench view before a run');
      await shootBoth(tab, `${name}-phone-first`);
    });

    it('keyboard: Run and Customise are in the tab order and take the focus; Customise opens from its summary', async () => {
      const focusable = await tab.evaluate(() =>
        ['#run', '#customise > summary'].map((s) => {
          const el = document.querySelector<HTMLElement>(s) as HTMLElement;
          el.focus();
          return { s, tabIndex: el.tabIndex, focused: document.activeElement === el };
        }),
      );
      for (const f of focusable) expect(f, f.s).toMatchObject({ tabIndex: 0, focused: true });
      await click(tab, '#customise > summary');
      expect(await tab.evaluate(() => (document.getElementById('customise') as HTMLDetailsElement).open)).toBe(true);
      expect(await box(tab, 'fieldset')).not.toBeNull();
    });

    it('a run URL that carries choices opens Customise with them', async () => {
      await tab.goto(`${web.url}${SEED_RUN}`);
      await waitForState(tab, 'ready');
      expect(await tab.evaluate(() => (document.getElementById('customise') as HTMLDetailsElement).open)).toBe(true);
      const algorithms = await tab.evaluate(() =>
        [...document.querySelectorAll<HTMLInputElement>('input[name="algorithm"]:checked')].map((x) => x.value),
      );
      expect(algorithms).toEqual(['MD5', 'SHA-256']);
      expect(await text(tab, '#chosen')).toBe('Runs: seed · 2 algorithms · 4 providers');
      // the line under Run follows the form
      await setChecked(tab, 'input[name="provider"][value="ts"]', false);
      expect(await text(tab, '#chosen')).toBe('Runs: seed · 2 algorithms · 3 providers');
      await setChecked(tab, 'input[name="provider"][value="ts"]');
    });

    describe('after a seed run', () => {
      beforeAll(async () => {
        // the run started by the button, as a person starts it, with the live region listened to
        expect(await recordAnnouncements(tab)).toBe('polite');
        await click(tab, '#run');
        await waitForState(tab, 'done', 3 * 60_000);
      }, 4 * 60_000);

      it('the live region said running, then done with the headline', async () => {
        const heard = await tab.evaluate(() => (window as unknown as { heard: string[] }).heard);
        expect(heard[0]).toMatch(/^Running/);
        expect(heard[heard.length - 1]).toMatch(/^Done\. Fastest here: /);
      });

      it('the headline first: the chart of ours, the fastest peer and the seed’s PC and Android, above the first table, with its line', async () => {
        const chart = await box(tab, '#headline-figure svg');
        const table = await box(tab, 'section.table');
        expect(chart).not.toBeNull();
        expect(chart?.bottom).toBeLessThanOrEqual(table?.top ?? 0);
        const line = (await text(tab, '#headline')) ?? '';
        expect(line).toMatch(
          /^Fastest here: (digestlab on \d of 2 algorithms|.* on (MD5|SHA-256)).*\. The fastest here is .*× the seed's PC\.$/,
        );
        // four bars per algorithm, in the order drawn; an image with a title and a description that says the numbers
        const series = await tab.evaluate(() =>
          [...document.querySelectorAll('#headline-figure rect[data-series]')].map((r) =>
            r.getAttribute('data-series'),
          ),
        );
        expect(series).toEqual(['ours', 'peer', 'pc', 'phone', 'ours', 'peer', 'pc', 'phone']);
        const svg = await tab.evaluate(() => {
          const s = document.querySelector('#headline-figure svg') as SVGElement;
          const ids = (s.getAttribute('aria-labelledby') ?? '').split(' ');
          return { role: s.getAttribute('role'), named: ids.map((id) => document.getElementById(id)?.textContent) };
        });
        expect(svg.role).toBe('img');
        expect(svg.named[0]).toMatch(/ops\/s/);
        expect(svg.named[1]).toMatch(/^MD5: .* ops\/s, .*seed PC 350k ops\/s, seed Android 5\.32k ops\/s\. SHA-256: /);
        // then the tables, then the download and the collector's status
        const actions = await box(tab, '#download');
        const tables = await tab.evaluate(() => document.querySelectorAll('section.table').length);
        const last = await box(tab, `section.table:nth-of-type(${tables})`);
        expect(actions?.top).toBeGreaterThan(last?.top ?? Number.POSITIVE_INFINITY);
        expect(await box(tab, '#saved')).not.toBeNull();
      });

      it('tables scroll in their own named, focusable box, numbers right-aligned in tabular figures; nothing scrolls sideways at 360 px', async () => {
        const boxes = await tab.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('#results .scroll')].map((b) => ({
            tabIndex: b.tabIndex,
            role: b.getAttribute('role'),
            label: b.getAttribute('aria-label') ?? '',
          })),
        );
        expect(boxes.length).toBeGreaterThan(2);
        for (const b of boxes)
          expect(b).toMatchObject({ tabIndex: 0, role: 'region', label: expect.stringMatching(/\w/) });
        const cell = await tab.evaluate(() => {
          const td = document.querySelector('section.table td[data-provider]') as HTMLElement;
          const style = getComputedStyle(td);
          return { align: style.textAlign, numeric: style.fontVariantNumeric };
        });
        expect(cell.align).toBe('right');
        expect(cell.numeric).toContain('tabular-nums');
        const { scrollWidth, width } = await fitsWidth(tab, NARROW);
        expect(width).toBe(NARROW.width);
        expect(scrollWidth).toBeLessThanOrEqual(width);
        await tab.setViewport(PHONE);
      });

      it('keyboard: the download is a focusable button; axe finds nothing serious after the run; screenshots', async () => {
        expect(
          await tab.evaluate(() => {
            const b = document.getElementById('download') as HTMLButtonElement;
            b.focus();
            return b.tagName === 'BUTTON' && document.activeElement === b;
          }),
        ).toBe(true);
        runJson = (await clickDownload(tab, '#download')).text;
        await expectAccessible(tab, 'the bench view after a seed run');
        await tab.evaluate(() => document.getElementById('results')?.scrollIntoView());
        await shootBoth(tab, `${name}-phone-result`);
      });

      if (name === 'chromium') {
        it('follows the system: dark when the system is dark (Chromium emulates prefers-color-scheme), light again after', async () => {
          const colours = () =>
            tab.evaluate(() => {
              const s = getComputedStyle(document.documentElement);
              return [s.backgroundColor, s.color];
            });
          await tab.colorScheme?.('dark');
          expect(await colours()).toEqual(['rgb(21, 21, 21)', 'rgb(232, 232, 232)']);
          await tab.colorScheme?.('light');
          expect(await colours()).toEqual(['rgb(255, 255, 255)', 'rgb(31, 31, 31)']);
        });
      }

      it('dark mode (the stylesheet’s palette for prefers-color-scheme: dark): light text on a dark page, axe finds nothing serious', async () => {
        const { background, color } = await darkMode(tab);
        const light = (c: string) => (c.match(/\d+/g) ?? []).slice(0, 3).reduce((a, x) => a + Number(x), 0) / 3;
        expect(light(background)).toBeLessThan(40);
        expect(light(color)).toBeGreaterThan(200);
        await expectAccessible(tab, 'the bench view after a run, dark');
        await tab.evaluate(() => document.getElementById('results')?.scrollIntoView());
        await tab.screenshot(`${SHOTS}${name}-phone-result-dark-390.png`);
      });
    });

    it('the overflow view: accessible before its run; after, it leads with its verdicts', async () => {
      await tab.goto(`${web.url}${OVERFLOW_RUN}`);
      await waitForState(tab, 'ready');
      await expectAccessible(tab, 'the overflow view before a run');
      await click(tab, '#run');
      await waitForState(tab, 'done', 2 * 60_000);
      // the tally counts the rows checked; the reference job is listed, UNCHECKED, as what they were checked against
      expect(await text(tab, '#headline')).toBe('2 PASS');
      expect((await texts(tab, '.verdict-list li')).sort()).toEqual([
        'PASS KECCAK-256 · ts · 1MiB+1',
        'PASS KECCAK-256 · wasm · 1MiB+1',
        'UNCHECKED KECCAK-256 · hash-wasm · 1MiB+1',
      ]);
      expect((await box(tab, '.verdict-list'))?.bottom).toBeLessThanOrEqual((await box(tab, '#verdicts'))?.top ?? 0);
      await expectAccessible(tab, 'the overflow view after a run');
      await tab.evaluate(() => document.getElementById('results')?.scrollIntoView());
      await shootBoth(tab, `${name}-phone-overflow`);
    });

    it('the compare view: accessible empty and with two runs', async () => {
      expect(runJson).toContain('digestlab-bench/1');
      await tab.goto(`${web.url}#compare`);
      await waitForSelector(tab, '#compare-files');
      await expectAccessible(tab, 'the compare view before any run');
      await setFiles(
        tab,
        '#compare-files',
        ['pc.json', 'phone.json'].map((n) => ({ name: n, type: 'application/json', text: runJson })),
      );
      await waitForSelector(tab, '#comparison tbody tr');
      expect(await tab.evaluate(() => document.querySelector('#comparison')?.parentElement?.tabIndex)).toBe(0);
      await expectAccessible(tab, 'the compare view with two runs');
      await shootBoth(tab, `${name}-phone-compare`);
    });

    if (name === 'chromium') {
      it(
        "the README's two screens at 390×844 (the first screen; a run of the seed's six, its headline): test-results/readme-phone-*.png",
        async () => {
          // the phone's screen alone, not the whole page: the page in a 390×844 iframe, shot as the iframe
          const screen = framed(await engine.newTab(DESKTOP), PHONE);
          try {
            await screen.goto(web.url);
            await waitForState(screen, 'ready');
            await screen.screenshot(`${SHOTS}readme-phone-first.png`);
            await screen.goto(`${web.url}?providers=ts,wasm,webcrypto,hash-wasm,@noble/hashes&samples=5`);
            await waitForState(screen, 'ready');
            await click(screen, '#run');
            await waitForState(screen, 'done', 4 * 60_000);
            expect(await screen.evaluate(() => document.querySelectorAll('#headline-figure rect').length)).toBe(24);
            await screen.evaluate(() => {
              (document.getElementById('customise') as HTMLDetailsElement).open = false;
              document.getElementById('results')?.scrollIntoView();
            });
            await screen.screenshot(`${SHOTS}readme-phone-result.png`);
          } finally {
            await screen.close();
          }
        },
        5 * 60_000,
      );
    }
  });
}
