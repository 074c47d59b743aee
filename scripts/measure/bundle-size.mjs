#!/usr/bin/env node
// Bundled size of each entry point of the digestlab package, as an application would ship it:
// esbuild, ESM, minified, tree-shaken, plus gzip. Reads the package's src (same code as dist).
//
//   node scripts/measure/bundle-size.mjs            a Markdown table
//   node scripts/measure/bundle-size.mjs --json     machine-readable
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const ENTRIES = {
  'digestlab/sha256 (sha256Hex)': "export { sha256Hex } from './src/sha256.ts';",
  'digestlab/md5 (md5Hex)': "export { md5Hex } from './src/md5.ts';",
  'digestlab/sha1 (sha1Hex)': "export { sha1Hex } from './src/sha1.ts';",
  'digestlab/sha512 (sha512Hex)': "export { sha512Hex } from './src/sha512.ts';",
  'digestlab/sha3 (sha3_256Hex)': "export { sha3_256Hex } from './src/sha3.ts';",
  'digestlab (digestHex)': "export { digestHex } from './src/index.ts';",
  'digestlab (everything)': "export * from './src/index.ts';",
};

export async function measure(contents) {
  const result = await build({
    stdin: { contents, resolveDir: new URL('../../packages/digestlab/', import.meta.url).pathname, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    metafile: true,
  });
  const code = result.outputFiles[0].contents;
  return { bytes: code.length, gzip: gzipSync(code, { level: 9 }).length, inputs: Object.keys(result.metafile.inputs) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = [];
  for (const [name, contents] of Object.entries(ENTRIES)) rows.push({ name, ...(await measure(contents)) });
  if (process.argv.includes('--json')) {
    console.log(
      JSON.stringify(
        rows.map(({ inputs, ...r }) => r),
        null,
        2,
      ),
    );
  } else {
    console.log('| import | minified | gzip |\n|---|---:|---:|');
    for (const r of rows) console.log(`| \`${r.name}\` | ${r.bytes} B | ${r.gzip} B |`);
  }
}
