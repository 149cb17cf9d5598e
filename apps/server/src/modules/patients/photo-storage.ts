// Patient photos: WebP of at most PATIENT_PHOTO_MAX_SIDE px under DATA_DIR/uploads/patients/ (lib/uploads).
import { PATIENT_PHOTO_MAX_SIDE } from '@almendra/contracts';
import { reencodeImage, UploadStore } from '../../lib/uploads.js';

/** Re-encodes to WebP; null when the bytes are not a decodable JPEG, PNG or WebP. */
export function toStoredPhoto(bytes: Buffer): Promise<Buffer | null> {
  return reencodeImage(bytes, {
    accept: ['jpeg', 'png', 'webp'],
    maxWidth: PATIENT_PHOTO_MAX_SIDE,
    maxHeight: PATIENT_PHOTO_MAX_SIDE,
    output: { format: 'webp', quality: 82 },
  });
}

export class PhotoStore extends UploadStore {
  constructor(dataDir: string) {
    super(dataDir, 'patients', 'webp');
  }
}
