/**
 * @digestlab/lab/overflow: the engine of `digestlab overflow`, platform-neutral — size parsing, byte patterns,
 * expected digests, what was asked (flags, providers, a resumed run's conflicts), the plan (jobs, order, checkpoint
 * merge, records), the checkpoint model, the job loop and its worker body, the scheduler over an abstract runner,
 * verdicts as results come in, the JSON document and its validator, and text output. No Node module is imported
 * here; the CLI adds worker threads, files, terminals and signals.
 */
export * from './checkpoint.js';
export * from './checkpoint-merge.js';
export * from './choice.js';
export * from './document.js';
export {
  BOUNDARIES,
  DEFAULT_CHECKPOINT_EVERY,
  DEFAULT_CHUNK,
  MAX_CHUNK,
  MAX_OUTPUT_LENGTH,
  type OverflowAsk,
  parseOutputLengths,
  parseSizes,
  patternOption,
  sizeOption,
} from './flags.js';
export * from './in-process.js';
export type { Expectation, PlannedJob } from './job.js';
export * from './patterns.js';
export * from './per-algorithm.js';
export * from './plan.js';
export * from './records.js';
export * from './references.js';
export * from './render.js';
export type { Resumed } from './resume.js';
export * from './runner.js';
export * from './scheduler.js';
export { type RunChoice, type Selection, selectProviders } from './selection.js';
export * from './session.js';
export * from './settle.js';
export * from './size.js';
export * from './verdict.js';
export * from './worker.js';
