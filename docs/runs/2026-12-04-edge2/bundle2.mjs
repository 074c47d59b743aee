import { build } from 'esbuild';
for (const [root, out] of [['/work/main', 'before'], ['/work/wt-edge', 'after']])
await build({ entryPoints: [`${root}/scripts/measure/edge/cases.mjs`], bundle: true, format: 'esm', platform: 'neutral',
  mainFields: ['module','main'], outfile: `/tmp/edgeprof/${out}.mjs`, logLevel: 'error',
  plugins: [{ name: 'x', setup(b) { b.onResolve({ filter: /\.wasm$/ }, (a) => ({ path: a.path, external: true })); } }] });
