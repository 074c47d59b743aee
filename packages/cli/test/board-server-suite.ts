/**
 * `digestlab web` as a board, end to end over real sockets, with the store `location()` gives: run against the
 * embedded store (board-server.test.ts, `npm test`) and PostgreSQL (board-server.postgres.test.ts). Needs
 * `npm run build` first, as web.test.ts does.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runId } from '@digestlab/lab';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture, variant } from './board-suite.js';

const ENTRY = join(import.meta.dirname, '..', 'bin', 'digestlab.js');

export interface Running {
  child: ChildProcess;
  url: string;
  token: string;
  out(): string;
  exited: Promise<number | null>;
}

/** Starts `digestlab web ARGS` and waits for its first line (the URL). */
export async function startBoard(args: string[]): Promise<Running> {
  const child = spawn(process.execPath, [ENTRY, 'web', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.setEncoding('utf8').on('data', (d: string) => {
    out += d;
  });
  child.stderr?.setEncoding('utf8').on('data', (d: string) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const t0 = Date.now();
  while (!/^http:\S+\n/.test(out)) {
    if (child.exitCode !== null || Date.now() - t0 > 60_000) throw new Error(`digestlab web did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const first = out.split('\n')[0] as string;
  const url = new URL(first);
  return { child, url: url.origin, token: url.searchParams.get('token') ?? '', out: () => out, exited };
}

export function postRun(b: Running, body: string | Uint8Array<ArrayBuffer>, token = b.token): Promise<Response> {
  return fetch(`${b.url}/api/results?token=${encodeURIComponent(token)}`, { method: 'POST', body });
}

async function json<T>(b: Running, path: string): Promise<{ status: number; body: T }> {
  const r = await fetch(b.url + path);
  return { status: r.status, body: (await r.json()) as T };
}

interface Page {
  runs: { id: string; device: string; cpu: string }[];
  total: number;
}

export function boardServerSuite(name: string, location: (label: string) => Promise<string>): void {
  describe(`digestlab web as a board: ${name}`, () => {
    const base = mkdtempSync(join(tmpdir(), 'digestlab-board-'));
    const root = join(base, 'root');
    mkdirSync(root);
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>board</title>');
    const running: Running[] = [];
    afterAll(() => {
      for (const r of running) r.child.kill('SIGKILL');
      rmSync(base, { recursive: true, force: true });
    }, 60_000);
    const start = async (label: string, extra: string[] = [], store?: string) => {
      const b = await startBoard([
        '--root',
        root,
        '--results',
        join(base, label),
        '--store',
        store ?? (await location(label)),
        ...extra,
      ]);
      running.push(b);
      return b;
    };

    it('keeps a run once (409 the second time), and lists, serves, charts it', async () => {
      const b = await start('once');
      const text = JSON.stringify(fixture('run-c'));
      const first = await postRun(b, text);
      expect(first.status).toBe(201);
      const { id, file } = (await first.json()) as { id: string; file: string };
      expect(id).toBe(runId(JSON.parse(text)));
      expect(file).toMatch(/android-chrome/);
      const again = await postRun(b, `${JSON.stringify(JSON.parse(text), null, 1)}\n`);
      expect(again.status).toBe(409);
      expect(((await again.json()) as { id: string }).id).toBe(id);
      const list = await json<Page>(b, '/api/runs');
      expect(list.body.total).toBe(1);
      expect(list.body.runs.map((r) => [r.id, r.device])).toEqual([[id, 'Android Chrome']]);
      expect(await (await fetch(`${b.url}/api/runs/${id}`)).text()).toBe(text);
      expect((await fetch(`${b.url}/api/runs/${'f'.repeat(24)}`)).status).toBe(404);
      const chart = await json<{ rows: { device: string; runs: number }[] }>(b, '/api/chart?algorithm=MD5');
      expect(chart.body.rows.length).toBeGreaterThan(0);
      expect(chart.body.rows.every((r) => r.device === 'Android Chrome' && r.runs === 1)).toBe(true);
      const history = await json<{ rows: { id: string }[] }>(
        b,
        '/api/history?device=Android%20Chrome&algorithm=MD5&workload=seed&size=93',
      );
      expect(history.body.rows.map((r) => r.id)).toContain(id);
    });

    it('checks the read side’s parameters (400) and methods (405)', async () => {
      const b = await start('params');
      for (const path of [
        '/api/runs?limit=0',
        '/api/runs?limit=501',
        '/api/runs?limit=1e3',
        '/api/runs?offset=-1',
        '/api/runs?nope=1',
        '/api/runs?device=a&device=b',
        `/api/runs?device=${'x'.repeat(201)}`,
        '/api/chart',
        '/api/chart?algorithm=MD5&size=x',
        '/api/history?algorithm=MD5',
      ]) {
        expect((await fetch(b.url + path)).status, path).toBe(400);
      }
      expect((await fetch(`${b.url}/api/runs`, { method: 'POST' })).status).toBe(405);
      expect((await fetch(`${b.url}/api/runs/nothex`)).status).toBe(404);
    });

    it('--read-only serves the board and refuses every write (403), whatever the token', async () => {
      const loc = await location('ro');
      const w = await start('ro-writer', [], loc);
      expect((await postRun(w, variant(1))).status).toBe(201);
      w.child.kill('SIGTERM');
      await w.exited;
      const b = await start('ro', ['--read-only'], loc);
      expect(b.token).toBe('');
      const status = await json<{ collector: boolean }>(b, '/api/status');
      expect(status.body.collector).toBe(false);
      expect((await postRun(b, variant(2), 'anything')).status).toBe(403);
      expect((await json<Page>(b, '/api/runs')).body.total).toBe(1);
    });

    it('--rate: past the limit, writes from one address are refused with 429 and Retry-After', async () => {
      const b = await start('rate', ['--rate', '3']);
      const codes: number[] = [];
      for (let n = 0; n < 5; n++) codes.push((await postRun(b, variant(n))).status);
      expect(codes).toEqual([201, 201, 201, 429, 429]);
      const r = await postRun(b, variant(9), 'wrong');
      expect(r.status).toBe(429);
      expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await json<Page>(b, '/api/runs')).body.total).toBe(3);
    });

    it('500 runs from 20 concurrent clients: all stored, each listed once', async () => {
      const b = await start('many', ['--rate', '100000']);
      const texts = Array.from({ length: 500 }, (_, n) => variant(n, { cpu: `cpu-${n % 20}` }));
      const codes = await Promise.all(
        Array.from({ length: 20 }, async (_, client) => {
          const mine: number[] = [];
          for (let n = client; n < texts.length; n += 20) mine.push((await postRun(b, texts[n] as string)).status);
          return mine;
        }),
      );
      expect(codes.flat().filter((c) => c === 201).length).toBe(500);
      const ids = new Set<string>();
      for (let offset = 0; offset < 500; offset += 250) {
        const page = await json<Page>(b, `/api/runs?limit=250&offset=${offset}`);
        expect(page.body.total).toBe(500);
        for (const r of page.body.runs) ids.add(r.id);
      }
      expect(ids).toEqual(new Set(texts.map((t) => runId(JSON.parse(t)))));
      expect((await json<Page>(b, '/api/runs?cpu=cpu-7')).body.total).toBe(25);
    }, 180_000);

    it('1,000 fuzzed bodies are each refused with a 4xx and leave the board unchanged', async () => {
      const b = await start('fuzz', ['--rate', '100000']);
      expect((await postRun(b, variant(1))).status).toBe(201);
      const valid = JSON.parse(variant(2)) as Record<string, unknown>;
      // bodies near a real run that are not one (a field retyped or given a wrong value, a NUL in a text), and
      // arbitrary JSON, text and bytes
      const env = valid.env as Record<string, unknown>;
      const notObject = fc.jsonValue().filter((v) => typeof v !== 'object' || v === null || Array.isArray(v));
      const near = fc.oneof(
        fc
          .jsonValue()
          .filter((v) => v !== 'digestlab-bench/1' && v !== 'digestlab-overflow/1')
          .map((v) => ({ ...valid, schema: v })),
        notObject.map((v) => ({ ...valid, env: v })),
        fc
          .jsonValue()
          .filter((v) => !Array.isArray(v))
          .map((v) => ({ ...valid, results: v })),
        fc
          .jsonValue()
          .filter((v) => typeof v !== 'string')
          .map((v) => ({ ...valid, env: { ...env, date: v } })),
        fc.string().map((v) => ({ ...valid, env: { ...env, cpu: `${v}\0` } })),
        fc.array(notObject, { minLength: 1 }).map((v) => ({ ...valid, results: v })),
      );
      const body = fc.oneof(
        near.map((v) => JSON.stringify(v)),
        fc.json(),
        fc.string(),
        fc.uint8Array({ maxLength: 2000 }).map((u) => new Uint8Array(u)),
      );
      const statuses: number[] = [];
      await fc.assert(
        fc.asyncProperty(body, async (x) => {
          const status = (await postRun(b, x)).status;
          statuses.push(status);
          expect(status, typeof x === 'string' ? x.slice(0, 300) : 'bytes').toBeGreaterThanOrEqual(400);
          return status < 500;
        }),
        { numRuns: 1000 },
      );
      expect(statuses.length).toBe(1000);
      expect((await json<Page>(b, '/api/runs')).body.total).toBe(1);
    }, 180_000);

    it('kill -9 during a stream of writes: after a restart every acknowledged run is there, intact', async () => {
      const loc = await location('crash');
      const b = await start('crash', ['--rate', '100000'], loc);
      const acked: string[] = [];
      const texts = Array.from({ length: 2000 }, (_, n) => variant(n, { cpu: 'crash' }));
      const writers = Array.from({ length: 4 }, async (_, w) => {
        for (let n = w; n < texts.length; n += 4) {
          try {
            if ((await postRun(b, texts[n] as string)).status === 201) acked.push(texts[n] as string);
          } catch {
            return; // the server is gone
          }
        }
      });
      while (acked.length < 60) await new Promise((r) => setTimeout(r, 5));
      b.child.kill('SIGKILL');
      await Promise.all(writers);
      await b.exited;
      expect(acked.length).toBeLessThan(texts.length);
      const again = await start('crash-again', ['--rate', '100000'], loc);
      const page = await json<Page>(again, '/api/runs?limit=500&cpu=crash');
      expect(page.body.total).toBeGreaterThanOrEqual(acked.length);
      // at most the writes in flight at the kill (one per writer) were stored without their answer
      expect(page.body.total).toBeLessThanOrEqual(acked.length + 4);
      for (const text of acked.slice(-20)) {
        expect(await (await fetch(`${again.url}/api/runs/${runId(JSON.parse(text))}`)).text()).toBe(text);
      }
      // consistent: every stored run has its cells in the chart's rollup, once
      const chart = await json<{ rows: { provider: string; runs: number }[] }>(again, '/api/chart?algorithm=MD5');
      expect(chart.body.rows.find((r) => r.provider === 'ts')?.runs).toBe(page.body.total);
      // and it still takes runs
      expect((await postRun(again, variant(99_999))).status).toBe(201);
    }, 180_000);
  });
}
