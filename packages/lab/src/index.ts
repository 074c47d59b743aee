/**
 * @digestlab/lab: the benchmark engine behind `digestlab bench` and the web lab. Platform-neutral: no Node module is
 * imported anywhere here, so it runs unchanged in a browser's Web Worker. Node-only parts live in @digestlab/cli.
 */
export {
  COLD_COLUMNS,
  type ColdSample,
  type ColdTarget,
  coldTable,
  emptyCold,
  formatMs,
  summarizeCold,
} from './cold.js';
export { type CompareRow, type Comparison, compareReports } from './compare.js';
export {
  allRows,
  type BenchOptions,
  DEFAULTS,
  defaultReference,
  type Host,
  manyMismatch,
  type Progress,
  type Reference,
  randomBytes,
  resolveAlgorithms,
  resolveProviders,
  runBench,
  UsageError,
} from './engine.js';
export { ourRows, prepareOurs } from './ours.js';
export * from './params.js';
export { PEER_PACKAGES, PEERS } from './peers/index.js';
export * from './render.js';
export * from './report.js';
export * from './rows.js';
export * from './seed.js';
export * from './stats.js';
export * from './tables.js';
export { prepareSampler, roundOrder, type Sampler, sampleCall, type TimingOptions, timeExact } from './timing.js';
