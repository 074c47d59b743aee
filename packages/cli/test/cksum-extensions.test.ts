/**
 * Where `digestlab cksum` differs from coreutils 9.1's cksum on purpose (README, "digestlab cksum"): later
 * coreutils' `-a crc32b`, `-a sha2` and `-a sha3` with `-l`; any digestlab name, in any case; a folder refused for
 * `crc` as for the other sums (9.1 prints the empty input's CRC for it); `--debug` without an implementation line.
 * Each against an independent reference (node:zlib's crc32, node:crypto) or our own `sum`, never against itself.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { digestHex } from 'digestlab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcess } from './as-tool.js';

const HELLO = Buffer.from('hello\n');
const BIG = createHash('shake256', { outputLength: 70_000 }).update('x').digest();
let dir: string;
const cksum = (...args: string[]) =>
  inProcess('/usr/local/bin', 'cksum', args, { cwd: dir, env: { LC_ALL: 'C.UTF-8' } }).then((r) => ({
    stdout: r.stdout.toString(),
    stderr: r.stderr.toString(),
    code: r.code,
  }));
const sum = (...args: string[]) =>
  inProcess('/usr/local/bin', 'digestlab', ['sum', ...args], { cwd: dir, env: { LC_ALL: 'C.UTF-8' } }).then((r) =>
    r.stdout.toString(),
  );

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'digestlab-cksum-ext-'));
  writeFileSync(join(dir, 'hello'), HELLO);
  writeFileSync(join(dir, 'big'), BIG);
  mkdirSync(join(dir, 'dir'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('later coreutils: crc32b, sha2 and sha3', () => {
  it('-a crc32b: the ISO 3309 CRC-32 (node:zlib) in decimal, the size, the name', async () => {
    expect(await cksum('-a', 'crc32b', 'hello', 'big')).toEqual({
      stdout: `${crc32(HELLO)} 6 hello\n${crc32(BIG)} 70000 big\n`,
      stderr: '',
      code: 0,
    });
  });

  it('-a sha2 -l N is SHA-N, -a sha3 -l N SHA3-N, tagged (node:crypto)', async () => {
    for (const bits of [224, 256, 384, 512]) {
      const sha2 = createHash(`sha${bits}`).update(HELLO).digest('hex');
      const sha3 = createHash(`sha3-${bits}`).update(HELLO).digest('hex');
      expect((await cksum('-a', 'sha2', '-l', String(bits), 'hello')).stdout).toBe(`SHA${bits} (hello) = ${sha2}\n`);
      expect((await cksum('-a', 'sha3', '-l', String(bits), 'hello')).stdout).toBe(`SHA3-${bits} (hello) = ${sha3}\n`);
    }
  });

  it('-a sha2 and -a sha3 without a length they have: refused, no "Try"', async () => {
    for (const args of [
      ['-a', 'sha2'],
      ['-a', 'sha3', '-l', '160'],
    ]) {
      const r = await cksum(...args, 'hello');
      expect(r, args.join(' ')).toEqual({
        stdout: '',
        stderr: `cksum: --algorithm=${args[1]} requires --length 224, 256, 384 or 512\n`,
        code: 1,
      });
    }
  });

  it('-c with -a crc32b is refused as with crc', async () => {
    const r = await cksum('-a', 'crc32b', '-c', 'hello');
    expect([r.stderr, r.code]).toEqual(['cksum: --check is not supported with --algorithm={bsd,sysv,crc}\n', 1]);
  });
});

describe("digestlab's names", () => {
  it.each(['MD5', 'whirlpool', 'xxh3-64', 'RIPEMD160', 'sha3-256'])(
    '-a %s: the tagged line sum --tag prints',
    async (name) => {
      const ours = await cksum('-a', name, 'hello', 'big');
      expect(ours.code).toBe(0);
      expect(ours.stdout).toBe(await sum('-a', name, '--tag', 'hello', 'big'));
      expect(ours.stdout).toMatch(/^\S+ \(hello\) = [0-9a-f]+\n/);
    },
  );

  it('-a blake3: the tagged form (sum -a blake3 is b3sum, which has none), the digest of the library', async () => {
    expect((await cksum('-a', 'blake3', 'hello')).stdout).toBe(`BLAKE3 (hello) = ${digestHex('BLAKE3', HELLO)}\n`);
  });

  it('--untagged: the sha256sum-style line', async () => {
    expect((await cksum('-a', 'BLAKE3', '--untagged', 'hello')).stdout).toBe(await sum('-a', 'BLAKE3', 'hello'));
  });
});

describe('folders and --debug', () => {
  it('-a crc of a folder is refused, as every other sum is, and the run goes on', async () => {
    expect(await cksum('dir', 'hello')).toEqual({
      stdout: `${(await cksum('hello')).stdout}`,
      stderr: 'cksum: dir: Is a directory\n',
      code: 1,
    });
  });

  it('--debug is accepted and prints nothing more', async () => {
    expect(await cksum('--debug', 'hello')).toEqual(await cksum('hello'));
  });

  it('as `digestlab cksum`, it is cksum: its name in messages and --version', async () => {
    const r = await inProcess('/usr/local/bin', 'digestlab', ['cksum', 'missing'], { cwd: dir, env: {} });
    expect([r.stderr.toString(), r.code]).toEqual(['cksum: missing: No such file or directory\n', 1]);
    const v = await inProcess('/usr/local/bin', 'digestlab', ['cksum', '--version'], { cwd: dir, env: {} });
    expect(v.stdout.toString()).toMatch(/^cksum \(digestlab\) \d+\.\d+\.\d+\n$/);
  });
});
