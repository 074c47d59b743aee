export { type BenchFlags, bench, benchOptions } from './commands/bench.js';
export { compare } from './commands/compare.js';
export { EXIT, type Io } from './io.js';
export { COMMANDS, type CommandContext, main, type Register } from './main.js';
export { nodeCryptoRow, nodeHost, nodeReference, versionOf } from './node-host.js';
