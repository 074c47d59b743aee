import { defineConfig } from 'vitest/config';

// Two tiers: `unit` is `npm test` (minutes); `large` is `npm run test:large` (GiB-sized inputs, up to ~15 min).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/test/**/*.test.ts'],
          exclude: ['**/*.large.test.ts', '**/node_modules/**'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'large',
          include: ['packages/*/test/**/*.large.test.ts'],
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
