import { defineConfig } from 'vitest/config';

// The tests Stryker runs against each mutant (npm run test:mutation): those that exercise the mutated files in
// this process. Left out: tests that run the library in child processes (Bun, Deno, the built dist, the CLI),
// where Stryker's mutant switch does not reach, the large tier, and the refs tier (outside programs on fresh random
// inputs: a mutant's verdict would change from run to run, and npm test's tier has the same references stored).
export default defineConfig({
  test: {
    include: [
      'packages/digestlab/test/**/*.test.ts',
      'packages/lab/test/overflow.test.ts',
      'packages/lab/test/size.test.ts',
      'packages/lab/test/overflow-engine.test.ts',
    ],
    exclude: [
      '**/*.large.test.ts',
      '**/*.refs.test.ts',
      '**/node_modules/**',
      'packages/digestlab/test/runtimes.test.ts',
      'packages/digestlab/test/packaging.test.ts',
      'packages/digestlab/test/generated.test.ts',
      // what the types, the source tree and the docs say, not what a digest is: Stryker's sandbox rewrites the sources
      'packages/digestlab/test/types.test.ts',
      'packages/digestlab/test/layout.test.ts',
      'packages/digestlab/test/docs.test.ts',
    ],
    testTimeout: 120_000,
    // fewer property runs and a shorter size sweep (test/helpers/common.ts, MUTATION_PROFILE)
    env: { DIGESTLAB_MUTATION: '1' },
  },
});
