/**
 * The HTTP side of `digestlab web` (node:http only): the built web page as static files, and a collector the page
 * POSTs finished runs to.
 *
 *   GET  /api/status                → 200 {"collector":true,"schemas":[…],"maxBytes":1048576} (collector false when
 *                                     read-only)
 *   POST /api/results?token=TOKEN   → 201 {"id":"<run id>","file":"<name>.json"}; 409 {"id"} the same run is there
 *                                     already; 403 wrong or missing token, or a read-only board (checked before the
 *                                     body is read); 429 too many writes from this address (Retry-After); 413 body
 *                                     over maxBytes; 400 not JSON or not an accepted schema
 *   GET  /api/runs, /api/chart, …   → the board's read side, when a store is given (./board-api.ts)
 *   other methods on those paths    → 405 (with Allow); other /api paths → 404
 *   GET/HEAD anything else          → a file under the root (index.html for a directory), else 404
 *
 * Every answer carries X-Content-Type-Options: nosniff, and Referrer-Policy: no-referrer because the page's own URL
 * holds the token. Errors are JSON {"error": "…"} saying what to do.
 */
import { timingSafeEqual } from 'node:crypto';
import { createReadStream, realpathSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, sep } from 'node:path';
import { type AnyReport, checkBoardRun, parseAnyReport, REPORT_SCHEMAS } from '@digestlab/lab';
import { RunRejected, type RunStore } from '../board/store.js';
import { boardApi } from './board-api.js';
import type { RateLimit } from './rate.js';
import { refuse, send } from './respond.js';

/** The largest run a collector takes: 1 MiB (a full bench report is ~100 KiB). */
export const MAX_BODY = 2 ** 20;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  // streaming compilation (WebAssembly.compileStreaming) insists on this type
  '.wasm': 'application/wasm',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

export interface CollectorOptions {
  /** The folder of static files (the built page). */
  root: string;
  /** The per-process secret a POST must carry as ?token=. */
  token: string;
  /**
   * Stores an accepted run and says where; throws when it cannot (answered 500). The server itself never touches
   * the results folder or the store: where runs go is the caller's.
   */
  save(report: AnyReport, text: string): Saved | Promise<Saved>;
  /** Called after a run was stored and answered (not for a duplicate). */
  onSaved?(saved: Saved, report: AnyReport): void;
  /** The store the board's read side answers from; without it, there is no read side. */
  store?: RunStore;
  /** Refuse every write (the board's read side alone). */
  readOnly?: boolean;
  /** Writes allowed per client address. */
  rate?: RateLimit;
}

/** Where an accepted run went: its id in the store, its file; `duplicate` when the store had it already. */
export interface Saved {
  id?: string;
  file?: string;
  duplicate?: boolean;
}

function sameToken(given: string | null, token: string): boolean {
  if (given === null) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  // constant-time, so the answer's timing does not tell how much of a guess was right
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Reads the body up to `max` bytes; null as soon as it is longer (then stops reading, keeping nothing more). */
function readBody(req: IncomingMessage, max: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        req.off('data', onData);
        req.pause();
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

async function postResult(
  req: IncomingMessage,
  res: ServerResponse,
  query: URLSearchParams,
  o: CollectorOptions,
): Promise<void> {
  if (o.readOnly) {
    refuse(res, 403, 'this board is read-only: it takes no runs');
    return;
  }
  const wait = o.rate?.take(req.socket.remoteAddress ?? '') ?? 0;
  if (wait > 0) {
    refuse(res, 429, `too many runs from this address: try again in ${wait} s`, { 'Retry-After': String(wait) });
    return;
  }
  if (!sameToken(query.get('token'), o.token)) {
    refuse(res, 403, 'wrong or missing token: open the page from the URL digestlab web printed');
    return;
  }
  const tooBig = `a run is at most ${MAX_BODY} bytes (1 MiB)`;
  if (Number(req.headers['content-length']) > MAX_BODY) {
    refuse(res, 413, tooBig);
    return;
  }
  const body = await readBody(req, MAX_BODY);
  if (body === null) {
    refuse(res, 413, tooBig);
    return;
  }
  let text: string;
  let report: AnyReport;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    send(res, 400, { error: 'body: not UTF-8 text' });
    return;
  }
  try {
    report = parseAnyReport(text, 'body');
    // what a board reads of it, checked before anything is stored
    checkBoardRun(report, 'body');
  } catch (e) {
    send(res, 400, { error: (e as Error).message });
    return;
  }
  let saved: Saved;
  try {
    saved = await o.save(report, text);
  } catch (e) {
    if (e instanceof RunRejected) send(res, 400, { error: e.message });
    else send(res, 500, { error: `could not save the run: ${(e as Error).message}` });
    return;
  }
  if (saved.duplicate) {
    send(res, 409, { error: 'this run is on the board already', id: saved.id });
    return;
  }
  send(res, 201, saved);
  o.onSaved?.(saved, report);
}

async function api(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  query: URLSearchParams,
  o: CollectorOptions,
): Promise<void> {
  const method = req.method ?? 'GET';
  if (path === '/api/status') {
    if (method === 'GET' || method === 'HEAD') {
      send(res, 200, {
        collector: !o.readOnly,
        board: o.store !== undefined,
        schemas: REPORT_SCHEMAS,
        maxBytes: MAX_BODY,
      });
    } else refuse(res, 405, `${method} /api/status: use GET`, { Allow: 'GET, HEAD' });
  } else if (path === '/api/results') {
    if (method === 'POST') await postResult(req, res, query, o);
    else refuse(res, 405, `${method} /api/results: use POST`, { Allow: 'POST' });
  } else if (!(o.store && (await boardApi(o.store, req, res, path, query)))) {
    refuse(
      res,
      404,
      `no such API: ${path} (there are /api/status, /api/results${o.store ? ', /api/runs, /api/chart and /api/history' : ''})`,
    );
  }
}

/**
 * The file under `root` (a real path) that a request path names, or null. Decoded once, then refused when a
 * segment could leave or hide in the root: `..` and dotfiles, backslashes (a separator on Windows), NUL and drive
 * letters; then resolved, symbolic links followed, and checked to be a file inside the root.
 */
export function staticFile(root: string, rawPath: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  if (!path.startsWith('/') || /[\\\0]/.test(path)) return null;
  const segments = path.split('/').filter((s) => s !== '');
  if (segments.some((s) => s.startsWith('.') || s.includes(':'))) return null;
  let file = join(root, ...segments);
  try {
    if (statSync(file).isDirectory()) file = join(file, 'index.html');
    file = realpathSync(file);
    if (!statSync(file).isFile()) return null;
  } catch {
    return null;
  }
  return file.startsWith(root + sep) ? file : null;
}

function serveStatic(req: IncomingMessage, res: ServerResponse, path: string, root: string): void {
  const method = req.method ?? 'GET';
  if (method !== 'GET' && method !== 'HEAD') {
    refuse(res, 405, `${method}: static files take GET and HEAD`, { Allow: 'GET, HEAD' });
    return;
  }
  const file = staticFile(root, path);
  if (file === null) {
    send(res, 404, { error: `not found: ${path}` });
    return;
  }
  res.writeHead(200, {
    'Content-Type': TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Content-Length': String(statSync(file).size),
    // the page is rebuilt in place: revalidate every time rather than run a stale bundle
    'Cache-Control': 'no-cache',
  });
  if (method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}

/** An HTTP server for the page and the collector; not yet listening. */
export function createCollector(o: CollectorOptions): Server {
  const root = realpathSync(o.root);
  return createServer((req, res) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'no-referrer');
    const raw = req.url ?? '/';
    const q = raw.indexOf('?');
    const path = q < 0 ? raw : raw.slice(0, q);
    const query = new URLSearchParams(q < 0 ? '' : raw.slice(q + 1));
    const handle = async () => {
      if (path === '/api' || path.startsWith('/api/')) await api(req, res, path, query, o);
      else serveStatic(req, res, path, root);
    };
    handle().catch((e: unknown) => {
      if (!res.headersSent) send(res, 500, { error: String(e) });
      else res.destroy();
    });
  });
}
