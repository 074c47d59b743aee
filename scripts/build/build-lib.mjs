#!/usr/bin/env node
// Builds the digestlab package's JavaScript: one ES module per entry point (index, md2, md5, sha1, sha256, sha512, sha3)
// with what they share split into chunks, so that importing `digestlab` reads a handful of files instead of one per
// source module (a fresh process imported it in ~37 ms as 25 files, ~15 ms bundled), and every entry still sees
// the same classes (a Digest from `digestlab/sha256` is an instance of `digestlab`'s Digest). tsc writes the
// declarations (`npm run build` in packages/digestlab runs both).
//
// One more entry, not in the exports map: dist/blake3-split.js, BLAKE3's engines by subtree with BLAKE3's part of the
// library alone. `digestlab sum -a blake3` (packages/cli, which depends on this exact version) imports it by its file
// URL, so that the command loads ~80 KB of the library rather than all of it, and ships no copy of its own.
//
// The source maps carry the sources (sourcesContent): the package ships them instead of src/, so each source is in
// the tarball once.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { build, transform } from 'esbuild';

const root = new URL('../../packages/digestlab/', import.meta.url);
const dist = new URL('dist/', root);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
// every condition's module of every subpath but the package.json and the .wasm files (`.`'s `workerd` too)
const entryPoints = Object.entries(pkg.exports)
  .filter(([, target]) => typeof target === 'object')
  .flatMap(([, target]) => Object.entries(target).filter(([condition]) => condition !== 'types'))
  .map(([, file]) => new URL(file.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts'), root).pathname)
  // beside the entries in dist/, where the CLI looks for it, though its source is the public API's (src/api/)
  .concat({ in: new URL('src/api/blake3-split.ts', root).pathname, out: 'blake3-split' });

await build({
  entryPoints,
  outdir: dist.pathname,
  outbase: new URL('src', root).pathname,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'neutral',
  target: 'es2022',
  chunkNames: 'chunks/[name]-[hash]',
  // src/workerd.ts imports ./wasm/generated/NAME.wasm (src/edge-light.ts NAME.wasm?module, as Vercel's bundler
  // takes it), which is dist/wasm/NAME.wasm (copied below), left to the runtime or the application's bundler, which
  // compiles it
  plugins: [
    {
      // src/wasm/*.ts import their module's base64 from ./generated/NAME.js: left as `#embedded/NAME`, which the
      // package's "imports" map resolves to dist/wasm/NAME.js, or under the workerd and edge-light conditions (whose
      // entries hand over the .wasm files) to dist/wasm/NAME.given.js, without the base64 (written below)
      name: 'embedded-by-condition',
      setup(b) {
        b.onResolve({ filter: /^\.\/generated\/\w+\.js$/ }, (args) =>
          args.importer.startsWith(new URL('src/wasm/', root).pathname)
            ? { path: `#embedded/${args.path.slice('./generated/'.length, -'.js'.length)}`, external: true }
            : undefined,
        );
      },
    },
    {
      name: 'wasm-in-dist',
      setup(b) {
        b.onResolve({ filter: /\.wasm(\?module)?$/ }, (args) => ({
          path: `./wasm/${args.path.split('/').pop()}`,
          external: true,
        }));
      },
    },
  ],
  sourcemap: true,
  logLevel: 'warning',
});

// esbuild's code splitting writes `import "./chunks/chunk-X.js";` where an entry or a chunk needs another chunk
// evaluated first but takes no name from it. Every chunk is free of side effects (the package's `"sideEffects"` lists
// only dist/workerd.js, an entry), so such an import changes nothing, and a bundler that bundles the package drops it
// with a warning on every build of every application (esbuild: "Ignoring this import because … was marked as having no side
// effects"). Each is blanked rather than removed, so that the source maps' lines still match.
const BARE_CHUNK_IMPORT = /^import "\.\/(?:chunks\/)?chunk-[A-Z0-9]+\.js";$/gm;
function blankBareImports(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = new URL(entry.name, dir);
    if (entry.isDirectory()) blankBareImports(new URL(`${entry.name}/`, dir));
    else if (entry.name.endsWith('.js')) {
      const text = readFileSync(file, 'utf8');
      const blanked = text.replace(BARE_CHUNK_IMPORT, '');
      if (blanked !== text) writeFileSync(file, blanked);
    }
  }
}
blankBareImports(dist);

// The WebAssembly modules as files (scripts/gen/gen-wasm.mjs writes them beside their base64): what dist/workerd.js
// imports, and what `ready({ modules })` is given where the runtime compiles only imported modules.
const generated = new URL('src/wasm/generated/', root);
mkdirSync(new URL('wasm/', dist), { recursive: true });
for (const name of readdirSync(generated).filter((f) => f.endsWith('.wasm'))) {
  copyFileSync(new URL(name, generated), new URL(`wasm/${name}`, dist));
}

// The base64 modules (#embedded/NAME, above) as plain JavaScript, and each again with its base64 left out (the
// constants named *_WASM undefined; the layouts kept) for the entries that hand the .wasm files over.
for (const file of readdirSync(generated).filter((f) => f.endsWith('.ts'))) {
  const { code } = await transform(readFileSync(new URL(file, generated), 'utf8'), { loader: 'ts', format: 'esm' });
  const name = file.slice(0, -'.ts'.length);
  writeFileSync(new URL(`wasm/${name}.js`, dist), code);
  const given = code.replace(/^(export )?const (\w+_WASM) = "[^"]*";$/gm, '$1const $2 = undefined;');
  if (given.includes('_WASM = "')) throw new Error(`build-lib: base64 left in wasm/${name}.given.js`);
  writeFileSync(new URL(`wasm/${name}.given.js`, dist), given);
}
