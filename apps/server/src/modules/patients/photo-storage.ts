// Patient photos on local disk under DATA_DIR/uploads/patients/<nutritionistId>/. Uploads are trusted only
// after their first bytes prove a JPEG, PNG or WebP; sharp then decodes and re-encodes them as a WebP of at
// most 512×512, which drops EXIF/GPS metadata and anything smuggled after the image data.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { PATIENT_PHOTO_MAX_SIDE } from '@almendra/contracts';

export type ImageKind = 'jpeg' | 'png' | 'webp';

/** Magic numbers: JPEG FF D8 FF, PNG 89 50 4E 47 0D 0A 1A 0A, WebP "RIFF" <size> "WEBP". */
export function detectImageKind(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** Decompression-bomb guard: a phone photo is ~12–50 MP; refuse anything bigger. */
const MAX_INPUT_PIXELS = 64_000_000;

/** Re-encodes to WebP (auto-rotated by EXIF first); null when the bytes do not decode as an image. */
export async function toStoredPhoto(bytes: Buffer): Promise<Buffer | null> {
  if (!detectImageKind(bytes)) return null;
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(PATIENT_PHOTO_MAX_SIDE, PATIENT_PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    return null;
  }
}

export class PhotoStore {
  constructor(private readonly dataDir: string) {}

  /** Writes the photo and answers its path relative to DATA_DIR (what the database stores). */
  async save(nutritionistId: string, patientId: string, webp: Buffer): Promise<string> {
    const relative = path.posix.join('uploads', 'patients', nutritionistId, `${patientId}-${randomBytes(8).toString('hex')}.webp`);
    const absolute = this.resolve(relative);
    await fs.mkdir(path.dirname(absolute), { recursive: true });
    await fs.writeFile(absolute, webp, { mode: 0o600 });
    return relative;
  }

  async read(relative: string): Promise<Buffer | null> {
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
    if (!absolute.startsWith(root + path.sep)) throw new Error(`photo path outside the uploads folder: ${relative}`);
    return absolute;
  }
}
