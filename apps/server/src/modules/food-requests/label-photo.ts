// Label photos of food requests: WebP of at most 1600×1600 (large enough to read a nutrition label) under
// DATA_DIR/uploads/food-requests/ (lib/uploads), and reading the multipart upload that carries them.
import type { FastifyRequest } from 'fastify';
import { FOOD_REQUEST_PHOTO_FIELD, FOOD_REQUEST_PHOTO_MAX_BYTES, FOOD_REQUEST_PHOTO_MAX_SIDE } from '@almendra/contracts';
import { AppError } from '../../lib/errors.js';
import { readSingleUpload } from '../../lib/multipart.js';
import { reencodeImage, UploadStore } from '../../lib/uploads.js';

/** Re-encoded WebP of the upload; 415 when the bytes are not a decodable JPEG, PNG or WebP. */
export async function toStoredLabelPhoto(bytes: Buffer): Promise<Buffer> {
  const webp = await reencodeImage(bytes, {
    accept: ['jpeg', 'png', 'webp'],
    maxWidth: FOOD_REQUEST_PHOTO_MAX_SIDE,
    maxHeight: FOOD_REQUEST_PHOTO_MAX_SIDE,
    output: { format: 'webp', quality: 85 },
  });
  if (!webp) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'La foto debe ser una imagen JPEG, PNG o WebP.');
  return webp;
}

/** The single file of the multipart body (field "photo", ≤ 5 MB); every multipart failure becomes a 4xx. */
export function readPhotoUpload(request: FastifyRequest): Promise<Buffer> {
  return readSingleUpload(request, {
    field: FOOD_REQUEST_PHOTO_FIELD,
    maxBytes: FOOD_REQUEST_PHOTO_MAX_BYTES,
    tooLargeMessage: 'La foto no puede superar 5 MB.',
    noun: 'la foto',
  });
}

export class LabelPhotoStore extends UploadStore {
  constructor(dataDir: string) {
    super(dataDir, 'food-requests', 'webp');
  }
}
