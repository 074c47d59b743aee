// After `vite build` (packages/web/dist): the CLI package ships the built page as packages/cli/web, which
// `digestlab web` serves by default. Copied after removing the previous copy, so no stale file is served.
//
// Only what the pages reach is copied: index.html, board.html and, transitively, every file of dist/ whose name the copied
// files mention (Vite names each file by its content's hash, so a name is found only where it is referenced). The
// self-test page (selftest.html, its Worker: a copy of the library's known-answer runner, ~450 KB) is for the browser
// tests, which serve packages/web/dist itself; `digestlab web` never links to it.
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const from = fileURLToPath(new URL('../../packages/web/dist/', import.meta.url));
const to = fileURLToPath(new URL('../../packages/cli/web/', import.meta.url));
// the lab's page, and the board's (board.html: the runs `digestlab web` keeps)
const ENTRIES = ['index.html', 'board.html'];

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)));
}

const all = filesUnder(from);
const byName = new Map(all.map((f) => [f.split('/').pop(), f]));
if (byName.size !== all.length) throw new Error(`${from}: two files share a name; the page's references are ambiguous`);

const reached = new Set(ENTRIES);
for (const file of reached) {
  const text = readFileSync(join(from, file), 'latin1');
  for (const [name, path] of byName) if (!reached.has(path) && text.includes(name)) reached.add(path);
}
const left = all.filter((f) => !reached.has(f));
if (!left.includes('selftest.html'))
  throw new Error(`the lab's page reaches selftest.html: ${[...reached].join(', ')}`);

rmSync(to, { recursive: true, force: true });
for (const file of reached) {
  mkdirSync(dirname(join(to, file)), { recursive: true });
  copyFileSync(join(from, file), join(to, file));
}
