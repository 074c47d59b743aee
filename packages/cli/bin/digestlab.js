#!/usr/bin/env node
// The `digestlab` command. The code is TypeScript built to dist/ (the repo's `npm ci` builds it via "prepare").
import { fatal, main } from '../dist/main.js';

// what escapes every command (an event handler's throw) gets one line too, not Node's stack trace
process.on('uncaughtException', fatal);
process.on('unhandledRejection', fatal);
// run by a link named after a tool (`sha256sum`), it is that tool: main reads the name
process.exitCode = await main(process.argv.slice(2), undefined, true, process.argv[1]);
