#!/usr/bin/env node
// Bundles `digestlab sum`'s body and its workers (the coreutils pool's, b3sum's subtrees'), as tsc wrote them to
// packages/cli/dist/sum/, in place, so that a `digestlab sum FILE` reads a few files rather than eighteen: importing
// the body took a fresh process ~60 ms as separate modules and ~19 ms bundled (medians of 15, this machine,
// loaded), against Node's own start of ~40 ms idle. Run by the CLI's `npm run build`, after tsc.
//
// One build with code splitting: what a run may not need is a chunk of its own, loaded when it is: the library
// (imported by hash.ts when a digest starts), b3sum's mode with BLAKE3's part of the library alone (b3-lib.ts,
// bundled from the library's blake3-split module). The registry's facts (sum/facts.ts) are evaluated here and
// bundled as data, so that knowing the names loads nothing of the library.
import { readdirSync, rmSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { build } from 'esbuild';

const dir = new URL('../packages/cli/dist/sum/', import.meta.url).pathname;
const BLAKE3_SPLIT = new URL('../packages/digestlab/src/api/blake3-split.ts', import.meta.url).pathname;
const CHUNK_PREFIX = 'chunk-';

/** sum/facts.ts's value, as the library built before this package computes it, written as a module of data. */
async function factsModule() {
  const { FACTS } = await import(`${dir}facts.js`);
  const json = JSON.stringify(FACTS);
  // plain data only: a value JSON cannot hold (Infinity, undefined) would change silently
  if (!isDeepStrictEqual(JSON.parse(json), FACTS)) throw new Error('sum/facts.js holds more than JSON can carry');
  return `export const FACTS = ${json};\n`;
}

/** The facts as data; `digestlab` imported by b3-lib.js resolved to the library's blake3-split module alone. */
function sumPlugin(facts) {
  return {
    name: 'digestlab-sum',
    setup(b) {
      b.onLoad({ filter: /[\\/]sum[\\/]facts\.js$/ }, () => ({ contents: facts, loader: 'js' }));
      b.onResolve({ filter: /^digestlab$/ }, (args) =>
        /[\\/]sum[\\/]b3-lib\.js$/.test(args.importer) ? { path: BLAKE3_SPLIT } : undefined,
      );
    },
  };
}

const facts = await factsModule();
// the chunks of an earlier build, named by their content's hash, would stay beside the new ones
for (const f of readdirSync(dir)) if (f.startsWith(CHUNK_PREFIX)) rmSync(`${dir}${f}`);

await build({
  // chunks beside the entries (not in a folder): the workers' URLs are resolved against import.meta.url
  entryPoints: ['run', 'worker', 'b3-worker'].map((name) => `${dir}${name}.js`),
  outdir: dir,
  allowOverwrite: true,
  bundle: true,
  splitting: true,
  chunkNames: `${CHUNK_PREFIX}[name]-[hash]`,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [sumPlugin(facts)],
});
