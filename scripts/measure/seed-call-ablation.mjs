#!/usr/bin/env node
/**
 * Where one seed call's time goes: `digestHex(alg, SEED_INPUT)` (93 ASCII characters to hex), split by ablation,
 * since a sampling profiler cannot split a 300 ns call. Each step of the call is timed alone, or the call is timed
 * with the step removed, all variants interleaved in one process (their order rotated every round), and each
 * variant's figure is the median over rounds of its time divided by the full public call's time in that same round:
 * robust to other load on the machine, which slows a whole round rather than one variant. The variants and the
 * rounds are scripts/measure/ablation/variants.mjs, bundled on the fly by esbuild from the library's sources (the steps
 * are internal functions, which the built entry points do not export); this script hosts them on Node, or in a browser:
 *
 *   node scripts/measure/seed-call-ablation.mjs [--rounds 15] [--calls 20000] [--algorithms MD5,SHA-1,SHA-256,SHA-512]
 *     [--json]
 *     [--base DIR]     (another copy of packages/digestlab/src, e.g. a base commit's: its public calls join the rounds)
 *     [--browser chromium|firefox|webkit]   (the same rounds in a page of Debian's browser: browsers.mjs, beside this)
 *     [--bytes N]      (hash N pseudo-random bytes instead of the seed, e.g. 1048576; the string's steps left out)
 *     [--reference ROW]  (divide by this row instead of the public call, e.g. 'peer: hash-wasm')
 *
 * On Node rounds are timed in CPU time (`process.cpuUsage`), which does not count the time other processes hold the
 * core; in a browser in `performance.now()` wall time, the page served cross-origin isolated so that the clock is
 * fine-grained (5-20 µs instead of 0.1-1 ms), with --calls 50000 by default so a round of one variant is ~25 ms.
 *
 * Rows (ns per call, median over rounds; and × the public call `digestHex(alg, s)` of the same round):
 *   public digestHex(alg, s)          the seed's call through the default provider (`auto`)
 *   digestHex(alg, s, {provider})     the same naming a provider: wasm, ts (and node on Node)
 *   crypto.hash(name, s, 'hex')       node:crypto's floor, called directly (Node)
 *   wasm's prepared call alone        the function the wasm provider prepares for the name, called directly
 *   resolve(alg)                      the name and provider resolution alone
 *   peer: hash-wasm, @noble/hashes    the fastest peers' seed calls, as the lab's rows make them
 *   wasm: encodeInto / ASCII loop     the string written into WebAssembly memory (TextEncoder; a charCodeAt loop)
 *   wasm: pad + IV                    the padding written in memory and the initial value set
 *   wasm: compress                    the compression function alone over the padded blocks
 *   wasm: hex digits                  the chaining value's digits written to a Uint16Array, no string
 *   wasm: an empty call               a call into an exported WebAssembly function that does nothing
 *   wasm: IV + one call               what the wasm call does between the string in and out: the initial value
 *                                     set, then the padding, compression and hex digits in one exported function
 *   wasm: string (this engine's codec) those digits made a string as the library does on this engine
 *   wasm: string (TextDecoder)        the digits made into a string, as hex.ts does; and String.fromCharCode
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { BROWSERS } from './browsers.mjs';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '15' },
    calls: { type: 'string' },
    algorithms: { type: 'string', default: 'MD5,SHA-1,SHA-256,SHA-512' },
    json: { type: 'boolean', default: false },
    base: { type: 'string' },
    browser: { type: 'string' },
    bytes: { type: 'string' },
    reference: { type: 'string' },
  },
});
const BYTES = values.bytes === undefined ? undefined : Number(values.bytes);
const ROUNDS = Number(values.rounds);
const CALLS = Number(values.calls ?? (values.browser ? 50000 : 20000));
const ALGORITHMS = values.algorithms.split(',');
const HERE = new URL('./', import.meta.url).pathname;

/** `contents` bundled from sources in `dir` as scripts/build/build-lib.mjs bundles the library, as JavaScript text. */
async function bundle(dir, contents, platform = 'neutral') {
  const out = await build({
    stdin: { contents, resolveDir: dir, loader: 'ts' },
    bundle: true,
    format: 'esm',
    platform,
    mainFields: ['module', 'main'],
    target: 'es2022',
    write: false,
  });
  return out.outputFiles[0].text;
}
const imported = async (text) => import(`data:text/javascript;base64,${Buffer.from(text).toString('base64')}`);

/** The rounds on Node, with node:crypto's rows (and --base's public calls) beside the platform-neutral ones. */
async function onNode() {
  // one bundle, so that the node rows call the same library instance as the others
  const { measure, render, SEED, bytesInput, digestHex, baseRows } = await imported(
    await bundle(
      HERE,
      "export * from './ablation/variants.mjs'; export { digestHex } from '../../packages/digestlab/src/index.ts';",
      'node',
    ),
  );
  // --base DIR: another copy of the sources (`git archive BASE packages/digestlab/src | tar -x -C DIR`, then
  // DIR/packages/digestlab/src), whose public calls join every round: before and after in one process
  const base = values.base && (await imported(await bundle(values.base, "export { digestHex } from './index.ts';")));
  const crypto = createRequire(import.meta.url)('node:crypto');
  let sink = 0;
  // the same input as the rows of variants.mjs hash
  const subject = BYTES === undefined ? SEED : bytesInput(BYTES);
  const row = (f) => () => {
    sink += f(subject).length;
  };
  const extra = (alg, name) => ({
    'digestHex(alg, s, {provider: node})': row((s) => digestHex(alg, s, { provider: 'node' })),
    "crypto.hash(name, s, 'hex')": row((s) => crypto.hash(name, s, 'hex')),
    ...(base && {
      ...baseRows(base.digestHex, alg),
      'base: digestHex(alg, s, {provider: node})': row((s) => base.digestHex(alg, s, { provider: 'node' })),
    }),
  });
  const now = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  const load0 = loadavg()[0];
  const results = await measure({
    algorithms: ALGORITHMS,
    rounds: ROUNDS,
    calls: CALLS,
    now,
    extra,
    bytes: BYTES,
    reference: values.reference,
  });
  if (sink === 0) throw new Error('ablation: the node rows were optimized away');
  return { host: `Node ${process.version}`, clock: 'CPU time', load: [load0, loadavg()[0]], results, render };
}

const PAGE = `<!doctype html><meta charset="utf-8"><title>digestlab: seed call ablation</title>
<p>Timing the seed call; the results go back to the script that opened this page.</p>
<script type="module" src="/page.js"></script>`;

/**
 * The rounds in a page of `engine`: the page and its bundle served on 127.0.0.1 (cross-origin isolated, for the
 * clock), the browser opened on it, and the JSON the page POSTs back (with the token in its URL) read.
 */
async function inBrowser(engine) {
  const open = BROWSERS[engine];
  if (!open) throw new Error(`--browser: ${engine}? one of ${Object.keys(BROWSERS).join(', ')}`);
  const baseImport = values.base ? `import { digestHex } from ${JSON.stringify(join(values.base, 'index.ts'))};` : '';
  const entry = `import { start } from './ablation/page.mjs'; ${baseImport} start(${values.base ? 'digestHex' : ''});`;
  const script = await bundle(HERE, entry, 'browser');
  const token = randomBytes(12).toString('base64url');
  const { render } = await imported(await bundle(HERE, "export { render } from './ablation/variants.mjs';", 'node'));
  let deliver;
  const posted = new Promise((resolve) => {
    deliver = resolve;
  });
  const isolated = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    if (req.method === 'GET' && url.pathname === '/') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', ...isolated }).end(PAGE);
    } else if (req.method === 'GET' && url.pathname === '/page.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', ...isolated }).end(script);
    } else if (req.method === 'POST' && url.pathname === '/result' && url.searchParams.get('token') === token) {
      let body = '';
      req.setEncoding('utf8').on('data', (d) => {
        body += d;
      });
      req.on('end', () => {
        res.writeHead(204).end();
        deliver(JSON.parse(body));
      });
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const query = new URLSearchParams({ token, algorithms: ALGORITHMS.join(','), rounds: ROUNDS, calls: CALLS });
  if (BYTES !== undefined) query.set('bytes', String(BYTES));
  if (values.reference) query.set('reference', values.reference);
  const logDir = mkdtempSync(join(tmpdir(), 'digestlab-ablation-'));
  const load0 = loadavg()[0];
  const stop = await open(`http://127.0.0.1:${server.address().port}/?${query}`, { logDir });
  try {
    const got = await posted;
    if (got.error) throw new Error(`${engine}: ${got.error}`);
    if (!got.isolated) throw new Error(`${engine}: the page is not cross-origin isolated (coarse clock)`);
    const host = `${engine} (${got.userAgent})`;
    return { host, clock: 'performance.now()', load: [load0, loadavg()[0]], results: got.results, render };
  } finally {
    await stop();
    server.close();
    rmSync(logDir, { recursive: true, force: true });
  }
}

const { host, clock, load, results, render } = values.browser ? await inBrowser(values.browser) : await onNode();
if (values.json) {
  console.log(JSON.stringify({ host, clock, load, rounds: ROUNDS, calls: CALLS, bytes: BYTES, results }));
} else {
  const what = BYTES === undefined ? 'the seed' : `${BYTES} bytes`;
  console.log(`seed call ablation (${what}): ${host}, ${ROUNDS} rounds × ${CALLS} calls in ${clock}`);
  console.log(`load average ${load[0].toFixed(2)} → ${load[1].toFixed(2)}`);
  const ref = values.reference ?? 'the public call';
  console.log(`ns per call (median of rounds) and × ${ref} in the same round (median of per-round ratios)\n`);
  console.log(render(results));
}
