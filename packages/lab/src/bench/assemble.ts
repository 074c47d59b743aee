/** Assemble: the cells, the plan and the run's facts into a {@link BenchReport} (pure, apart from reading the runtime). */
import { type BenchEnv, type BenchReport, type BenchResult, SCHEMA } from '../report.js';
import { type RuntimeFacts, runtimeFacts } from '../runtime.js';
import type { Cell } from './cells.js';
import type { BenchPlan } from './plan.js';
import { workloadSpec } from './workloads/index.js';

/** What the run adds to the plan: when it started, how long it took, what it was checked against, what it found. */
export interface RunFacts {
  date: string;
  durationSeconds: number;
  reference: string;
  gc: boolean;
  messages: string[];
  /** Facts only the host knows (CPU model, command line...); they override what the runtime says of itself. */
  env?: Partial<BenchEnv>;
}

export function assembleReport(plan: BenchPlan, cells: readonly Cell[], facts: RunFacts): BenchReport {
  const version = new Map(plan.providers.map((p) => [p.id, p.version]));
  const results: BenchResult[] = cells.map((c) => {
    const count = workloadSpec(c.workload).countOf?.(plan);
    return {
      workload: c.workload,
      algorithm: c.algorithm,
      provider: c.row.id,
      library: c.row.library,
      version: version.get(c.row.id) ?? 'unknown',
      size: c.size,
      unit: c.unit,
      median: c.status === 'ok' && c.summary ? c.summary.median : null,
      min: c.status === 'ok' && c.summary ? c.summary.min : null,
      max: c.status === 'ok' && c.summary ? c.summary.max : null,
      mad: c.status === 'ok' && c.summary ? c.summary.mad : null,
      samples: c.status === 'ok' && c.summary ? c.summary.samples : 0,
      status: c.status,
      ...(count === undefined ? {} : { count }),
    };
  });
  const env: BenchEnv = {
    ...detectEnv(),
    date: facts.date,
    ...facts.env,
    durationSeconds: facts.durationSeconds,
    timing: { ...plan.timing, exact: plan.exact, count: plan.count, gc: facts.gc },
    reference: facts.reference,
    providers: plan.providers,
    messages: facts.messages,
  };
  return { schema: SCHEMA, env, results };
}

function detectEnv(): Pick<BenchEnv, keyof RuntimeFacts | 'cpu' | 'cores' | 'os'> {
  const g = globalThis as {
    process?: { platform?: string; arch?: string };
    navigator?: { hardwareConcurrency?: number; platform?: string };
  };
  return {
    ...runtimeFacts(),
    cpu: 'unknown',
    cores: g.navigator?.hardwareConcurrency ?? 0,
    os: g.process?.platform
      ? `${g.process.platform} ${g.process.arch ?? ''}`.trim()
      : (g.navigator?.platform ?? 'unknown'),
  };
}
