import { defineConfig } from 'vitest/config';

// Two tiers: `unit` is `npm test` (minutes); `large` is `npm run test:large` (GiB-sized inputs, up to ~15 min).
// A third project, `browser` (`npm run test:browser`), drives Debian's Chromium through the built page; it is kept
// out of `npm test`, which must run where no browser is installed. `runtimes` (`npm run test:runtimes`) runs the
// digestlab command under Bun and Deno, and `portable` is the library's own suite, which `npm run test:bun` and
// `npm run test:deno` run with vitest itself on Bun and on Deno (the library's tests minus the one that spawns them).
// `edge` (`npm run test:edge`) runs the library inside workerd, edge-runtime and QuickJS, and a strict-CSP page.
// `jvm` (`npm run test:jvm`) runs `digestlab bench --jvm` with a real JDK; kept out of `npm test`, which needs none.
// `board` (`npm run test:board`) needs a PostgreSQL server's programs (Debian's postgresql), kept out of `npm test`.
// `refs` (`npm run test:refs`) runs the outside programs of scripts/check/reference-programs.mjs (b3sum, RHash, a JDK with
// BouncyCastle) live on fresh inputs; `npm test` reads what they printed for fixed inputs from vectors/ and runs none.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/test/**/*.test.ts'],
          exclude: [
            '**/*.large.test.ts',
            '**/*.browser.test.ts',
            '**/*.runtimes.test.ts',
            '**/*.jvm.test.ts',
            '**/*.refs.test.ts',
            '**/*.board.test.ts',
            '**/*.edge.test.ts',
            '**/node_modules/**',
          ],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          // `npm run test:board`: the results board end to end, on the embedded store and on a PostgreSQL server
          // that postgres-setup.ts starts from Debian's postgresql package
          name: 'board',
          include: ['packages/*/test/**/*.board.test.ts'],
          globalSetup: ['packages/cli/test/postgres-setup.ts'],
          testTimeout: 5 * 60_000,
          hookTimeout: 2 * 60_000,
        },
      },
      {
        test: {
          name: 'refs',
          include: ['packages/*/test/**/*.refs.test.ts'],
          testTimeout: 5 * 60_000,
        },
      },
      {
        test: {
          name: 'jvm',
          include: ['packages/*/test/**/*.jvm.test.ts'],
          testTimeout: 5 * 60_000,
          // one JVM at a time: each one's timing wants a core
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['packages/web/test/**/*.browser.test.ts'],
          testTimeout: 5 * 60_000,
          hookTimeout: 2 * 60_000,
          // one Chromium at a time: the machine has 2 cores, and the page's timings want one of them
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'portable',
          include: ['packages/digestlab/test/**/*.test.ts'],
          exclude: [
            '**/*.large.test.ts',
            '**/*.browser.test.ts',
            '**/*.runtimes.test.ts',
            '**/*.refs.test.ts',
            '**/*.edge.test.ts',
            // it spawns Bun, Deno and Node --jitless itself, from Node
            'packages/digestlab/test/runtimes.test.ts',
            // it checks the docs against Node's figures: Bun's and Deno's zlib gzip the same bundle to other bytes
            'packages/digestlab/test/docs.test.ts',
            '**/node_modules/**',
          ],
          testTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'runtimes',
          include: ['packages/*/test/**/*.runtimes.test.ts'],
          testTimeout: 5 * 60_000,
        },
      },
      {
        test: {
          name: 'edge',
          include: ['packages/*/test/**/*.edge.test.ts'],
          testTimeout: 10 * 60_000,
          hookTimeout: 2 * 60_000,
        },
      },
      {
        test: {
          name: 'large',
          // default.test.ts again, its sweep to 4 MiB + 1 (the unit tier's stops at 1 MiB + 1, past every crossover)
          include: ['packages/*/test/**/*.large.test.ts', 'packages/digestlab/test/default.test.ts'],
          env: { DIGESTLAB_SWEEP_K: '22' },
          testTimeout: 30 * 60_000,
          hookTimeout: 30 * 60_000,
          // each file streams GiBs: one process per file, both cores (vitest's default is cores - 1)
          pool: 'forks',
          maxWorkers: 2,
        },
      },
    ],
  },
});
