/**
 * The page's build: a static folder (dist/) with relative URLs only (`base: './'`), so it works from any folder of
 * any static host, and nothing is fetched from another origin (every peer library is bundled, as chunks loaded
 * when its row first runs).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PEER_PACKAGES } from '@digestlab/lab';
import { defineConfig } from 'vite';

const root = new URL('../../', import.meta.url);

/** Installed versions of the lab's peers and of digestlab, for the report (a browser cannot read package.json). */
function versions(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pkg of ['digestlab', ...PEER_PACKAGES]) {
    try {
      out[pkg] = JSON.parse(readFileSync(new URL(`node_modules/${pkg}/package.json`, root), 'utf8')).version;
    } catch {
      // not installed where npm hoists it: the report says "unknown"
    }
  }
  return out;
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  define: { __PACKAGE_VERSIONS__: JSON.stringify(versions()) },
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // the self-test page runs the library's known answers in a real browser (npm run test:browser)
    rolldownOptions: {
      input: { index: 'index.html', selftest: 'selftest.html', board: 'board.html' },
      // a slow shared machine makes this timing report appear at random; it says nothing about the page
      checks: { bundlerTimings: false },
      onLog(level, log, handler) {
        // sha.js reaches Node's `buffer` through safe-buffer: expected, the page lists that row as unavailable
        // (lab-adapter.ts says why), so the build does not warn about it on every `npm ci`
        if (log.message.includes('Module "buffer" has been externalized')) return;
        handler(level, log);
      },
    },
  },
});
