// Every unit and integration suite of the monorepo; `npm test` runs them before the browser tests.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] } },
      { test: { name: 'data', root: 'data', include: ['**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // Each test file builds its own app on its own database; files run in parallel forks.
          pool: 'forks',
          testTimeout: 20000,
          hookTimeout: 30000,
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
