/**
 * The real `digestlab web` for the browser tests: the CLI's own server (the page it ships, its collector, its
 * results folder) started as a user starts it, in a child process, and stopped with Ctrl-C (SIGINT).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';

/** The CLI's entry point, as `npx digestlab` runs it. */
export const DIGESTLAB = fileURLToPath(new URL('../../cli/bin/digestlab.js', import.meta.url));

export interface DigestlabWeb {
  /** The page's URL without its query, ending in `/`. */
  url: string;
  /** The collector's token, from the first line the command printed. */
  token: string;
  /** The `--results` folder. */
  results: string;
  /** The names of the runs saved so far, in name order. */
  saved(): string[];
  /** The text of a saved run. */
  read(file: string): string;
  /** Everything the command printed on stdout so far. */
  stdout(): string;
  /** Ctrl-C: resolves with the exit code once the command ended; removes the results folder. */
  stop(): Promise<number | null>;
}

export async function startDigestlabWeb(): Promise<DigestlabWeb> {
  const results = mkdtempSync(join(tmpdir(), 'digestlab-web-'));
  const child: ChildProcess = spawn(process.execPath, [DIGESTLAB, 'web', '--port', '0', '--results', results], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr?.setEncoding('utf8').on('data', (d: string) => {
    err += d;
  });
  const first = await new Promise<string>((resolve, reject) => {
    child.stdout?.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const nl = out.indexOf('\n');
      if (nl >= 0) resolve(out.slice(0, nl));
    });
    child.once('exit', (code) => reject(new Error(`digestlab web exited ${code} before its URL: ${err}`)));
  });
  // the first line is exactly http://127.0.0.1:PORT/?token=TOKEN
  const m = /^(http:\/\/127\.0\.0\.1:\d+\/)\?token=([A-Za-z0-9_-]+)$/.exec(first);
  if (!m) throw new Error(`digestlab web's first line is not its URL: ${JSON.stringify(first)}`);
  const ended = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    url: m[1],
    token: m[2],
    results,
    saved: () =>
      readdirSync(results)
        .filter((f) => f.endsWith('.json'))
        .sort(),
    read: (file) => readFileSync(join(results, file), 'utf8'),
    stdout: () => out,
    async stop() {
      child.kill('SIGINT');
      const code = await ended;
      rmSync(results, { recursive: true, force: true });
      return code;
    },
  };
}

/**
 * digestlab web for one test file: started before the file's tests, stopped after them with Ctrl-C, which must end
 * it cleanly (exit 0). The object returned is filled in once the command has started.
 */
export function digestlabWebForFile(): DigestlabWeb {
  const web = {} as DigestlabWeb;
  beforeAll(async () => {
    Object.assign(web, await startDigestlabWeb());
  });
  afterAll(async () => {
    if (web.stop) expect(await web.stop()).toBe(0);
  });
  return web;
}
