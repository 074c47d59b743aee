/**
 * @digestlab/lab/overflow: the platform-neutral parts of `digestlab overflow` — size parsing, byte patterns,
 * expected digests, the job loop (stream, progress, checkpoints, stop), result records, verdicts and text output.
 * No Node module is imported here; the CLI adds worker threads, files, terminals and signals.
 */
export * from './patterns.js';
export * from './references.js';
export * from './render.js';
export * from './runner.js';
export * from './size.js';
export * from './verdict.js';
