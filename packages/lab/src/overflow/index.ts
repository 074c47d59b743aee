/**
 * @digestlab/lab/overflow: the engine of `digestlab overflow`, platform-neutral — size parsing, byte patterns,
 * expected digests, the plan (jobs, order, resume merge), the checkpoint model, the job loop and its worker body, the
 * scheduler over an abstract runner, verdicts as results come in, the JSON document and its validator, and text
 * output. No Node module is imported here; the CLI adds worker threads, files, terminals and signals.
 */
export * from './checkpoint.js';
export * from './document.js';
export * from './in-process.js';
export * from './patterns.js';
export * from './plan.js';
export * from './references.js';
export * from './render.js';
export * from './runner.js';
export * from './scheduler.js';
export * from './session.js';
export * from './settle.js';
export * from './size.js';
export * from './verdict.js';
export * from './worker.js';
