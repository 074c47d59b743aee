/**
 * One driver interface for the browser tests, three engines behind it: Blink (Debian's Chromium through
 * playwright-core), Gecko (Debian's firefox-esr through puppeteer-core over WebDriver BiDi) and WebKit (Debian's
 * WebKitWebDriver with WebKitGTK's MiniBrowser, through our own W3C WebDriver client). Only what all three can do is
 * here: go to a URL, evaluate a function in the page, set the viewport, screenshot (the page or one element),
 * close; and, optional, the one thing only Chromium's driver does (the color scheme). Everything else the tests
 * need (waiting, clicking, console errors, requests to other origins) is done inside the page (tab.ts, and the
 * page's own `digestlabWatch` hook), since classic WebDriver has no events.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ENGINES = ['chromium', 'firefox', 'webkit'] as const;
export type EngineName = (typeof ENGINES)[number];

/** The built page (npm run build:web). */
export const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
/** Screenshots go here (git-ignored). */
export const SHOTS = fileURLToPath(new URL('../../../../test-results/', import.meta.url));

export interface Viewport {
  width: number;
  height: number;
}

/** One page of the browser. */
export interface Tab {
  /** Navigates and resolves once the page has loaded. */
  goto(url: string): Promise<void>;
  /**
   * Runs `fn(arg)` in the page and resolves with its (awaited) result. `fn` is sent as source text: it must not
   * close over anything, and its argument and result must survive JSON.
   */
  evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<Awaited<R>>;
  /**
   * Sets the page's viewport, as near as the browser allows, and resolves with the one it got (MiniBrowser's window
   * has a minimum width wider than a phone's: see tab.ts's fitsWidth).
   */
  setViewport(viewport: Viewport): Promise<Viewport>;
  /**
   * A PNG of the whole page (Chromium, Firefox) or of the viewport (WebKit: WebDriver has no full-page shot); with
   * `selector`, of that element alone (a phone-sized iframe: frame.ts).
   */
  screenshot(path: string, selector?: string): Promise<void>;
  close(): Promise<void>;
  /**
   * Switches the page's `prefers-color-scheme`, as the system's light or dark mode would. Chromium only: Firefox
   * over WebDriver BiDi and WebKitWebDriver have no such command.
   */
  colorScheme?(scheme: 'light' | 'dark'): Promise<void>;
}

/** A running browser. */
export interface Engine {
  name: EngineName;
  /** What the driver reports: the browser's own version (`browserVersion` in WebDriver's capabilities). */
  browserVersion: string;
  newTab(viewport?: Viewport): Promise<Tab>;
  close(): Promise<void>;
}

export const DEFAULT_VIEWPORT: Viewport = { width: 1280, height: 900 };

/** The engines to test: DIGESTLAB_ENGINES (comma-separated), default all three. A bad name is an error. */
export function enginesToTest(env: string | undefined = process.env.DIGESTLAB_ENGINES): EngineName[] {
  if (env === undefined || env.trim() === '') return [...ENGINES];
  const names = env.split(',').map((s) => s.trim().toLowerCase());
  for (const n of names) {
    if (!(ENGINES as readonly string[]).includes(n)) {
      throw new Error(`DIGESTLAB_ENGINES: unknown engine ${JSON.stringify(n)}; valid: ${ENGINES.join(', ')}`);
    }
  }
  return names as EngineName[];
}

/**
 * An executable the engine needs, or an error saying what to apt-get install: a missing browser fails its tests,
 * never skips them.
 */
export function need(path: string, engine: EngineName, apt: string, variable?: string): string {
  if (!existsSync(path)) {
    const or = variable === undefined ? '' : ` (or set ${variable})`;
    throw new Error(
      `${engine}: no ${path}: apt-get install -y ${apt}${or}, or leave ${engine} out of DIGESTLAB_ENGINES`,
    );
  }
  return path;
}

/** The built page must be there before any engine opens it. */
export function needDist(): void {
  if (!existsSync(`${DIST}index.html`)) throw new Error(`no built page in ${DIST}: npm run build:web`);
}
