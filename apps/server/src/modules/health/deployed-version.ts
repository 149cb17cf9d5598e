// The version GET /health answers: the server's own version plus a fingerprint of the web build it
// serves (semver build metadata, e.g. "0.1.0+web.3f9a1c0d2b7e"). index.html names the hashed entry
// chunk, so any change to the web app's code changes it; an open tab that sees a different answer
// knows new code was deployed and offers a reload (apps/web/src/app/version-check.tsx).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export function deployedVersion(appVersion: string, webDistDir: string): string {
  let html: Buffer;
  try {
    html = fs.readFileSync(path.join(webDistDir, 'index.html'));
  } catch {
    // No web build (API-only process or tests): the server version alone.
    return appVersion;
  }
  return `${appVersion}+web.${createHash('sha256').update(html).digest('hex').slice(0, 12)}`;
}
