// Prints the JavaScript a route loads (entry + the route module's chunks, following static imports in
// dist/.vite/manifest.json), raw and gzip. Default: the login route, whose budget is 200 KB gzip.
// Usage: node apps/web/scripts/route-size.mjs [src/features/.../some-page.tsx ...]
//        node apps/web/scripts/route-size.mjs --bench   (npm run bench: builds into a temp dir, prints
//        BENCH_RESULT with the login route and, as baseline, every chunk of the app)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const bench = process.argv.includes('--bench');
const routeModules = process.argv.slice(2).filter((arg) => arg !== '--bench');

let dist = join(webRoot, 'dist');
if (bench) {
  dist = mkdtempSync(join(tmpdir(), 'almendra-route-size-'));
  const built = spawnSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'error'], { cwd: webRoot, stdio: ['ignore', 'ignore', 'inherit'] });
  if (built.status !== 0) throw new Error('vite build failed');
}
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

/** Chunks loaded for these manifest keys (static imports followed), with their raw and gzip bytes. */
function sizeOf(roots) {
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
  return { chunks: seen.size, raw, gzip };
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const roots = ['index.html', ...(routeModules.length ? routeModules : ['src/features/account/routes/login-page.tsx'])];
const route = sizeOf(roots);
console.log(`${roots.slice(1).join(', ')}: ${route.chunks} chunks, ${kb(route.raw)} raw, ${kb(route.gzip)} gzip`);
if (bench) {
  const whole = sizeOf(Object.keys(manifest).filter((key) => manifest[key].file.endsWith('.js')));
  console.log(`whole app: ${whole.chunks} chunks, ${kb(whole.raw)} raw, ${kb(whole.gzip)} gzip`);
  rmSync(dist, { recursive: true, force: true });
  console.log(`BENCH_RESULT ${JSON.stringify({ name: 'login-route-size', route, whole })}`);
}
