// `digestlab bench --jvm` with a real JVM (`npm run test:jvm`, which .ci/run runs after installing Debian's
// default-jdk-headless and libbcprov-java). Not part of `npm test`: it needs a JDK, and fails, never skips, without one.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JVM_ROWS } from '../src/jvm/index.js';
import { DEBIAN_BCPROV, requireJdk } from '../src/jvm/java.js';
import { JvmSession } from '../src/jvm/session.js';
import { requireBuilt } from './run.js';

const bin = join(import.meta.dirname, '..', 'bin', 'digestlab.js');

describe('bench --jvm (a JDK on the PATH)', () => {
  it('has a JDK 11 or newer: this test file needs one', () => {
    expect(requireJdk()).toBeGreaterThanOrEqual(11);
  });

  it('the Java program speaks the protocol: hello, a digest, a timed group', async () => {
    const session = JvmSession.start('java', DEBIAN_BCPROV);
    try {
      const hello = await session.hello(['MD5', 'SHA-256', 'SHAKE128']);
      expect(Number.parseInt(hello.facts.javaVersion, 10)).toBeGreaterThanOrEqual(11);
      expect(hello.rows.map((r) => r.id)).toEqual(JVM_ROWS);
      expect(hello.rows[0].algorithms).toEqual(['MD5', 'SHA-256']); // SUN has no SHAKE MessageDigest
      session.input('s', new TextEncoder().encode('abc'));
      for (const row of ['java:SUN', 'java:SUN:seed', 'java:BC']) {
        expect(await session.digest({ row, algorithm: 'MD5', kind: 'hex', inputKey: 's' })).toEqual({
          type: 'digest',
          hex: '900150983cd24fb0d6963f7d28e17f72',
        });
      }
      expect(
        (await session.digest({ row: 'java:SUN:seed', algorithm: 'MD5', kind: 'bytes', inputKey: 's' })).type,
      ).toBe('unavailable');
      const cases = [
        { row: 'java:SUN', algorithm: 'MD5', kind: 'bytes', inputKey: 's' },
        { row: 'java:SUN:seed', algorithm: 'MD5', kind: 'hex', inputKey: 's' },
      ] as const;
      const timed = await session.group({
        sampleMs: 1,
        samples: 2,
        warmupMs: 1,
        minWarmupCalls: 1000,
        cases,
        orders: [
          [0, 1],
          [1, 0],
        ],
      });
      for (const t of timed) {
        expect(t).toMatchObject({ type: 'timed', lastHex: '900150983cd24fb0d6963f7d28e17f72' });
        if (t.type === 'timed') expect(t.seconds).toHaveLength(2);
      }
      await session.end();
    } finally {
      session.kill();
    }
  });

  it('digestlab bench --jvm: the JVM rows checked, timed and in the report beside the others', () => {
    requireBuilt('main.js');
    const args = ['bench', '--jvm', '--json', '-w', 'seed,sizes', '--sizes', '1k', '-a', 'MD5,SHA-256'];
    const quick = ['-p', 'node:crypto,java:SUN,java:SUN:seed,java:BC', '-t', '2', '--warmup', '1'];
    const r = spawnSync(process.execPath, [bin, ...args, ...quick], { encoding: 'utf8', timeout: 5 * 60_000 });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout);
    const cell = (w: string, a: string, p: string) =>
      report.results.find(
        (x: { workload: string; algorithm: string; provider: string }) =>
          x.workload === w && x.algorithm === a && x.provider === p,
      );
    for (const a of ['MD5', 'SHA-256']) {
      for (const p of ['node:crypto', 'java:SUN', 'java:SUN:seed', 'java:BC']) {
        expect(cell('seed', a, p), `seed ${a} ${p}`).toMatchObject({ status: 'ok', samples: 5 });
        expect(cell('seed', a, p).median).toBeGreaterThan(0);
      }
      expect(cell('sizes', a, 'java:SUN')).toMatchObject({ status: 'ok', size: 1024, unit: 'MiB/s' });
      expect(cell('sizes', a, 'java:BC')).toMatchObject({ status: 'ok', size: 1024 });
      expect(cell('sizes', a, 'java:SUN:seed').status).toBe('unavailable');
    }
    const sun = report.env.providers.find((p: { id: string }) => p.id === 'java:SUN');
    expect(sun).toMatchObject({ library: 'java', implementedIn: 'Java', kind: 'peer' });
    expect(sun.note).toMatch(/in a JVM subprocess: .*VM.* \(.+, Java \d+/);
    expect(report.env.providers.find((p: { id: string }) => p.id === 'java:BC').library).toBe('bcprov');
    expect(report.env.messages.join('\n')).toMatch(/java:\* rows: timed inside a JVM subprocess/);
  });

  it('--providers without java: rows: every JVM row beside the rows asked for', () => {
    const args = [
      'bench',
      '--jvm',
      '--json',
      '-w',
      'seed',
      '-a',
      'MD5',
      '-p',
      'node:crypto',
      '-t',
      '1',
      '--warmup',
      '1',
    ];
    const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', timeout: 5 * 60_000 });
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.results.map((x: { provider: string; status: string }) => `${x.provider} ${x.status}`)).toEqual([
      'node:crypto ok',
      'java:SUN ok',
      'java:SUN:seed ok',
      'java:BC ok',
    ]);
  });

  it('java:BC is skipped, saying what to install, when no BouncyCastle is on the class path', () => {
    const args = ['bench', '--jvm', '--json', '-w', 'seed', '-a', 'MD5', '-p', 'java:SUN,java:BC', '-t', '1'];
    const r = spawnSync(process.execPath, [bin, ...args, '--warmup', '1', '--jvm-classpath', '/nonexistent.jar'], {
      encoding: 'utf8',
      timeout: 5 * 60_000,
    });
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.results.map((x: { provider: string; status: string }) => `${x.provider} ${x.status}`)).toEqual([
      'java:SUN ok',
      'java:BC skipped',
    ]);
    expect(report.env.providers[1].skipped).toMatch(/no BouncyCastle .*apt-get install libbcprov-java/);
  });
});
