/**
 * Gecko: Debian's firefox-esr (apt-get install firefox-esr) driven by puppeteer-core over WebDriver BiDi, headless,
 * with a fresh profile puppeteer makes. Debian has no geckodriver, and puppeteer-core never downloads a browser.
 */
import puppeteer from 'puppeteer-core';
import { DEFAULT_VIEWPORT, type Engine, need, type Tab } from './engine.js';

export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

export async function launchFirefox(): Promise<Engine> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: need(FIREFOX, 'firefox', 'firefox-esr', 'FIREFOX_PATH'),
    headless: true,
  });
  // "firefox/153.8.0"
  const browserVersion = (await browser.version()).replace(/^[^/]*\//, '');
  return {
    name: 'firefox',
    browserVersion,
    async newTab(viewport = DEFAULT_VIEWPORT): Promise<Tab> {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport(viewport);
      return {
        goto: async (url) => {
          await page.goto(url);
        },
        evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
        async setViewport(v) {
          await page.setViewport(v);
          return v;
        },
        async screenshot(path, selector) {
          const png = path as `${string}.png`;
          if (selector === undefined) {
            await page.screenshot({ path: png, fullPage: true });
            return;
          }
          const element = await page.$(selector);
          if (element === null) throw new Error(`firefox: no ${selector} to screenshot`);
          await element.screenshot({ path: png });
        },
        close: () => context.close(),
      };
    },
    close: () => browser.close(),
  };
}
