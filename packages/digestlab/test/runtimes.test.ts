/**
 * Portability: the library (bundled from src with esbuild, as an application would ship it) under Bun and
 * Deno, installed from npm as devDependencies. runtimes/check.mjs compares every provider the runtime has with
 * our TypeScript; here we also pin which providers each runtime offers.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const bin = (name: string) => fileURLToPath(new URL(`../../../node_modules/.bin/${name}`, import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'digestlab-runtimes-'));

beforeAll(async () => {
  await build({
    entryPoints: [fileURLToPath(new URL('../src/index.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    outfile: join(dir, 'digestlab.mjs'),
    logLevel: 'warning',
  });
  copyFileSync(fileURLToPath(new URL('runtimes/check.mjs', import.meta.url)), join(dir, 'check.mjs'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ALL = ['MD2', 'MD5', 'SHA-1', 'SHA-224', 'SHA-256', 'SHA-384', 'SHA-512', 'SHA-512/224', 'SHA-512/256'];
const RUNTIMES: [string, string[]][] = [
  ['bun', [bin('bun'), 'check.mjs']],
  ['deno', [bin('deno'), 'run', '--allow-read', '--allow-env', 'check.mjs']],
];

describe.each(RUNTIMES)('%s', (_, [command, ...args]) => {
  test('every provider agrees with ours; ts, node:crypto and WebCrypto are all there', () => {
    const out = execFileSync(command, args, { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    const result = JSON.parse(out.trim().split('\n').pop() as string) as {
      providers: Record<string, string[]>;
      checks: number;
    };
    expect(result.providers.ts).toEqual(ALL);
    // both runtimes implement node:crypto and process.getBuiltinModule; neither has MD2
    expect(result.providers.node).toEqual(ALL.filter((a) => a !== 'MD2'));
    expect(result.providers.webcrypto).toEqual(['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512']);
    expect(result.checks).toBeGreaterThan(ALL.length * 11);
  });
});
