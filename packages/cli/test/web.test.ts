/**
 * `digestlab web` end to end: the built CLI started as a child process on a free port, a temporary page folder and
 * results folder, requests over a real socket (node:http, so paths are sent exactly as written, unnormalized).
 * Like the overflow tests, this needs `npm run build` first.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { type as osType, tmpdir } from 'node:os';
import { join } from 'node:path';
import { runLetter, slug } from '@digestlab/lab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROOT, lanAddress, pageRoot } from '../src/commands/web.js';
import { createFileAtomic } from '../src/files.js';
import { MAX_BODY } from '../src/web/server.js';
import { runCli } from './run.js';

const ENTRY = join(import.meta.dirname, '..', 'bin', 'digestlab.js');
const FIXTURES = join(import.meta.dirname, '..', '..', 'lab', 'test', 'fixtures');
const SECRET = 'SECRET-OUTSIDE-THE-ROOT';
const RESULT_NAME = /^\d{8}T\d{6}Z-[a-z0-9-]{1,40}(-\d+)?\.json$/;
// a quick bench for --bench-here: timings are never asserted
const QUICK_BENCH = '-w seed -a MD5 -p ts,node:crypto --samples 5 -t 1 --warmup 1';

const base = mkdtempSync(join(tmpdir(), 'digestlab-web-'));
const root = join(base, 'root');
const results = join(base, 'results');
afterAll(() => rmSync(base, { recursive: true, force: true }));

beforeAll(() => {
  if (!existsSync(join(import.meta.dirname, '..', 'dist', 'commands', 'web.js')) || !existsSync(ENTRY)) {
    throw new Error('packages/cli/dist is missing or old: run `npm run build` first');
  }
  mkdirSync(join(root, 'sub'), { recursive: true });
  const files: Record<string, string> = {
    'index.html': '<!doctype html><title>fake page</title>',
    'app.js': 'export {};',
    'style.css': 'body{}',
    'data.json': '{}',
    'icon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'mod.wasm': '\0asm\x01\0\0\0',
    'img.png': 'png',
    'favicon.ico': 'ico',
    'sub/index.html': 'sub page',
    '.hidden': SECRET,
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
  writeFileSync(join(base, 'secret.txt'), SECRET);
  // a link inside the root to a file outside it must not be served either
  symlinkSync(join(base, 'secret.txt'), join(root, 'link.txt'));
});

interface Web {
  child: ChildProcess;
  port: number;
  token: string;
  firstLine: string;
  out(): string;
  err(): string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function spawnWeb(args: string[]): Omit<Web, 'port' | 'token' | 'firstLine'> {
  const child = spawn(process.execPath, [ENTRY, 'web', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8').on('data', (d: string) => {
    out += d;
  });
  child.stderr?.setEncoding('utf8').on('data', (d: string) => {
    err += d;
  });
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal })),
  );
  return { child, out: () => out, err: () => err, exit };
}

async function waitFor(check: () => boolean, what: string, ms = 30_000): Promise<void> {
  const t0 = Date.now();
  while (!check()) {
    if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Starts `digestlab web` and reads its first stdout line. */
async function startWeb(args: string[]): Promise<Web> {
  const w = spawnWeb(['--root', root, ...args]);
  await waitFor(() => w.out().includes('\n') || w.child.exitCode !== null, 'the first line');
  const firstLine = w.out().split('\n')[0];
  const m = /^http:\/\/127\.0\.0\.1:(\d+)\/\?token=([A-Za-z0-9_-]+)$/.exec(firstLine);
  if (!m) throw new Error(`first line is not the URL: ${JSON.stringify(firstLine)}; stderr: ${w.err()}`);
  return { ...w, port: Number(m[1]), token: m[2], firstLine };
}

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/**
 * One request with the path sent exactly as given; `body` as chunks is sent chunked (no Content-Length).
 * `answerFirst`: for a request the server should refuse on its headers alone (a wrong token, a declared length
 * over the limit), the body waits for that answer.
 */
function request(
  port: number,
  method: string,
  path: string,
  body?: string | Buffer | Buffer[],
  headers: Record<string, string> = {},
  host = '127.0.0.1',
  answerFirst = false,
): Promise<Reply> {
  // headers flushed before the body go without its length unless it is given: the server must see it declared
  const length =
    answerFirst && body !== undefined && !Array.isArray(body)
      ? { 'Content-Length': String(Buffer.byteLength(body)) }
      : {};
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host, port, method, path, headers: { ...length, ...headers }, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    const send = () => {
      if (Array.isArray(body)) {
        for (const c of body) req.write(c);
        req.end();
      } else req.end(body);
    };
    if (!answerFirst) return send();
    // the headers alone first, and the body only if no answer came for them: a server that refuses on its headers
    // answers and closes at once, and a body written meanwhile can meet the closed socket (EPIPE) before its
    // answer is read (CI saw it); once the answer is in, a later error changes nothing (the promise is settled)
    req.flushHeaders();
    const wait = setTimeout(send, ANSWER_WAIT_MS);
    req.once('response', () => clearTimeout(wait));
  });
}

/** How long a request that may be refused on its headers waits for that answer before it sends its body. */
const ANSWER_WAIT_MS = 300;

// the run files, beside the store's folder (board/) and its lock
const resultFiles = () =>
  readdirSync(results)
    .filter((n) => n !== 'board' && n !== 'board.lock')
    .sort();

describe('digestlab web', () => {
  let web: Web;
  let post: (body: string | Buffer | Buffer[], token?: string, headers?: Record<string, string>) => Promise<Reply>;
  const benchText = readFileSync(join(FIXTURES, 'run-c.json'), 'utf8');
  const thisMachine = slug(`${osType()} node`);

  beforeAll(async () => {
    web = await startWeb(['--port', '0', '--results', results, '--bench-here', '--bench-args', QUICK_BENCH]);
    post = (body, token = web.token, headers = {}) =>
      request(web.port, 'POST', `/api/results?token=${encodeURIComponent(token)}`, body, headers);
    // a new store is created on the first start (PGlite's initdb: seconds on a loaded machine)
  }, 60_000);
  afterAll(() => {
    web?.child.kill('SIGKILL');
  });

  it('prints the URL with a random URL-safe token as the first line, on 127.0.0.1', async () => {
    expect(web.firstLine).toBe(`http://127.0.0.1:${web.port}/?token=${web.token}`);
    expect(web.port).toBeGreaterThan(0);
    expect(web.token.length).toBeGreaterThanOrEqual(22);
    const other = await startWeb(['--results', join(base, 'other')]);
    try {
      expect(other.token).not.toBe(web.token);
      expect(other.port).not.toBe(web.port);
    } finally {
      other.child.kill('SIGKILL');
    }
  });

  it('--bench-here saves this machine’s run in the results folder and prints it', async () => {
    await waitFor(() => /saved \S+\.json: \d+ bench results/.test(web.out()), 'the bench on this machine', 60_000);
    const [name] = resultFiles();
    expect(name).toMatch(RESULT_NAME);
    expect(name).toMatch(new RegExp(`^\\d{8}T\\d{6}Z-${thisMachine}\\.json$`));
    const saved = JSON.parse(readFileSync(join(results, name), 'utf8'));
    expect(saved).toMatchObject({ schema: 'digestlab-bench/1', env: { runtime: 'node' } });
    expect(saved.results.map((r: { provider: string }) => r.provider).sort()).toEqual(['node:crypto', 'ts']);
    // stdout arrives in pieces: the comparison may follow the saved line a little later
    await waitFor(() => web.out().includes(`the only bench run in ${results}`), 'the one-run table');
  });

  it('GET /api/status says a collector is there and which schemas it takes', async () => {
    const r = await request(web.port, 'GET', '/api/status');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(JSON.parse(r.text)).toEqual({
      collector: true,
      board: true,
      schemas: ['digestlab-bench/1', 'digestlab-overflow/1'],
      maxBytes: 1048576,
    });
    const wrong = await request(web.port, 'POST', '/api/status', '{}');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toBe('GET, HEAD');
  });

  it('refuses a POST without the right token (403) before reading or writing anything', async () => {
    const before = resultFiles();
    const wrongLast = web.token.slice(0, -1) + (web.token.endsWith('A') ? 'B' : 'A');
    for (const path of [
      '/api/results',
      '/api/results?token=',
      `/api/results?token=${wrongLast}`,
      `/api/results?token=${web.token.slice(0, -1)}`,
      `/api/results?token=${web.token}x`,
      `/api/results?tok=${web.token}`,
    ]) {
      const r = await request(web.port, 'POST', path, benchText, {}, '127.0.0.1', true);
      expect(r.status, path).toBe(403);
      expect(JSON.parse(r.text).error).toMatch(/token/);
    }
    // even a body over the limit is refused for its token first
    const big = Buffer.alloc(MAX_BODY + 1, 32);
    expect((await request(web.port, 'POST', '/api/results', big, {}, '127.0.0.1', true)).status).toBe(403);
    expect(resultFiles()).toEqual(before);
  });

  it('400 for a body that is not JSON, not UTF-8, or not a digestlab report', async () => {
    const before = resultFiles();
    const cases: [string | Buffer, RegExp][] = [
      ['this is not json', /not JSON/],
      ['', /not JSON/],
      [Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), /not UTF-8/],
      ['{"schema":"digestlab-bench/2","env":{},"results":[]}', /schema must be one of.*digestlab-bench\/1/],
      ['[]', /not a digestlab report/],
      ['{"schema":"digestlab-bench/1","env":{}}', /needs "env" and "results"/],
      ['{"schema":"digestlab-overflow/1","run":{},"env":{},"results":[],"summary":{}}', /run.sizes/],
    ];
    for (const [body, message] of cases) {
      const r = await post(body);
      expect(r.status, String(body)).toBe(400);
      expect(JSON.parse(r.text).error).toMatch(message);
    }
    expect(resultFiles()).toEqual(before);
  });

  it('413 for a body over 1 MiB, declared or streamed; exactly 1 MiB is taken', async () => {
    const before = resultFiles();
    // a run of its own (another start time): the board would refuse benchText, posted below, as a duplicate
    const own = benchText.replace('2026-11-30T01:00:00.000Z', '2026-11-30T01:00:01.000Z');
    const big = own + ' '.repeat(MAX_BODY + 1 - Buffer.byteLength(own));
    expect(Buffer.byteLength(big)).toBe(MAX_BODY + 1);
    const declared = await request(web.port, 'POST', `/api/results?token=${web.token}`, big, {}, '127.0.0.1', true);
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.text).error).toMatch(/at most 1048576 bytes/);
    // chunked, no Content-Length: the server counts as it reads and stops past the limit
    const chunks = Array.from({ length: 17 }, (_, i) => Buffer.from(big.slice(i * 65536, (i + 1) * 65536)));
    expect((await post(chunks)).status).toBe(413);
    expect(resultFiles()).toEqual(before);
    const exact = await post(big.slice(0, -1));
    expect(exact.status).toBe(201);
  });

  it('201 for a bench report: saved whole under a dated device name, compared in the terminal', async () => {
    const r = await post(benchText, web.token, { 'Content-Type': 'application/json' });
    expect(r.status).toBe(201);
    const { file } = JSON.parse(r.text) as { file: string };
    expect(file).toMatch(RESULT_NAME);
    expect(file).toMatch(/^\d{8}T\d{6}Z-android-chrome(-\d+)?\.json$/);
    // the timestamp is the time received, in UTC
    const stamp = file.slice(0, 16).replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z');
    expect(Math.abs(Date.parse(stamp) - Date.now())).toBeLessThan(60_000);
    expect(readFileSync(join(results, file), 'utf8')).toBe(benchText);
    expect(resultFiles().filter((n) => n.startsWith('.'))).toEqual([]); // no temporary file left
    await waitFor(() => web.out().includes(`saved ${file}: 6 bench results`), 'the saved line');
    // every bench run in the folder so far, in the order they arrived: this one last
    const benchRuns = resultFiles().filter((n) =>
      readFileSync(join(results, n), 'utf8').includes('"digestlab-bench/1"'),
    );
    const letter = runLetter(benchRuns.length - 1);
    await waitFor(() => {
      // the whole table: its heading, then the legend under it (stdout may arrive in pieces)
      const at = web.out().lastIndexOf(`all ${benchRuns.length} bench runs in ${results}, against the first:\n`);
      return at >= 0 && web.out().indexOf('B / A: speed of run B', at) > at;
    }, 'the comparison');
    const table = web.out().slice(web.out().lastIndexOf('bench runs in'));
    expect(table).toContain(`A: ${benchRuns.find((n) => n.includes(thisMachine))}`); // --bench-here's came first
    expect(table).toContain(`${letter}: ${file} — Chrome 140.0, unknown, Android 14`);
    expect(table).toMatch(new RegExp(`${letter} / A\\s+$`, 'm'));
    // and the saved file is something `digestlab compare` takes
    const c = await runCli(['compare', join(FIXTURES, 'run-a.json'), join(results, file)]);
    expect(c.code).toBe(0);
    expect(c.stdout).toContain(`B: ${file} — Chrome 140.0, unknown, Android 14`);
  });

  it('201 for an overflow report, saved but not put in the bench comparison', async () => {
    // what `digestlab overflow --json` printed: 4 PASS, 2 UNCHECKED, 6 SKIPPED
    const overflow = readFileSync(join(import.meta.dirname, '../../lab/test/fixtures/overflow-run.json'), 'utf8');
    const r = await post(overflow);
    expect(r.status).toBe(201);
    const { file } = JSON.parse(r.text) as { file: string };
    expect(file).toMatch(/^\d{8}T\d{6}Z-linux-node(-\d+)?\.json$/);
    await waitFor(
      () => web.out().includes(`saved ${file}: overflow run, 4 PASS, 2 UNCHECKED, 6 SKIPPED`),
      'the overflow line',
    );
  });

  it('other methods and paths under /api: 405 and 404', async () => {
    const get = await request(web.port, 'GET', `/api/results?token=${web.token}`);
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe('POST');
    expect((await request(web.port, 'PUT', `/api/results?token=${web.token}`, benchText)).status).toBe(405);
    for (const path of ['/api', '/api/', '/api/nope', '/api/status/x', '/api/results/x', '/api/%73tatus']) {
      expect((await request(web.port, 'GET', path)).status, path).toBe(404);
    }
  });

  it('serves the root folder with the right content types, index.html for a directory', async () => {
    const types: Record<string, string> = {
      '/': 'text/html; charset=utf-8',
      '/index.html': 'text/html; charset=utf-8',
      '/app.js': 'text/javascript; charset=utf-8',
      '/style.css': 'text/css; charset=utf-8',
      '/data.json': 'application/json; charset=utf-8',
      '/icon.svg': 'image/svg+xml',
      '/mod.wasm': 'application/wasm',
      '/img.png': 'image/png',
      '/favicon.ico': 'image/x-icon',
      '/sub/': 'text/html; charset=utf-8',
    };
    for (const [path, type] of Object.entries(types)) {
      const r = await request(web.port, 'GET', `${path}?token=${web.token}`);
      expect(r.status, path).toBe(200);
      expect(r.headers['content-type'], path).toBe(type);
      expect(r.headers['x-content-type-options'], path).toBe('nosniff');
    }
    expect((await request(web.port, 'GET', '/')).text).toBe('<!doctype html><title>fake page</title>');
    expect((await request(web.port, 'GET', '/sub')).text).toBe('sub page');
    const head = await request(web.port, 'HEAD', '/app.js');
    expect([head.status, head.text, head.headers['content-length']]).toEqual([200, '', '10']);
    expect((await request(web.port, 'GET', '/nope.js')).status).toBe(404);
    const put = await request(web.port, 'PUT', '/index.html', 'x');
    expect(put.status).toBe(405);
    expect(readFileSync(join(root, 'index.html'), 'utf8')).toContain('fake page');
  });

  it('never serves a file outside the root, however the path is spelled', async () => {
    const attempts = [
      '/../secret.txt',
      '/sub/../../secret.txt',
      '/..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/%2E%2E%2Fsecret.txt',
      '/sub/%2e%2e/%2e%2e/secret.txt',
      '/%252e%252e/secret.txt',
      '/..\\secret.txt',
      '/%5c..%5csecret.txt',
      `/${base.slice(1)}/secret.txt`,
      `/%2f${base.slice(1)}/secret.txt`,
      `//${base.slice(1)}/secret.txt`,
      `http://127.0.0.1/../secret.txt`,
      '/C:/secret.txt',
      '/link.txt',
      '/.hidden',
      '/sub/../.hidden',
      '/%00index.html',
      '/index.html%00.txt',
      '/%',
    ];
    for (const path of attempts) {
      const r = await request(web.port, 'GET', path);
      expect([400, 403, 404], path).toContain(r.status);
      expect(r.text, path).not.toContain(SECRET);
    }
  });

  it('a port in use: a clear message and exit 2', async () => {
    const second = spawnWeb(['--root', root, '--port', String(web.port), '--results', join(base, 'other')]);
    const { code } = await second.exit;
    expect(code).toBe(2);
    expect(second.err()).toContain(`port ${web.port} on 127.0.0.1 is in use`);
    expect(second.err()).toMatch(/--port 0/);
    expect(second.out()).toBe('');
  });

  it('Ctrl-C (SIGINT) closes the server and exits 0', async () => {
    // a browser keeps idle connections open; they must not hold the server up
    await request(web.port, 'GET', '/', undefined, { Connection: 'keep-alive' });
    web.child.kill('SIGINT');
    const { code, signal } = await web.exit;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(web.err()).toContain('digestlab web: stopped');
    await expect(request(web.port, 'GET', '/api/status')).rejects.toThrow(/ECONNREFUSED/);
  });
});

describe('digestlab web, starting and stopping', () => {
  it('SIGTERM during --bench-here stops the bench too, exits 0 and saves nothing', async () => {
    const dir = join(base, 'sigterm');
    // a bench that would run for an hour (every algorithm, 200 samples of 2 s): stopping in a minute, even on a
    // loaded machine where closing the store takes seconds, is stopping it, not waiting for it
    const w = await startWeb(['--results', dir, '--bench-here', '--bench-args', '-t 2000 --samples 200']);
    w.child.kill('SIGTERM');
    const t0 = Date.now();
    expect((await w.exit).code).toBe(0);
    expect(Date.now() - t0).toBeLessThan(60_000);
    // nothing but the store's folder, created before the server listens
    expect(readdirSync(dir)).toEqual(['board']);
  }, 90_000);

  it.runIf(lanAddress() !== undefined)(
    '--lan listens on every interface and prints the LAN URL, a QR code and the WebCrypto note',
    async () => {
      const ip = lanAddress() as string;
      const local = await startWeb(['--results', join(base, 'local')]);
      const lan = await startWeb(['--lan', '--results', join(base, 'lan')]);
      try {
        // without --lan, only loopback answers
        await expect(request(local.port, 'GET', '/api/status', undefined, {}, ip)).rejects.toThrow(/ECONNREFUSED/);
        await waitFor(() => lan.out().includes('Ctrl-C stops'), 'the LAN lines');
        const lines = lan.out().split('\n');
        expect(lines[1]).toBe(`on your network: http://${ip}:${lan.port}/?token=${lan.token}`);
        expect(lan.out()).toMatch(/[▀▄█]{7}/); // the QR code's finder pattern
        expect(lan.out()).toMatch(/plain HTTP .* no WebCrypto/);
        expect((await request(lan.port, 'GET', '/api/status', undefined, {}, ip)).status).toBe(200);
      } finally {
        local.child.kill('SIGKILL');
        lan.child.kill('SIGKILL');
      }
    },
  );

  it('refuses a root without index.html and a bad port (exit 2)', async () => {
    const empty = mkdtempSync(join(base, 'empty-'));
    const r = await runCli(['web', '--root', empty]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no index\.html there/);
    for (const port of ['-1', '65536', 'http', '80.5']) {
      const p = await runCli(['web', '--root', root, '--port', port]);
      expect(p.code, port).toBe(2);
      expect(p.stderr).toMatch(/--port must be a port number/);
    }
  });

  it('without a built page, says to run npm run build:web (exit 2)', () => {
    const empty = mkdtempSync(join(base, 'unbuilt-'));
    expect(() => pageRoot(undefined, empty)).toThrow(/no built web page at .*run `npm run build:web` first/);
    expect(pageRoot(undefined)).toBe(DEFAULT_ROOT.replace(/\/$/, '')); // npm ci builds and ships the page
  });
});

describe('saving a run under a new name', () => {
  it('takes -2, -3 … when a name exists, and never replaces a file', () => {
    const dir = mkdtempSync(join(base, 'names-'));
    const name = (n: number) => `run${n > 1 ? `-${n}` : ''}.json`;
    writeFileSync(join(dir, 'run.json'), 'first');
    expect(createFileAtomic(dir, name, 'second')).toBe('run-2.json');
    expect(createFileAtomic(dir, name, 'third')).toBe('run-3.json');
    expect(readdirSync(dir).sort()).toEqual(['run-2.json', 'run-3.json', 'run.json']);
    expect(readFileSync(join(dir, 'run.json'), 'utf8')).toBe('first');
    expect(readFileSync(join(dir, 'run-3.json'), 'utf8')).toBe('third');
    expect(() => createFileAtomic(dir, () => 'run.json', 'x', 3)).toThrow(/all taken/);
    expect(readdirSync(dir)).toHaveLength(3); // no temporary file left after a failure either
  });
});
