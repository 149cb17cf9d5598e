// Dish photos: WebP of at most DISH_PHOTO_MAX_SIDE px under DATA_DIR/uploads/dishes/ (lib/uploads).
import { DISH_PHOTO_MAX_SIDE } from '@almendra/contracts';
import { AppError } from '../../lib/errors.js';
import { reencodeImage, UploadStore } from '../../lib/uploads.js';

/** Re-encoded WebP of the upload; 415 when the bytes are not a decodable JPEG, PNG or WebP. */
export async function toStoredDishPhoto(bytes: Buffer): Promise<Buffer> {
  const webp = await reencodeImage(bytes, {
    accept: ['jpeg', 'png', 'webp'],
    maxWidth: DISH_PHOTO_MAX_SIDE,
    maxHeight: DISH_PHOTO_MAX_SIDE,
    output: { format: 'webp', quality: 82 },
  });
  if (!webp) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'La foto debe ser una imagen JPEG, PNG o WebP.');
  return webp;
}

export class DishPhotoStore extends UploadStore {
  constructor(dataDir: string) {
    super(dataDir, 'dishes', 'webp');
  }
}
