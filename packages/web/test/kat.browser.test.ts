/**
 * The library's known answers in Chromium: RFC 1321 and 1319, FIPS 180-4's examples, NIST CAVP ShortMsg and
 * LongMsg, the seed string under the seed's six algorithms (Java's digests) and Java's MD2 vectors, through `ts`,
 * `wasm`, `webcrypto` and `auto`, on the main thread after `await ready()` and in a Worker without it. The vectors
 * are read here, under Node, by the parsers the Node suite uses, and sent to the self-test page.
 */
import { Buffer } from 'node:buffer';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readVector } from '../../digestlab/test/helpers/common.js';
import { FIPS, RFC1319, SEED_STRING, seedJava } from '../../digestlab/test/helpers/known.js';
import { parseRsp } from '../../digestlab/test/helpers/rsp.js';
import type { KatResult, KatVector } from '../src/kat.js';
import type { SelfTest } from '../src/selftest.js';
import { DIST, launch } from './chromium.js';
import { type Served, serveDist } from './serve.js';

const hex = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('hex');

function rspVectors(file: string, algorithm: KatVector['algorithm'], name: string): KatVector[] {
  return parseRsp(readVector(file), file).vectors.map((v) => ({
    algorithm,
    name: `${name} Len = ${v.len}`,
    hex: hex(v.msg),
    md: v.md,
  }));
}

const CAVP: [KatVector['algorithm'], string][] = [
  ['SHA-1', 'SHA1'],
  ['SHA-224', 'SHA224'],
  ['SHA-256', 'SHA256'],
  ['SHA-384', 'SHA384'],
  ['SHA-512', 'SHA512'],
  ['SHA-512/224', 'SHA512_224'],
  ['SHA-512/256', 'SHA512_256'],
];

const VECTORS: KatVector[] = [
  ...rspVectors('rfc/rfc-1321.txt', 'MD5', 'RFC 1321'),
  ...RFC1319.map(([text, md]) => ({ algorithm: 'MD2' as const, name: `RFC 1319 ${JSON.stringify(text)}`, text, md })),
  ...Object.entries(FIPS).flatMap(([algorithm, pairs]) =>
    (pairs ?? []).map(([text, md]) => ({
      algorithm: algorithm as KatVector['algorithm'],
      name: `FIPS 180-4 ${text}`,
      text,
      md,
    })),
  ),
  ...CAVP.flatMap(([algorithm, file]) => [
    ...rspVectors(`cavp/${file}ShortMsg.rsp`, algorithm, `CAVP ${file}ShortMsg`),
    ...rspVectors(`cavp/${file}LongMsg.rsp`, algorithm, `CAVP ${file}LongMsg`),
  ]),
  ...[...seedJava()].map(([algorithm, md]) => ({
    algorithm: algorithm as KatVector['algorithm'],
    name: 'the seed string (Java)',
    text: SEED_STRING,
    md,
  })),
  ...rspVectors('md2-java.txt', 'MD2', 'Java SUN MD2'),
];

/** What `auto` must pick in a browser (no node:crypto): our WebAssembly, except MD2, which has only TypeScript. */
const AUTO_IN_A_BROWSER = (algorithm: string) => (algorithm === 'MD2' ? 'ts' : 'wasm');

/**
 * Where `auto`'s digestAsync must call WebCrypto in a secure page, among ASYNC_PROBES (1 KiB, 2 KiB − 1, 2 KiB,
 * 8 KiB − 1, 8 KiB, 64 KiB): from 8 KiB for SHA-1 and 2 KiB for SHA-256, as measured in Chromium (BENCHMARKS.md);
 * never for the others (SHA-384 and SHA-512 included: WebCrypto was not consistently faster than our WebAssembly).
 */
const AUTO_ASYNC_WEBCRYPTO: Record<string, number[]> = {
  'SHA-1': [8192, 65536],
  'SHA-256': [2048, 8191, 8192, 65536],
};

let browser: Browser;
let served: Served;
let page: Page;

beforeAll(async () => {
  browser = await launch();
  served = await serveDist(DIST);
  page = await browser.newPage();
  await page.goto(`${served.url}selftest.html`);
  await page.waitForSelector('body[data-state="ready"]');
});

afterAll(async () => {
  await browser?.close();
  await served?.close();
});

const call = <K extends keyof SelfTest>(name: K, vectors?: KatVector[]) =>
  page.evaluate(
    ([n, v]) => (window as unknown as { digestlabSelfTest: SelfTest }).digestlabSelfTest[n](v as KatVector[]),
    [name, vectors] as const,
  ) as Promise<KatResult>;

function expectAllPass(r: KatResult) {
  expect(r.failures).toEqual([]);
  // every vector through ts and auto; the SHA family through webcrypto (a secure context: 127.0.0.1)
  expect(r.checked.ts).toBe(VECTORS.length);
  expect(r.checked.auto).toBe(VECTORS.length);
  expect(r.checked.wasm).toBe(VECTORS.filter((v) => v.algorithm !== 'MD2').length);
  expect(r.checked.webcrypto).toBe(
    VECTORS.filter((v) => ['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512'].includes(v.algorithm)).length,
  );
  expect(r.available.node).toMatch(/node:crypto|Node/);
  for (const [algorithm, picked] of Object.entries(r.autoPicks)) {
    expect(picked, `auto for ${algorithm}`).toBe(AUTO_IN_A_BROWSER(algorithm));
  }
  for (const [algorithm, at] of Object.entries(r.autoAsyncWebCrypto)) {
    expect(at, `auto's digestAsync through WebCrypto, ${algorithm}`).toEqual(AUTO_ASYNC_WEBCRYPTO[algorithm] ?? []);
  }
  expect(Object.keys(r.autoAsyncWebCrypto)).toContain('SHA-256');
}

describe('known answers in Chromium', () => {
  it('cover every source the Node suite uses', () => {
    const names = new Set(VECTORS.map((v) => v.name.split(' ').slice(0, 2).join(' ')));
    for (const source of [
      'RFC 1321',
      'RFC 1319',
      'FIPS 180-4',
      'CAVP SHA256ShortMsg',
      'CAVP SHA512LongMsg',
      'Java SUN',
    ]) {
      expect(
        [...names].some((n) => n.startsWith(source)),
        source,
      ).toBe(true);
    }
    expect(VECTORS.filter((v) => v.name.startsWith('the seed string'))).toHaveLength(6);
  });

  it('before ready() on the main thread, wasm waits for an asynchronous compile or already runs, and auto follows', async () => {
    const r = (await call('beforeReady')) as Pick<KatResult, 'available' | 'autoPicks'>;
    // Chromium refuses synchronous compilation of large modules on the main thread; digestlab's core module is
    // small enough that some versions allow it. Either way auto must pick what is really available.
    if (r.available.wasm === true) expect(r.autoPicks['SHA-256']).toBe('wasm');
    else {
      expect(r.available.wasm).toMatch(/ready\(\)/);
      expect(r.autoPicks['SHA-256']).toBe('ts');
    }
  });

  it('main thread, after await ready(): ts, wasm, webcrypto and auto agree with every vector', async () => {
    const r = await call('main', VECTORS);
    expect(r.available.wasm).toBe(true);
    expectAllPass(r);
  });

  it('in a Worker, without ready(): wasm compiled synchronously; every provider agrees with every vector', async () => {
    const r = await call('worker', VECTORS);
    expect(r.available.wasm).toBe(true);
    expectAllPass(r);
  });
});
