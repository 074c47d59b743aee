#!/usr/bin/env node
// Writes the TypeScript compression functions (and Keccak's permutation) into
// packages/digestlab/src/algorithms/generated/*.ts. Each family's generator is its own file in cores/ (cores/md5.mjs,
// cores/sha256.mjs, …), found here without a list: its `files()` returns the files it writes, by name. The round
// logic is written once, from the standards, in those files; the state lives in local variables and the variables'
// roles rotate in the generated text (no role shuffling, no array traffic for the state); how far each core is
// unrolled is what runs fast in V8, SpiderMonkey and JavaScriptCore alike: past a size, each engine's optimizing JIT
// gives up on a function (docs/decisions/ts-sha2-core-shape.md). What they share (the header, word reads,
// rotations, the frame of a 32-bit compression function) is core-helpers.mjs.
//
//   node scripts/gen/gen-cores.mjs           write the files
//   node scripts/gen/gen-cores.mjs --check   exit 1 if the committed files differ from what this script writes
// generated.test.ts runs the check (generators.mjs lists this generator; `npm run gen` runs them all), so the
// committed output cannot drift from its generator.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const OUT = new URL('../../packages/digestlab/src/algorithms/generated/', import.meta.url);
const CORES = new URL('cores/', import.meta.url);

/** Every generator of cores/, in name order, and the files it writes; a file two of them write is an error. */
async function allFiles() {
  const files = {};
  for (const script of readdirSync(CORES)
    .filter((f) => f.endsWith('.mjs'))
    .sort()) {
    const generator = await import(new URL(script, CORES).href);
    for (const [name, text] of Object.entries(generator.files())) {
      if (name in files) throw new Error(`cores/${script} writes ${name}, which another generator writes`);
      files[name] = text;
    }
  }
  return files;
}

const FILES = await allFiles();

if (process.argv.includes('--check')) {
  const stale = Object.entries(FILES).filter(([f, text]) => {
    try {
      return readFileSync(new URL(f, OUT), 'utf8') !== text;
    } catch {
      return true;
    }
  });
  for (const [f] of stale) console.error(`stale: packages/digestlab/src/algorithms/generated/${f}`);
  process.exit(stale.length > 0 ? 1 : 0);
} else {
  for (const [f, text] of Object.entries(FILES)) writeFileSync(new URL(f, OUT), text);
}
