/**
 * An interpreter without WebAssembly and without TextEncoder (QuickJS, standing in for Hermes): the library's
 * checks (runtimes/checks.mjs: every provider there is and the default, against node:crypto's digests) bundled as
 * one script with the library and run inside it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ALGORITHMS } from './helpers/common.js';
import { runInQuickJS } from './helpers/quickjs.js';
import { type CheckResult, checksExpected, prepareChecks } from './helpers/runtime-checks.js';

const dir = mkdtempSync(join(tmpdir(), 'digestlab-quickjs-'));
beforeAll(async () => {
  await prepareChecks(dir);
  await build({
    entryPoints: [join(dir, 'main-global.mjs')],
    bundle: true,
    format: 'iife',
    target: 'es2020',
    outfile: join(dir, 'quickjs.js'),
    logLevel: 'warning',
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('every provider QuickJS has gives the fixed digests: ts alone, and auto falls back to it', async () => {
  const script = readFileSync(join(dir, 'quickjs.js'), 'utf8');
  const out = JSON.parse(await runInQuickJS(script, '__digestlabCheck')) as CheckResult & { error?: string };
  expect(out.error).toBeUndefined();
  expect(out.providers).toEqual({ ts: ALGORITHMS, wasm: [], node: [], webcrypto: [] });
  expect(out.wasmReason).toBe('this runtime has no WebAssembly');
  expect(out.auto).toBe('ts');
  expect(out.runtime).toEqual({ runtime: 'unknown', version: 'unknown' });
  expect(out.checks).toBe(checksExpected(out.providers));
});
