/**
 * @digestlab/lab: the benchmark engine behind `digestlab bench` and the web lab. Platform-neutral: no Node module is
 * imported anywhere here, so it runs unchanged in a browser's Web Worker. Node-only parts live in @digestlab/cli.
 */

export { COLD, type ColdCell, type ColdCheck } from './bench/workloads/cold.js';
export {
  type ChartRow,
  canonicalJson,
  checkBoardRun,
  FACT_MAX,
  type HistoryRow,
  type ListedRun,
  RUN_ID,
  type RunFacts,
  type RunPoint,
  runFacts,
  runId,
  runPoints,
} from './board.js';
export {
  COLD_COLUMNS,
  type ColdSample,
  type ColdTarget,
  coldTable,
  emptyCold,
  formatMs,
  summarizeCold,
} from './cold.js';
export {
  type AnyReport,
  compactUtc,
  parseAnyReport,
  REPORT_SCHEMAS,
  resultFileName,
  SLUG_MAX,
  slug,
} from './collect.js';
export {
  type CompareCell,
  type ComparedRun,
  type CompareRow,
  type CompareVerdict,
  type Comparison,
  compareRuns,
  describeRun,
  type RunInput,
  runLetter,
} from './compare.js';
export {
  allRows,
  type BenchEvent,
  type BenchOptions,
  type BenchPlan,
  type Cell,
  cellLabel,
  DEFAULT_WORKLOADS,
  DEFAULTS,
  defaultReference,
  type Host,
  isWorkload,
  lastOutputWrong,
  manyMismatch,
  type PlannedCell,
  type Progress,
  planBench,
  type Reference,
  ReferenceMismatchError,
  randomBytes,
  resolveAlgorithms,
  resolveProviders,
  runBench,
  runPlan,
  tableRows,
  UsageError,
  WORKLOADS,
  type WorkloadSpec,
  workloadSpec,
} from './engine.js';
export * from './list.js';
export { ourRows, prepareOurs } from './ours.js';
export * from './params.js';
export { PEER_PACKAGES, PEERS } from './peers/index.js';
export * from './render.js';
export * from './report.js';
export * from './rows.js';
export * from './runtime.js';
export * from './seed.js';
export * from './size.js';
export * from './stats.js';
export * from './tables.js';
export { prepareSampler, roundOrder, type Sampler, sampleCall, type TimingOptions, timeExact } from './timing.js';
