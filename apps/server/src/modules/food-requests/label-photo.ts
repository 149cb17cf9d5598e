// Label photos of food requests on local disk under DATA_DIR/uploads/food-requests/<nutritionistId>/.
// An upload is trusted only after its first bytes prove a JPEG, PNG or WebP; sharp then decodes and
// re-encodes it as a WebP of at most 1600×1600 (large enough to read a nutrition label), which drops
// EXIF/GPS metadata and anything smuggled after the image data.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import sharp from 'sharp';
import { FOOD_REQUEST_PHOTO_FIELD, FOOD_REQUEST_PHOTO_MAX_BYTES, FOOD_REQUEST_PHOTO_MAX_SIDE } from '@almendra/contracts';
import { AppError } from '../../lib/errors.js';

/** Magic numbers: JPEG FF D8 FF, PNG 89 50 4E 47 0D 0A 1A 0A, WebP "RIFF" <size> "WEBP". */
export function isSupportedImage(bytes: Buffer): boolean {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return true;
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return true;
  return bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP';
}

/** Decompression-bomb guard: a phone photo is ~12–50 MP; refuse anything bigger. */
const MAX_INPUT_PIXELS = 64_000_000;

const unsupported = () => new AppError('UNSUPPORTED_MEDIA_TYPE', 'La foto debe ser una imagen JPEG, PNG o WebP.');

/** Re-encoded WebP of the upload; 415 when the bytes are not a decodable JPEG, PNG or WebP. */
export async function toStoredLabelPhoto(bytes: Buffer): Promise<Buffer> {
  if (!isSupportedImage(bytes)) throw unsupported();
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(FOOD_REQUEST_PHOTO_MAX_SIDE, FOOD_REQUEST_PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw unsupported();
  }
}

/** The single file of the multipart body (field "photo", ≤ 5 MB); every multipart failure becomes a 4xx. */
export async function readPhotoUpload(request: FastifyRequest): Promise<Buffer> {
  const field = FOOD_REQUEST_PHOTO_FIELD;
  const missing = () => {
    const message = `Adjunta la foto en el campo "${field}".`;
    return new AppError('VALIDATION_ERROR', message, [{ path: field, message }]);
  };
  if (typeof request.isMultipart !== 'function' || !request.isMultipart()) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Envía la foto como multipart/form-data en el campo "${field}".`);
  }
  try {
    const part = await request.file({ limits: { fileSize: FOOD_REQUEST_PHOTO_MAX_BYTES, files: 1, fields: 10, parts: 20 } });
    if (!part) throw missing();
    if (part.fieldname !== field) {
      part.file.resume();
      throw missing();
    }
    return await part.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', 'La foto no puede superar 5 MB.');
    throw new AppError('VALIDATION_ERROR', 'No pudimos leer la foto enviada.', [{ path: field, message: 'No pudimos leer la foto enviada.' }]);
  }
}

export class LabelPhotoStore {
  constructor(private readonly dataDir: string) {}

  /** Writes the photo and answers its path relative to DATA_DIR (what the database stores). */
  async save(nutritionistId: string, requestId: string, webp: Buffer): Promise<string> {
    const relative = path.posix.join('uploads', 'food-requests', nutritionistId, `${requestId}-${randomBytes(8).toString('hex')}.webp`);
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
