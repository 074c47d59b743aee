/**
 * Which JavaScript runtime this is, in one place: the library's `node` provider names the crypto library behind
 * node:crypto from it, and the lab's reports (CLI and web page) label every run with it.
 *
 * Bun and Deno implement node:crypto and report a Node version in `process.versions.node` (26.3.0 on Bun 1.4 and
 * Deno 2.9), so `process` alone would call them Node: they are told apart by their own globals first. Bun's
 * node:crypto is BoringSSL (`process.versions.boringssl`, a commit); Deno reports an OpenSSL version, which is
 * recorded as Deno reports it.
 *
 * Edge workers are named before anything else, since they imitate the others: Cloudflare's workerd says
 * `navigator.userAgent === 'Cloudflare-Workers'` and, with `nodejs_compat`, adds a `process` reporting Node 22 (and a
 * Worker's globals, so it would pass for a browser without it); Vercel's edge runtime defines the string global
 * `EdgeRuntime`. Neither tells a script its own version. React Native's Hermes has `HermesInternal`.
 */

export type RuntimeName = 'node' | 'bun' | 'deno' | 'workerd' | 'edge-runtime' | 'hermes' | 'browser' | 'unknown';

/**
 * A browser's engine, named for its layout engine and meaning its JavaScript engine: Blink (V8), Gecko
 * (SpiderMonkey), WebKit (JavaScriptCore; every browser on an iPhone, whatever its user agent names). What is fast
 * differs between them (the shape of a compression function, the cost of a WebCrypto call), so the library chooses
 * by it at load.
 */
export type BrowserEngine = 'Blink' | 'Gecko' | 'WebKit' | 'unknown';

export interface RuntimeInfo {
  runtime: RuntimeName;
  /**
   * The runtime's own version: Node's, `Bun.version`, `Deno.version.deno`, Hermes's release, or the browser's;
   * `unknown` in workerd and edge-runtime, which do not tell it.
   */
  version: string;
  /**
   * In a browser: its name and version, read from the user agent (`Chrome 156.0.8078.73`, `Firefox 140.0`), and its
   * engine, found by what the JavaScript engine does (see {@link engineOf}), since a user agent can name another
   * browser than the one running (Chrome on an iPhone is WebKit).
   */
  browser?: { name: string; version: string; engine: BrowserEngine };
  /**
   * The library behind node:crypto, as the runtime names it: `OpenSSL 3.0.19` on Node, `BoringSSL fe703e9` on
   * Bun, `OpenSSL 3.0.7+quic` as Deno reports it, `BoringSSL` in workerd with `nodejs_compat`. Absent where there
   * is no node:crypto (browsers, workerd without `nodejs_compat`, edge-runtime, Hermes).
   */
  cryptoLibrary?: string;
}

/** The globals detection reads; a parameter so tests can describe any runtime. */
export interface RuntimeGlobals {
  Bun?: { version?: string };
  EdgeRuntime?: unknown;
  HermesInternal?: { getRuntimeProperties?: () => Record<string, string | undefined> };
  Deno?: { version?: { deno?: string } };
  process?: { versions?: Record<string, string | undefined> };
  navigator?: { userAgent?: string };
  document?: unknown;
  WorkerGlobalScope?: unknown;
  /** What tells the JavaScript engines apart (see {@link engineOf}). */
  Intl?: { v8BreakIterator?: unknown };
  Error?: new (message?: string) => object;
}

/** What `globals` says this runtime is. */
export function detectRuntime(globals: RuntimeGlobals): RuntimeInfo {
  const edge = edgeRuntimeOf(globals);
  if (edge) return edge;
  const versions = globals.process?.versions ?? {};
  if (globals.Bun) {
    const boring = versions.boringssl;
    return {
      runtime: 'bun',
      version: globals.Bun.version ?? versions.bun ?? 'unknown',
      cryptoLibrary: boring ? `BoringSSL ${boring.slice(0, 7)}` : 'BoringSSL',
    };
  }
  if (globals.Deno) {
    return {
      runtime: 'deno',
      version: globals.Deno.version?.deno ?? 'unknown',
      ...(versions.openssl ? { cryptoLibrary: `OpenSSL ${versions.openssl}` } : {}),
    };
  }
  if (versions.node) {
    return {
      runtime: 'node',
      version: versions.node,
      ...(versions.openssl ? { cryptoLibrary: `OpenSSL ${versions.openssl}` } : {}),
    };
  }
  const ua = globals.navigator?.userAgent;
  if (ua !== undefined && (globals.document !== undefined || globals.WorkerGlobalScope !== undefined)) {
    const browser = { ...browserOf(ua), engine: engineOf(globals) };
    return { runtime: 'browser', version: browser.version, browser };
  }
  return { runtime: 'unknown', version: 'unknown' };
}

/** An edge worker or a phone's engine, each by its own sign (they imitate Node or a browser); else undefined. */
function edgeRuntimeOf(globals: RuntimeGlobals): RuntimeInfo | undefined {
  if (typeof globals.EdgeRuntime === 'string') return { runtime: 'edge-runtime', version: 'unknown' };
  if (globals.navigator?.userAgent === 'Cloudflare-Workers') {
    // nodejs_compat's process brings its node:crypto, which workerd builds on BoringSSL
    return { runtime: 'workerd', version: 'unknown', ...(globals.process ? { cryptoLibrary: 'BoringSSL' } : {}) };
  }
  if (globals.HermesInternal) {
    const version = globals.HermesInternal.getRuntimeProperties?.()['OSS Release Version'];
    return { runtime: 'hermes', version: version ?? 'unknown' };
  }
  return undefined;
}

/**
 * A browser's name and version from its user agent. Order matters: Edge, Opera and Samsung Internet also say
 * "Chrome", Chrome also says "Safari", and iOS browsers say "Safari" with their own token (CriOS, FxiOS).
 */
export function browserOf(userAgent: string): { name: string; version: string } {
  const tokens: [string, RegExp][] = [
    ['Edge', /\bEdgA?\/([\d.]+)/],
    ['Opera', /\bOPR\/([\d.]+)/],
    ['Samsung Internet', /\bSamsungBrowser\/([\d.]+)/],
    ['Firefox', /\b(?:Firefox|FxiOS)\/([\d.]+)/],
    ['Chrome', /\b(?:HeadlessChrome|Chrome|CriOS)\/([\d.]+)/],
    ['Safari', /\bVersion\/([\d.]+).*\bSafari\//],
  ];
  for (const [name, re] of tokens) {
    const m = re.exec(userAgent);
    if (m) return { name, version: m[1] };
  }
  return { name: 'unknown', version: 'unknown' };
}

/**
 * The engine by what it does, in a page and in a Worker alike (neither needs the DOM): V8 alone starts an error's
 * stack with the error's own line (`Error: probe`; Chromium also has `Intl.v8BreakIterator`), where SpiderMonkey and
 * JavaScriptCore start it with a frame; SpiderMonkey gives each error its `lineNumber` and `fileName`,
 * JavaScriptCore its `line` and `column` (seen in Chromium 156, Firefox 153 and WebKitGTK 2.50, on the main
 * thread and in a Worker, and in Node, Deno and Bun; Bun, JavaScriptCore, writes V8's form of stack, so its own
 * sign is asked first).
 */
export function engineOf(globals: Pick<RuntimeGlobals, 'Intl' | 'Error'>): BrowserEngine {
  if (typeof globals.Intl?.v8BreakIterator === 'function') return 'Blink';
  const e = globals.Error ? (new globals.Error('probe') as Record<string, unknown>) : {};
  if (typeof e.lineNumber === 'number' && typeof e.fileName === 'string') return 'Gecko';
  if (typeof e.line === 'number' && typeof e.column === 'number') return 'WebKit';
  if (typeof e.stack === 'string' && e.stack.startsWith('Error: probe\n')) return 'Blink';
  return 'unknown';
}

let here: RuntimeInfo | undefined;

/** This runtime (detected once). */
export function runtime(): RuntimeInfo {
  here ??= detectRuntime(globalThis as RuntimeGlobals);
  return { ...here, ...(here.browser ? { browser: { ...here.browser } } : {}) };
}

/**
 * Whether this engine has no JIT, read from what a JIT-less engine lacks: a `WebAssembly` global. QuickJS and
 * Hermes have none, V8 run `--jitless` drops it, and so does Safari's Lockdown Mode, which also turns its JIT off;
 * every JIT engine we run on has it (a page whose CSP forbids compiling still has the global). The TypeScript cores
 * whose best shape differs there (calls and array reads cost an interpreter what a JIT inlines) choose by it at load
 * (docs/decisions/ts-interpreter-shapes.md).
 */
export function interpreted(globals: { WebAssembly?: unknown } = globalThis): boolean {
  return typeof globals.WebAssembly !== 'object' || globals.WebAssembly === null;
}

/** Whether `r` runs V8 (Node, Deno, workerd, edge-runtime, Blink): the engine several TypeScript cores choose by. */
export function isV8(r: Pick<RuntimeInfo, 'runtime' | 'browser'>): boolean {
  return ['node', 'deno', 'workerd', 'edge-runtime'].includes(r.runtime) || r.browser?.engine === 'Blink';
}

/** Whether `r` runs JavaScriptCore (Bun, WebKit: every browser on an iPhone). */
export function isJavaScriptCore(r: Pick<RuntimeInfo, 'runtime' | 'browser'>): boolean {
  return r.runtime === 'bun' || r.browser?.engine === 'WebKit';
}
