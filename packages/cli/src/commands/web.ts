/**
 * `digestlab web`: serves the built web page and collects the runs it POSTs, so a phone's run lands beside this
 * machine's in one folder and the terminal shows them side by side. The HTTP side is ../web/server.ts; this file
 * is the Node around it: options, the results folder, the terminal, signals, and `--bench-here`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type AnyReport, compareRuns, parseAnyReport, type RunInput, SCHEMA } from '@digestlab/lab';
import { VERDICTS } from '@digestlab/lab/overflow';
import { type Command, Option } from 'commander';
import { toString as qrText } from 'qrcode';
import { openStore } from '../board/open.js';
import type { CommandContext } from '../command.js';
import { CliUsageError, EXIT, type Io } from '../io.js';
import { ensureWritableFolder } from '../paths.js';
import { DEFAULT_RATE, parseRate, saveRun, whenOpen } from '../web/keep.js';
import { createCollector, type Saved } from '../web/server.js';
import { comparisonOutput } from './compare.js';

export interface WebFlags {
  root?: string;
  port?: string;
  lan?: boolean;
  results?: string;
  benchHere?: boolean;
  store?: string;
  readOnly?: boolean;
  rate?: string;
  /** Hidden, for tests: extra `digestlab bench` arguments for --bench-here, space-separated. */
  benchArgs?: string;
}

/** The page the CLI package ships: `npm run build:web` copies packages/web/dist here. */
export const DEFAULT_ROOT = fileURLToPath(new URL('../../web/', import.meta.url));
const BIN = fileURLToPath(new URL('../../bin/digestlab.js', import.meta.url));

/**
 * The folder to serve: `given` (--root), else the page the package ships. Either must hold an index.html, or this
 * throws the usage error that says how to get one.
 */
export function pageRoot(given: string | undefined, shipped = DEFAULT_ROOT): string {
  const root = resolve(given ?? shipped);
  if (!existsSync(join(root, 'index.html'))) {
    throw new CliUsageError(
      given === undefined
        ? `no built web page at ${root}: run \`npm run build:web\` first, or serve a folder with --root DIR`
        : `--root ${root}: no index.html there (a built page, e.g. packages/web/dist after \`npm run build:web\`)`,
    );
  }
  return root;
}

function parsePort(text: string | undefined): number {
  if (text === undefined) return 0;
  const n = Number(text);
  if (!/^\d+$/.test(text) || n > 65535) {
    throw new CliUsageError(`--port must be a port number 0..65535, 0 for any free port (got "${text}")`);
  }
  return n;
}

/** This machine's address on its network: the first IPv4 address that is not loopback. */
export function lanAddress(): string | undefined {
  for (const addresses of Object.values(networkInterfaces())) {
    for (const a of addresses ?? []) if (a.family === 'IPv4' && !a.internal) return a.address;
  }
  return undefined;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/**
 * Every bench run in `dir`, in the order the runs arrived (file times: names sort by second, and within one second
 * by device name, not by arrival), labelled by file name.
 */
function benchRuns(dir: string, io: Io): RunInput[] {
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
    .map((name) => ({ name, at: statSync(join(dir, name)).mtimeMs }))
    .sort((a, b) => a.at - b.at || (a.name < b.name ? -1 : 1));
  const runs: RunInput[] = [];
  for (const { name } of files) {
    try {
      const r = parseAnyReport(readFileSync(join(dir, name), 'utf8'), name);
      if (r.schema === SCHEMA) runs.push({ label: name, report: r.report });
    } catch (e) {
      io.stderr(`digestlab web: left out ${(e as Error).message}\n`);
    }
  }
  return runs;
}

function printFolder(dir: string, io: Io): void {
  const runs = benchRuns(dir, io);
  if (runs.length === 0) return;
  const what = runs.length === 1 ? 'the only bench run' : `all ${runs.length} bench runs`;
  io.stdout(`\n${what} in ${dir}, against the first:\n${comparisonOutput(compareRuns(runs), {}, io)}`);
}

function describeSaved({ file }: Saved, r: AnyReport): string {
  if (r.schema === SCHEMA) return `saved ${file}: ${r.report.results.length} bench results`;
  const { summary } = r.report;
  const counts = VERDICTS.filter((v) => summary[v] > 0).map((v) => `${summary[v]} ${v}`);
  return `saved ${file}: overflow run, ${counts.join(', ') || 'no jobs'}`;
}

async function printLan(port: number, token: string | undefined, io: Io): Promise<void> {
  const address = lanAddress();
  if (address === undefined) {
    io.stderr('digestlab web: this machine has no LAN IPv4 address; the server listens on every interface anyway\n');
    return;
  }
  const url = `http://${address}:${port}/${token === undefined ? '' : `?token=${token}`}`;
  // the small terminal QR code needs its colours (black on white) to scan on a dark terminal
  const type = io.stdoutIsTTY && !io.env.NO_COLOR ? 'terminal' : 'utf8';
  io.stdout(`on your network: ${url}\n${await qrText(url, { type, small: true })}\n`);
  io.stdout(
    "note: over plain HTTP a phone's browser treats the page as not secure, so it has no WebCrypto " +
      '(crypto.subtle): the webcrypto row is unavailable there and reference digests come from another provider\n',
  );
}

/** Runs `digestlab bench --json` in a child process: the server keeps answering, and Ctrl-C can stop it. */
function benchHere(args: string[], io: Io, done: (text: string) => void): ChildProcess {
  io.stderr("digestlab web: timing this machine (digestlab bench --json); its run is saved when it's done\n");
  const child = spawn(process.execPath, [BIN, 'bench', '--json', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8').on('data', (d: string) => {
    out += d;
  });
  child.stderr?.setEncoding('utf8').on('data', (d: string) => {
    err = (err + d).slice(-2000);
  });
  child.on('close', (code, signal) => {
    if (signal !== null) return; // stopped with the server
    if (code === 0) done(out);
    else io.stderr(`digestlab web: the bench on this machine failed (exit ${code}): ${err.trim()}\n`);
  });
  return child;
}

/**
 * How the server stops: Ctrl-C or SIGTERM when `signals` (listened to before the URL is out: whoever reads it may
 * signal at once), or `stop()`; `stopped` resolves once the server is closed.
 */
function stopper(server: Server, signals: boolean, onStop: () => void): { stopped: Promise<void>; stop: () => void } {
  let stop = () => {};
  const stopped = new Promise<void>((resolve) => {
    stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      onStop();
      server.close(() => resolve());
      // idle keep-alive connections (a browser holds some) would keep close() waiting
      server.closeAllConnections();
    };
    if (!signals) return; // in-process without signals: serves until the process ends, or the store fails
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  return { stopped, stop: () => stop() };
}

/** The URL (first line, always the same shape: scripts and tests read it), then where things are. */
async function announce(
  flags: WebFlags,
  at: { port: number; token: string; root: string; results: string; store: string },
  io: Io,
): Promise<void> {
  const token = flags.readOnly ? undefined : at.token;
  io.stdout(`http://127.0.0.1:${at.port}/${token === undefined ? '' : `?token=${token}`}\n`);
  if (flags.lan) await printLan(at.port, token, io);
  io.stdout(
    flags.readOnly
      ? `serving ${at.root} and the board in ${at.store}, read-only; Ctrl-C stops\n`
      : `serving ${at.root}; runs are kept in ${at.store} and saved in ${at.results}; Ctrl-C stops\n`,
  );
}

export async function web(flags: WebFlags, ctx: Pick<CommandContext, 'io' | 'signals'>): Promise<number> {
  const { io } = ctx;
  const port = parsePort(flags.port);
  const root = pageRoot(flags.root);
  const results = resolve(flags.results ?? 'digestlab-results');
  // before serving: a folder that cannot take files would fail only when the first phone posts its run
  ensureWritableFolder('--results', results);
  // 144 random bits, URL-safe: only whoever sees the printed URL can POST
  const token = randomBytes(18).toString('base64url');
  const rate = parseRate(flags.rate);
  const accepted = (saved: Saved, r: AnyReport) => {
    io.stdout(`${describeSaved(saved, r)}\n`);
    printFolder(results, io);
  };
  const location = flags.store ?? join(results, 'board');
  const opening = openStore(location);
  // what fails at once (the store is another process's, a location that cannot be) stops the start here; the
  // rest of the opening (seconds for a new embedded store) goes on while the server answers
  await Promise.race([opening, Promise.resolve()]);
  const store = whenOpen(opening, location);
  const save = saveRun(store, results);
  const server = createCollector({ root, token, save, onSaved: accepted, store, readOnly: flags.readOnly, rate });
  const host = flags.lan ? '0.0.0.0' : '127.0.0.1';
  try {
    await listen(server, port, host);
  } catch (e) {
    await store.close();
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES') {
      const why = code === 'EADDRINUSE' ? 'is in use' : 'needs privileges';
      io.stderr(
        `digestlab web: port ${port} on ${host} ${why}; choose another with --port, or --port 0 for any free one\n`,
      );
      return EXIT.usage;
    }
    throw e;
  }
  const actual = (server.address() as AddressInfo).port;
  let bench: ChildProcess | undefined;
  let stopping = false;
  // listening for Ctrl-C before the URL is out: whoever reads the URL may signal at once
  const { stopped, stop } = stopper(server, ctx.signals, () => {
    stopping = true;
    bench?.kill();
  });
  let failed = false;
  opening.catch((e: unknown) => {
    failed = true;
    io.stderr(`digestlab web: could not open the store ${store.location}: ${(e as Error).message}\n`);
    stop();
  });
  await announce(flags, { port: actual, token, root, results, store: store.location }, io);
  if (flags.benchHere && !stopping && !flags.readOnly) {
    const args = flags.benchArgs?.split(/\s+/).filter(Boolean) ?? [];
    bench = benchHere(args, io, (text) => {
      const keep = async () => {
        const r = parseAnyReport(text, 'this machine');
        const saved = await save(r, text);
        if (!saved.duplicate) accepted(saved, r);
      };
      keep().catch((e: unknown) => {
        io.stderr(`digestlab web: could not save this machine's run: ${(e as Error).message}\n`);
      });
    });
  }
  await stopped;
  await store.close();
  io.stderr('digestlab web: stopped\n');
  return failed ? EXIT.failure : EXIT.ok;
}

export function registerWeb(program: Command, { io, signals, done }: CommandContext): void {
  program
    .command('web')
    .description(
      'serve the web lab and collect the runs it sends: a phone beside this machine, compared in the terminal',
    )
    .option('--root <dir>', 'folder of the built page to serve (default: the page shipped with the CLI)')
    .option('--port <n>', 'port to listen on (default 0: any free port)')
    .option('--lan', "listen on every interface and print this machine's LAN URL and a QR code for a phone")
    .option('--results <dir>', 'folder to save received runs in (default ./digestlab-results)')
    .option('--bench-here', "also run digestlab's default bench on this machine and save it there")
    .option('--store <location>', 'where runs are kept: a folder (default RESULTS/board) or a postgres:// URL')
    .option('--read-only', 'serve the board and its runs, but take no runs')
    .option('--rate <n>', `runs one address may send per minute (default ${DEFAULT_RATE})`)
    .addOption(new Option('--bench-args <args>', 'tests: extra bench arguments for --bench-here').hideHelp())
    .action(async (flags: WebFlags) => {
      done(await web(flags, { io, signals }));
    });
}
