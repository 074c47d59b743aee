import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { benchOptions, coldRuns } from '../src/commands/bench.js';
import { requireBuilt, runCli } from './run.js';

const FIXTURES = join(import.meta.dirname, '..', '..', 'lab', 'test', 'fixtures');
// A tiny run: two algorithms, three rows, 1 ms samples. Timings are never asserted.
const QUICK = ['-a', 'MD5,SHA-256', '-p', 'node:crypto,ts,js-md5', '--time', '1', '--warmup', '1'];

const run = (argv: string[]) => runCli(argv);

const dir = mkdtempSync(join(tmpdir(), 'digestlab-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('digestlab CLI errors', () => {
  it('unknown algorithm: exit 2, listing the valid ones', async () => {
    const r = await run(['--algorithms', 'SHA-3']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown algorithm "SHA-3"; valid algorithms: MD2, MD5, SHA-1/);
    expect(r.stdout).toBe('');
  });

  it('unknown provider: exit 2, listing the valid ones', async () => {
    const r = await run(['bench', '--providers', 'ts,nope']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown provider "nope"; valid providers: .*node:crypto.*js-md5/);
  });

  it('bad flags and values: exit 2', async () => {
    expect((await run(['--bogus'])).code).toBe(2);
    expect((await run(['--workload', 'everything'])).code).toBe(2);
    expect((await run(['--samples', '3'])).code).toBe(2);
    expect((await run(['--time', 'soon'])).code).toBe(2);
    expect((await run(['--many-count', '0', '-w', 'many'])).code).toBe(2);
    expect((await run(['--many-size', 'big', '-w', 'many'])).code).toBe(2);
    expect((await run(['--cold-runs', '0', '-w', 'cold'])).code).toBe(2);
    const w = await run(['--workload', 'cold,warm']);
    expect(w.code).toBe(2);
    expect(w.stderr).toMatch(/unknown workload "warm"; valid workloads: seed, sizes, stream, many, hmac, cold, all/);
    expect((await run(['--out', join(dir, 'x.pdf'), ...QUICK])).code).toBe(2);
    expect((await run(['compare', 'only-one.json'])).code).toBe(2);
    expect((await run(['compare', join(dir, 'missing.json'), join(dir, 'missing.json')])).code).toBe(2);
  });

  it('--help and --version exit 0', async () => {
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('bench');
    expect(help.stdout).toContain('compare');
    expect((await run(['--version'])).code).toBe(0);
  });
});

describe('digestlab bench', () => {
  it('--json prints the documented schema on stdout, nothing else', async () => {
    const r = await run(['--json', ...QUICK]);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.schema).toBe('digestlab-bench/1');
    expect(report.env).toMatchObject({ runtime: 'node', cores: expect.any(Number), cpu: expect.any(String) });
    expect(report.env.command).toContain('digestlab');
    const keys = ['workload', 'algorithm', 'provider', 'library', 'version', 'size', 'unit'];
    for (const k of [...keys, 'median', 'min', 'max', 'mad', 'samples', 'status']) {
      expect(report.results[0]).toHaveProperty(k);
    }
    // default suite: seed workload and 1 MiB throughput
    expect(new Set(report.results.map((x: { workload: string }) => x.workload))).toEqual(new Set(['seed', 'sizes']));
    const md5 = report.results.find(
      (x: { provider: string; algorithm: string; workload: string }) =>
        x.provider === 'js-md5' && x.algorithm === 'MD5' && x.workload === 'seed',
    );
    expect(md5).toMatchObject({ status: 'ok', unit: 'ops/s', size: 93, library: 'js-md5' });
    expect(md5.version).toMatch(/^\d+\.\d+\.\d+/);
    const sha256 = report.results.find(
      (x: { provider: string; algorithm: string }) => x.provider === 'js-md5' && x.algorithm === 'SHA-256',
    );
    expect(sha256.status).toBe('unavailable');
  });

  it('prints terminal tables, and --out writes json, md, csv, html, svg', async () => {
    const outs = ['r.json', 'r.md', 'r.csv', 'r.html', 'r.svg'].map((f) => join(dir, f));
    for (const out of outs) {
      const r = await run(['--out', out, '--workload', 'seed', ...QUICK]);
      expect(r.code).toBe(0);
      expect(existsSync(out)).toBe(true);
      expect(r.stdout).toContain('seed workload');
      expect(r.stdout).toContain('node:crypto');
    }
    expect(JSON.parse(readFileSync(outs[0], 'utf8')).schema).toBe('digestlab-bench/1');
    expect(readFileSync(outs[1], 'utf8')).toContain('| algorithm |');
    expect(readFileSync(outs[2], 'utf8').split('\n')[0]).toContain('workload,algorithm,provider');
    expect(readFileSync(outs[3], 'utf8')).toContain('<svg');
    expect(readFileSync(outs[4], 'utf8')).toMatch(/^<svg/);
  });

  it('--list names every provider and algorithm', async () => {
    const r = await run(['--list']);
    expect(r.code).toBe(0);
    for (const id of ['ts', 'node', 'webcrypto', 'node:crypto', '@noble/hashes', 'hash-wasm', 'js-md2', 'sha.js']) {
      expect(r.stdout).toContain(id);
    }
    expect(r.stdout).toMatch(/^ {2}node:crypto\.hash +OpenSSL +node:crypto@OpenSSL [\d.]+ on node /m);
    expect(r.stdout).toMatch(/^ {2}auto +mixed +digestlab@/m);
    expect(r.stdout).toMatch(/^with --jvm \(a JDK 11\+\): java:SUN, java:SUN:seed, java:BC: /m);
    expect(r.stdout).toMatch(/^ {2}digestMany +WebAssembly +digestlab@/m);
    expect(r.stdout).toContain('workloads (--workload): seed, sizes, stream, many, hmac, cold, all');
  });

  it('-w many: N messages of S bytes per call, messages/s, digestMany ÷ wasm in the tables', async () => {
    const md = join(dir, 'many.md');
    const argv = [
      '-w',
      'many',
      '--many-count',
      '200',
      '--many-size',
      '16',
      '-a',
      'MD5',
      '--time',
      '1',
      '--warmup',
      '1',
    ];
    const r = await run([...argv, '-p', 'wasm,auto,digestMany,js-md5,webcrypto', '--json', '--out', md]);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    const byProvider = Object.fromEntries(
      report.results.map((x: { provider: string; status: string }) => [x.provider, x]),
    );
    for (const id of ['wasm', 'auto', 'digestMany', 'js-md5']) {
      expect(byProvider[id]).toMatchObject({ workload: 'many', unit: 'msg/s', size: 16, count: 200, status: 'ok' });
    }
    expect(byProvider.webcrypto.status).toBe('unavailable'); // async: not looped
    const text = readFileSync(md, 'utf8');
    expect(text).toContain('## many messages: 200 independent 16 B messages per call');
    expect(text).toContain('| digestMany ÷ wasm |');
    expect(text).toMatch(/digestMany ÷ wasm \(a loop of wasm digest\(\) calls\): MD5 \d+\.\d\d×\./);
    expect(text).toMatch(/auto ÷ best of wasm: /);
  });

  it('`all` is every engine workload but not cold, which is asked for by name', () => {
    expect(benchOptions({ workload: 'all' }).workloads).toEqual(['seed', 'sizes', 'stream', 'many', 'hmac']);
    expect(coldRuns({ workload: 'all' })).toBeUndefined();
    expect(coldRuns({})).toBeUndefined();
    expect(benchOptions({ workload: 'all,cold' }).workloads).toEqual(['seed', 'sizes', 'stream', 'many', 'hmac']);
    expect(coldRuns({ workload: 'all,cold' })).toBe(5);
    expect(benchOptions({ workload: 'cold' }).workloads).toEqual([]);
    expect(coldRuns({ workload: 'cold', coldRuns: '2' })).toBe(2);
    expect(benchOptions({ manyCount: '100', manySize: '1k' })).toMatchObject({ manyCount: 100, manySize: 1024 });
    expect(benchOptions({ manySize: '0' }).manySize).toBe(0);
  });
});

describe('digestlab compare', () => {
  it('puts two runs side by side with ratios and noise', async () => {
    const r = await run(['compare', join(FIXTURES, 'run-a.json'), join(FIXTURES, 'run-b.json')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('run-a.json');
    expect(r.stdout).toMatch(/MD5\s+ts\s+.*noise/);
    expect(r.stdout).toMatch(/SHA-256\s+ts\s+.*2\.00×\s+faster/);
    const j = await run(['compare', '--json', join(FIXTURES, 'run-a.json'), join(FIXTURES, 'run-b.json')]);
    expect(JSON.parse(j.stdout).rows.length).toBeGreaterThan(3);
  });

  it('takes three runs: one column each, headed by file and device, ratios against the first', async () => {
    const files = ['run-a.json', 'run-b.json', 'run-c.json'].map((f) => join(FIXTURES, f));
    const r = await run(['compare', ...files]);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[2]).toBe('C: run-c.json — Chrome 140.0, unknown, Android 14');
    const header = lines.find((l) => l.startsWith('workload')) ?? '';
    expect(header).toMatch(/run-a\.json\s+run-b\.json\s+B \/ A\s+run-c\.json\s+C \/ A/);
    expect(lines[lines.indexOf(header) + 1]).toMatch(/A · Linux node\s+B · Linux node\s+speed\s+C · Android Chrome/);
    // C's MD5 (3.00M) against A's (1.00M), not against B's (1.02M)
    expect(r.stdout).toMatch(
      /seed\s+MD5\s+ts\s+1\.00M ops\/s\s+1\.02M ops\/s\s+1\.02×\s+noise\s+3\.00M ops\/s\s+3\.00×\s+faster/,
    );
    // C timed SHA-256 with --exact: its own unit, seconds, and no ratio to A's ops/s
    expect(r.stdout).toMatch(/seed\s+SHA-256\s+ts\s+800k ops\/s\s+1\.60M ops\/s\s+2\.00×\s+faster\s+0\.100 s\s*$/m);
    const j = JSON.parse((await run(['compare', '--json', ...files])).stdout);
    expect(j.runs.map((x: { label: string }) => x.label)).toEqual(['run-a.json', 'run-b.json', 'run-c.json']);
    const md = (await run(['compare', '--markdown', ...files])).stdout;
    expect(md.split('\n')[0]).toContain('C / A');
    const bad = await run(['compare', files[0], files[1], join(FIXTURES, '..', '..', 'package.json')]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/package\.json: not a digestlab bench report/);
  });
});

describe('digestlab bench --isolate', () => {
  it('runs each provider × algorithm in a worker and merges one report', async () => {
    requireBuilt('worker.js');
    const r = await run(['--isolate', '--json', '-w', 'seed', ...QUICK]);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.env.isolated).toBe(true);
    expect(report.results.map((x: { algorithm: string; provider: string }) => `${x.algorithm} ${x.provider}`)).toEqual([
      'MD5 node:crypto',
      'MD5 ts',
      'MD5 js-md5',
      'SHA-256 node:crypto',
      'SHA-256 ts',
      'SHA-256 js-md5',
    ]);
    expect(report.results.filter((x: { status: string }) => x.status === 'ok')).toHaveLength(5);
  });
});

describe('digestlab bench -w cold', () => {
  it('times import, first and second call in fresh workers, checks every digest, reports it apart from results', async () => {
    requireBuilt('cold-worker.js');
    const r = await run(['-w', 'cold', '--cold-runs', '2', '-a', 'MD5', '-p', 'wasm,node:crypto,js-md5,digestMany']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('cold start: the first digests in a fresh realm, median of 2 realms, milliseconds');
    expect(r.stdout).toMatch(/^MD5 +wasm +wasm +[\d.]+ +[\d.]+ +[\d.]+ +[\d.]+$/m);
    const j = await run(['--json', '-w', 'cold', '--cold-runs', '2', '-a', 'MD5', '-p', 'wasm,js-md5,digestMany']);
    const report = JSON.parse(j.stdout);
    expect(report.results).toEqual([]); // cold only: nothing for compare or CSV
    expect(report.env.cold).toMatchObject({ runs: 2, realm: expect.stringContaining('worker thread') });
    // digestMany has no one-string call, so no cold start
    expect(report.cold.map((c: { provider: string }) => c.provider)).toEqual(['wasm', 'js-md5']);
    for (const c of report.cold) {
      expect(c).toMatchObject({ algorithm: 'MD5', status: 'ok', runs: 2, version: expect.stringMatching(/^\d/) });
      for (const k of ['importMs', 'firstMs', 'secondMs', 'totalMs']) {
        expect(c[k].min).toBeLessThanOrEqual(c[k].median);
        expect(c[k].median).toBeLessThanOrEqual(c[k].max);
      }
      expect(c.importMs.median).toBeGreaterThan(0);
    }
    // the first wasm call compiles and instantiates digestlab's WebAssembly; the second does not
    const wasm = report.cold[0];
    expect(wasm.firstMs.median).toBeGreaterThan(wasm.secondMs.median);
  });
});

describe('the digestlab bin', () => {
  const bin = join(import.meta.dirname, '..', 'bin', 'digestlab.js');
  it('runs from the built package and exits 2 on an unknown algorithm', () => {
    requireBuilt('main.js');
    const r = spawnSync(process.execPath, [bin, '-a', 'nope'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('valid algorithms');
    const v = spawnSync(process.execPath, [bin, '--version'], { encoding: 'utf8' });
    expect(v.status).toBe(0);
  });
});
