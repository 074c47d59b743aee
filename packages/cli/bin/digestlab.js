#!/usr/bin/env node
// The `digestlab` command. The code is TypeScript built to dist/ (the repo's `npm ci` builds it via "prepare").
import { fatal, main } from '../dist/main.js';

// what escapes every command (an event handler's throw) gets one line too, not Node's stack trace
process.on('uncaughtException', fatal);
process.on('unhandledRejection', fatal);
process.exitCode = await main(process.argv.slice(2));
