#!/usr/bin/env node
// Bundles `digestlab sum`'s body and its workers (the coreutils pool's, b3sum's subtrees'), as tsc wrote them to
// packages/cli/dist/sum/, each into one file in place (digestlab included), so that a `digestlab sum FILE` reads two
// files rather than eighteen: importing the
// body took a fresh process ~60 ms as separate modules and ~19 ms bundled (medians of 15, this machine, loaded),
// against Node's own start of ~40 ms idle. Run by the CLI's `npm run build`, after tsc.
import { build } from 'esbuild';

const dir = new URL('../packages/cli/dist/sum/', import.meta.url).pathname;
/**
 * b3sum's subtree worker needs only BLAKE3's split (the library's blake3-split module, which index.ts re-exports):
 * bundled from it alone it is ~80 KB rather than ~460 KB, and every worker a large file starts imports it.
 */
const ALIAS = {
  'b3-worker': { digestlab: new URL('../packages/digestlab/src/blake3-split.ts', import.meta.url).pathname },
};

for (const name of ['run', 'worker', 'b3-worker']) {
  await build({
    alias: ALIAS[name] ?? {},
    entryPoints: [`${dir}${name}.js`],
    outfile: `${dir}${name}.js`,
    allowOverwrite: true,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
  });
}
