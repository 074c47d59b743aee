/**
 * The registry of the engine's workloads: each one's descriptor ({@link WorkloadSpec}) in its own module here. The
 * cold start (cold.ts) is measured by a host in fresh realms, not by the engine, and is not among them.
 */
import type { Workload } from '../../report.js';
import { hmac } from './hmac.js';
import { many } from './many.js';
import { seed } from './seed.js';
import { sizes } from './sizes.js';
import { stream } from './stream.js';
import type { WorkloadSpec } from './workload.js';

const BY_NAME = { seed, sizes, stream, many, hmac } satisfies Record<Workload, WorkloadSpec>;

/** Every engine workload, in the order of a run's cells and tables (and of `--workload all`). */
export const WORKLOADS: readonly WorkloadSpec[] = Object.values(BY_NAME);

/** The workloads of a run that names none. */
export const DEFAULT_WORKLOADS: readonly Workload[] = WORKLOADS.filter((w) => w.byDefault).map((w) => w.name);

/** A workload's descriptor; undefined for a name no engine knows (a report from elsewhere may hold one). */
export function workloadSpec(name: Workload): WorkloadSpec;
export function workloadSpec(name: string): WorkloadSpec | undefined;
export function workloadSpec(name: string): WorkloadSpec | undefined {
  return Object.hasOwn(BY_NAME, name) ? BY_NAME[name as Workload] : undefined;
}

/** True when `name` is an engine workload. */
export function isWorkload(name: string): name is Workload {
  return Object.hasOwn(BY_NAME, name);
}

export type { CellSettings, TitleFacts, Verdict, WorkloadSpec } from './workload.js';
