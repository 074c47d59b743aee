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
const MD = ALL.filter((a) => a !== 'MD2');
/** Each runtime, how to run check.mjs there, and what it must offer besides ts (which has every algorithm). */
const RUNTIMES: [string, string[], { wasm: string[]; auto: string }][] = [
  ['bun', [bin('bun'), 'check.mjs'], { wasm: MD, auto: 'node' }],
  ['deno', [bin('deno'), 'run', '--allow-read', '--allow-env', 'check.mjs'], { wasm: MD, auto: 'node' }],
  // Node without WebAssembly (--jitless removes it): `wasm` says why it is unavailable, `auto` falls back
  ['node --jitless', [process.execPath, '--jitless', 'check.mjs'], { wasm: [], auto: 'node' }],
];

describe.each(RUNTIMES)('%s', (_, [command, ...args], want) => {
  test('every provider agrees with ours; ts, wasm, node:crypto and WebCrypto are there as expected', () => {
    const out = execFileSync(command, args, {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const result = JSON.parse(out.trim().split('\n').pop() as string) as {
      providers: Record<string, string[]>;
      wasmReason?: string;
      auto: string;
      checks: number;
    };
    expect(result.providers.ts).toEqual(ALL);
    expect(result.providers.wasm).toEqual(want.wasm);
    if (want.wasm.length === 0) expect(result.wasmReason).toBe('this runtime has no WebAssembly');
    else expect(result.wasmReason).toBeUndefined();
    expect(result.auto).toBe(want.auto);
    // every runtime here implements node:crypto and process.getBuiltinModule; none has MD2
    expect(result.providers.node).toEqual(MD);
    expect(result.providers.webcrypto).toEqual(['SHA-1', 'SHA-256', 'SHA-384', 'SHA-512']);
    expect(result.checks).toBeGreaterThan(ALL.length * (11 + 39));
  });
});
