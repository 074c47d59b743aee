/**
 * WebKit: Debian's WebKitWebDriver (apt-get install webkit2gtk-driver) driving the MiniBrowser that libwebkit2gtk-4.1-0
 * ships, through our WebDriver client (webdriver.ts). WebKitGTK has no headless mode (MiniBrowser's `--headless`
 * is not in this build), so the driver gets a display of its own: an Xvfb (apt-get install xvfb) on the first free
 * display number, which Xvfb picks and reports itself (`-displayfd`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { DEFAULT_VIEWPORT, type Engine, need, type Tab, type Viewport } from './engine.js';
import { WebDriverSession } from './webdriver.js';

export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
/** Where libwebkit2gtk-4.1-0 puts it: under the architecture's multiarch folder (x86_64-linux-gnu, ...). */
export const MINIBROWSER =
  process.env.MINIBROWSER_PATH ??
  (() => {
    const found = readdirSync('/usr/lib', { withFileTypes: true })
      .filter((d) => d.isDirectory() && d.name.endsWith('-linux-gnu'))
      .map((d) => `/usr/lib/${d.name}/webkit2gtk-4.1/MiniBrowser`)
      .find((p) => existsSync(p));
    return found ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
  })();
export const XVFB = '/usr/bin/Xvfb';

/** A free TCP port on 127.0.0.1 (the driver is then started on it). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** An Xvfb on a free display; resolves with the child and its DISPLAY (":N"). */
async function startXvfb(): Promise<{ child: ChildProcess; display: string }> {
  const child = spawn(
    need(XVFB, 'webkit', 'xvfb'),
    ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'],
    {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    },
  );
  let err = '';
  child.stderr?.setEncoding('utf8').on('data', (d: string) => {
    err += d;
  });
  const number = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdio[3]?.on('data', (d: Buffer) => {
      out += d.toString('utf8');
      if (out.includes('\n')) resolve(out.trim());
    });
    child.once('exit', (code) => reject(new Error(`webkit: Xvfb exited ${code}: ${err.slice(-500)}`)));
  });
  return { child, display: `:${number}` };
}

/** The driver listening: polls its /status until it answers (it takes a moment to bind). */
async function waitForDriver(url: string, driver: ChildProcess): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (driver.exitCode === null) {
    try {
      if ((await fetch(`${url}/status`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`webkit: WebKitWebDriver did not answer on ${url} in 20 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`webkit: WebKitWebDriver exited ${driver.exitCode}`);
}

export async function launchWebKit(): Promise<Engine> {
  const binary = need(MINIBROWSER, 'webkit', 'libwebkit2gtk-4.1-0', 'MINIBROWSER_PATH');
  const driverPath = need(WEBKIT_DRIVER, 'webkit', 'webkit2gtk-driver', 'WEBKIT_DRIVER_PATH');
  const xvfb = await startXvfb();
  const port = await freePort();
  const driver = spawn(driverPath, [`--port=${port}`], {
    env: { ...process.env, DISPLAY: xvfb.display },
    stdio: 'ignore',
  });
  const stop = () => {
    driver.kill();
    xvfb.child.kill();
  };
  // a test run that ends early must not leave a display and a driver behind
  process.once('exit', stop);
  let session: WebDriverSession;
  try {
    const url = `http://127.0.0.1:${port}`;
    await waitForDriver(url, driver);
    session = await WebDriverSession.create(url, {
      'webkitgtk:browserOptions': { binary, args: ['--automation'] },
      timeouts: { script: 5 * 60_000, pageLoad: 5 * 60_000 },
    });
  } catch (e) {
    stop();
    throw e;
  }
  return {
    name: 'webkit',
    browserVersion: String(session.capabilities.browserVersion),
    newTab: (viewport = DEFAULT_VIEWPORT) => webkitTab(session, viewport),
    async close() {
      try {
        await session.delete();
      } finally {
        stop();
        process.removeListener('exit', stop);
      }
    },
  };
}

/** WebKitWebDriver drives one window: one tab at a time, which close() leaves on about:blank for the next. */
let tabOpen = false;

async function webkitTab(session: WebDriverSession, viewport: Viewport): Promise<Tab> {
  if (tabOpen) throw new Error('webkit: one tab at a time (WebKitWebDriver drives one window); close the other first');
  tabOpen = true;
  const tab: Tab = {
    goto: (url) => session.navigate(url),
    evaluate: (fn, arg) => session.evaluate(fn, arg as never),
    async setViewport(v) {
      // the window's size includes MiniBrowser's toolbar: ask for the viewport plus what the toolbar takes
      const [outerW, outerH, innerW, innerH] = await session.evaluate(
        () => [window.outerWidth, window.outerHeight, window.innerWidth, window.innerHeight],
        null,
      );
      await session.setWindowRect({ width: v.width + outerW - innerW, height: v.height + outerH - innerH });
      const [width, height] = await session.evaluate(() => [window.innerWidth, window.innerHeight], null);
      return { width, height };
    },
    async screenshot(path, selector) {
      writeFileSync(path, await session.screenshot(selector));
    },
    async close() {
      await session.navigate('about:blank');
      tabOpen = false;
    },
  };
  await tab.goto('about:blank');
  await tab.setViewport(viewport);
  return tab;
}
