#!/usr/bin/env node
// The `digestlab` command. The code is TypeScript built to dist/ (the repo's `npm ci` builds it via "prepare").
import { main } from '../dist/main.js';

process.exitCode = await main(process.argv.slice(2));
