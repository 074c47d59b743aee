// `node --import ./register.mjs …`: every module the process then loads (its URL; `node:…` for a built-in) is
// appended, one a line, to the file named by DIGESTLAB_LOADS_FILE, before it runs (sum-start.test.ts).
import { register } from 'node:module';

register(new URL('./hooks.mjs', import.meta.url), { data: process.env.DIGESTLAB_LOADS_FILE });
