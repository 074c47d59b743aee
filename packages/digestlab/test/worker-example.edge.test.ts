/**
 * The README's Cloudflare Worker, as its reader would deploy it: the code block copied out of
 * packages/digestlab/README.md, bundled against the package as built (dist/, through its `workerd` export
 * condition, with the .wasm files beside the bundle as wrangler does, and no base64 of them) and run in workerd
 * (miniflare).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Miniflare } from 'miniflare';
import { afterAll, expect, test } from 'vitest';
import { WASM_MODULE_NAMES } from '../src/wasm/names.js';
import { embeddedExcerpt } from './helpers/embedded.js';
import { bundleIn } from './helpers/runtime-checks.js';

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'digestlab-worker-example-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The code block after the README's worker-example marker. */
function example(): string {
  const m = /<!-- worker-example[^>]*-->\s*```js\n([\s\S]*?)```/.exec(README);
  if (!m) throw new Error('packages/digestlab/README.md has no worker-example block');
  return m[1];
}

test("the README's Worker runs in workerd with our WebAssembly, and answers right", async () => {
  writeFileSync(join(dir, 'worker.mjs'), example());
  // as wrangler resolves a package: the workerd condition first (and the package from this workspace)
  await bundleIn(dir, 'worker.mjs', 'bundle.mjs', undefined, {
    conditions: ['workerd', 'worker', 'browser'],
    nodePaths: [new URL('../../../node_modules', import.meta.url).pathname],
  });
  // the modules come as .wasm files only: the bundle carries none of their bytes as base64
  const bundle = readFileSync(join(dir, 'bundle.mjs'), 'utf8');
  for (const name of WASM_MODULE_NAMES) expect(bundle.includes(embeddedExcerpt(name)), name).toBe(false);
  const mf = new Miniflare({
    modules: true,
    scriptPath: join(dir, 'bundle.mjs'),
    modulesRoot: dir,
    modulesRules: [{ type: 'CompiledWasm', include: ['**/*.wasm'] }],
    compatibilityDate: '2026-04-01',
  });
  try {
    const response = await mf.dispatchFetch('http://localhost/', { method: 'POST', body: 'abc' });
    expect(await response.json()).toEqual({
      // BLAKE3's own test vector for "abc"; SHA3-256 by node:crypto
      blake3: '6437b3ac38465133ffb63b75273a8db548c558465d79db03fd359c6cd5bd9d85',
      sha3: createHash('sha3-256').update('abc').digest('hex'),
      computedBy: 'wasm',
      wasm: true,
    });
  } finally {
    await mf.dispose();
  }
});
