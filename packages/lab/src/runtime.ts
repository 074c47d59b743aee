/**
 * The runtime facts every report carries, from digestlab's one detection (`runtime()`): the runtime's own name and
 * version (Bun and Deno also report a fake Node version, which is not used), the browser, and the library behind
 * node:crypto. The CLI, the web page and the engine all label runs from here.
 */
import { runtime } from 'digestlab';

export interface RuntimeFacts {
  /** `node`, `bun`, `deno`, `browser` (or `unknown`). */
  runtime: string;
  /** That runtime's own version (in a browser: the browser's). */
  runtimeVersion: string;
  /**
   * In a browser: its name and version (from the user agent) and its engine (by feature detection: `Blink`, `Gecko`,
   * `WebKit`; absent in runs recorded before it was).
   */
  browser?: { name: string; version: string; engine?: string };
  /** The library behind node:crypto, as the runtime names it (`OpenSSL 3.0.19`, `BoringSSL fe703e9`). */
  cryptoLibrary?: string;
}

export function runtimeFacts(): RuntimeFacts {
  const r = runtime();
  return {
    runtime: r.runtime,
    runtimeVersion: r.version,
    ...(r.browser ? { browser: r.browser } : {}),
    ...(r.cryptoLibrary ? { cryptoLibrary: r.cryptoLibrary } : {}),
  };
}

/**
 * `node 20.20.2 (node:crypto: OpenSSL 3.0.19)`, `bun 1.4.5 (node:crypto: BoringSSL fe703e9)`, `Chrome 156.0 (Blink)`,
 * `Chrome 131.0 (WebKit)` for Chrome on an iPhone.
 */
export function runtimeLabel(f: RuntimeFacts): string {
  const engine = f.browser?.engine ? ` (${f.browser.engine})` : '';
  const who = f.browser ? `${f.browser.name} ${f.browser.version}${engine}` : `${f.runtime} ${f.runtimeVersion}`;
  return f.cryptoLibrary ? `${who} (node:crypto: ${f.cryptoLibrary})` : who;
}
