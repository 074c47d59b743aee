export type { CommandContext, Register } from './command.js';
export { type BenchFlags, bench, benchOptions } from './commands/bench.js';
export { compare } from './commands/compare.js';
export { EXIT, type Io } from './io.js';
export { COMMANDS, main } from './main.js';
export { nodeCryptoRow, nodeHost, nodeReference, versionOf } from './node-host.js';
