import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { namesFile } from '../../../scripts/gen-names.mjs';
import { algorithms } from '../src/index.js';

test('the committed TypeScript cores are exactly what scripts/gen-cores.mjs generates', () => {
  const script = fileURLToPath(new URL('../../../scripts/gen-cores.mjs', import.meta.url));
  // --check exits 1 and names the stale files when they differ
  expect(() => execFileSync(process.execPath, [script, '--check'], { stdio: 'pipe' })).not.toThrow();
});

test('the committed WebAssembly is exactly what scripts/gen-wasm.mjs assembles', () => {
  const script = fileURLToPath(new URL('../../../scripts/gen-wasm.mjs', import.meta.url));
  expect(() => execFileSync(process.execPath, [script, '--check'], { stdio: 'pipe' })).not.toThrow();
});

test('src/spec/names.ts is what scripts/gen-names.mjs writes from algorithms()', () => {
  // on a difference: node scripts/gen-names.mjs
  const names = fileURLToPath(new URL('../src/spec/names.ts', import.meta.url));
  expect(readFileSync(names, 'utf8')).toBe(namesFile(algorithms()));
});
