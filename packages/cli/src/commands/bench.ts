/** `digestlab bench` (the default command): the seeds' speed comparison, against every peer. */
import {
  ALL_SIZES,
  allRows,
  type BenchOptions,
  type BenchReport,
  COLD,
  DEFAULT_WORKLOADS,
  DEFAULTS,
  isWorkload,
  MIB,
  type Progress,
  parseList,
  parseNumber,
  parseSizeList,
  parseSizeOption,
  parseWorkloads,
  resolveAlgorithms,
  runBench,
  SIZE_HELP,
  WORKLOADS,
  type Workload,
} from '@digestlab/lab';
import { SingleBar } from 'cli-progress';
import type { Command } from 'commander';
import { algorithms as libraryAlgorithms } from 'digestlab';
import { collectorUrl, postReport } from '../board/post.js';
import { COLD_DEFAULT_RUNS, COLD_REALM, runCold } from '../cold.js';
import type { CommandContext } from '../command.js';
import { CliUsageError, type Io } from '../io.js';
import { runIsolated } from '../isolate.js';
import { JVM_ROWS, type JvmPlan, mergeReport, planJvm, runJvm } from '../jvm/index.js';
import { DEBIAN_BCPROV } from '../jvm/java.js';
import { nodeHost } from '../node-host.js';
import { reportWriter, writeReport } from '../report-file.js';
import { renderReport, style } from '../terminal.js';

export interface BenchFlags {
  algorithms?: string;
  providers?: string;
  workload?: string;
  sizes?: string;
  time?: string;
  samples?: string;
  warmup?: string;
  exact?: boolean;
  count?: string;
  manyCount?: string;
  manySize?: string;
  coldRuns?: string;
  json?: boolean;
  post?: string;
  out?: string;
  list?: boolean;
  isolate?: boolean;
  jvm?: boolean;
  jvmClasspath?: string;
}

/** The engine's workloads and `cold` (measured here, in fresh workers), in the order `--list` shows them. */
const MEASURED: readonly string[] = [...WORKLOADS.map((w) => w.name), COLD.name];

/** What `--workload` takes: every workload, and `all` (every engine workload: not `cold`). */
export const WORKLOAD_NAMES: readonly string[] = [...MEASURED, 'all'];

function workloadNames(flags: BenchFlags): string[] | undefined {
  return parseWorkloads(flags.workload, WORKLOAD_NAMES);
}

/**
 * Fresh workers per (provider, algorithm) when `cold` is asked for by name, else undefined. `all` does not imply
 * it: the default rows and algorithms are 69 pairs, five workers each at ~0.13 s a worker: ~40 s on 2 cores.
 */
export function coldRuns(flags: BenchFlags): number | undefined {
  const runs = parseNumber('--cold-runs', flags.coldRuns, 1, true);
  if (!workloadNames(flags)?.includes(COLD.name)) return undefined;
  return runs ?? COLD_DEFAULT_RUNS;
}

/** Turns flags into engine options (without `cold`: see {@link coldRuns}); throws UsageError (exit 2). */
export function benchOptions(flags: BenchFlags): BenchOptions {
  const opts: BenchOptions = {};
  const algorithms = parseList(flags.algorithms);
  if (algorithms) opts.algorithms = algorithms;
  const providers = parseList(flags.providers);
  if (providers) opts.providers = providers;
  let workloads: Workload[] = [...DEFAULT_WORKLOADS];
  let sizes: number[] = [MIB];
  const names = workloadNames(flags);
  if (names !== undefined) {
    workloads = names.includes('all') ? WORKLOADS.map((w) => w.name) : names.filter(isWorkload);
    sizes = [...ALL_SIZES];
  }
  if (flags.sizes !== undefined) sizes = parseSizeList('--sizes', flags.sizes) ?? [];
  opts.workloads = workloads;
  opts.sizes = sizes;
  const time = parseNumber('--time', flags.time, 0.01);
  if (time !== undefined) opts.sampleMs = time;
  const samples = parseNumber('--samples', flags.samples, 5, true);
  if (samples !== undefined) opts.samples = samples;
  const warmup = parseNumber('--warmup', flags.warmup, 0);
  if (warmup !== undefined) opts.warmupMs = warmup;
  const count = parseNumber('--count', flags.count, 1, true);
  if (count !== undefined) opts.count = count;
  if (flags.exact) opts.exact = true;
  const manyCount = parseNumber('--many-count', flags.manyCount, 1, true);
  if (manyCount !== undefined) opts.manyCount = manyCount;
  if (flags.manySize !== undefined) opts.manySize = parseSizeOption('--many-size', flags.manySize, 0);
  if (workloads.includes('many'))
    checkManyMemory(opts.manyCount ?? DEFAULTS.manyCount, opts.manySize ?? DEFAULTS.manySize);
  return opts;
}

/** The most messages, and bytes of them, the many workload is let build: it holds every message in memory, twice. */
const MANY_MAX = { count: 2 ** 24, bytes: 2 ** 30 };

/** Refuses a `many` shape that could not be built, before anything runs (it would fail as a WRONG row). */
function checkManyMemory(count: number, size: number): void {
  if (count <= MANY_MAX.count && count * size <= MANY_MAX.bytes) return;
  throw new CliUsageError(
    `--many-count ${count} × --many-size ${size}: too large; at most ${MANY_MAX.count} messages and 1 GiB of them`,
  );
}

function listing(io: Io): void {
  const host = nodeHost('');
  const rows = allRows(host);
  io.stdout('providers (--providers):\n');
  for (const r of rows) {
    const why = r.unavailableReason?.();
    io.stdout(
      `  ${r.id.padEnd(20)} ${r.implementedIn.padEnd(12)} ${r.library}@${host.versionOf?.(r.library) ?? '?'}${why ? `  [skipped here: ${why}]` : ''}${r.note ? `  (${r.note})` : ''}\n`,
    );
    io.stdout(`  ${''.padEnd(20)} ${r.algorithms.join(', ')}\n`);
  }
  io.stdout(
    `algorithms (--algorithms): ${libraryAlgorithms()
      .map((a) => a.name)
      .join(', ')}\n`,
  );
  io.stdout(`workloads (--workload): ${WORKLOAD_NAMES.join(', ')}\n`);
  io.stdout(
    `with --jvm (a JDK 11+): ${JVM_ROWS.join(', ')}: Java's MessageDigest in a JVM, seed and sizes workloads\n`,
  );
}

export async function bench(flags: BenchFlags, io: Io, command: string): Promise<number> {
  if (flags.list) {
    listing(io);
    return 0;
  }
  const started = performance.now();
  const options = benchOptions(flags);
  const cold = coldRuns(flags);
  resolveAlgorithms(options.algorithms); // fail fast, before loading anything
  // before the work: a path that cannot be written is refused now, not after a run of minutes
  const write = flags.out ? reportWriter(flags.out) : undefined;
  const post = flags.post === undefined ? undefined : collectorUrl(flags.post);
  if (flags.jvmClasspath !== undefined && !flags.jvm) throw new CliUsageError('--jvm-classpath needs --jvm');
  const jvm = flags.jvm ? planJvm(options, flags.jvmClasspath) : undefined;
  let bar: SingleBar | undefined;
  let phase = '';
  const onProgress = (p: Progress) => {
    if (!io.stderrIsTTY) return;
    if (p.phase !== phase) {
      bar?.stop();
      phase = p.phase;
      bar = new SingleBar({
        stream: process.stderr,
        format: `${p.phase === 'check' ? 'checking' : p.phase === 'cold' ? 'cold    ' : 'timing  '} {bar} {value}/{total} {label}`,
        hideCursor: true,
        clearOnComplete: true,
        barsize: 24,
      });
      bar.start(p.total, p.done, { label: p.label });
    }
    bar?.update(p.done, { label: p.label });
  };
  let report: BenchReport;
  try {
    // with `-w cold` alone, the engine runs no cells: it still checks the selection and describes the run
    const jvmRows = (j: JvmPlan) => runJvm(j.options, j.java, { env: nodeHost(command).env ?? {}, onProgress });
    report = jvm?.alone
      ? await jvmRows(jvm)
      : flags.isolate && (options.workloads?.length ?? 0) > 0
        ? await runIsolated(options, command, onProgress)
        : await runBench(options, nodeHost(command, { onProgress }));
    if (jvm && !jvm.alone) {
      report = mergeReport(report, await jvmRows(jvm));
      report.env.durationSeconds = Math.round((performance.now() - started) / 100) / 10;
    }
    if (cold !== undefined) {
      const host = nodeHost(command);
      const c = await runCold(
        { algorithms: options.algorithms, providers: options.providers, runs: cold },
        host,
        onProgress,
      );
      report.cold = c.cold;
      report.env.cold = { runs: cold, realm: COLD_REALM };
      report.env.messages.push(...c.messages);
      report.env.durationSeconds = Math.round((performance.now() - started) / 100) / 10;
    }
  } finally {
    bar?.stop();
  }
  if (flags.json) io.stdout(`${JSON.stringify(report, null, 2)}\n`);
  else {
    const color = io.stdoutIsTTY && !io.env.NO_COLOR;
    io.stdout(renderReport(report, style(color), io.columns));
  }
  const code =
    flags.out && write ? writeReport(flags.out, write(report), io, { jsonOnStdout: Boolean(flags.json) }) : 0;
  return post && code === 0 ? postReport(post, JSON.stringify(report), io) : code;
}

/** An argument as a POSIX shell would need it, so the recorded command line can be run again. */
function shellQuote(a: string): string {
  return /^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`;
}

export function registerBench(program: Command, { io, argv, done }: CommandContext): void {
  program
    .command('bench', { isDefault: true })
    .description(
      "time every provider and peer on the seeds' workloads (default: the seed's string and 1 MiB, six algorithms)",
    )
    .option('-a, --algorithms <list>', 'comma-separated algorithms (default: MD2,MD5,SHA-1,SHA-256,SHA-384,SHA-512)')
    .option('-p, --providers <list>', 'comma-separated providers and peers (default: all; see --list)')
    .option(
      '-w, --workload <name>',
      `${MEASURED.join(', ')} or all (= all but ${COLD.name}); comma-separated (default: seed and 1 MiB throughput)`,
    )
    .option(
      '--sizes <list>',
      `sizes for the sizes workload, comma-separated: ${SIZE_HELP} (default with --workload: 16..16384 and 1 MiB)`,
    )
    .option('-t, --time <ms>', `duration of one sample in ms (default ${DEFAULTS.sampleMs})`)
    .option('--samples <n>', `samples per case, at least 5 (default ${DEFAULTS.samples})`)
    .option('--warmup <ms>', `warm-up per case in ms (default ${DEFAULTS.warmupMs}; WebAssembly rows at least 500)`)
    .option('--exact', 'seed workload: run N hashes literally, once, timed as the seed did')
    .option('--count <n>', `the seed's N (default ${DEFAULTS.count})`)
    .option('--many-count <n>', `many workload: messages per call (default ${DEFAULTS.manyCount})`)
    .option('--many-size <size>', `many workload: bytes per message, e.g. 64 or 1k (default ${DEFAULTS.manySize})`)
    .option(
      '--cold-runs <k>',
      `cold workload: fresh worker threads per provider × algorithm (default ${COLD_DEFAULT_RUNS})`,
    )
    .option('--json', 'print the report as JSON (schema digestlab-bench/1) on stdout instead of tables')
    .option('-o, --out <file>', 'also write the report: .json, .md, .csv, .html or .svg')
    .option('--post <url>', 'also send the run to a board: the URL digestlab web printed, with its ?token=')
    .option('--isolate', 'run each provider × algorithm in a fresh worker thread (no JIT or GC state carried over)')
    .option(
      '--jvm',
      'also run the seed and sizes workloads through Java MessageDigest in a JVM (a JDK 11+ on the PATH): rows java:SUN, java:SUN:seed, java:BC',
    )
    .option(
      '--jvm-classpath <path>',
      `class path for --jvm, e.g. a BouncyCastle jar for java:BC (default: ${DEBIAN_BCPROV} if present)`,
    )
    .option('--list', 'list providers, algorithms and workloads, then exit')
    .action(async (flags: BenchFlags) => {
      done(await bench(flags, io, ['digestlab', ...argv.map(shellQuote)].join(' ')));
    });
}
