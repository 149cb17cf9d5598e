// Encrypts the few third-party secrets a practice gives us (her Mercado Pago access token and webhook
// secret) before they reach the database: AES-256-GCM with a key derived from the server's signing secret
// (JWT_SECRET, or the one kept in the data directory), a random 96-bit IV per value and the purpose as
// additional data, so a value copied into another column or another install does not decrypt. A database
// dump or backup alone does not reveal them; whoever holds the server's secret does (as with sessions).
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';

export class SecretBox {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    this.key = createHash('sha256').update(`almendra-secret-box/${VERSION}:${serverSecret}`).digest();
  }

  seal(plain: string, purpose: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(purpose, 'utf8'));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
  }

  /** Throws when the value was not sealed by this server's secret for this purpose. */
  open(sealed: string, purpose: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('not a sealed value');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(purpose, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }
}
