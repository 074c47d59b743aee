/**
 * The directory runtimes/checks.mjs runs in, for every runtime that runs it (runtimes.test.ts: Bun, Deno, Node
 * --jitless; edge.runtimes.test.ts: workerd, edge-runtime, QuickJS): the library bundled from src with esbuild, as an
 * application would ship it, the checks and their inputs, and the expected digests, computed here with node:crypto
 * and the RFC 1319 MD2 (never with one of our providers), HMAC included (node:crypto's createHmac, for the hashes it
 * has).
 */
import { createHmac } from 'node:crypto';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BuildOptions, build, type Plugin } from 'esbuild';
import { algorithms } from '../../src/index.js';
import { batch, bytesOf, HMAC_KEYS, SIZES } from '../runtimes/inputs.mjs';
import { ALGORITHMS, NODE_HAS, NODE_NAMES, reference } from './common.js';

/** HMAC's reference here: node:crypto's createHmac, over the fixed-length hashes it has (not SHAKE). */
export const MACS = NODE_HAS.filter((a) => !algorithms().find((x) => x.name === a)?.xof);

export const SOURCE = fileURLToPath(new URL('../../src/', import.meta.url));

/** Writes digestlab.mjs (src/index.ts bundled), the checks, their inputs and expected.mjs into `dir`. */
export async function prepareChecks(dir: string): Promise<void> {
  await build({
    entryPoints: [join(SOURCE, 'index.ts')],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    outfile: join(dir, 'digestlab.mjs'),
    logLevel: 'warning',
  });
  for (const file of ['check.mjs', 'checks.mjs', 'inputs.mjs', 'main-global.mjs', 'worker.mjs']) {
    copyFileSync(fileURLToPath(new URL(`../runtimes/${file}`, import.meta.url)), join(dir, file));
  }
  const encoder = new TextEncoder();
  const bytes = (m: Uint8Array | string) => (typeof m === 'string' ? encoder.encode(m) : m);
  const expected = {
    sizes: Object.fromEntries(
      ALGORITHMS.map((a) => [a, Object.fromEntries(SIZES.map((n) => [n, reference(a, bytesOf(n))]))]),
    ),
    batch: Object.fromEntries(ALGORITHMS.map((a) => [a, batch().map((m) => reference(a, bytes(m)))])),
    lone: reference('SHA-256', encoder.encode('\uD800x\uDC00')),
    // node:crypto's createHmac, per fixed-length algorithm it has, key and size
    hmac: Object.fromEntries(
      MACS.map((a) => [
        a,
        HMAC_KEYS.map((key) =>
          Object.fromEntries(SIZES.map((n) => [n, createHmac(NODE_NAMES[a], key).update(bytesOf(n)).digest('hex')])),
        ),
      ]),
    ),
  };
  writeFileSync(join(dir, 'expected.mjs'), `export default ${JSON.stringify(expected)};\n`);
}

/** What checks.mjs returns. */
export interface CheckResult {
  providers: Record<string, string[]>;
  wasmReason?: string;
  /** The wasm provider's algorithms that do not run here, each with why (a partial `ready({ modules })`). */
  wasmUnavailable?: Record<string, string>;
  auto: string;
  checks: number;
  runtime: { runtime: string; version: string; cryptoLibrary?: string };
  node: { implementedIn?: string; library?: string; available: boolean; reason?: string };
}

/** The checks a runtime must have made: every provider of every algorithm, the default's, the batch and HMAC. */
export function checksExpected(providers: Record<string, string[]>): number {
  const all = ALGORITHMS.length;
  const perSize = Object.values(providers).reduce((sum, algs) => sum + algs.length, 0) + 3 * all;
  const macs: readonly string[] = MACS;
  const hmacPerSize =
    Object.values(providers).reduce((sum, algs) => sum + algs.filter((a) => macs.includes(a)).length, 0) +
    2 * MACS.length;
  return SIZES.length * perSize + all * batch().length + HMAC_KEYS.length * SIZES.length * hmacPerSize;
}

/**
 * An esbuild plugin that does with a `.wasm` import what wrangler does: copies the file beside the bundle (in
 * `outdir`/wasm/) and leaves the import to the runtime, which compiles it as a module.
 */
export function wasmBesideBundle(outdir: string): Plugin {
  return {
    name: 'wasm-beside-bundle',
    setup(b) {
      b.onResolve({ filter: /\.wasm$/ }, (args) => {
        const file = resolve(args.resolveDir, args.path);
        mkdirSync(join(outdir, 'wasm'), { recursive: true });
        copyFileSync(file, join(outdir, 'wasm', basename(file)));
        return { path: `./wasm/${basename(file)}`, external: true };
      });
    },
  };
}

/**
 * Bundles `entry` (a file in `dir`) into `dir`/`out` as one ES module, .wasm imports beside it; `library`: the
 * module the checks' `./digestlab.mjs` stands for (by default the bundle prepareChecks wrote).
 */
export async function bundleIn(
  dir: string,
  entry: string,
  out: string,
  library?: string,
  options: BuildOptions = {},
): Promise<void> {
  const redirect: Plugin = {
    name: 'library',
    setup(b) {
      if (library) b.onResolve({ filter: /^\.\/digestlab\.mjs$/ }, () => ({ path: library }));
    },
  };
  await build({
    entryPoints: [join(dir, entry)],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    outfile: join(dir, out),
    logLevel: 'warning',
    ...options,
    // the caller's plugins (another way of taking .wasm imports) before the one that leaves them beside the bundle
    plugins: [redirect, ...(options.plugins ?? []), wasmBesideBundle(dir)],
  });
}
