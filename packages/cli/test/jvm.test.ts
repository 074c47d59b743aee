// `bench --jvm` without a JVM: the protocol's lines both ways, the rows the JVM's hello makes, the timing hook with a
// stand-in session, the merge into a report, and the missing-JDK message. The real JVM runs in bench.jvm.test.ts.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BenchReport, roundOrder, runBench, SEED_INPUT, SEED_JAVA_HEX } from '@digestlab/lab';
import { describe, expect, it } from 'vitest';
import { jvmOptions, mergeReport, runOptions } from '../src/jvm/index.js';
import { INSTALL_JDK, javaMajor, jvmClasspath } from '../src/jvm/java.js';
import {
  digestRequest,
  groupRequest,
  helloRequest,
  inputRequest,
  JvmProtocolError,
  parseDigest,
  parseHello,
  parseTimed,
} from '../src/jvm/protocol.js';
import { JvmInputs, jvmRows } from '../src/jvm/rows.js';
import type { JvmHello } from '../src/jvm/session.js';
import { MIN_WARMUP_CALLS, timeInJvm, warmupCalls } from '../src/jvm/time.js';
import { nodeReference } from '../src/node-host.js';
import { requireBuilt } from './run.js';

describe('the JVM protocol', () => {
  it('writes requests as tab-separated lines', () => {
    expect(helloRequest(['MD5', 'SHA-512/224'])).toBe('hello\t1\tMD5,SHA-512/224\n');
    expect(inputRequest('i0', new Uint8Array([0, 255, 97]))).toBe('input\ti0\tAP9h\n');
    expect(digestRequest({ row: 'java:SUN', algorithm: 'MD5', kind: 'hex', inputKey: 'i0' })).toBe(
      'digest\tjava:SUN\tMD5\thex\ti0\n',
    );
    const cases = [
      { row: 'java:SUN', algorithm: 'MD5', kind: 'hex', inputKey: 'i0' },
      { row: 'java:BC', algorithm: 'MD5', kind: 'hex', inputKey: 'i0' },
    ] as const;
    const g = {
      sampleMs: 50,
      samples: 2,
      warmupMs: 60,
      minWarmupCalls: 100000,
      cases,
      orders: [
        [0, 1],
        [1, 0],
      ],
    };
    expect(groupRequest(g)).toBe('group\t50\t2\t60\t100000\tjava:SUN,MD5,hex,i0;java:BC,MD5,hex,i0\t0,1;1,0\n');
  });

  it('refuses what the JVM would misread: a separator in a field, orders that are no permutation', () => {
    expect(() => inputRequest('a,b', new Uint8Array())).toThrow(JvmProtocolError);
    expect(() => digestRequest({ row: 'x\ty', algorithm: 'MD5', kind: 'hex', inputKey: 'i0' })).toThrow(/tab/);
    const cases = [{ row: 'java:SUN', algorithm: 'MD5', kind: 'hex', inputKey: 'i0' }] as const;
    const g = { sampleMs: 1, samples: 1, warmupMs: 1, minWarmupCalls: 1, cases };
    expect(() => groupRequest({ ...g, orders: [[1]] })).toThrow(/not a permutation/);
    expect(() => groupRequest({ ...g, orders: [[0], [0]] })).toThrow(/2 round orders for 1 samples/);
  });

  it('reads the hello, digest and timed answers', () => {
    expect(parseHello('hello\t1\t17.0.15\tDebian\tOpenJDK 64-Bit Server VM 17.0.15')).toEqual({
      type: 'hello',
      javaVersion: '17.0.15',
      vendor: 'Debian',
      vm: 'OpenJDK 64-Bit Server VM 17.0.15',
    });
    expect(parseHello('row\tjava:SUN\tjava\t17.0.15\tMD5,SHA-1\tgetInstance per call')).toEqual({
      type: 'row',
      id: 'java:SUN',
      library: 'java',
      version: '17.0.15',
      algorithms: ['MD5', 'SHA-1'],
      call: 'getInstance per call',
    });
    expect(parseHello('row\tjava:X\tjava\t1\t\tnone')).toMatchObject({ algorithms: [] });
    expect(parseHello('skip\tjava:BC\tno jar')).toEqual({ type: 'skip', id: 'java:BC', reason: 'no jar' });
    expect(parseHello('ready')).toEqual({ type: 'ready' });
    expect(parseDigest('digest\t907a95ad')).toEqual({ type: 'digest', hex: '907a95ad' });
    expect(parseDigest('unavailable\tno MD4')).toEqual({ type: 'unavailable', reason: 'no MD4' });
    expect(parseDigest('error\tboom')).toEqual({ type: 'error', message: 'boom' });
    expect(parseTimed('timed\t1000\tab12\t1.5E-7 2e-7', 2)).toEqual({
      type: 'timed',
      batch: 1000,
      lastHex: 'ab12',
      seconds: [1.5e-7, 2e-7],
    });
    expect(parseTimed('error\tthrew', 2)).toEqual({ type: 'error', message: 'threw' });
  });

  it('refuses an answer out of place or malformed, naming it', () => {
    expect(() => parseHello('hello\t2\t17\tx\ty')).toThrow(/speaks protocol 2/);
    expect(() => parseHello('Picked up JAVA_TOOL_OPTIONS: -Xmx1g')).toThrow(/expected hello or row or skip or ready/);
    expect(() => parseDigest('timed\t1\tab\t1')).toThrow(JvmProtocolError);
    expect(() => parseDigest('digest\tABCD')).toThrow(/not lowercase hex/);
    expect(() => parseDigest('digest\tab\tcd')).toThrow(/needs 1 fields, got 2/);
    expect(() => parseTimed('timed\t10\tab\t1e-7', 2)).toThrow(/expected 2 positive seconds/);
    expect(() => parseTimed('timed\t10\tab\t1e-7 NaN', 2)).toThrow(/positive seconds/);
    expect(() => parseTimed('timed\t0\tab\t1e-7', 1)).toThrow(/batch must be a positive integer/);
  });
});

describe('finding Java', () => {
  it("reads the major version of `java -version`'s output", () => {
    expect(javaMajor('openjdk version "17.0.15" 2025-04-15')).toBe(17);
    expect(javaMajor('openjdk version "11" 2018-09-25')).toBe(11);
    expect(javaMajor('java version "1.8.0_392"')).toBe(8);
    expect(javaMajor('bash: java: command not found')).toBeUndefined();
  });

  it('takes --jvm-classpath, else Debian’s bcprov jar where it is installed', () => {
    expect(jvmClasspath('/x/bc.jar', () => false)).toBe('/x/bc.jar');
    expect(jvmClasspath(undefined, (p) => p === '/usr/share/java/bcprov.jar')).toBe('/usr/share/java/bcprov.jar');
    expect(jvmClasspath(undefined, () => false)).toBeUndefined();
  });

  it('without a JDK: exit 2 and one line naming what to install', () => {
    requireBuilt('main.js');
    const bin = join(import.meta.dirname, '..', 'bin', 'digestlab.js');
    const r = spawnSync(process.execPath, [bin, 'bench', '--jvm', '-w', 'seed'], {
      encoding: 'utf8',
      env: { ...process.env, PATH: '/nonexistent' },
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(`--jvm: no \`java\` on the PATH; ${INSTALL_JDK}`);
    expect(INSTALL_JDK).toContain('apt-get install default-jdk-headless');
  });

  it('a Java before 11, or a JRE without the compiler: exit 2, naming what to install', () => {
    requireBuilt('main.js');
    const bin = join(import.meta.dirname, '..', 'bin', 'digestlab.js');
    const dir = mkdtempSync(join(tmpdir(), 'digestlab-java-'));
    try {
      const fake = (version: string, modules: string) => {
        const script = `#!/bin/sh\nif [ "$1" = --list-modules ]; then echo '${modules}'; else echo '${version}' >&2; fi\n`;
        writeFileSync(join(dir, 'java'), script, { mode: 0o755 });
        return spawnSync(process.execPath, [bin, 'bench', '--jvm', '-w', 'seed'], {
          encoding: 'utf8',
          env: { ...process.env, PATH: `${dir}:/usr/bin:/bin` },
        });
      };
      const old = fake('java version "1.8.0_392"', 'java.base@1.8');
      expect(old.status).toBe(2);
      expect(old.stderr).toContain(`says "java version "1.8.0_392"", not 11 or newer; ${INSTALL_JDK}`);
      const jre = fake('openjdk version "17.0.15" 2025-04-15', 'java.base@17.0.15');
      expect(jre.status).toBe(2);
      expect(jre.stderr).toContain(`is a JRE without the compiler (jdk.compiler); ${INSTALL_JDK}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the JVM part of a run', () => {
  it('takes the seed and sizes workloads and the java: rows of --providers; refuses --exact', () => {
    expect(jvmOptions({ workloads: ['seed', 'hmac', 'sizes'], providers: ['ts', 'java:BC'] })).toEqual({
      workloads: ['seed', 'sizes'],
      providers: ['java:BC'],
    });
    expect(jvmOptions({ providers: ['ts'] })).toEqual({ workloads: ['seed', 'sizes'] });
    expect(() => jvmOptions({ exact: true })).toThrow(/--exact is not supported/);
    expect(() => jvmOptions({ workloads: ['hmac'] })).toThrow(/runs the seed and sizes workloads only/);
  });

  it('runs the JVM rows only: those asked for, else every one the JVM offers', () => {
    const rows = [{ id: 'java:SUN' }, { id: 'java:BC' }];
    expect(runOptions({ workloads: ['seed'] }, rows)).toEqual({
      workloads: ['seed'],
      providers: ['java:SUN', 'java:BC'],
    });
    expect(runOptions({ providers: ['java:BC'] }, rows)).toEqual({ providers: ['java:BC'] });
  });

  it('warms each case up for 10^5 calls, counted in bytes beyond 128 B a call', () => {
    expect(warmupCalls(93)).toBe(MIN_WARMUP_CALLS);
    expect(warmupCalls(128)).toBe(MIN_WARMUP_CALLS);
    expect(warmupCalls(1024)).toBe(12_500);
    expect(warmupCalls(1 << 20)).toBe(13);
  });
});

/** A stand-in JVM: SUN hashes as node:crypto does, the seed row the same, `broken` a wrong digest. */
function fakeJvm(lastHex?: (row: string) => string | undefined) {
  const sent: string[] = [];
  const inputs = new Map<string, Uint8Array>();
  const groups: { orders: readonly (readonly number[])[]; rows: string[]; minWarmupCalls: number }[] = [];
  const hexOf = (row: string, algorithm: 'MD5' | 'SHA-256', key: string) => {
    const d = nodeReference.digest(algorithm, inputs.get(key) as Uint8Array) as Uint8Array;
    const hex = Buffer.from(d).toString('hex');
    return row === 'java:broken' ? hex.replace(/^./, (c) => (c === '0' ? '1' : '0')) : hex;
  };
  const session = {
    input: (key: string, bytes: Uint8Array) => {
      sent.push(key);
      inputs.set(key, bytes);
    },
    digest: async (c: { row: string; algorithm: string; kind: string; inputKey: string }) =>
      ({ type: 'digest', hex: hexOf(c.row, c.algorithm as 'MD5', c.inputKey) }) as const,
    group: async (g: Parameters<typeof groupRequest>[0]) => {
      groups.push({ orders: g.orders, rows: g.cases.map((c) => c.row), minWarmupCalls: g.minWarmupCalls });
      return g.cases.map((c, i) => {
        const last = lastHex?.(c.row) ?? hexOf(c.row, c.algorithm as 'MD5', c.inputKey);
        return c.row === 'java:throws'
          ? ({ type: 'error', message: 'IllegalStateException: gone' } as const)
          : ({ type: 'timed', batch: 10, lastHex: last, seconds: Array(g.samples).fill(1e-6 * (i + 1)) } as const);
      });
    },
  };
  return { session, sent, groups };
}

const HELLO: JvmHello = {
  facts: { javaVersion: '17.0.15', vendor: 'Debian', vm: 'OpenJDK 64-Bit Server VM 17.0.15+6' },
  rows: [
    {
      id: 'java:SUN',
      library: 'java',
      version: '17.0.15',
      algorithms: ['MD5', 'SHA-256'],
      call: 'getInstance per call',
    },
    { id: 'java:SUN:seed', library: 'java', version: '17.0.15', algorithms: ['MD5', 'SHA-256'], call: 'the seed’s' },
    { id: 'java:broken', library: 'java', version: '17.0.15', algorithms: ['MD5'], call: 'wrong on purpose' },
  ],
  skipped: [{ id: 'java:BC', reason: 'no BouncyCastle on the class path' }],
};

/** A run of the JVM rows of HELLO through the lab's engine, timed by the stand-in. */
async function fakeRun(lastHex?: (row: string) => string | undefined, hello = HELLO) {
  const jvm = fakeJvm(lastHex);
  const inputs = new JvmInputs(jvm.session);
  const rows = jvmRows(hello, jvm.session, inputs);
  const report = await runBench(
    {
      algorithms: ['MD5', 'SHA-256'],
      workloads: ['seed', 'sizes'],
      sizes: [1024],
      samples: 5,
      providers: rows.map((r) => r.id),
    },
    {
      reference: nodeReference,
      rows,
      versionOf: (library) => (library === 'java' ? '17.0.15' : undefined),
      timeCells: (cells, timing, onTimed) => timeInJvm(jvm.session, inputs, cells, timing, onTimed),
    },
  );
  return { report, ...jvm };
}

describe('JVM rows through the lab engine (a stand-in JVM)', () => {
  it('checks each cell against the reference, times the right ones and reports them as rows like any other', async () => {
    const { report, sent, groups } = await fakeRun();
    const status = (w: string, a: string, p: string) =>
      report.results.find((r) => r.workload === w && r.algorithm === a && r.provider === p);
    expect(status('seed', 'MD5', 'java:SUN')).toMatchObject({ status: 'ok', median: 1e6, samples: 5, library: 'java' });
    expect(status('seed', 'MD5', 'java:SUN:seed')).toMatchObject({ status: 'ok', median: 5e5, version: '17.0.15' });
    expect(status('sizes', 'MD5', 'java:SUN')).toMatchObject({ status: 'ok', unit: 'MiB/s', size: 1024 });
    expect(status('sizes', 'MD5', 'java:SUN')?.median).toBeCloseTo(1024 / 1e-6 / 2 ** 20);
    // the seed's function takes a String: no bytes call
    expect(status('sizes', 'MD5', 'java:SUN:seed')?.status).toBe('unavailable');
    expect(status('seed', 'MD5', 'java:broken')?.status).toBe('wrong');
    expect(status('seed', 'SHA-256', 'java:broken')?.status).toBe('unavailable');
    expect(status('seed', 'MD5', 'java:BC')?.status).toBe('skipped');
    expect(report.env.messages.join('\n')).toMatch(/WRONG seed MD5 java:broken: got /);
    const bc = report.env.providers.find((p) => p.id === 'java:BC');
    expect(bc?.skipped).toMatch(/no BouncyCastle .*--jvm-classpath .*apt-get install libbcprov-java/);
    const sun = report.env.providers.find((p) => p.id === 'java:SUN');
    expect(sun).toMatchObject({ implementedIn: 'Java', kind: 'peer', version: '17.0.15' });
    expect(sun?.note).toContain('OpenJDK 64-Bit Server VM 17.0.15+6 (Debian, Java 17.0.15)');
    // each input sent once (the seed string, the 1 KiB input); groups are table rows, in the lab's round orders
    expect(sent).toEqual(['i0', 'i1']);
    expect(groups.map((g) => g.rows)).toEqual([
      ['java:SUN', 'java:SUN:seed'],
      ['java:SUN', 'java:SUN:seed'],
      ['java:SUN'],
      ['java:SUN'],
    ]);
    expect(groups[0].orders).toEqual([0, 1, 2, 3, 4].map((r) => roundOrder(2, r)));
    expect(groups.map((g) => g.minWarmupCalls)).toEqual([100_000, 100_000, 12_500, 12_500]);
  });

  it('marks a cell wrong when its last timed output differs from the check, or it threw while timed', async () => {
    const { report } = await fakeRun((row) => (row === 'java:SUN:seed' ? '00' : undefined));
    const seedRow = report.results.find((r) => r.workload === 'seed' && r.provider === 'java:SUN:seed');
    expect(seedRow).toMatchObject({ status: 'wrong', median: null });
    expect(report.env.messages).toContain(
      'WRONG seed MD5 java:SUN:seed: its last timed output 00… differs from the check',
    );
    const throws = { id: 'java:throws', library: 'java', version: '1', algorithms: ['MD5' as const], call: 'throws' };
    const { report: thrown } = await fakeRun(undefined, { ...HELLO, rows: [...HELLO.rows, throws] });
    const t = thrown.results.filter((r) => r.provider === 'java:throws' && r.algorithm === 'MD5');
    expect(t.map((r) => r.status)).toEqual(['wrong', 'wrong']);
    expect(thrown.env.messages).toContain('WRONG seed MD5 java:throws: threw while timed: IllegalStateException: gone');
    expect(thrown.results.filter((r) => r.provider === 'java:SUN').every((r) => r.status === 'ok')).toBe(true);
  });

  it('a JVM row’s check call: hex for the seed string, a thrown error for what the JVM lacks', async () => {
    const jvm = fakeJvm();
    const rows = jvmRows(HELLO, jvm.session, new JvmInputs(jvm.session));
    const p = await rows[0].prepare('MD5');
    expect(await p.hex?.(SEED_INPUT)).toBe(SEED_JAVA_HEX.MD5);
    const lacking = jvmRows(
      HELLO,
      { ...jvm.session, digest: async () => ({ type: 'unavailable', reason: 'java:SUN has no MD4' }) as const },
      new JvmInputs(jvm.session),
    );
    await expect((await lacking[0].prepare('MD5')).hex?.(SEED_INPUT)).rejects.toThrow('java:SUN has no MD4');
  });
});

describe('mergeReport', () => {
  const result = (workload: 'seed' | 'sizes', algorithm: string, provider: string, size: number) => ({
    workload,
    algorithm,
    provider,
    library: provider,
    version: '1',
    size,
    unit: 'ops/s' as const,
    median: 1,
    min: 1,
    max: 1,
    mad: 0,
    samples: 5,
    status: 'ok' as const,
  });
  const report = (providers: string[], results: ReturnType<typeof result>[], messages: string[]) =>
    ({
      schema: 'digestlab-bench/1',
      env: {
        providers: providers.map((id) => ({ id, library: id, version: '1', kind: 'peer', implementedIn: 'Java' })),
        messages,
      },
      results,
    }) as unknown as BenchReport;

  it('puts each extra result after the last of its cell, the extra providers last, each message once', () => {
    const main = report(
      ['ts', 'node'],
      [result('seed', 'MD5', 'ts', 93), result('seed', 'MD5', 'node', 93), result('seed', 'SHA-1', 'ts', 93)],
      ['MD2: reference lacks it'],
    );
    const extra = report(
      ['java:SUN'],
      [
        result('seed', 'MD5', 'java:SUN', 93),
        result('seed', 'SHA-1', 'java:SUN', 93),
        result('sizes', 'MD5', 'java:SUN', 64),
      ],
      ['MD2: reference lacks it', 'java:* rows: timed inside a JVM'],
    );
    const merged = mergeReport(main, extra);
    expect(merged.results.map((r) => `${r.workload} ${r.algorithm} ${r.provider}`)).toEqual([
      'seed MD5 ts',
      'seed MD5 node',
      'seed MD5 java:SUN',
      'seed SHA-1 ts',
      'seed SHA-1 java:SUN',
      'sizes MD5 java:SUN',
    ]);
    expect(merged.env.providers.map((p) => p.id)).toEqual(['ts', 'node', 'java:SUN']);
    expect(merged.env.messages).toEqual(['MD2: reference lacks it', 'java:* rows: timed inside a JVM']);
    expect(main.results).toHaveLength(3); // the report merged into is not changed
  });
});
