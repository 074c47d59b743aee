/**
 * A page whose Content-Security-Policy allows its own scripts and nothing else (no 'wasm-unsafe-eval', no
 * 'unsafe-eval'), in Chromium (Debian's, through playwright-core): the library's checks (the runtimes' checks.mjs:
 * every provider there is and the default, against node:crypto's digests) bundled as the page's one script. It must
 * give every digest right through `ts` and `webcrypto`, with `providers()` saying why `wasm` is not there, and no
 * console error. And the lab's own page, under the policy its build writes.
 */

import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ALGORITHMS } from '../../digestlab/test/helpers/common.js';
import {
  bundleIn,
  type CheckResult,
  checksExpected,
  prepareChecks,
} from '../../digestlab/test/helpers/runtime-checks.js';
import { CHROMIUM } from './engines/chromium.js';
import { DIST, need, needDist } from './engines/engine.js';
import { serveDist } from './serve.js';

/** The page's policy: its own scripts, nothing compiled from strings or bytes. */
const STRICT = "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'";

const dir = mkdtempSync(join(tmpdir(), 'digestlab-csp-'));
let server: Server;
let url: string;

beforeAll(async () => {
  await prepareChecks(dir);
  await bundleIn(dir, 'main-global.mjs', 'checks.js', undefined, { format: 'iife', platform: 'browser' });
  writeFileSync(join(dir, 'index.html'), '<!doctype html><meta charset="utf-8"><script src="checks.js"></script>\n');
  server = createServer(async (req, res) => {
    const file = req.url === '/checks.js' ? 'checks.js' : 'index.html';
    const type = file.endsWith('.js') ? 'text/javascript' : 'text/html; charset=utf-8';
    res.writeHead(200, { 'content-type': type, 'content-security-policy': STRICT });
    res.end(await readFile(join(dir, file)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

test('Chromium, strict CSP: every digest right through ts and webcrypto, wasm refused and saying why, no console error', async () => {
  const browser = await chromium.launch({
    executablePath: need(CHROMIUM, 'chromium', 'chromium', 'CHROMIUM_PATH'),
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url);
    await page.waitForFunction(() => (globalThis as { __digestlabCheck?: string }).__digestlabCheck, null, {
      timeout: 240_000,
    });
    const raw = await page.evaluate(() => (globalThis as unknown as { __digestlabCheck: string }).__digestlabCheck);
    const out = JSON.parse(raw) as CheckResult & { error?: string };
    expect(out.error).toBeUndefined();
    expect(out.runtime).toMatchObject({ runtime: 'browser', browser: { engine: 'Blink' } });
    expect(out.providers.ts).toEqual(ALGORITHMS);
    expect(out.providers.wasm).toEqual([]);
    expect(out.providers.node).toEqual([]);
    expect(out.providers.webcrypto).toEqual(expect.arrayContaining(['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512']));
    expect(out.wasmReason).toMatch(/^this runtime refuses to compile WebAssembly from bytes .*Content Security Policy/);
    expect(out.auto).toBe('ts');
    expect(out.checks).toBe(checksExpected(out.providers));
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
  }
});

test("the lab's page carries a strict policy of its own: no 'unsafe-eval', its inline script by hash, refusals recorded", async () => {
  needDist();
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]+)">/.exec(html)?.[1] ?? '';
  expect(policy).toMatch(/script-src 'self' 'wasm-unsafe-eval' 'sha256-[A-Za-z0-9+/=]+'/);
  expect(policy.replace("'wasm-unsafe-eval'", '')).not.toMatch(/unsafe-eval|unsafe-inline|\*/);
  const served = await serveDist(DIST);
  const browser = await chromium.launch({
    executablePath: need(CHROMIUM, 'chromium', 'chromium', 'CHROMIUM_PATH'),
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage();
    await page.goto(served.url);
    // the watch script ran (its hash is in the policy), and the page loaded with nothing refused (a plain static
    // host: the one error is the collector probe's 404, as page.browser.test.ts says)
    await page.waitForFunction(() => (globalThis as { digestlabWatch?: unknown }).digestlabWatch);
    await page.waitForSelector('button', { timeout: 60_000 });
    const errors = () =>
      page.evaluate(() =>
        (globalThis as unknown as { digestlabWatch: { errors: string[] } }).digestlabWatch.errors.filter(
          (e) => !/^HTTP 404: .*\/api\/status$/.test(e),
        ),
      );
    expect(await errors()).toEqual([]);
    // the policy is in force: an inline script it does not list by hash is not run, and the refusal is recorded
    // where the tests read errors (a string evaluated by the test itself is not subject to the page's policy)
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'globalThis.__inlineRan = true';
      document.head.append(script);
      return (globalThis as { __inlineRan?: boolean }).__inlineRan === true;
    });
    expect(ran).toBe(false);
    await page.waitForFunction(() =>
      (globalThis as unknown as { digestlabWatch: { errors: string[] } }).digestlabWatch.errors.some((e) =>
        e.startsWith('CSP'),
      ),
    );
    expect(await errors()).toEqual([expect.stringMatching(/^CSP refused inline \(script-src/)]);
  } finally {
    await browser.close();
    await served.close();
  }
});
