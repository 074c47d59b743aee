/**
 * Vercel's edge runtime as npm's `edge-runtime` runs it (a V8 context with the Edge globals, the `EdgeRuntime`
 * global among them; unlike Vercel's servers it lets bytes compile to WebAssembly): the library's checks
 * (runtimes/checks.mjs: every provider there is and the default, against node:crypto's digests) bundled as one
 * script and evaluated inside it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EdgeRuntime } from 'edge-runtime';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ALGORITHMS, WASM_ALGORITHMS } from './helpers/common.js';
import { bundleIn, type CheckResult, checksExpected, prepareChecks } from './helpers/runtime-checks.js';

const dir = mkdtempSync(join(tmpdir(), 'digestlab-edge-runtime-'));
beforeAll(async () => {
  await prepareChecks(dir);
  await bundleIn(dir, 'main-global.mjs', 'edge.js', undefined, { format: 'iife' });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('every provider edge-runtime has gives the fixed digests, and runtime() names it', async () => {
  const runtime = new EdgeRuntime();
  runtime.evaluate(readFileSync(join(dir, 'edge.js'), 'utf8'));
  await runtime.evaluate('globalThis.__digestlabDone');
  const out = JSON.parse(runtime.evaluate('globalThis.__digestlabCheck')) as CheckResult & { error?: string };
  expect(out.error).toBeUndefined();
  expect(out.runtime).toEqual({ runtime: 'edge-runtime', version: 'unknown' });
  expect(out.providers).toEqual({
    ts: ALGORITHMS,
    wasm: WASM_ALGORITHMS,
    node: [],
    webcrypto: ['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512'],
  });
  expect(out.node.reason).toMatch(/node:crypto cannot be loaded here/);
  expect(out.auto).toBe('wasm');
  expect(out.checks).toBe(checksExpected(out.providers));
});
