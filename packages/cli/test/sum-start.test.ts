/**
 * What `digestlab sum` loads to start: the built CLI, spawned with module hooks that list every module it loads
 * (loads/register.mjs). b3sum's mode takes BLAKE3's part of the library alone: never the rest (whose SHA-2
 * WebAssembly marks it), nor node:crypto; the coreutils mode loads the library when it hashes; `--help` loads none
 * of it. What a start costs in time is in BENCHMARKS.md ("Cold start", docs/decisions/sum-start.md): no timed
 * assertion here.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLAKE3_WASM } from '../../digestlab/src/wasm/generated/blake3.js';
import { CORE_WASM } from '../../digestlab/src/wasm/generated/core.js';
import { requireBuilt } from './run.js';

const BIN = join(import.meta.dirname, '..', 'bin', 'digestlab.js');
const REGISTER = pathToFileURL(join(import.meta.dirname, 'loads', 'register.mjs')).href;
/**
 * The start of each WebAssembly module's base64 (its header, types and export names: within the first string
 * literal of the generated source, so a bundle holds it as it is): a module whose text holds it carries that code.
 */
const SHA2_MARK = CORE_WASM.slice(0, 100);
const BLAKE3_MARK = BLAKE3_WASM.slice(0, 100);

let dir = '';
let runs = 0;

beforeAll(() => {
  requireBuilt('sum/run.js', 'sum/b3-worker.js');
  dir = mkdtempSync(join(tmpdir(), 'digestlab-sum-start-'));
  writeFileSync(join(dir, 'empty'), '');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `digestlab sum ARGS` in the fixture folder; its stdout and the URL of every module it loaded, in order. */
function loads(args: readonly string[]): { stdout: string; urls: string[] } {
  const list = join(dir, `loads-${runs++}`);
  writeFileSync(list, '');
  const r = spawnSync(process.execPath, ['--import', REGISTER, BIN, 'sum', ...args], {
    cwd: dir,
    env: { ...process.env, DIGESTLAB_LOADS_FILE: list },
  });
  expect(r.status, r.stderr.toString()).toBe(0);
  return { stdout: r.stdout.toString(), urls: readFileSync(list, 'utf8').split('\n').filter(Boolean) };
}

/** The loaded files whose text holds `mark`. */
function holding(urls: readonly string[], mark: string): string[] {
  return urls.filter((u) => u.startsWith('file:') && readFileSync(fileURLToPath(u), 'latin1').includes(mark));
}

describe('digestlab sum loads what its algorithm needs', () => {
  it('-a blake3: BLAKE3 alone, no node:crypto', () => {
    const { stdout, urls } = loads(['-a', 'blake3', 'empty']);
    // BLAKE3's digest of no input (its reference's test vectors, length 0)
    expect(stdout).toBe('af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262  empty\n');
    expect(holding(urls, BLAKE3_MARK).length).toBeGreaterThan(0);
    expect(holding(urls, SHA2_MARK)).toEqual([]);
    expect(urls).not.toContain('node:crypto');
  });

  it('-a sha256: the library, when it hashes', () => {
    const { stdout, urls } = loads(['-a', 'sha256', 'empty']);
    expect(stdout).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  empty\n');
    expect(holding(urls, SHA2_MARK).length).toBeGreaterThan(0);
  });

  it('--help: none of the library', () => {
    const { stdout, urls } = loads(['--help']);
    expect(stdout).toContain('Usage:');
    expect(holding(urls, SHA2_MARK)).toEqual([]);
    expect(holding(urls, BLAKE3_MARK)).toEqual([]);
  });
});
