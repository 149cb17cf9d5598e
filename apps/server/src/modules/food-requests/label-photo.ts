// Label photos of food requests: WebP of at most 1600×1600 (large enough to read a nutrition label) under
// DATA_DIR/uploads/food-requests/ (lib/uploads), and reading the multipart upload that carries them.
import type { FastifyRequest } from 'fastify';
import type {} from '@fastify/multipart';
import { FOOD_REQUEST_PHOTO_FIELD, FOOD_REQUEST_PHOTO_MAX_BYTES, FOOD_REQUEST_PHOTO_MAX_SIDE } from '@almendra/contracts';
import { AppError } from '../../lib/errors.js';
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

export class LabelPhotoStore extends UploadStore {
  constructor(dataDir: string) {
    super(dataDir, 'food-requests', 'webp');
  }
}
