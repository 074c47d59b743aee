/**
 * A plain static host for the browser tests: the built page from a folder on a free 127.0.0.1 port, under a subpath
 * (the page must work from any folder of a static host, without a collector). Where a collector is involved the
 * tests start the real `digestlab web` (digestlab-web.ts).
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
};

export interface Served {
  /** The page's URL, ending in `/`. */
  url: string;
  /** Every path asked for. */
  requests: string[];
  close(): Promise<void>;
}

export interface ServeOptions {
  /** The folder under which the page is served. Default `/lab/`. */
  base?: string;
  /** The address to listen on. Default 127.0.0.1. */
  host?: string;
}

export async function serveDist(dir: string, options: ServeOptions = {}): Promise<Served> {
  const base = options.base ?? '/lab/';
  const requests: string[] = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url.pathname);
    const send = (status: number, body: string, type = 'text/plain; charset=utf-8') => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    if (!url.pathname.startsWith(base)) return send(404, 'not found');
    const path = url.pathname.slice(base.length);
    const file = normalize(join(dir, path === '' ? 'index.html' : decodeURIComponent(path)));
    if (!file.startsWith(dir.endsWith(sep) ? dir : dir + sep)) return send(403, 'outside the folder');
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      send(404, 'not found');
    }
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}${base}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
