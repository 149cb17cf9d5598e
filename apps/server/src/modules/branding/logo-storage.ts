// The nutritionist's logo on local disk under DATA_DIR/uploads/logos/<nutritionistId>/. Like patient photos,
// the bytes are trusted only after their magic number proves PNG or JPEG (the two formats pdfkit can draw),
// and sharp decodes and re-encodes them as a PNG of at most 600×300, dropping metadata and trailing data.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { detectImageKind } from '../patients/photo-storage.js';

export const LOGO_MAX_WIDTH = 600;
export const LOGO_MAX_HEIGHT = 300;
/** A logo is small; anything bigger than 40 MP is a decompression bomb, not a logo. */
const MAX_INPUT_PIXELS = 40_000_000;

/** PNG (transparency kept) of the logo; null when the bytes are not a decodable PNG or JPEG. */
export async function toStoredLogo(bytes: Buffer): Promise<Buffer | null> {
  const kind = detectImageKind(bytes);
  if (kind !== 'png' && kind !== 'jpeg') return null;
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(LOGO_MAX_WIDTH, LOGO_MAX_HEIGHT, { fit: 'inside', withoutEnlargement: true })
      .png({ compressionLevel: 9 })
      .toBuffer();
  } catch {
    return null;
  }
}

export class LogoStore {
  constructor(private readonly dataDir: string) {}

  /** Writes the logo and answers its path relative to DATA_DIR (what the database stores). */
  async save(nutritionistId: string, png: Buffer): Promise<string> {
    const relative = path.posix.join('uploads', 'logos', nutritionistId, `logo-${randomBytes(8).toString('hex')}.png`);
    const absolute = this.resolve(relative);
    await fs.mkdir(path.dirname(absolute), { recursive: true });
    await fs.writeFile(absolute, png, { mode: 0o600 });
    return relative;
  }

  async read(relative: string | null): Promise<Buffer | null> {
    if (!relative) return null;
    try {
      return await fs.readFile(this.resolve(relative));
    } catch {
      return null;
    }
  }

  /** Best effort: a file left behind is harmless, a failed request is not. */
  async remove(relative: string | null): Promise<void> {
    if (!relative) return;
    await fs.rm(this.resolve(relative), { force: true }).catch(() => undefined);
  }

  private resolve(relative: string): string {
    const root = path.resolve(this.dataDir, 'uploads');
    const absolute = path.resolve(this.dataDir, relative);
    if (!absolute.startsWith(root + path.sep)) throw new Error(`logo path outside the uploads folder: ${relative}`);
    return absolute;
  }
}
