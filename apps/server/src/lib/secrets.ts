// Random opaque tokens (refresh, reset) and their stored SHA-256 digests: the database never holds a
// usable token. The JWT signing secret comes from JWT_SECRET or is generated once into DATA_DIR.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const newOpaqueToken = (): string => randomBytes(32).toString('base64url');
export const digestToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export function loadOrCreateSigningSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'secret.key');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
