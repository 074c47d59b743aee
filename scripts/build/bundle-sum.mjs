#!/usr/bin/env node
// Bundles `digestlab sum`'s body and its workers (the coreutils pool's, b3sum's subtrees'), as tsc wrote them to
// packages/cli/dist/sum/, in place, so that a `digestlab sum FILE` reads a few files rather than eighteen: importing
// the body took a fresh process ~60 ms as separate modules and ~19 ms bundled (medians of 15, this machine,
// loaded), against Node's own start of ~40 ms idle. Run by the CLI's `npm run build`, after tsc.
//
// One build with code splitting: what a run may not need is a chunk of its own, loaded when it is. The registry's
// facts (sum/facts.ts) are evaluated here and bundled as data, so that knowing the names loads nothing of the
// library. The library itself is not bundled: the package depends on `digestlab`, and the command imports the
// installed one (hash.ts, when a digest starts; the library is itself bundled into a handful of files, so this costs
// a few file reads), so the CLI's tarball carries no second copy of it. b3sum's mode (b3-lib.ts) takes BLAKE3's part
// of the library alone: the library's dist/blake3-split.js (scripts/build/build-lib.mjs), found beside the installed
// library's entry, which is where the exact version the CLI depends on keeps it.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { build } from 'esbuild';

const dir = new URL('../../packages/cli/dist/sum/', import.meta.url).pathname;
const CHUNK_PREFIX = 'chunk-';

/** sum/facts.ts's value, as the library built before this package computes it, written as a module of data. */
async function factsModule() {
  const { FACTS } = await import(`${dir}facts.js`);
  const json = JSON.stringify(FACTS);
  // plain data only: a value JSON cannot hold (Infinity, undefined) would change silently
  if (!isDeepStrictEqual(JSON.parse(json), FACTS)) throw new Error('sum/facts.js holds more than JSON can carry');
  return `export const FACTS = ${json};\n`;
}

/**
 * b3-lib.js's `digestlab` as the library's BLAKE3 subtree entry beside the installed library's main module (not in its
 * exports map, so found by URL; top-level await, so the names are bound before b3-lib's importers run).
 */
const B3_LIB = `export const { createBlake3Subtree, createBlake3Tree } = await import(
  new URL('./blake3-split.js', import.meta.resolve('digestlab')).href
);
`;

/** The facts as data; `digestlab` left to the installed library, b3-lib.js's as its BLAKE3 subtree entry alone. */
function sumPlugin(facts) {
  return {
    name: 'digestlab-sum',
    setup(b) {
      b.onLoad({ filter: /[\\/]sum[\\/]facts\.js$/ }, () => ({ contents: facts, loader: 'js' }));
      b.onResolve({ filter: /^digestlab$/ }, (args) =>
        /[\\/]sum[\\/]b3-lib\.js$/.test(args.importer)
          ? { path: 'blake3-split', namespace: 'digestlab-b3' }
          : { path: 'digestlab', external: true },
      );
      b.onLoad({ filter: /.*/, namespace: 'digestlab-b3' }, () => ({ contents: B3_LIB, loader: 'js' }));
    },
  };
}

const facts = await factsModule();
// the chunks of an earlier build, named by their content's hash, would stay beside the new ones
for (const f of readdirSync(dir)) if (f.startsWith(CHUNK_PREFIX)) rmSync(`${dir}${f}`);

const { metafile } = await build({
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
  // the package's dependencies (the library, @digestlab/lab/list) are imported where npm installed them
  packages: 'external',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
  plugins: [sumPlugin(facts)],
});

// tsc's modules that are now inside a bundle are gone from the package (their declarations stay, for the types):
// nothing imports them, and the tarball would carry their code twice
const cwd = process.cwd();
const outputs = new Set(Object.keys(metafile.outputs).map((f) => resolve(cwd, f)));
for (const input of Object.keys(metafile.inputs)) {
  const file = resolve(cwd, input);
  if (dirname(file) !== resolve(dir) || outputs.has(file)) continue;
  rmSync(file);
  rmSync(`${file}.map`, { force: true });
}

// Each map's sources are the package's own src/sum/*.ts (tsc's maps, which esbuild follows): a source that the package
// ships as a file is not copied into the map too; the two made here (the facts as data, b3-lib's import) keep theirs.
for (const output of outputs) {
  if (!output.endsWith('.map')) continue;
  const map = JSON.parse(readFileSync(output, 'utf8'));
  map.sourcesContent = map.sources.map((source, i) =>
    existsSync(resolve(dirname(output), source)) ? null : map.sourcesContent[i],
  );
  writeFileSync(output, JSON.stringify(map));
}
