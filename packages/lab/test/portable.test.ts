import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The engine must run unchanged in a browser's Web Worker: no Node module may be imported anywhere in its source.
const SRC = join(import.meta.dirname, '..', 'src');
const NODE_BUILTINS = [
  'fs',
  'path',
  'os',
  'crypto',
  'worker_threads',
  'child_process',
  'url',
  'v8',
  'vm',
  'module',
  'buffer',
  'process',
  'util',
  'stream',
];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('@digestlab/lab is platform-neutral', () => {
  it('imports no Node module, statically or dynamically, and never uses require', () => {
    for (const file of files(SRC)) {
      const text = readFileSync(file, 'utf8');
      const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]);
      for (const s of specifiers) {
        expect(s.startsWith('node:'), `${file} imports ${s}`).toBe(false);
        expect(NODE_BUILTINS.includes(s), `${file} imports ${s}`).toBe(false);
      }
      expect(/\brequire\s*\(/.test(text), `${file} uses require`).toBe(false);
    }
  });
});
