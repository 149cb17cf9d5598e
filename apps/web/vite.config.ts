// Vite build of the SPA (served by the server from dist/) and the `web` vitest project.
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json maps each route module to its chunks (used to measure the login route).
    manifest: true,
    // The entry chunk (react-dom, react-router, Mantine core, i18next, TanStack Query) is ~405 KB raw /
    // ~125 KB gzip. A warning here means a heavy import leaked into it instead of a lazy route chunk;
    // the real budget (login route ≤ 200 KB gzip) is measured from dist/.vite/manifest.json (docs/web.md).
    chunkSizeWarningLimit: 450,
  },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', ws: true },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // The icon package's barrel has thousands of modules: pre-bundle it once instead of
    // transforming each on first use.
    deps: { optimizer: { client: { enabled: true, include: ['@tabler/icons-react'] } } },
  },
});
