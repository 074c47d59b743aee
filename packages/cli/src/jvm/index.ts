/**
 * `digestlab bench --jvm`: the seed and sizes workloads through Java's MessageDigest, in a JVM subprocess, as rows
 * like any other. The lab's engine plans the JVM rows' cells, checks each against the same reference as every row
 * (one digest from the JVM, compared by the workload's own check), and makes their results; only the timing happens
 * in the JVM (time.ts). The rows' results are then merged into the run's report (mergeReport).
 *
 * The Java program and this code live in the CLI, not the lab: a JVM is a subprocess, which only a Node host can
 * start, and the protocol is spoken by nothing else.
 */
import { type BenchOptions, type BenchReport, type Host, type Row, runBench, type Workload } from '@digestlab/lab';
import { algorithms } from 'digestlab';
import { CliUsageError } from '../io.js';
import { nodeReference } from '../node-host.js';
import { jvmClasspath, requireJdk } from './java.js';
import { JvmInputs, jvmRows } from './rows.js';
import { JvmSession } from './session.js';
import { MIN_WARMUP_CALLS, timeInJvm, WARMUP_BYTES_PER_CALL } from './time.js';

/** The workloads the JVM runs. */
export const JVM_WORKLOADS: readonly Workload[] = ['seed', 'sizes'];

/** The rows the Java program offers (java/DigestlabJvm.java names them; `java:BC` only with a BouncyCastle jar). */
export const JVM_ROWS: readonly string[] = ['java:SUN', 'java:SUN:seed', 'java:BC'];

/** A row id the JVM answers for (`java:SUN`, `java:SUN:seed`, `java:BC`). */
export const isJvmRow = (id: string): boolean => id.trim().toLowerCase().startsWith('java:');

/**
 * The JVM's part of `options`: its workloads, and the `java:` rows of `--providers` (none there: every JVM row).
 * Throws a usage error for what the JVM cannot do (--exact; no seed or sizes workload asked for).
 */
export function jvmOptions(options: BenchOptions): BenchOptions {
  if (options.exact) throw new CliUsageError('--jvm: --exact is not supported (the JVM rows are timed in samples)');
  const workloads = (options.workloads ?? JVM_WORKLOADS).filter((w) => JVM_WORKLOADS.includes(w));
  if (workloads.length === 0) throw new CliUsageError(`--jvm: runs the ${JVM_WORKLOADS.join(' and ')} workloads only`);
  const providers = options.providers?.filter(isJvmRow);
  const { providers: _, ...rest } = options;
  return { ...rest, workloads, ...(providers && providers.length > 0 ? { providers } : {}) };
}

/** What `--jvm` runs, found before anything is timed (a missing JDK fails the command at once, exit 2). */
export interface JvmPlan {
  options: BenchOptions;
  java: { command: string; classpath: string | undefined };
  /** `--providers` named JVM rows only: the run is the JVM's alone. */
  alone: boolean;
}

/**
 * Checks for a JDK 11+ and splits `options`: the JVM's part, and the `java:` rows taken out of `options.providers`
 * (which the engine's own rows would not know).
 */
export function planJvm(options: BenchOptions, classpathFlag: string | undefined): JvmPlan {
  const jvm = jvmOptions(options);
  requireJdk();
  const rest = options.providers?.filter((p) => !isJvmRow(p));
  const alone = rest !== undefined && rest.length === 0;
  if (rest && !alone) options.providers = rest;
  return { options: jvm, java: { command: 'java', classpath: jvmClasspath(classpathFlag) }, alone };
}

/** The engine's options for the JVM's run: the JVM rows asked for, or every one (never the engine's own rows). */
export function runOptions(options: BenchOptions, rows: readonly Pick<Row, 'id'>[]): BenchOptions {
  return { ...options, providers: options.providers ?? rows.map((r) => r.id) };
}

/** Runs the JVM rows and returns their report (the same schema as every run's). */
export async function runJvm(
  options: BenchOptions,
  java: { command: string; classpath: string | undefined },
  host: Required<Pick<Host, 'env' | 'onProgress'>>,
): Promise<BenchReport> {
  const { env, onProgress } = host;
  const session = JvmSession.start(java.command, java.classpath);
  try {
    const hello = await session.hello(algorithms().map((a) => a.name));
    const inputs = new JvmInputs(session);
    const rows = jvmRows(hello, session, inputs);
    const versions = new Map(hello.rows.map((r) => [r.library, r.version]));
    const report = await runBench(runOptions(options, rows), {
      reference: nodeReference,
      rows,
      versionOf: (library) => versions.get(library),
      env,
      onProgress,
      timeCells: (cells, timing, onTimed) =>
        timeInJvm(session, inputs, cells, timing, onTimed, (done, total, label) =>
          onProgress({ phase: 'time', done, total, label }),
        ),
    });
    await session.end();
    const { vm, vendor, javaVersion } = hello.facts;
    report.env.messages.push(
      `java:* rows: timed inside a JVM subprocess (${vm}, ${vendor}, Java ${javaVersion}); each case warmed up for at least ${MIN_WARMUP_CALLS} calls (inputs over ${WARMUP_BYTES_PER_CALL} B: at least ${MIN_WARMUP_CALLS * WARMUP_BYTES_PER_CALL} bytes) and the warm-up time, then sampled as the lab samples`,
    );
    return report;
  } finally {
    session.kill();
  }
}

const cellKey = (r: { workload: string; algorithm: string; size: number }) => `${r.workload}|${r.algorithm}|${r.size}`;

/**
 * `extra`'s rows merged into `report`: its providers after the report's, each result right after the report's last
 * result of the same workload, algorithm and size (so every table shows the extra rows beside the others, after
 * them), its messages after the report's (those the report has already, such as the reference's notes, once).
 */
export function mergeReport(report: BenchReport, extra: BenchReport): BenchReport {
  const results = [...report.results];
  for (const r of extra.results) {
    const key = cellKey(r);
    let at = -1;
    for (let i = results.length - 1; i >= 0 && at < 0; i--) if (cellKey(results[i]) === key) at = i;
    if (at < 0) results.push(r);
    else results.splice(at + 1, 0, r);
  }
  const messages = [...report.env.messages, ...extra.env.messages.filter((m) => !report.env.messages.includes(m))];
  const providers = [...report.env.providers, ...extra.env.providers];
  return { ...report, env: { ...report.env, providers, messages }, results };
}
