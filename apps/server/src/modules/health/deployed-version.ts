// The version GET /health answers: the server's own version plus a fingerprint of the web build it
// serves (semver build metadata, e.g. "0.1.0+web.3f9a1c0d2b7e"). index.html and the portal's
// portal.html name their hashed entry chunks, so any change to the web app's code changes one of them; an open tab that sees a different answer
// knows new code was deployed and offers a reload (apps/web/src/app/version-check.tsx).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export function deployedVersion(appVersion: string, webDistDir: string): string {
  const hash = createHash('sha256');
  try {
    hash.update(fs.readFileSync(path.join(webDistDir, 'index.html')));
  } catch {
    // No web build (API-only process or tests): the server version alone.
    return appVersion;
  }
  // The portal's page (a build from before it had one has none).
  try {
    hash.update(fs.readFileSync(path.join(webDistDir, 'portal.html')));
  } catch {
    // index.html alone.
  }
  return `${appVersion}+web.${hash.digest('hex').slice(0, 12)}`;
}
