#!/usr/bin/env node
// Builds the server into one plain-JavaScript ES module (apps/server/dist/main.js) so production runs
// on Node alone, without the runtime TypeScript loader (tsx), which costs start-up time and CPU on every
// module load. Our workspace packages (@almendra/domain, @almendra/contracts, shipped as TypeScript)
// are bundled in; every npm dependency stays external and is loaded from node_modules as usual
// (native ones — better-sqlite3, sharp, argon2 — could not be bundled anyway).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverBundle = path.join(root, 'apps/server/dist/main.js');
/**
 * The browser tests' build (`--e2e`): a file of its own, rebuilt at the start of every Playwright run
 * (e2e/playwright.config.ts), so it never stands in for `npm start`'s bundle, whose source hash would
 * not match it.
 */
export const e2eServerBundle = path.join(root, 'apps/server/dist/e2e/main.js');

export async function buildServer(outfile = serverBundle) {
  await build({
    entryPoints: [path.join(root, 'apps/server/src/main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'npm-dependencies-external',
        setup(builder) {
          // Bare specifiers (npm packages, node: built-ins) stay imports; only our workspaces are bundled.
          builder.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@almendra/') ? undefined : { path: args.path, external: true }));
        },
      },
    ],
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  // `--outfile=PATH` for a throwaway build (the crash-safety test's); it must sit inside the repository,
  // which the server finds by walking up from its own file (apps/server/src/lib/paths.ts).
  const outArg = process.argv.find((arg) => arg.startsWith('--outfile='));
  const outfile = outArg ? path.resolve(outArg.slice('--outfile='.length)) : process.argv.includes('--e2e') ? e2eServerBundle : serverBundle;
  await buildServer(outfile);
  console.log(`Server built: ${path.relative(root, outfile)}`);
}
