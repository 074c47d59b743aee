/**
 * `digestlab overflow` end to end, at small sizes. Worker threads run the built JavaScript, so these tests need
 * `npm run build` first (as the bench --isolate tests do).
 */
import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OverflowRecord } from '@digestlab/lab/overflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTranscript, runsOf } from '../../../scripts/vectors/tool-transcripts.mjs';
import type { Register } from '../src/command.js';
import { writeFileAtomic } from '../src/files.js';
import { loadCheckpoint, saveCheckpoint } from '../src/overflow/checkpoint.js';
import { registerOverflow } from '../src/overflow/command.js';
import { runPool } from '../src/overflow/pool.js';
import { requireBuilt, runCli } from './run.js';

// registerOverflow is a command as command.ts defines one (a type error here otherwise)
const asCommand: Register = registerOverflow;

const ENTRY = join(import.meta.dirname, '..', 'bin', 'digestlab.js');
const dir = mkdtempSync(join(tmpdir(), 'digestlab-overflow-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeAll(() => requireBuilt('overflow/worker.js', 'main.js'));

const run = (argv: string[]) => runCli(['overflow', ...argv]);

interface Doc {
  results: OverflowRecord[];
  summary: { exitCode: number; interrupted: boolean; peakRssBytes: number; PASS: number; FAIL: number };
  run: { size: number; pattern: string };
}

/** The index pattern built independently: BigUint64 little-endian words holding their byte offset. */
function indexBytes(n: number): Uint8Array {
  const words = new BigUint64Array(Math.ceil(n / 8));
  for (let k = 0; k < words.length; k++) words[k] = BigInt(8 * k);
  const bytes = new Uint8Array(words.buffer, 0, n);
  // BigUint64Array is host-endian; the pattern is little-endian
  if (new Uint8Array(new Uint16Array([1]).buffer)[0] !== 1) {
    const dv = new DataView(words.buffer);
    for (let k = 0; k < words.length; k++) dv.setBigUint64(8 * k, BigInt(8 * k), true);
  }
  return bytes;
}

function spawnEntry(argv: string[]): ChildProcess & { out: () => string; err: () => string } {
  const child = spawn(process.execPath, [ENTRY, 'overflow', ...argv], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    err += d;
  });
  return Object.assign(child, { out: () => out, err: () => err });
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal })));
}

async function waitFor(check: () => boolean, ms = 30_000): Promise<void> {
  const t0 = Date.now();
  while (!check()) {
    if (Date.now() - t0 > ms) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

function checkpointBytes(file: string): number {
  try {
    return Math.max(0, ...Object.values(loadCheckpoint(file).jobs).map((j) => (j.state ? j.bytes : 0)));
  } catch {
    return 0;
  }
}

describe('digestlab overflow: usage', () => {
  it.each([
    [['--size', '4g'], /--size: ambiguous or unknown unit "g".*4GiB.*e\.g\. 275951648768/],
    [['--size', 'lots'], /--size: cannot read size "lots"/],
    [['--chunk', '0'], /--chunk: size "0" must be at least 1 byte/],
    [['--pattern', 'random'], /--pattern must be one of zeros, ramp, index/],
    [['--providers', 'nope'], /unknown provider "nope".*or: default, ours, peers, all/],
    [['--algorithms', 'SHA-3'], /unknown algorithm "SHA-3"/],
    [['--jobs', '0'], /--jobs must be a whole number >= 1/],
    [['--resume', '/nonexistent/cp.json'], /cannot read checkpoint/],
    [['--vectors', '/nonexistent/zeros.json'], /--vectors: no file/],
    [['--bogus'], /unknown option/],
    [['--output-length', '32'], /--output-length is for SHAKE128 and SHAKE256 only \(asked: SHA-1\)/],
    [['-a', 'SHAKE128', '--output-length', '0'], /--output-length: "0" is not a whole number of bytes/],
  ])('%j: exit 2', async (argv, message) => {
    const r = await run(argv);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });

  it('registers on a program as main.ts registers its commands', () => {
    expect(typeof asCommand).toBe('function');
  });

  it('--help lists the options', async () => {
    const r = await run(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/--size <bytes>[\s\S]*--checkpoint <file>[\s\S]*--resume <file>[\s\S]*--json/);
    expect(r.stdout).not.toMatch(/debug/);
    // where the boundaries are described: a sponge stops at 2^32+5
    expect(r.stdout.replace(/\s+/g, ' ')).toMatch(/"boundaries": .* for a sponge \(SHA-3, SHAKE, Keccak/);
    expect(r.stdout).toMatch(/--output-length <bytes>/);
  });
});

describe('digestlab overflow: BLAKE3', () => {
  it('PASS through ts, wasm and the peers against hash-wasm’s createBLAKE3 in the same run', async () => {
    const providers = 'ts,wasm,@noble/hashes,blake3-wasm';
    // 5000 bytes in updates of 1000: the 1 KiB chunk edges fall inside updates
    const r = await run(['--size', '5000', '--chunk', '1000', '-a', 'BLAKE3', '-p', providers, '--json', '-q']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as Doc;
    // b3sum's, a program independent of digestlab and of the peers: b3sum 1.2.0's line for the same 5000 zero
    // bytes, stored in vectors/tools/b3sum.json (npm run test:refs runs b3sum on them again)
    const b3sum = runsOf('b3sum', readTranscript('b3sum')).get('zeros-5000');
    expect(b3sum?.stdin.equals(Buffer.alloc(5000))).toBe(true);
    const want = b3sum?.stdout.toString().trim();
    expect(want).toMatch(/^[0-9a-f]{64}$/);
    expect(doc.results.map((x) => [x.provider, x.kind, x.verdict, x.hex])).toEqual([
      ['hash-wasm', 'reference', 'UNCHECKED', want],
      ['ts', 'ours', 'PASS', want],
      ['wasm', 'ours', 'PASS', want],
      ['@noble/hashes', 'peer', 'PASS', want],
      ['blake3-wasm', 'peer', 'PASS', want],
    ]);
    for (const x of doc.results.filter((x) => x.verdict === 'PASS')) {
      expect(x.expectedSource).toMatch(/^hash-wasm \d+\.\d+\.\d+ createBLAKE3 in this run$/);
    }
  });
});

describe('digestlab overflow: BLAKE2', () => {
  it('PASS through ts and the peers: BLAKE2b-512 against node:crypto, BLAKE2B-256 against hash-wasm, same run', async () => {
    // 5000 bytes in updates of 1000: the 128-byte block edges fall inside updates
    const args = ['--size', '5000', '--chunk', '1000', '-a', 'BLAKE2B-512,BLAKE2B-256', '-p', 'ts,@noble/hashes'];
    const r = await run([...args, '--json', '-q']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as Doc;
    // GNU b2sum, a program independent of digestlab, of OpenSSL and of the peers
    const b2sum = (bits: number) =>
      execSync(`head -c 5000 /dev/zero | b2sum -l ${bits}`, { encoding: 'utf8' }).split(' ')[0];
    const [b512, b256] = [b2sum(512), b2sum(256)];
    expect(doc.results.map((x) => [x.algorithm, x.provider, x.kind, x.verdict, x.hex])).toEqual([
      ['BLAKE2B-512', 'node:crypto', 'reference', 'UNCHECKED', b512],
      ['BLAKE2B-256', 'hash-wasm', 'reference', 'UNCHECKED', b256],
      ['BLAKE2B-512', 'ts', 'ours', 'PASS', b512],
      ['BLAKE2B-512', '@noble/hashes', 'peer', 'PASS', b512],
      ['BLAKE2B-256', 'ts', 'ours', 'PASS', b256],
      ['BLAKE2B-256', '@noble/hashes', 'peer', 'PASS', b256],
    ]);
    expect(doc.results.filter((x) => x.verdict === 'PASS').map((x) => x.expectedSource)).toEqual([
      expect.stringMatching(/^node:crypto \(OpenSSL .*\) in this run$/),
      expect.stringMatching(/^node:crypto \(OpenSSL .*\) in this run$/),
      expect.stringMatching(/^hash-wasm \d+\.\d+\.\d+ createBLAKE2b in this run$/),
      expect.stringMatching(/^hash-wasm \d+\.\d+\.\d+ createBLAKE2b in this run$/),
    ]);
  });
});

describe('digestlab overflow: SHA-3, SHAKE and Keccak', () => {
  it('PASS through ts, wasm and node: SHA-3 and SHAKE against node:crypto, Keccak against hash-wasm, same run', async () => {
    const size = 2 ** 20 + 1;
    const r = await run([
      '--size',
      '2^20+1',
      '-a',
      'SHA3-256,SHAKE256,KECCAK-256',
      '-p',
      'ts,wasm,node',
      '--json',
      '-q',
    ]);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as Doc;
    const zeros = new Uint8Array(size);
    // independent of digestlab: OpenSSL for SHA-3 and SHAKE, js-sha3 (emn178, pure JavaScript) for Keccak
    const { keccak256 } = (await import('js-sha3')) as unknown as { keccak256(d: Uint8Array): string };
    const want: Record<string, string> = {
      'SHA3-256': createHash('sha3-256').update(zeros).digest('hex'),
      SHAKE256: createHash('shake256', { outputLength: 32 }).update(zeros).digest('hex'),
      'KECCAK-256': keccak256(zeros),
    };
    const cells = doc.results.map((x) => [x.algorithm, x.provider, x.kind, x.verdict]);
    expect(cells).toEqual([
      ['SHA3-256', 'node:crypto', 'reference', 'UNCHECKED'],
      ['SHAKE256', 'node:crypto', 'reference', 'UNCHECKED'],
      ['KECCAK-256', 'hash-wasm', 'reference', 'UNCHECKED'],
      ['SHA3-256', 'ts', 'ours', 'PASS'],
      ['SHA3-256', 'wasm', 'ours', 'PASS'],
      ['SHA3-256', 'node', 'ours', 'PASS'],
      ['SHAKE256', 'ts', 'ours', 'PASS'],
      ['SHAKE256', 'wasm', 'ours', 'PASS'],
      ['SHAKE256', 'node', 'ours', 'PASS'],
      ['KECCAK-256', 'ts', 'ours', 'PASS'],
      ['KECCAK-256', 'wasm', 'ours', 'PASS'],
      ['KECCAK-256', 'node', 'ours', 'SKIPPED'],
    ]);
    for (const x of doc.results.filter((x) => x.verdict !== 'SKIPPED')) {
      expect(x.hex).toBe(want[x.algorithm]);
      expect(x.bytes).toBe(size);
    }
    for (const x of doc.results.filter((x) => x.verdict === 'PASS')) {
      expect(x.expectedSource).toMatch(
        x.algorithm === 'KECCAK-256'
          ? /^hash-wasm \d+\.\d+\.\d+ createKeccak in this run$/
          : /^node:crypto \(OpenSSL .*\) in this run$/,
      );
    }
    expect(doc.results.find((x) => x.algorithm === 'SHAKE256')?.outputLength).toBe(32);
    expect(doc.results.find((x) => x.algorithm === 'SHA3-256')?.outputLength).toBeNull();
    expect(doc.summary).toMatchObject({ PASS: 8, FAIL: 0, exitCode: 0 });
  });

  it('--output-length: SHAKE at both lengths, checked against the stored OpenSSL digests or node:crypto', async () => {
    const r = await run([
      '--size',
      '1000',
      '-a',
      'SHAKE128,SHAKE256',
      '--output-length',
      '32,16',
      '-p',
      'ts',
      '--quiet',
    ]);
    expect(r.code).toBe(0);
    const hex = (alg: string, n: number) =>
      createHash(alg, { outputLength: n }).update(new Uint8Array(1000)).digest('hex');
    expect(r.stdout).toMatch(
      new RegExp(`PASS +SHAKE128 \\(32 bytes out\\) .* from ts[^\\n]*\\n.*hash=${hex('shake128', 32)}`),
    );
    expect(r.stdout).toMatch(
      new RegExp(`PASS +SHAKE256 \\(16 bytes out\\) .* from ts[^\\n]*\\n.*hash=${hex('shake256', 16)}`),
    );
    expect(r.stdout).toMatch(/provider +library +SHAKE128\/32B +SHAKE128 +SHAKE256 +SHAKE256\/16B\n/);
    expect(r.stdout).toMatch(/4 PASS, 0 FAIL/);
  });
});

describe('digestlab overflow: runs', () => {
  it('a small run through ours and peers, checked against node:crypto in the same run (text)', async () => {
    const r = await run([
      '--size',
      '1MiB+5',
      '--chunk',
      '64KiB',
      '-a',
      'SHA-1,MD5',
      '-p',
      'ts,node,js-sha1',
      '--quiet',
    ]);
    expect(r.code).toBe(0);
    const sha1 = createHash('sha1')
      .update(new Uint8Array(2 ** 20 + 5))
      .digest('hex');
    expect(r.stdout).toMatch(/1048581 bytes \(1MiB\+5\) of zeros in 64KiB updates/);
    expect(r.stdout).toMatch(
      new RegExp(
        `PASS +SHA-1 \\[SHA, SHA1, SHA_1, 1\\.3\\.14\\.3\\.2\\.26\\] from ts \\(digestlab [^,]+, implemented in TypeScript\\)\\n +1048581 bytes x zeros  hash=${sha1}  in [\\d.]+ s  [\\d.]+ MiB/s`,
      ),
    );
    expect(r.stdout).toMatch(/SKIPPED +MD5 .* from js-sha1[\s\S]*js-sha1 has no MD5/);
    expect(r.stdout).toMatch(/ts +digestlab \S+ +PASS +PASS/);
    expect(r.stdout).toMatch(/5 PASS, 0 FAIL, 1 SKIPPED/);
    expect(r.stdout).toMatch(/peak RSS [\d.]+ MiB/);
  });

  it('--json, the index pattern, several jobs: every record right, against an independent computation', async () => {
    const size = 3 * 2 ** 20 + 3;
    const r = await run([
      '--size',
      String(size),
      '--chunk',
      '100000',
      '--pattern',
      'index',
      '-a',
      'SHA-256,SHA-512',
      '-p',
      'ts,node,hash-wasm',
      '-j',
      '2',
      '--json',
      '--quiet',
    ]);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as Doc;
    const data = indexBytes(size);
    const want = {
      'SHA-256': createHash('sha256').update(data).digest('hex'),
      'SHA-512': createHash('sha512').update(data).digest('hex'),
    };
    const results = doc.results.filter((x) => x.kind !== 'reference');
    expect(results).toHaveLength(6);
    for (const x of results) {
      expect(x).toMatchObject({ verdict: 'PASS', bytes: size, pattern: 'index', hex: want[x.algorithm as 'SHA-256'] });
      expect(x.expectedSource).toMatch(/node:crypto/);
      expect(x.seconds).toBeGreaterThan(0);
      expect(x.mibPerSecond).toBeGreaterThan(0);
      expect(x.peakRssBytes).toBeGreaterThan(0);
      expect(typeof x.version).toBe('string');
    }
    expect(results.find((x) => x.provider === 'ts')?.resumable).toBe(true);
    expect(results.find((x) => x.provider === 'hash-wasm')?.resumable).toBe(false);
    expect(doc.summary).toMatchObject({ exitCode: 0, interrupted: false, PASS: 6, FAIL: 0 });
  });

  it('a wrong stored digest: ours FAIL exits 1 with the expected digest; a peer FAIL exits 0, or 1 with --strict', async () => {
    const size = 4096 + 1;
    const right = createHash('sha1').update(new Uint8Array(size)).digest('hex');
    const wrong = `${right.slice(0, -1)}${right.endsWith('0') ? '1' : '0'}`;
    const vectors = join(dir, 'zeros-wrong.json');
    writeFileSync(vectors, JSON.stringify({ digests: { 'SHA-1': { [String(size)]: wrong } } }));
    const ours = await run(['--size', String(size), '-p', 'ts', '--vectors', vectors, '--quiet']);
    expect(ours.code).toBe(1);
    expect(ours.stdout).toMatch(
      new RegExp(`FAIL +SHA-1 .* from ts[\\s\\S]*hash=${right}[\\s\\S]*expected=${wrong} \\(${vectors}\\)`),
    );
    const peer = await run(['--size', String(size), '-p', 'js-sha1', '--vectors', vectors, '--quiet']);
    expect(peer.code).toBe(0);
    expect(peer.stdout).toMatch(/FAIL +SHA-1 .* from js-sha1/);
    const strict = await run(['--size', String(size), '-p', 'js-sha1', '--vectors', vectors, '--quiet', '--strict']);
    expect(strict.code).toBe(1);
    // and a right stored digest is used (no node:crypto pass needed)
    writeFileSync(vectors, JSON.stringify({ digests: { 'SHA-1': { [String(size)]: right } } }));
    const ok = await run(['--size', String(size), '-p', 'ts', '--vectors', vectors, '--json', '--quiet']);
    const doc = JSON.parse(ok.stdout) as Doc;
    expect(doc.results.map((x) => [x.provider, x.verdict, x.expectedSource])).toEqual([['ts', 'PASS', vectors]]);
  });

  it('several sizes: one job per size, each with its own reference', async () => {
    const r = await run(['--size', '1000, 2^12+1,1000', '-p', 'ts,js-sha1', '--json', '--quiet']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as Doc & { run: { sizes: number[] } };
    expect(doc.run.sizes).toEqual([1000, 4097]);
    const hex = (n: number) => createHash('sha1').update(new Uint8Array(n)).digest('hex');
    const mine = doc.results.filter((x) => x.kind !== 'reference');
    expect(mine.map((x) => [x.provider, x.size, x.verdict, x.hex])).toEqual([
      ['ts', 1000, 'PASS', hex(1000)],
      ['js-sha1', 1000, 'PASS', hex(1000)],
      ['ts', 4097, 'PASS', hex(4097)],
      ['js-sha1', 4097, 'PASS', hex(4097)],
    ]);
    const text = await run(['--size', '1000,2^12+1', '-p', 'ts', '--quiet']);
    expect(text.stdout).toMatch(/overflow: 1000, 4097 bytes of zeros/);
    expect(text.stdout).toMatch(/provider +library +SHA-1 1000 +SHA-1 4097\n[\s\S]*ts +digestlab \S+ +PASS +PASS/);
    expect((await run(['--size', '1000,,2'])).stderr).toMatch(/an empty size/);
  });

  it('one-shot webcrypto is SKIPPED with the reason; MD2 has no reference: UNCHECKED, compared with the others', async () => {
    const r = await run(['--size', '10000', '-a', 'SHA-1,MD2', '-p', 'ts,webcrypto,js-md2', '--json', '--quiet']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as Doc;
    const by = (a: string, p: string) => doc.results.find((x) => x.algorithm === a && x.provider === p);
    expect(by('SHA-1', 'webcrypto')).toMatchObject({ verdict: 'SKIPPED', reason: expect.stringMatching(/one-shot/) });
    expect(by('MD2', 'ts')).toMatchObject({ verdict: 'UNCHECKED', expected: null });
    expect(by('MD2', 'webcrypto')?.verdict).toBe('SKIPPED');
    expect(by('MD2', 'js-md2')?.verdict).toMatch(/SKIPPED|UNCHECKED/);
  });

  it('memory is flat: peak RSS does not grow with --size', async () => {
    const rss = async (size: string) => {
      const c = spawnEntry(['--size', size, '-p', 'ts', '-a', 'MD5', '--json', '--quiet', '-j', '1']);
      expect((await exited(c)).code).toBe(0);
      return (JSON.parse(c.out()) as Doc).summary.peakRssBytes;
    };
    const small = await rss('1MiB');
    const large = await rss('64MiB');
    expect(large - small).toBeLessThan(32 * 2 ** 20);
  });
});

describe('digestlab overflow: checkpoints', () => {
  const size = 24 * 2 ** 20 + 7;
  const expected = createHash('sha256').update(indexBytes(size)).digest('hex');
  const base = [
    '--size',
    String(size),
    '--chunk',
    '64KiB',
    '-a',
    'SHA-256',
    '-p',
    'ts',
    '--pattern',
    'index',
    '--quiet',
  ];

  it('resume after SIGKILL equals an uninterrupted run', async () => {
    const file = join(dir, 'killed.json');
    const child = spawnEntry([
      ...base,
      '--checkpoint',
      file,
      '--checkpoint-every',
      '2MiB',
      '--debug-update-delay',
      '3',
    ]);
    await waitFor(() => checkpointBytes(file) >= 4 * 2 ** 20);
    child.kill('SIGKILL');
    expect((await exited(child)).signal).toBe('SIGKILL');
    const at = checkpointBytes(file);
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThan(size);
    expect(at % (2 * 2 ** 20)).toBe(0);
    // no temporary file left behind by an interrupted write
    expect(readdirSync(dir).filter((f) => f.includes('.tmp'))).toEqual([]);

    const r = await run(['--resume', file, '--json', '--quiet']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as Doc;
    const ts = doc.results.find((x) => x.provider === 'ts');
    expect(ts).toMatchObject({ verdict: 'PASS', hex: expected, resumed: true, bytes: size });
    // the finished result is kept: resuming again runs nothing
    const again = await run(['--resume', file, '--json', '--quiet']);
    expect((JSON.parse(again.stdout) as Doc).results.find((x) => x.provider === 'ts')?.hex).toBe(expected);
  });

  it('Ctrl-C stops cleanly with a summary, exit 130, and the run resumes', async () => {
    const file = join(dir, 'sigint.json');
    const child = spawnEntry([
      ...base,
      '-p',
      'ts,node',
      '--checkpoint',
      file,
      '--checkpoint-every',
      '2MiB',
      '--debug-update-delay',
      '3',
    ]);
    await waitFor(() => checkpointBytes(file) >= 2 * 2 ** 20);
    child.kill('SIGINT');
    const { code } = await exited(child);
    expect(code).toBe(130);
    expect(child.out()).toMatch(/INTERRUPTED +SHA-256 .* from ts[\s\S]*stopped after \d+ of 25165831 bytes/);
    expect(child.out()).toMatch(/interrupted: /);
    expect(child.out()).toMatch(`resume with: digestlab overflow --resume ${file}`);
    expect(child.err()).toMatch(/stopping; running jobs save their state/);
    const r = await run(['--resume', file, '--json', '--quiet']);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as Doc;
    expect(doc.results.find((x) => x.provider === 'ts')).toMatchObject({
      verdict: 'PASS',
      hex: expected,
      resumed: true,
    });
    expect(doc.results.find((x) => x.provider === 'node')).toMatchObject({ verdict: 'PASS', hex: expected });
  });

  it('--resume refuses conflicting options; damaged files are refused', async () => {
    const file = join(dir, 'conflict.json');
    const first = await run([...base, '--size', '1000', '--checkpoint', file]);
    expect(first.code).toBe(0);
    const r = await run(['--resume', file, '--size', '2000']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/drop or match --size \(checkpoint: 1000\)/);
    writeFileSync(join(dir, 'bad.json'), '{"schema":"digestlab-overflow-checkpoint/1"}');
    expect((await run(['--resume', join(dir, 'bad.json')])).stderr).toMatch(/damaged/);
  });

  it('writes atomically: the file is whole, no temporary is left', () => {
    const file = join(dir, 'atomic.json');
    writeFileAtomic(file, 'one');
    writeFileAtomic(file, 'two');
    expect(readFileSync(file, 'utf8')).toBe('two');
    const cp = {
      schema: 'digestlab-overflow-checkpoint/1' as const,
      updated: '',
      run: { sizes: [10], chunk: 1, pattern: 'zeros' as const, algorithms: ['SHA-1'], providers: ['ts'] },
      jobs: {},
    };
    saveCheckpoint(file, cp);
    expect(loadCheckpoint(file).run).toEqual(cp.run);
    expect(readdirSync(dir).filter((f) => f.includes('.tmp'))).toEqual([]);
  });
});

describe('worker pool', () => {
  const job = (provider: string, size: number) => ({
    spec: { algorithm: 'SHA-1' as const, provider, size, chunk: 65536, pattern: 'ramp' as const },
  });

  it('runs every job in its own worker, at most N at a time, results in task order', async () => {
    let running = 0;
    let most = 0;
    const tasks = [job('ts', 100_000), job('node', 200_000), job('js-sha1', 300_000), job('nope', 1)].map((j) => ({
      job: j,
      onStart: () => {
        running++;
        most = Math.max(most, running);
      },
    }));
    const pool = runPool(tasks, 2, () => {
      running--;
    });
    const results = await pool.done;
    expect(most).toBeLessThanOrEqual(2);
    const ramp = (n: number) => Uint8Array.from({ length: n }, (_, i) => i & 0xff);
    const hex = (n: number) => createHash('sha1').update(ramp(n)).digest('hex');
    expect(results.map((r) => r?.outcome.status)).toEqual(['done', 'done', 'done', 'error']);
    expect(results.map((r) => (r?.outcome.status === 'done' ? r.outcome.hex : null))).toEqual([
      hex(100_000),
      hex(200_000),
      hex(300_000),
      null,
    ]);
    expect(results[0]?.peakRssBytes).toBeGreaterThan(0);
  });

  it('stop(): running jobs stop with their state, queued jobs never start', async () => {
    const tasks = [job('ts', 2 ** 30), job('ts', 2 ** 30), job('ts', 10)].map((j) => ({
      job: { ...j, delayMsPerUpdate: 5 },
    }));
    const pool = runPool(tasks, 2);
    setTimeout(() => pool.stop(), 300);
    const results = await pool.done;
    expect(results[0]?.outcome).toMatchObject({ status: 'stopped', resumable: true });
    expect(results[0]?.outcome.status === 'stopped' && results[0].outcome.state?.length).toBeGreaterThan(0);
    expect(results[1]?.outcome.status).toBe('stopped');
    expect(results[2]).toBeUndefined();
  });
});
