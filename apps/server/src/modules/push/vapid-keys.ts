// The VAPID key pair that signs every push request (RFC 8292). Browsers bind a subscription to the public
// key, so it must be the same on every instance and never change: VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY
// when set, otherwise generated once into DATA_DIR/vapid.json (like the signing secret, lib/secrets.ts).
// Several instances sharing DATA_DIR race safely: the file is created exclusively and re-read by the loser.
import fs from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export function loadOrCreateVapidKeys(configured: { publicKey?: string | undefined; privateKey?: string | undefined }, dataDir: string): VapidKeys & { generated: boolean } {
  if (configured.publicKey && configured.privateKey) return { publicKey: configured.publicKey, privateKey: configured.privateKey, generated: false };
  const file = path.join(dataDir, 'vapid.json');
  const read = (): VapidKeys => {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<VapidKeys>;
    if (!parsed.publicKey || !parsed.privateKey) throw new Error(`${file} does not hold a VAPID key pair; delete it to generate a new one`);
    return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
  };
  if (fs.existsSync(file)) return { ...read(), generated: false };
  fs.mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  try {
    fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
    return { ...keys, generated: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return { ...read(), generated: false };
    throw error;
  }
}
