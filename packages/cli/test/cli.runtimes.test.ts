/**
 * The `digestlab` command under Bun and Deno (npm's `bun` and `deno` packages, devDependencies), run as a new
 * user would (`bun node_modules/.bin/digestlab ...`): a short bench and a small overflow run, each checked for the
 * runtime's own name and version, the library behind its node:crypto, and correct results. Both runtimes report
 * a fake Node version (26.3.0), which must not reach a report. `npm run test:runtimes` (in .ci/run).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { requireBuilt } from './run.js';

const root = join(import.meta.dirname, '..', '..', '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const DIGESTLAB = join(root, 'packages', 'cli', 'bin', 'digestlab.js');

/** Each runtime: how to start a script, its version as its binary prints it, and its node:crypto library. */
const RUNTIMES: [string, string[], RegExp][] = [
  ['bun', [bin('bun')], /^BoringSSL [0-9a-f]{7}$/],
  ['deno', [bin('deno'), 'run', '-A'], /^OpenSSL \d/],
];

const versionOf = (command: string) =>
  /\d+\.\d+\.\d+\S*/.exec(execFileSync(command, ['--version'], { encoding: 'utf8' }))?.[0];

function digestlab(start: string[], args: string[]): { env: Record<string, unknown>; [k: string]: unknown } {
  const [command, ...pre] = start;
  const out = execFileSync(command, [...pre, DIGESTLAB, ...args, '--json'], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 2 ** 20,
  });
  return JSON.parse(out);
}

describe.each(RUNTIMES)('digestlab under %s', (name, start, library) => {
  it('bench --workload seed -a MD5,SHA-256 --samples 5: labelled as itself, every available cell ok', () => {
    requireBuilt('main.js');
    const report = digestlab(start, ['bench', '--workload', 'seed', '-a', 'MD5,SHA-256', '--samples', '5']) as {
      env: { runtime: string; runtimeVersion: string; cryptoLibrary: string; reference: string; providers: Row[] };
      results: { provider: string; status: string }[];
    };
    expect(report.env.runtime).toBe(name);
    expect(report.env.runtimeVersion).toBe(versionOf(start[0]));
    expect(report.env.cryptoLibrary).toMatch(library);
    expect(report.env.reference).toBe(
      `node:crypto (${report.env.cryptoLibrary} on ${name} ${report.env.runtimeVersion})`,
    );
    const node = report.env.providers.find((p) => p.id === 'node:crypto');
    expect(node?.implementedIn).toBe(name === 'bun' ? 'BoringSSL' : 'OpenSSL');
    expect(report.results.filter((r) => r.status === 'wrong')).toEqual([]);
    for (const p of ['ts', 'wasm', 'node', 'auto', 'node:crypto']) {
      expect(report.results.filter((r) => r.provider === p).map((r) => r.status)).toEqual(['ok', 'ok']);
    }
  });

  it('bench -w hmac -a BLAKE2B-512,BLAKE2S-256: no WRONG cell where node:crypto hashes BLAKE2 but may have no HMAC over it', () => {
    requireBuilt('main.js');
    // Bun's createHmac refuses BLAKE2 ("Invalid digest"): the reference then is our ts, not an error in every cell
    const args = ['bench', '-w', 'hmac', '-a', 'BLAKE2B-512,BLAKE2S-256', '--samples', '5', '-t', '5', '--warmup', '5'];
    const report = digestlab(start, args) as { env: unknown; results: { provider: string; status: string }[] };
    expect(report.results.filter((r) => r.status === 'wrong')).toEqual([]);
    for (const p of ['ts', 'node', 'auto', '@noble/hashes', 'hash-wasm']) {
      expect(report.results.filter((r) => r.provider === p).map((r) => r.status)).toEqual(['ok', 'ok']);
    }
  });

  it('overflow --size 2^29+1 -a SHA-1,SHA-256 -p ts,wasm,node: six PASS, labelled as itself', () => {
    requireBuilt('main.js', 'overflow/worker.js');
    const args = ['overflow', '--size', '2^29+1', '-a', 'SHA-1,SHA-256', '-p', 'ts,wasm,node'];
    const doc = digestlab(start, args) as {
      env: { runtime: string; runtimeVersion: string; cryptoLibrary: string };
      results: { provider: string; verdict: string }[];
      summary: { PASS: number; exitCode: number };
    };
    expect(doc.env).toMatchObject({ runtime: name, runtimeVersion: versionOf(start[0]) });
    expect(doc.env.cryptoLibrary).toMatch(library);
    expect(doc.results.map((r) => `${r.provider} ${r.verdict}`)).toEqual(
      expect.arrayContaining(['ts PASS', 'wasm PASS']),
    );
    expect(doc.summary).toMatchObject({ PASS: 6, exitCode: 0 });
  });
});

interface Row {
  id: string;
  implementedIn: string;
}
