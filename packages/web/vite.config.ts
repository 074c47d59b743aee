/**
 * The page's build: a static folder (dist/) with relative URLs only (`base: './'`), so it works from any folder of
 * any static host, and nothing is fetched from another origin (every peer library is bundled, as chunks loaded
 * when its row first runs).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PEER_PACKAGES } from '@digestlab/lab';
import { defineConfig, type Plugin } from 'vite';

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

/**
 * The page's own Content-Security-Policy, as a meta tag written at build: its own scripts and styles, its inline
 * scripts by their hashes (computed here, so an edited script cannot fall out of the policy), WebAssembly compiled
 * from bytes ('wasm-unsafe-eval': the lab measures our WebAssembly and hash-wasm's), and no 'unsafe-eval': the bench's
 * timing loops, made with `new Function` (packages/lab/src/timing.ts), run in the page's Worker, which the meta
 * tag does not govern, and fall back to one shared loop where a host's header forbids them. Nothing from another
 * origin, no plugins, no <base>.
 */
export function strictCsp(): Plugin {
  return {
    name: 'strict-csp',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const hashes = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
          (m) => `'sha256-${createHash('sha256').update(m[1]).digest('base64')}'`,
        );
        const policy = [
          "default-src 'self'",
          `script-src 'self' 'wasm-unsafe-eval' ${hashes.join(' ')}`.trim(),
          "style-src 'self'",
          "img-src 'self' data:",
          "object-src 'none'",
          "base-uri 'none'",
        ].join('; ');
        return html.replace(
          '<meta charset="utf-8">',
          `<meta charset="utf-8">\n<meta http-equiv="Content-Security-Policy" content="${policy}">`,
        );
      },
    },
  };
}

export default defineConfig({
  plugins: [strictCsp()],
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  define: { __PACKAGE_VERSIONS__: JSON.stringify(versions()) },
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // digestlab's chunk carries every WebAssembly module as base64 (~540 kB, ~125 kB gzipped) and the two workers
    // bundle it: loaded once, off the main thread, by design; the warning's 500 kB fits pages, not a lab
    chunkSizeWarningLimit: 800,
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
