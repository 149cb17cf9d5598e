// Every unit and integration suite of the monorepo; `npm test` runs them before the browser tests.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      // Pure functions and data files, no mocks or stubs: the files share their worker's modules.
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'], isolate: false } },
      { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'], isolate: false } },
      { test: { name: 'data', root: 'data', include: ['**/*.test.ts'], isolate: false } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // Each test file builds its own app on its own database (createTestApp: a fresh in-memory SQLite
          // or PostgreSQL schema, a fresh data directory). The files share their fork's modules instead of
          // each importing the whole app again (isolate: false): the import was 173 s of the project's
          // 259 s of CPU, now 17 s (docs/testing.md). src's module-level state is static caches or keyed by
          // the app's data directory; a test that stubs something shared restores it (vi.spyOn … mockRestore).
          pool: 'forks',
          isolate: false,
          testTimeout: 20000,
          hookTimeout: 30000,
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
