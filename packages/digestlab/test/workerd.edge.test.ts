/**
 * Cloudflare's workerd (npm miniflare 4.20260426.0 and the workerd it brings): the library's checks
 * (runtimes/checks.mjs: every provider there is and the default, against node:crypto's digests) as a module Worker,
 * with and without `nodejs_compat`, through the plain bundle (WebAssembly from bytes, which workerd refuses: `wasm`
 * says why) and through the `workerd` entry (the .wasm files imported as modules: `wasm` runs).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { WASM_MODULE_NAMES } from '../src/wasm/sources.js';
import { ALGORITHMS, WASM_ALGORITHMS } from './helpers/common.js';
import { bundleIn, type CheckResult, checksExpected, prepareChecks, SOURCE } from './helpers/runtime-checks.js';

const WASM = WASM_ALGORITHMS;
/** workerd's WebCrypto digests; and its node:crypto (BoringSSL) and node:zlib's crc32 under nodejs_compat, none without. */
const WEBCRYPTO = ['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512'];
const NODE_COMPAT = ['MD5', 'SHA-1', 'SHA-224', 'SHA-256', 'SHA-384', 'SHA-512', 'SHA-512/256', 'MD4', 'CRC-32'];
const dir = mkdtempSync(join(tmpdir(), 'digestlab-workerd-'));

beforeAll(async () => {
  await prepareChecks(dir);
  await bundleIn(dir, 'worker.mjs', 'plain.mjs');
  // the same checks over src/workerd.ts, the entry of the `workerd` condition
  await bundleIn(dir, 'worker.mjs', 'modules.mjs', join(SOURCE, 'workerd.ts'));
  // and over the plain bundle, the modules handed over by the application: ready({ modules })
  const names = WASM_MODULE_NAMES;
  const imports = names.map((n) => `import ${n} from '${join(SOURCE, 'wasm/generated', `${n}.wasm`)}';`);
  writeFileSync(
    join(dir, 'ready.mjs'),
    `${imports.join('\n')}\nimport { ready } from './digestlab.mjs';\nimport worker from './worker.mjs';\n` +
      `await ready({ modules: { ${names.join(', ')} } });\nexport default worker;\n`,
  );
  await bundleIn(dir, 'ready.mjs', 'given.mjs');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The Worker's answer, run in workerd. */
async function runWorker(script: string, flags: string[]): Promise<CheckResult & { error?: string }> {
  const mf = new Miniflare({
    modules: true,
    scriptPath: join(dir, script),
    modulesRoot: dir,
    // as wrangler's default: a .wasm import is a compiled module
    modulesRules: [{ type: 'CompiledWasm', include: ['**/*.wasm'] }],
    compatibilityDate: '2026-04-01',
    compatibilityFlags: flags,
  });
  try {
    const response = await mf.dispatchFetch('http://localhost/');
    return (await response.json()) as CheckResult & { error?: string };
  } finally {
    await mf.dispose();
  }
}

describe.each([
  ['without nodejs_compat', [], [], undefined],
  ['with nodejs_compat', ['nodejs_compat'], NODE_COMPAT, 'BoringSSL'],
])('workerd %s', (_, flags, node, cryptoLibrary) => {
  const named = { runtime: 'workerd', version: 'unknown', ...(cryptoLibrary ? { cryptoLibrary } : {}) };

  test('the plain bundle: every digest right, wasm refused and saying why, named workerd', async () => {
    const out = await runWorker('plain.mjs', flags);
    expect(out.error).toBeUndefined();
    expect(out.runtime).toEqual(named);
    expect(out.providers).toEqual({ ts: ALGORITHMS, wasm: [], node, webcrypto: WEBCRYPTO });
    expect(out.wasmReason).toMatch(
      /refuses to compile WebAssembly from bytes .*disallowed by embedder.*ready\(\{ modules \}\)/,
    );
    expect(out.checks).toBe(checksExpected(out.providers));
  });

  test.each([
    ['the workerd entry', 'modules.mjs'],
    ['ready({ modules }) over the plain bundle', 'given.mjs'],
  ])('%s: our WebAssembly imported as modules runs every algorithm it has', async (_, script) => {
    const out = await runWorker(script, flags);
    expect(out.error).toBeUndefined();
    expect(out.runtime).toEqual(named);
    expect(out.wasmReason).toBeUndefined();
    expect(out.providers).toEqual({ ts: ALGORITHMS, wasm: WASM, node, webcrypto: WEBCRYPTO });
    // SHA-256 by default: node:crypto where nodejs_compat brings it, else our WebAssembly
    expect(out.auto).toBe(node.length > 0 ? 'node' : 'wasm');
    expect(out.checks).toBe(checksExpected(out.providers));
  });
});
