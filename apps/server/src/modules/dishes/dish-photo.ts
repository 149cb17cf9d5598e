// Dish photos on local disk under DATA_DIR/uploads/dishes/<nutritionistId>/. Same rules as the label photos
// of food requests: the first bytes must prove a JPEG, PNG or WebP, then sharp decodes and re-encodes a
// WebP of at most DISH_PHOTO_MAX_SIDE px, which drops EXIF/GPS metadata and anything appended to the image.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { DISH_PHOTO_MAX_SIDE } from '@almendra/contracts';
import { AppError } from '../../lib/errors.js';
import { isSupportedImage } from '../food-requests/label-photo.js';

/** Decompression-bomb guard: a phone photo is ~12–50 MP; refuse anything bigger. */
const MAX_INPUT_PIXELS = 64_000_000;

const unsupported = () => new AppError('UNSUPPORTED_MEDIA_TYPE', 'La foto debe ser una imagen JPEG, PNG o WebP.');

/** Re-encoded WebP of the upload; 415 when the bytes are not a decodable JPEG, PNG or WebP. */
export async function toStoredDishPhoto(bytes: Buffer): Promise<Buffer> {
  if (!isSupportedImage(bytes)) throw unsupported();
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(DISH_PHOTO_MAX_SIDE, DISH_PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw unsupported();
  }
}

export class DishPhotoStore {
  constructor(private readonly dataDir: string) {}

  /** Writes the photo and answers its path relative to DATA_DIR (what the database stores). */
  async save(nutritionistId: string, dishId: string, webp: Buffer): Promise<string> {
    const relative = path.posix.join('uploads', 'dishes', nutritionistId, `${dishId}-${randomBytes(8).toString('hex')}.webp`);
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
