import { execFileSync } from 'node:child_process';
import { expect, test } from 'vitest';
import { GENERATORS, scriptOf } from '../../../scripts/gen/generators.mjs';

// `npm run gen:check` runs the same list; on a failure, `npm run gen` writes the files again
for (const generator of GENERATORS) {
  test(`the committed ${generator.writes} is exactly what scripts/gen/${generator.script} writes`, () => {
    // --check exits 1 and names the stale files when they differ
    expect(() => execFileSync(process.execPath, [scriptOf(generator), '--check'], { stdio: 'pipe' })).not.toThrow();
  });
}
