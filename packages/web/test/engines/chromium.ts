/** Blink: Debian's Chromium (apt-get install chromium) driven by playwright-core, never a downloaded browser. */
import { chromium as playwright } from 'playwright-core';
import { DEFAULT_VIEWPORT, type Engine, need, type Tab } from './engine.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchChromium(): Promise<Engine> {
  const browser = await playwright.launch({
    executablePath: need(CHROMIUM, 'chromium', 'chromium', 'CHROMIUM_PATH'),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    name: 'chromium',
    browserVersion: browser.version(),
    async newTab(viewport = DEFAULT_VIEWPORT): Promise<Tab> {
      // a context per tab: nothing (storage, cache) carries from one test's page to the next
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      return {
        goto: async (url) => {
          await page.goto(url);
        },
        evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
        async setViewport(v) {
          await page.setViewportSize(v);
          return v;
        },
        async screenshot(path, selector) {
          if (selector === undefined) await page.screenshot({ path, fullPage: true });
          else await page.locator(selector).screenshot({ path });
        },
        colorScheme: (colorScheme) => page.emulateMedia({ colorScheme }),
        close: () => context.close(),
      };
    },
    close: () => browser.close(),
  };
}
