#!/usr/bin/env node
/**
 * One benchmark on every runtime, side by side: `digestlab bench` under Node, Bun and Deno, and the web page's
 * bench in Debian's Chromium, Firefox and WebKitGTK's MiniBrowser (through `digestlab web`, as a person opens it:
 * the page POSTs its run to the collector), each saved as JSON, then one table made by `digestlab compare` (ratios
 * against Node). This is BENCHMARKS.md's "The default suite on Node, Bun, Deno and every browser engine".
 *
 *   node scripts/bench-runtimes.mjs [--out DIR] [--samples N] [--sizes 1M] [--algorithms LIST] [--providers LIST]
 *
 * Needs the built CLI and page (npm ci builds both) and Debian's browsers: apt-get install -y chromium firefox-esr
 * webkit2gtk-driver xvfb (webkit2gtk-driver brings libwebkit2gtk-4.1-0, whose MiniBrowser this runs). The runs go
 * one after another, never two at once, so none takes a core from another.
 */
import { spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium as playwright } from 'playwright-core';

const root = fileURLToPath(new URL('..', import.meta.url));
const DIGESTLAB = join(root, 'packages/cli/bin/digestlab.js');
const bin = (name) => join(root, 'node_modules/.bin', name);

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: 'bench-runtimes' },
    samples: { type: 'string', default: '7' },
    sizes: { type: 'string', default: '1M' },
    algorithms: { type: 'string', default: 'MD2,MD5,SHA-1,SHA-256,SHA-384,SHA-512' },
    providers: { type: 'string', default: 'ts,wasm,node,webcrypto,auto,hash-wasm,@noble/hashes' },
  },
});
const out = values.out;
mkdirSync(out, { recursive: true });

const benchArgs = [
  'bench',
  '-w',
  'seed,sizes',
  '--sizes',
  values.sizes,
  '-a',
  values.algorithms,
  '-p',
  values.providers,
  '--samples',
  values.samples,
  '--json',
];

/** `digestlab bench` under a server runtime, its JSON saved as DIR/NAME.json. */
function server(name, command) {
  const file = join(out, `${name}.json`);
  process.stderr.write(`${name}: ${[...command, 'digestlab', ...benchArgs].join(' ')}\n`);
  const r = spawnSync(command[0], [...command.slice(1), DIGESTLAB, ...benchArgs], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (r.status !== 0) throw new Error(`${name}: exit ${r.status}`);
  writeFileSync(file, r.stdout);
  return file;
}

/** The page's query: the same bench as the servers run. */
const query = new URLSearchParams({
  workload: 'seed,sizes',
  sizes: values.sizes,
  algorithms: values.algorithms,
  providers: values.providers,
  samples: values.samples,
  run: '1',
});

/**
 * The page's bench in a browser, opened through `digestlab web` as a person opens it: `open(url)` starts the
 * browser on the page and resolves with a function that stops it; the run the page POSTs is saved as DIR/NAME.json.
 */
async function browser(name, open) {
  const results = join(out, `${name}-runs`);
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
  const stop = await open(`${url}&${query}`);
  try {
    const deadline = Date.now() + 30 * 60_000;
    for (;;) {
      const saved = existsSync(results) ? readdirSync(results).filter((f) => f.endsWith('.json')) : [];
      if (saved.length > 0) {
        const file = join(out, `${name}.json`);
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
 * content processes, xvfb-run's Xvfb); its output goes to DIR/NAME.log.
 */
function spawnGroup(name, command, args, env = process.env) {
  const log = openSync(join(out, `${name}.log`), 'w');
  const child = spawn(command, args, { detached: true, stdio: ['ignore', log, log], env });
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
async function firefox(url) {
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
  const stop = spawnGroup('firefox', executable, ['--headless', '--no-remote', '--profile', profile, url]);
  return async () => {
    await stop();
    rmSync(profile, { recursive: true, force: true });
  };
}

/** WebKitGTK's MiniBrowser (libwebkit2gtk-4.1-0) on a display of its own: xvfb-run -a. */
async function webkit(url) {
  const minibrowser =
    process.env.MINIBROWSER_PATH ??
    readdirSync('/usr/lib')
      .map((d) => `/usr/lib/${d}/webkit2gtk-4.1/MiniBrowser`)
      .find((p) => existsSync(p));
  need(minibrowser ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser', 'libwebkit2gtk-4.1-0');
  need('/usr/bin/xvfb-run', 'xvfb');
  return spawnGroup('webkit', 'xvfb-run', ['-a', '-s', '-screen 0 1280x1024x24', minibrowser, url]);
}

const files = [
  server('node', [process.execPath]),
  server('bun', [bin('bun')]),
  server('deno', [bin('deno'), 'run', '-A']),
  await browser('chromium', chromium),
  await browser('firefox', firefox),
  await browser('webkit', webkit),
];
const compare = spawnSync(process.execPath, [DIGESTLAB, 'compare', ...files], { encoding: 'utf8' });
process.stdout.write(compare.stdout);
process.stderr.write(compare.stderr);
writeFileSync(join(out, 'compare.md'), compare.stdout);
process.exitCode = compare.status ?? 1;
