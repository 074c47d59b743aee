/**
 * What the browser tests do in a page, built on Tab.evaluate alone so that it means the same in every engine:
 * waiting for a condition, clicking, ticking, typing, reading the DOM, choosing files, catching a download, and
 * reading the page's `digestlabWatch` hook (console errors, requests to other origins, long tasks).
 */
import type { Tab, Viewport } from './engine.js';

/** Polls `fn(arg)` in the page until it returns something truthy, and resolves with that. */
export async function waitFor<R, A = undefined>(
  tab: Tab,
  what: string,
  fn: (arg: A) => R | Promise<R>,
  arg?: A,
  timeout = 60_000,
): Promise<Awaited<R>> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await tab.evaluate(fn, arg);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`waited ${timeout / 1000} s for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until an element matches `selector`. */
export const waitForSelector = (tab: Tab, selector: string, timeout?: number) =>
  waitFor(tab, selector, (s) => document.querySelector(s) !== null, selector, timeout);

/** Waits for the body's data-state (the page's ready, done, error). */
export const waitForState = (tab: Tab, state: string, timeout?: number) =>
  waitForSelector(tab, `body[data-state="${state}"]`, timeout);

/** Clicks the element, as a user's click does (the click event; a checkbox toggles). */
export const click = (tab: Tab, selector: string) =>
  tab.evaluate((s) => {
    const el = document.querySelector<HTMLElement>(s);
    if (el === null) throw new Error(`no ${s}`);
    el.click();
  }, selector);

/** Ticks (or unticks) a checkbox or radio by clicking it when it is not so already. */
export const setChecked = (tab: Tab, selector: string, checked = true) =>
  tab.evaluate(
    ([s, on]) => {
      const el = document.querySelector<HTMLInputElement>(s);
      if (el === null) throw new Error(`no ${s}`);
      if (el.checked !== on) el.click();
    },
    [selector, checked] as const,
  );

/** Types a value into an input: its value set, then input and change events, as after a user's typing. */
export const fill = (tab: Tab, selector: string, value: string) =>
  tab.evaluate(
    ([s, v]) => {
      const el = document.querySelector<HTMLInputElement>(s);
      if (el === null) throw new Error(`no ${s}`);
      el.value = v;
      el.dispatchEvent(new Event('input', { bubbles: true }));
      el.dispatchEvent(new Event('change', { bubbles: true }));
    },
    [selector, value] as const,
  );

/** The text of every element matching `selector`. */
export const texts = (tab: Tab, selector: string) =>
  tab.evaluate((s) => [...document.querySelectorAll(s)].map((e) => e.textContent ?? ''), selector);

/** The text of the first element matching `selector`, or null. */
export const text = (tab: Tab, selector: string) =>
  tab.evaluate((s) => document.querySelector(s)?.textContent ?? null, selector);

/** An attribute of the first element matching `selector`, or null. */
export const attribute = (tab: Tab, selector: string, name: string) =>
  tab.evaluate(([s, n]) => document.querySelector(s)?.getAttribute(n) ?? null, [selector, name] as const);

/** The data-* attributes of every element matching `selector`. */
export const datasets = (tab: Tab, selector: string) =>
  tab.evaluate(
    (s) => [...document.querySelectorAll<HTMLElement>(s)].map((e) => ({ ...e.dataset }) as Record<string, string>),
    selector,
  );

/** Whether the element is hidden (or missing). */
export const isHidden = (tab: Tab, selector: string) =>
  tab.evaluate((s) => {
    const el = document.querySelector<HTMLElement>(s);
    return el === null || el.hidden || el.getClientRects().length === 0;
  }, selector);

/** Chooses files in a file input, as a user's picking does (a DataTransfer's files, then a change event). */
export const setFiles = (tab: Tab, selector: string, files: { name: string; type: string; text: string }[]) =>
  tab.evaluate(
    ([s, fs]) => {
      const input = document.querySelector<HTMLInputElement>(s);
      if (input === null) throw new Error(`no ${s}`);
      const transfer = new DataTransfer();
      for (const f of fs) transfer.items.add(new File([f.text], f.name, { type: f.type }));
      input.files = transfer.files;
      input.dispatchEvent(new Event('change', { bubbles: true }));
    },
    [selector, files] as const,
  );

/**
 * Clicks a button that saves a file through a download link (dom.ts's download) and resolves with the file the
 * link offered: its name and text, read from the Blob the page made. WebDriver has no download events, so the
 * link's click is caught instead of the browser's download, in every engine alike.
 */
export const clickDownload = (tab: Tab, selector: string) =>
  tab.evaluate(async (s) => {
    const button = document.querySelector<HTMLElement>(s);
    if (button === null) throw new Error(`no ${s}`);
    // the file is read from its Blob as the page makes it: the page's policy (default-src 'self') refuses a fetch
    // of the blob: URL
    const create = URL.createObjectURL;
    const click = HTMLAnchorElement.prototype.click;
    let blob: Blob | undefined;
    let name: string | undefined;
    URL.createObjectURL = (b: Blob | MediaSource) => {
      blob = b as Blob;
      return create.call(URL, b);
    };
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      name = this.download;
    };
    try {
      button.click();
    } finally {
      URL.createObjectURL = create;
      HTMLAnchorElement.prototype.click = click;
    }
    if (blob === undefined || name === undefined) throw new Error(`${s} offered no download`);
    return { name, text: await blob.text() };
  }, selector);

/** What the page's hook (index.html's digestlabWatch) saw: console errors, other origins asked, long tasks (ms). */
export interface Watched {
  errors: string[];
  foreign: string[];
  longTasks: number[];
  /** Whether the engine reports long tasks (Chromium does; Firefox and WebKit have no "longtask" entries). */
  longTaskEntries: boolean;
}

export const watched = (tab: Tab) =>
  tab.evaluate(() => {
    const w = (window as unknown as { digestlabWatch?: Omit<Watched, 'longTaskEntries'> }).digestlabWatch;
    if (w === undefined) throw new Error("the page has no digestlabWatch hook (index.html's first script)");
    const longTaskEntries = PerformanceObserver.supportedEntryTypes.includes('longtask');
    return { errors: [...w.errors], foreign: [...w.foreign], longTasks: [...w.longTasks], longTaskEntries };
  });

/**
 * Whether the page, as it is now, fits `width` CSS pixels without scrolling sideways. Where the engine's viewport
 * can be that narrow (Chromium, Firefox) the page itself is measured at that width. MiniBrowser's window cannot be
 * narrower than its toolbar (447 px): there the same DOM and stylesheets are laid out in a same-origin iframe of
 * that width (its viewport for media queries and `width=device-width`), scripts left out, and measured.
 */
export async function fitsWidth(tab: Tab, viewport: Viewport): Promise<{ scrollWidth: number; width: number }> {
  const got = await tab.setViewport(viewport);
  if (got.width === viewport.width) {
    return tab.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth }));
  }
  return tab.evaluate(async ({ width, height }) => {
    const frame = document.createElement('iframe');
    frame.style.cssText = `width:${width}px;height:${height}px;border:0;position:absolute;left:0;top:0`;
    const copy = document.documentElement.cloneNode(true) as HTMLElement;
    for (const s of copy.querySelectorAll('script')) s.remove();
    const base = `<base href="${document.baseURI.replace(/"/g, '&quot;')}">`;
    frame.srcdoc = `<!doctype html>${copy.outerHTML.replace('<head>', `<head>${base}`)}`;
    await new Promise((resolve) => {
      frame.onload = resolve;
      document.body.append(frame);
    });
    const inner = frame.contentDocument as Document;
    const measured = { scrollWidth: inner.documentElement.scrollWidth, width: frame.contentWindow?.innerWidth ?? 0 };
    frame.remove();
    return measured;
  }, viewport);
}

/**
 * Where the engine has no "longtask" entries (Firefox, WebKit), a stand-in the test starts right after the page
 * loads: a 50 ms timer on the main thread that records how late each tick came. A task that holds the thread for
 * 200 ms makes a tick at least 200 ms late. Chromium keeps its real long-task entries (the page's hook).
 */
export const startLateTicks = (tab: Tab) =>
  tab.evaluate(() => {
    const w = window as unknown as { lateTicks?: number[] };
    if (w.lateTicks !== undefined) return;
    const late: number[] = [];
    w.lateTicks = late;
    let last = performance.now();
    setInterval(() => {
      const now = performance.now();
      if (now - last - 50 > 50) late.push(Math.round(now - last - 50));
      last = now;
    }, 50);
  });

/** The main thread's longest stalls, in ms: long tasks where the engine reports them, else late ticks. */
export async function stalls(tab: Tab): Promise<number[]> {
  const w = await watched(tab);
  if (w.longTaskEntries) return w.longTasks;
  const late = await tab.evaluate(() => (window as unknown as { lateTicks?: number[] }).lateTicks ?? null);
  if (late === null) throw new Error('no late-tick probe in this page: call startLateTicks after goto');
  return late;
}
