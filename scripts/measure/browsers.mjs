/**
 * Debian's three browser engines, opened on a URL as a person opens them, for the scripts that measure a page in
 * each (bench-runtimes.mjs, seed-call-ablation.mjs --browser): Chromium through playwright-core, firefox-esr and
 * WebKitGTK's MiniBrowser as processes of their own. Never a downloaded build. (The browser tier's drivers, which
 * also evaluate and screenshot, are packages/web/test/engines/.)
 *
 *   const stop = await BROWSERS.firefox(url, { logDir });   ...   await stop();
 *   const file = await runPage('webkit', query, dir);          the page's run, as it POSTs it, in DIR/webkit.json
 *
 * apt-get install -y chromium firefox-esr webkit2gtk-driver xvfb (webkit2gtk-driver brings libwebkit2gtk-4.1-0,
 * whose MiniBrowser this runs).
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium as playwright } from 'playwright-core';

const DIGESTLAB = fileURLToPath(new URL('../../packages/cli/bin/digestlab.js', import.meta.url));

/** An executable, or an error saying what to install. */
function need(path, apt) {
  if (!existsSync(path)) throw new Error(`no ${path}: apt-get install -y ${apt}`);
  return path;
}

/** Debian's Chromium through playwright-core (CHROMIUM_PATH to use another). */
async function chromium(url) {
  const executablePath = need(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', 'chromium');
  const b = await playwright.launch({ executablePath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
  await (await b.newPage()).goto(url);
  return () => b.close();
}

/**
 * A browser process of our own, in its own process group so that stopping it ends its helpers too (Firefox's
 * content processes, xvfb-run's Xvfb); its output goes to LOGDIR/NAME.log.
 */
function spawnGroup(name, command, args, logDir) {
  const log = openSync(join(logDir, `${name}.log`), 'w');
  const child = spawn(command, args, { detached: true, stdio: ['ignore', log, log] });
  const ended = new Promise((resolve) => child.once('exit', resolve));
  return async () => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
    await Promise.race([ended, new Promise((r) => setTimeout(r, 5000))]);
    closeSync(log);
  };
}

/** Debian's firefox-esr, headless, on a fresh profile that shows no first-run page. */
async function firefox(url, { logDir }) {
  const executable = need(process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr', 'firefox-esr');
  const profile = mkdtempSync(join(tmpdir(), 'digestlab-firefox-'));
  const prefs = {
    'browser.shell.checkDefaultBrowser': false,
    'browser.startup.homepage_override.mstone': 'ignore',
    'browser.aboutwelcome.enabled': false,
    'datareporting.policy.dataSubmissionEnabled': false,
    'toolkit.telemetry.reportingpolicy.firstRun': false,
    'app.update.enabled': false,
  };
  writeFileSync(
    join(profile, 'user.js'),
    Object.entries(prefs)
      .map(([k, v]) => `user_pref(${JSON.stringify(k)}, ${JSON.stringify(v)});\n`)
      .join(''),
  );
  const stop = spawnGroup('firefox', executable, ['--headless', '--no-remote', '--profile', profile, url], logDir);
  return async () => {
    await stop();
    rmSync(profile, { recursive: true, force: true });
  };
}

/** WebKitGTK's MiniBrowser (libwebkit2gtk-4.1-0) on a display of its own: xvfb-run -a. */
async function webkit(url, { logDir }) {
  const minibrowser =
    process.env.MINIBROWSER_PATH ??
    readdirSync('/usr/lib')
      .map((d) => `/usr/lib/${d}/webkit2gtk-4.1/MiniBrowser`)
      .find((p) => existsSync(p));
  need(minibrowser ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', 'libwebkit2gtk-4.1-0');
  need('/usr/bin/xvfb-run', 'xvfb');
  return spawnGroup('webkit', 'xvfb-run', ['-a', '-s', '-screen 0 1280x1024x24', minibrowser, url], logDir);
}

/** Each engine by the name the scripts take: `open(url, { logDir })` resolves with a function that stops it. */
export const BROWSERS = { chromium, firefox, webkit };

/**
 * The page's own run in `engine`, opened through `digestlab web` as a person opens it (the built CLI and page: npm ci
 * builds both) on `query` (URLSearchParams or a string: the run URL's choices), and the run the page POSTs saved as
 * DIR/NAME.json (NAME: the engine's, unless given); resolves with that file's path. The browser's output goes to
 * DIR/ENGINE.log.
 */
export async function runPage(engine, query, dir, name = engine) {
  const results = join(dir, `${name}-runs`);
  rmSync(results, { recursive: true, force: true });
  const web = spawn(process.execPath, [DIGESTLAB, 'web', '--port', '0', '--results', results], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let text = '';
    web.stdout.setEncoding('utf8').on('data', (d) => {
      text += d;
      if (text.includes('\n')) resolve(text.slice(0, text.indexOf('\n')));
    });
    web.once('exit', (code) => reject(new Error(`digestlab web exited ${code}`)));
  });
  process.stderr.write(`${name}: ${url}&${query}\n`);
  const stop = await BROWSERS[engine](`${url}&${query}`, { logDir: dir });
  try {
    const deadline = Date.now() + 30 * 60_000;
    for (;;) {
      const saved = existsSync(results) ? readdirSync(results).filter((f) => f.endsWith('.json')) : [];
      if (saved.length > 0) {
        const file = join(dir, `${name}.json`);
        renameSync(join(results, saved[0]), file);
        return file;
      }
      if (Date.now() > deadline) throw new Error(`${name}: the page saved no run in 30 minutes`);
      await new Promise((r) => setTimeout(r, 1000));
    }
  } finally {
    await stop();
    web.kill('SIGINT');
    rmSync(results, { recursive: true, force: true });
  }
}
