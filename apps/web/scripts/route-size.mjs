// Prints the JavaScript a route loads (entry + the route module's chunks, following static imports in
// dist/.vite/manifest.json), raw and gzip. Default: the login route, whose budget is 200 KB gzip.
// Usage: node apps/web/scripts/route-size.mjs [src/features/.../some-page.tsx ...]
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const routeModules = process.argv.slice(2);
const roots = ['index.html', ...(routeModules.length ? routeModules : ['src/features/account/routes/login-page.tsx'])];

const seen = new Set();
const visit = (key) => {
  if (seen.has(key)) return;
  if (!manifest[key]) throw new Error(`Not in the manifest: ${key}`);
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) visit(imported);
};
roots.forEach(visit);

let raw = 0;
let gzip = 0;
for (const key of seen) {
  const bytes = readFileSync(join(dist, manifest[key].file));
  raw += bytes.length;
  gzip += gzipSync(bytes).length;
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`${roots.slice(1).join(', ')}: ${seen.size} chunks, ${kb(raw)} raw, ${kb(gzip)} gzip`);
