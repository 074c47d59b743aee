/**
 * What a face gives the bench engine: the facts and services only it has (a reference digest, extra rows, package
 * versions, a GC, the clock), and where progress goes. Plain interfaces, so the CLI's Node host and a browser
 * Worker's host are just two objects.
 */
import type { AlgorithmName } from 'digestlab';
import type { BenchEnv } from '../report.js';
import type { Row } from '../rows.js';
import type { TimingOptions } from '../timing.js';
import type { Cell } from './cells.js';
import type { BenchEvent } from './events.js';

/** What rows are checked against. `digest` and `hmac` return undefined for an algorithm they lack. */
export interface Reference {
  name: string;
  digest(algorithm: AlgorithmName, data: Uint8Array): Uint8Array | undefined | Promise<Uint8Array | undefined>;
  /** HMAC with the digest `algorithm`; absent: the hmac workload is checked against digestlab's `ts` provider. */
  hmac?(
    algorithm: AlgorithmName,
    key: Uint8Array,
    data: Uint8Array,
  ): Uint8Array | undefined | Promise<Uint8Array | undefined>;
}

export interface Progress {
  /** `cold`: a host's cold-start workers (the CLI's `-w cold`). */
  phase: 'check' | 'time' | 'cold';
  done: number;
  total: number;
  label: string;
}

export interface Host {
  /** What rows are checked against (the CLI passes node:crypto). Default: digestlab's own providers. */
  reference?: Reference;
  /** Extra rows, e.g. the runtime's own node:crypto called directly (listed after ours, before the peers). */
  rows?: readonly Row[];
  /** Installed version of an npm package, read from its package.json. */
  versionOf?(pkg: string): string | undefined;
  /** Facts only the host knows (CPU model, command line...). */
  env?: Partial<BenchEnv>;
  /** A full GC, run before each table row's warm-ups and before each round of its samples. */
  gc?(): void;
  /** The clock, ms. Default `performance.now()`; tests pass a fake one. */
  now?(): number;
  /** Progress only (the `progress` events): what the CLI's bar and `--isolate` workers have always read. */
  onProgress?(progress: Progress): void;
  /** Every event of the run, as plain data (a Worker posts them as they are). */
  onEvent?(event: BenchEvent): void;
  /**
   * Times the checked cells somewhere else instead of in this realm: the CLI's JVM rows are timed inside the JVM,
   * where a call costs what it costs a Java caller. Sets each `ok` cell's `seconds` (or its status to `wrong`, with a
   * message returned) and calls `onTimed` per cell; plan, check, analysis and the report stay the engine's.
   */
  timeCells?(cells: readonly Cell[], timing: TimingOptions, onTimed: (cell: Cell) => void): Promise<string[]>;
}
