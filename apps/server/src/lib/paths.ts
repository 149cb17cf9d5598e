// Where the repository's own files are (data/, apps/web/dist), found the same way whether the server
// runs from its TypeScript sources (development, tests) or from the bundle that `npm start` builds
// (apps/server/dist/main.js), whose modules no longer sit at their source depth.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT_PACKAGE_NAME = 'almendra';

function findRepoRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === ROOT_PACKAGE_NAME) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json named "${ROOT_PACKAGE_NAME}" above ${start}`);
  }
}

export const REPO_ROOT = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));
