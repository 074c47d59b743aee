// After `vite build` (packages/web/dist): the CLI package ships the built page as packages/cli/web, which
// `digestlab web` serves by default. Copied whole, after removing the previous copy, so no stale file is served.
import { cpSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const from = fileURLToPath(new URL('../packages/web/dist/', import.meta.url));
const to = fileURLToPath(new URL('../packages/cli/web/', import.meta.url));
rmSync(to, { recursive: true, force: true });
cpSync(from, to, { recursive: true });
