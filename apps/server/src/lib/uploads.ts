// Uploaded images under uploads/<folder>/<nutritionistId>/ — on local disk below DATA_DIR (the default) or
// in an S3-compatible bucket (upload-backends.ts, chosen by configuration). An upload is trusted
// only after its first bytes prove an accepted format (magic numbers); sharp then decodes it (bounded in
// pixels against decompression bombs), auto-rotates it by EXIF and re-encodes it, which drops EXIF/GPS
// metadata and anything smuggled after the image data. Patient photos, food-request label photos, dish
// photos and the nutritionist's logo all go through here; each module picks its size and format.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { uploadBackendFor } from './upload-backends.js';

export type ImageKind = 'jpeg' | 'png' | 'webp';

/** Magic numbers: JPEG FF D8 FF, PNG 89 50 4E 47 0D 0A 1A 0A, WebP "RIFF" <size> "WEBP". */
export function detectImageKind(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

export interface ReencodeOptions {
  /** Formats accepted on input (by magic number). */
  accept: readonly ImageKind[];
  maxWidth: number;
  maxHeight: number;
  output: { format: 'webp'; quality: number } | { format: 'png' };
  /** A phone photo is ~12–50 MP; anything bigger is refused as a decompression bomb. */
  maxInputPixels?: number;
}

/** The re-encoded image, or null when the bytes are not a decodable image of an accepted format. */
export async function reencodeImage(bytes: Buffer, options: ReencodeOptions): Promise<Buffer | null> {
  const kind = detectImageKind(bytes);
  if (!kind || !options.accept.includes(kind)) return null;
  try {
    const pipeline = sharp(bytes, { limitInputPixels: options.maxInputPixels ?? 64_000_000, failOn: 'error' })
      .rotate()
      .resize(options.maxWidth, options.maxHeight, { fit: 'inside', withoutEnlargement: true });
    const encoded = options.output.format === 'webp' ? pipeline.webp({ quality: options.output.quality }) : pipeline.png({ compressionLevel: 9 });
    return await encoded.toBuffer();
  } catch {
    return null;
  }
}

/** Files of one kind of upload, stored under uploads/<folder>/<nutritionistId>/ in the data directory's backend. */
export class UploadStore {
  constructor(
    private readonly dataDir: string,
    private readonly folder: string,
    private readonly extension: 'webp' | 'png',
  ) {}

  /** Writes the file and answers its key relative to DATA_DIR (what the database stores). */
  async save(nutritionistId: string, baseName: string, bytes: Buffer): Promise<string> {
    const name = `${baseName}-${randomBytes(8).toString('hex')}.${this.extension}`;
    const relative = path.posix.join('uploads', this.folder, nutritionistId, name);
    await uploadBackendFor(this.dataDir).put(relative, bytes, this.extension === 'webp' ? 'image/webp' : 'image/png');
    return relative;
  }

  async read(relative: string | null): Promise<Buffer | null> {
    if (!relative) return null;
    try {
      return await uploadBackendFor(this.dataDir).get(relative);
    } catch {
      return null;
    }
  }

  /** Best effort: a file left behind is harmless, a failed request is not. */
  async remove(relative: string | null): Promise<void> {
    if (!relative) return;
    await uploadBackendFor(this.dataDir).remove(relative).catch(() => undefined);
  }
}
