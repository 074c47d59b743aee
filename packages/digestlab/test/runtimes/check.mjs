// Run by runtimes.test.ts under Bun, Deno and Node --jitless: checks.mjs's checks, printed as one JSON line.
import { check } from './checks.mjs';

console.log(JSON.stringify(await check()));
