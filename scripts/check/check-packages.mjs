#!/usr/bin/env node
// publint (--strict: its warnings fail too) and arethetypeswrong on every published workspace, each from its packed
// tarball (`npm run check:packages`, after `npm ci`, which builds them). One rule of arethetypeswrong is off:
// cjs-resolves-to-esm. The packages are ES modules only, and `require()` loads them in the Node versions their
// `engines` name (^20.19.0 || >=22.12.0); TypeScript accepts it under `module` `node20` or `nodenext` (5.8 and
// later), which scripts/check/test-packages.mjs type-checks.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const bin = (name) => join(ROOT, 'node_modules', '.bin', name);
const { workspaces } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const published = workspaces
  .filter((w) => !w.includes('*'))
  .filter((dir) => !JSON.parse(readFileSync(join(ROOT, dir, 'package.json'), 'utf8')).private);

let failed = 0;
for (const dir of published) {
  for (const [tool, args] of [
    ['publint', ['run', '--strict', '--pack', 'npm', '.']],
    ['attw', ['--pack', '.', '--ignore-rules', 'cjs-resolves-to-esm', '--format', 'table-flipped']],
  ]) {
    console.log(`::: ${tool} ${dir}`);
    const r = spawnSync(bin(tool), args, { cwd: join(ROOT, dir), stdio: 'inherit' });
    if (r.status !== 0) {
      console.error(`${tool} failed on ${dir} (exit ${r.status})`);
      failed++;
    }
  }
}
process.exitCode = failed ? 1 : 0;
