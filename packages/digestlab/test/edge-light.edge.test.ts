/**
 * Vercel's Edge runtime through the package's `edge-light` export condition: npm's `edge-runtime` (the VM Vercel's
 * tools run) with its context made to refuse compiling WebAssembly from bytes, as Vercel's servers do ("Wasm code
 * generation disallowed by embedder"), and the package as built (dist/) bundled with the `edge-light` condition, its
 * `NAME.wasm?module` imports bound to modules compiled by the host, as Next.js's edge sandbox binds them. The
 * library's checks (runtimes/checks.mjs: every provider there is and the default, against node:crypto's digests)
 * run inside; then the plain entry given only some modules (`ready({ modules })`), whose `providers()` must say which
 * algorithms' WebAssembly runs and why the others' does not.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EdgeRuntime } from 'edge-runtime';
import type { Plugin } from 'esbuild';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { WASM_MODULE_NAMES } from '../src/wasm/names.js';
import { ALGORITHMS, WASM_ALGORITHMS } from './helpers/common.js';
import { embeddedExcerpt } from './helpers/embedded.js';
import { bundleIn, type CheckResult, checksExpected, prepareChecks } from './helpers/runtime-checks.js';

const dir = mkdtempSync(join(tmpdir(), 'digestlab-edge-light-'));
const DIST_WASM = new URL('../dist/wasm/', import.meta.url);
const NODE_MODULES = new URL('../../../node_modules', import.meta.url).pathname;
const WEBCRYPTO = ['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512'];

/** `NAME.wasm?module` as Vercel's bundler makes it: a module the runtime compiled, bound to a global. */
const wasmModuleBinding: Plugin = {
  name: 'wasm-module-binding',
  setup(b) {
    b.onResolve({ filter: /\.wasm\?module$/ }, (args) => ({
      path: args.path.replace(/^.*\//, '').replace(/\.wasm\?module$/, ''),
      namespace: 'wasm-binding',
    }));
    b.onLoad({ filter: /.*/, namespace: 'wasm-binding' }, (args) => ({
      contents: `export default globalThis.__wasm_${args.path};`,
    }));
  },
};

beforeAll(async () => {
  await prepareChecks(dir);
  // the checks over the package, resolved as Vercel's bundler resolves it (edge-light first)
  writeFileSync(join(dir, 'package-entry.mjs'), "export * from 'digestlab';\n");
  await bundleIn(dir, 'main-global.mjs', 'edge-light.js', join(dir, 'package-entry.mjs'), {
    format: 'iife',
    conditions: ['edge-light', 'worker', 'browser'],
    nodePaths: [NODE_MODULES],
    plugins: [wasmModuleBinding],
  });
  // the plain entry (no edge-light condition), handed the core and BLAKE3's modules only
  writeFileSync(
    join(dir, 'partial.mjs'),
    "import { check } from './checks.mjs';\nimport { createDigest, digestHex, ready } from './digestlab.mjs';\n" +
      'const asked = () => {\n' +
      "  try { digestHex('BLAKE2B-512', '', { provider: 'wasm' }); } catch (e) { return [e.code, e.message].join(': '); }\n" +
      '};\n' +
      'globalThis.__digestlabDone = ready({ modules: { core: globalThis.__wasm_core, blake3: globalThis.__wasm_blake3 } })\n' +
      '  .then(check)\n' +
      "  .then((r) => ({ ...r, blake2bBy: createDigest('BLAKE2B-512').provider, blake2bInWasm: asked() }))\n" +
      '  .then((r) => { globalThis.__digestlabCheck = JSON.stringify(r); },\n' +
      '    (e) => { globalThis.__digestlabCheck = JSON.stringify({ error: String(e?.stack ?? e) }); });\n',
  );
  await bundleIn(dir, 'partial.mjs', 'partial.js', join(dir, 'package-entry.mjs'), {
    format: 'iife',
    conditions: ['worker', 'browser'],
    nodePaths: [NODE_MODULES],
  });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Answer = CheckResult & { error?: string; blake2bBy?: string; blake2bInWasm?: string };

/** Runs a script in an edge-runtime that refuses bytes, with every module compiled by the host as a global. */
async function runRefusingBytes(script: string): Promise<Answer> {
  const runtime = new EdgeRuntime({
    codeGeneration: { strings: false, wasm: false },
    extend: (context) => {
      for (const name of WASM_MODULE_NAMES) {
        context[`__wasm_${name}`] = new WebAssembly.Module(readFileSync(new URL(`${name}.wasm`, DIST_WASM)));
      }
      return context;
    },
  });
  // the context refuses bytes, as Vercel's servers do
  expect(() => runtime.evaluate('new WebAssembly.Module(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]))')).toThrow(
    /disallowed by embedder/,
  );
  runtime.evaluate(readFileSync(join(dir, script), 'utf8'));
  await runtime.evaluate('globalThis.__digestlabDone');
  return JSON.parse(runtime.evaluate('globalThis.__digestlabCheck')) as Answer;
}

test('the edge-light entry runs our WebAssembly where bytes are refused, every digest right', async () => {
  // its modules come as .wasm files only: the bundle carries none of their bytes as base64
  const bundle = readFileSync(join(dir, 'edge-light.js'), 'utf8');
  for (const name of WASM_MODULE_NAMES) expect(bundle.includes(embeddedExcerpt(name)), name).toBe(false);
  const out = await runRefusingBytes('edge-light.js');
  expect(out.error).toBeUndefined();
  expect(out.runtime).toEqual({ runtime: 'edge-runtime', version: 'unknown' });
  expect(out.wasmReason).toBeUndefined();
  expect(out.wasmUnavailable).toBeUndefined();
  expect(out.providers).toEqual({ ts: ALGORITHMS, wasm: WASM_ALGORITHMS, node: [], webcrypto: WEBCRYPTO });
  expect(out.auto).toBe('wasm');
  expect(out.checks).toBe(checksExpected(out.providers));
});

test('after ready({ modules }) with some modules, providers() says which run and why the others do not', async () => {
  const out = await runRefusingBytes('partial.js');
  expect(out.error).toBeUndefined();
  // the core module's algorithms and BLAKE3's; the others run in TypeScript (auto), each saying why not in wasm
  const given = WASM_ALGORITHMS.filter((a) => /^(MD5|SHA|SHAKE|KECCAK|BLAKE3)/.test(a));
  expect(out.providers.wasm).toEqual(given);
  const left = WASM_ALGORITHMS.filter((a) => !given.includes(a));
  expect(Object.keys(out.wasmUnavailable ?? {})).toEqual(left);
  const moduleOf = (a: string) =>
    /^(MD4|RIPEMD)/.test(a)
      ? 'ripemd'
      : /^(SM3|WHIRLPOOL|TIGER)/.test(a)
        ? 'classic'
        : /^BLAKE2/.test(a)
          ? 'blake2'
          : /^XXH/.test(a)
            ? 'xxhash'
            : 'crc';
  for (const a of left) {
    expect(out.wasmUnavailable?.[a], a).toMatch(
      new RegExp(`module "${moduleOf(a)}" was not among the modules handed over .*disallowed by embedder`),
    );
  }
  // auto computes them in TypeScript; asking wasm for one is a typed error that says why
  expect(out.blake2bBy).toBe('ts');
  expect(out.blake2bInWasm).toMatch(
    /^ERR_ALGORITHM_UNAVAILABLE: Provider "wasm" has no BLAKE2B-512 here: its WebAssembly module "blake2" was not/,
  );
  expect(out.checks).toBe(checksExpected(out.providers));
});
