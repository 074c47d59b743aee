#!/usr/bin/env node
// Bundled size of each entry point of the digestlab package, as an application would ship it:
// esbuild, ESM, minified, tree-shaken, plus gzip. Reads the package's src (same code as dist).
//
//   node scripts/measure/bundle-size.mjs                  a Markdown table
//   node scripts/measure/bundle-size.mjs --json           machine-readable
//   node scripts/measure/bundle-size.mjs --write-readme   rewrite the figures the READMEs cite (below)
//   node scripts/measure/bundle-size.mjs --conditions     `digestlab` as built (dist: run npm run build first) under
//                                                         each export condition, the .wasm files apart
//
// The figures are exact bytes: esbuild's output is deterministic for the locked esbuild, and gzip's for Node's zlib
// (Bun's and Deno's zlib give other gzip bytes: run it with Node).
// README.md's "Bundled size" table (section Packaging) and packages/digestlab/README.md's size of
// `digestlab/sha256`'s `sha256Hex` are these figures; packages/digestlab/test/docs.test.ts fails when they differ,
// and --write-readme writes them again (the table's "Measured" date too, when the table changed).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

export const ENTRIES = {
  'digestlab/sha256 (sha256Hex)': "export { sha256Hex } from './src/sha256.ts';",
  'digestlab/md5 (md5Hex)': "export { md5Hex } from './src/md5.ts';",
  'digestlab/sha1 (sha1Hex)': "export { sha1Hex } from './src/sha1.ts';",
  'digestlab/sha512 (sha512Hex)': "export { sha512Hex } from './src/sha512.ts';",
  'digestlab/sha3 (sha3_256Hex)': "export { sha3_256Hex } from './src/sha3.ts';",
  'digestlab (digestHex)': "export { digestHex } from './src/index.ts';",
  'digestlab (everything)': "export * from './src/index.ts';",
};

export const ROOT_README = new URL('../../README.md', import.meta.url);
export const PACKAGE_README = new URL('../../packages/digestlab/README.md', import.meta.url);

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

/** Every entry of ENTRIES measured, in order: `{ name, bytes, gzip }`. */
export async function measureAll() {
  const rows = [];
  for (const [name, contents] of Object.entries(ENTRIES)) {
    const { bytes, gzip } = await measure(contents);
    rows.push({ name, bytes, gzip });
  }
  return rows;
}

/** The rows as README.md's table, its columns padded as the Markdown formatter leaves them. */
export function markdownTable(rows) {
  const cells = [['import', 'minified', 'gzip'], ...rows.map((r) => [`\`${r.name}\``, `${r.bytes} B`, `${r.gzip} B`])];
  const widths = [0, 1, 2].map((i) => Math.max(...cells.map((c) => c[i].length)));
  const line = (c) => `| ${c[0].padEnd(widths[0])} | ${c[1].padStart(widths[1])} | ${c[2].padStart(widths[2])} |`;
  const rule = `| ${'-'.repeat(widths[0])} | ${'-'.repeat(widths[1] - 1)}: | ${'-'.repeat(widths[2] - 1)}: |`;
  return [line(cells[0]), rule, ...cells.slice(1).map(line)].join('\n');
}

/**
 * README.md's "Bundled size" table: where it is (`start`, `end`: line indexes, end exclusive) and its rows as
 * `{ name, bytes, gzip }`. Throws if the text has no such table.
 */
export function readmeTable(text) {
  const lines = text.split('\n');
  const intro = lines.findIndex((l) => l.startsWith('Bundled size ('));
  if (intro < 0) throw new Error('README.md: no line starting "Bundled size (" before the bundle-size table');
  const start = lines.findIndex((l, i) => i > intro && l.startsWith('|'));
  let end = start;
  while (end < lines.length && lines[end].startsWith('|')) end++;
  const rows = lines.slice(start + 2, end).map((l) => {
    const [name, bytes, gzip] = l
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    return { name: name.replace(/^`|`$/g, ''), bytes: Number.parseInt(bytes, 10), gzip: Number.parseInt(gzip, 10) };
  });
  return { start, end, rows };
}

/** packages/digestlab/README.md's one size: `digestlab/sha256`'s `sha256Hex`, minified and gzipped, in kB. */
const PACKAGE_SIZE = /(`digestlab\/sha256`'s `sha256Hex`: )(\d+) kB minified, (\d+) kB gzipped/;
export const kB = (bytes) => Math.round(bytes / 1000);

/** The kB the package's README gives for `digestlab/sha256 (sha256Hex)`: `{ bytes, gzip }`; throws if absent. */
export function packageReadmeSize(text) {
  const m = PACKAGE_SIZE.exec(text);
  if (!m) throw new Error('packages/digestlab/README.md: no "`digestlab/sha256`\'s `sha256Hex`: N kB minified"');
  return { bytes: Number(m[2]), gzip: Number(m[3]) };
}

/** The READMEs with the measured rows in them: `{ root, pkg }`, the new texts. */
export function withSizes(rootText, pkgText, rows, today = new Date().toISOString().slice(0, 10)) {
  const { start, end } = readmeTable(rootText);
  const lines = rootText.split('\n');
  const table = markdownTable(rows);
  let root = [...lines.slice(0, start), table, ...lines.slice(end)].join('\n');
  if (root !== rootText) root = root.replace(/\(Measured \d{4}-\d{2}-\d{2}\./, `(Measured ${today}.`);
  const sha256 = rows.find((r) => r.name === 'digestlab/sha256 (sha256Hex)');
  const pkg = pkgText.replace(
    PACKAGE_SIZE,
    (_, head) => `${head}${kB(sha256.bytes)} kB minified, ${kB(sha256.gzip)} kB gzipped`,
  );
  return { root, pkg };
}

/** Conditions an application's bundler resolves `digestlab` with, by the runtime it bundles for. */
export const CONDITIONS = {
  'Node, browsers (default: base64 embedded)': [],
  'Cloudflare Workers (workerd)': ['workerd', 'worker', 'browser'],
  'Vercel Edge (edge-light)': ['edge-light', 'worker', 'browser'],
};

/**
 * `export * from 'digestlab'` bundled from the built package under each of {@link CONDITIONS}, minified, the .wasm
 * files left to the runtime (as wrangler and Vercel's bundler do): `{ name, bytes, gzip }`, and the .wasm files'
 * own bytes (`wasm`, what a Worker uploads beside its script).
 */
export async function measureConditions() {
  const root = new URL('../../', import.meta.url).pathname;
  const rows = [];
  for (const [name, conditions] of Object.entries(CONDITIONS)) {
    const result = await build({
      stdin: { contents: "export * from 'digestlab';", resolveDir: root },
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'neutral',
      conditions,
      write: false,
      external: ['*.wasm', '*.wasm?module'],
      logLevel: 'error',
    });
    const code = result.outputFiles[0].contents;
    rows.push({ name, bytes: code.length, gzip: gzipSync(code, { level: 9 }).length });
  }
  const dir = new URL('../../packages/digestlab/dist/wasm/', import.meta.url);
  const files = readdirSync(dir).filter((f) => f.endsWith('.wasm'));
  const wasm = files.map((f) => readFileSync(new URL(f, dir)));
  const total = (bufs) => bufs.reduce((n, b) => n + b.length, 0);
  rows.push({
    name: `the ${files.length} .wasm files`,
    bytes: total(wasm),
    gzip: total(wasm.map((b) => gzipSync(b, { level: 9 }))),
  });
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = process.argv.includes('--conditions') ? await measureConditions() : await measureAll();
  if (process.argv.includes('--write-readme')) {
    const [rootText, pkgText] = [ROOT_README, PACKAGE_README].map((f) => readFileSync(f, 'utf8'));
    const { root, pkg } = withSizes(rootText, pkgText, rows);
    for (const [file, before, after] of [
      [ROOT_README, rootText, root],
      [PACKAGE_README, pkgText, pkg],
    ]) {
      if (after !== before) writeFileSync(file, after);
      console.log(`${after === before ? 'up to date' : 'written'}: ${file.pathname}`);
    }
  } else if (process.argv.includes('--json')) {
    console.log(JSON.stringify(rows, null, 2));
  } else {
    console.log(markdownTable(rows));
  }
}
