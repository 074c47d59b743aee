/**
 * Runtime detection (src/runtime.ts), which labels every report and names the library behind node:crypto: each
 * runtime as its globals describe it (Bun and Deno with the fake Node version they report), browsers from real user
 * agents, and this process: under Node by `npm test`, under Bun and Deno by `npm run test:bun` and `test:deno`,
 * which run this whole suite there. runtimes.test.ts checks the bundled library under Bun, Deno and Node --jitless.
 */
import { describe, expect, it } from 'vitest';
import { providers, runtime } from '../src/index.js';
import { browserOf, detectRuntime, engineOf } from '../src/shared/runtime.js';
import { HOST } from './helpers/host.js';

const FAKE_NODE = { node: '26.3.0', openssl: '1.1.0' };

describe('detectRuntime', () => {
  it('Node: its version and OpenSSL', () => {
    expect(detectRuntime({ process: { versions: { node: '20.20.2', openssl: '3.0.19' } } })).toEqual({
      runtime: 'node',
      version: '20.20.2',
      cryptoLibrary: 'OpenSSL 3.0.19',
    });
  });

  it('Bun, which reports Node 26.3.0 and OpenSSL 1.1.0: bun, its own version, BoringSSL', () => {
    const versions = { ...FAKE_NODE, bun: '1.4.5', boringssl: 'fe703e9faa3bfd22b04eb192066856557b7e015c' };
    expect(detectRuntime({ Bun: { version: '1.4.5' }, process: { versions } })).toEqual({
      runtime: 'bun',
      version: '1.4.5',
      cryptoLibrary: 'BoringSSL fe703e9',
    });
  });

  it('Deno, which reports Node 26.3.0: deno, its own version, the OpenSSL it reports', () => {
    const versions = { node: '26.3.0', openssl: '3.0.7+quic', deno: '2.9.6' };
    expect(
      detectRuntime({
        Deno: { version: { deno: '2.9.6' } },
        process: { versions },
        navigator: { userAgent: 'Deno/2.9.6' },
      }),
    ).toEqual({ runtime: 'deno', version: '2.9.6', cryptoLibrary: 'OpenSSL 3.0.7+quic' });
  });

  it('a browser page or Worker: the browser, no node:crypto', () => {
    const userAgent =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.135 Mobile Safari/537.36';
    const want = {
      runtime: 'browser',
      version: '131.0.6778.135',
      browser: { name: 'Chrome', version: '131.0.6778.135', engine: 'Blink' },
    };
    expect(detectRuntime({ navigator: { userAgent }, document: {}, Intl: V8.Intl })).toEqual(want);
    expect(detectRuntime({ navigator: { userAgent }, WorkerGlobalScope: class {}, Intl: V8.Intl })).toEqual(want);
  });

  it("Chrome on an iPhone is WebKit: the engine comes from what the engine does, not from the user agent's name", () => {
    const userAgent =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1';
    expect(detectRuntime({ navigator: { userAgent }, document: {}, ...JSC })).toMatchObject({
      browser: { name: 'Chrome', engine: 'WebKit' },
    });
  });

  it("workerd, by its user agent: not the Node of nodejs_compat's process, nor the browser its Worker globals suggest", () => {
    const workerd = { navigator: { userAgent: 'Cloudflare-Workers' }, WorkerGlobalScope: class {}, Intl: V8.Intl };
    expect(detectRuntime(workerd)).toEqual({ runtime: 'workerd', version: 'unknown' });
    const compat = { ...workerd, process: { versions: { node: '22.19.0', openssl: '' } } };
    expect(detectRuntime(compat)).toEqual({ runtime: 'workerd', version: 'unknown', cryptoLibrary: 'BoringSSL' });
  });

  it('edge-runtime by its EdgeRuntime global, Hermes by HermesInternal and its release', () => {
    expect(detectRuntime({ EdgeRuntime: 'edge-runtime', process: { versions: { node: '20.0.0' } } })).toEqual({
      runtime: 'edge-runtime',
      version: 'unknown',
    });
    const hermes = { getRuntimeProperties: () => ({ 'OSS Release Version': '0.13.0' }) };
    expect(detectRuntime({ HermesInternal: hermes })).toEqual({ runtime: 'hermes', version: '0.13.0' });
    expect(detectRuntime({ HermesInternal: {} })).toEqual({ runtime: 'hermes', version: 'unknown' });
  });

  it('nothing it knows: unknown, not a guess', () => {
    expect(detectRuntime({})).toEqual({ runtime: 'unknown', version: 'unknown' });
    // a navigator alone (Node 21+ has one) is not a browser
    expect(detectRuntime({ navigator: { userAgent: 'Node.js/22' } })).toEqual({
      runtime: 'unknown',
      version: 'unknown',
    });
  });
});

/** What each JavaScript engine shows of itself (as seen in Chromium 156, Firefox 153 and WebKitGTK 2.50). */
const V8 = { Intl: { v8BreakIterator: () => undefined }, Error: class {} };
/** V8 without Intl.v8BreakIterator (Node): its stacks start with the error's own line. */
const V8_NODE = {
  Error: class {
    stack = 'Error: probe\n    at probe (file:///probe.js:2:13)';
  },
};
const SPIDERMONKEY = {
  Error: class {
    lineNumber = 2;
    columnNumber = 13;
    fileName = 'http://127.0.0.1/probe.js';
  },
};
const JSC = {
  Error: class {
    line = 2;
    column = 22;
    sourceURL = 'http://127.0.0.1/probe.js';
  },
};

describe('engineOf', () => {
  it('tells V8, SpiderMonkey and JavaScriptCore apart by what they do', () => {
    expect(engineOf(V8)).toBe('Blink');
    expect(engineOf(V8_NODE)).toBe('Blink');
    expect(engineOf(SPIDERMONKEY)).toBe('Gecko');
    expect(engineOf(JSC)).toBe('WebKit');
  });

  it('an engine it does not know, or half of a sign: unknown (the safe choices), not a guess', () => {
    expect(engineOf({})).toBe('unknown');
    expect(engineOf({ Intl: {}, Error: class {} })).toBe('unknown');
    expect(
      engineOf({
        Error: class {
          lineNumber = 2;
        },
      }),
    ).toBe('unknown');
    expect(
      engineOf({
        Error: class {
          line = 2;
        },
      }),
    ).toBe('unknown');
  });

  it('this process: Node and Deno are V8; Bun is JavaScriptCore', () => {
    expect(engineOf(globalThis as Parameters<typeof engineOf>[0])).toBe(HOST.runtime === 'bun' ? 'WebKit' : 'Blink');
  });
});

describe('browserOf', () => {
  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.8078.73 Safari/537.36',
      'Chrome',
      '156.0.8078.73',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0', 'Firefox', '140.0'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari',
      '18.1',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
      'Chrome',
      '131.0.6778.73',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.70',
      'Edge',
      '131.0.2903.70',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/27.0 Chrome/125.0.0.0 Mobile Safari/537.36',
      'Samsung Internet',
      '27.0',
    ],
    ['curl/8.5.0', 'unknown', 'unknown'],
  ])('%s', (ua, name, version) => {
    expect(browserOf(ua)).toEqual({ name, version });
  });
});

describe('this process', () => {
  it(`is ${HOST.runtime}, with its own version and crypto library, and the node provider says the same`, () => {
    expect(runtime()).toEqual({ runtime: HOST.runtime, version: HOST.version, cryptoLibrary: HOST.cryptoLibrary });
    const node = providers().find((p) => p.id === 'node');
    expect(node).toMatchObject({ implementedIn: HOST.implementedIn, library: HOST.cryptoLibrary });
    expect(providers().find((p) => p.id === 'ts')).not.toHaveProperty('library');
  });

  it('returns a copy: changing it changes nothing', () => {
    const r = runtime();
    r.version = 'x';
    expect(runtime().version).toBe(HOST.version);
  });
});
