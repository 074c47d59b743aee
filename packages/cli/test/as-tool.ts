/**
 * Running `digestlab` as a tool (`md5sum`, `b2sum`, `b3sum`…), for the upstream tests translated here: a folder
 * of links named after every tool, and two ways to run one. `spawned` runs the link itself, as a shell would (its
 * `#!/usr/bin/env node` line; node reads the link's name from argv[1]); `inProcess` calls `main` with that same link path as the
 * name it was invoked by (what bin/digestlab.js passes), in a given folder: the same code, without a Node start per
 * case (~0.1-0.3 s here), so hundreds of upstream cases run in a second or two.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import type { Io } from '../src/io.js';
import { main } from '../src/main.js';
import { TOOLS } from '../src/tools.js';

export const BIN = join(import.meta.dirname, '..', 'bin', 'digestlab.js');

/** What a run printed and returned. */
export interface Run {
  stdout: Buffer;
  stderr: Buffer;
  code: number | null;
}

export interface RunOptions {
  /** The folder it runs in. */
  cwd: string;
  /** Standard input (empty when absent). */
  stdin?: Buffer | string;
  /** The environment (the locale, mostly). */
  env: Record<string, string>;
}

/** Makes `dir/bin/TOOL` for every tool, each a link to bin/digestlab.js; returns that folder. */
export function linkTools(dir: string): string {
  const bin = join(dir, 'bin');
  mkdirSync(bin, { recursive: true });
  for (const tool of Object.keys(TOOLS)) symlinkSync(BIN, join(bin, tool));
  return bin;
}

/** Runs `command` (a program on PATH, or a path: a link of {@link linkTools}) with `args`. */
export function spawned(command: string, args: readonly string[], o: RunOptions): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: o.cwd, env: o.env });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (code) => resolve({ stdout: Buffer.concat(out), stderr: Buffer.concat(err), code }));
    child.stdin.on('error', () => {}); // a program that reads none of it may be gone before it is written
    child.stdin.end(o.stdin ?? '');
  });
}

/** Ours, in this process, as bin/digestlab.js runs it when invoked through the link `bin/TOOL`, in `o.cwd`. */
export async function inProcess(bin: string, tool: string, args: readonly string[], o: RunOptions): Promise<Run> {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  const stdin = Buffer.from(o.stdin ?? '');
  const io: Io = {
    stdout: (s) => void out.push(Buffer.from(s)),
    stdoutBytes: (b) => void out.push(Buffer.from(b)),
    stderr: (s) => void err.push(Buffer.from(s)),
    stderrIsTTY: false,
    stdoutIsTTY: false,
    columns: 80,
    env: o.env,
    stdin: (async function* () {
      if (stdin.length > 0) yield stdin;
    })(),
  };
  const before = process.cwd();
  process.chdir(o.cwd);
  try {
    const code = await main([...args], io, false, join(bin, tool));
    return { stdout: Buffer.concat(out), stderr: Buffer.concat(err), code };
  } finally {
    process.chdir(before);
  }
}

/** Runs `each` over `items`, at most `width` at a time (each spawned Node wants a core), in order of `items`. */
export async function inTurn<T, R>(items: readonly T[], width: number, each: (t: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await each(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: width }, lane));
  return results;
}
