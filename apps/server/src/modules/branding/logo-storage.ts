// The nutritionist's logo: PNG (the format pdfkit draws, transparency kept) of at most 600×300 under
// DATA_DIR/uploads/logos/ (lib/uploads). Only PNG or JPEG are accepted, the two formats pdfkit can read.
import { reencodeImage, UploadStore } from '../../lib/uploads.js';

export const LOGO_MAX_WIDTH = 600;
export const LOGO_MAX_HEIGHT = 300;

/** PNG of the logo; null when the bytes are not a decodable PNG or JPEG. */
export function toStoredLogo(bytes: Buffer): Promise<Buffer | null> {
  // A logo is small; anything bigger than 40 MP is a decompression bomb, not a logo.
  return reencodeImage(bytes, { accept: ['png', 'jpeg'], maxWidth: LOGO_MAX_WIDTH, maxHeight: LOGO_MAX_HEIGHT, output: { format: 'png' }, maxInputPixels: 40_000_000 });
}

export class LogoStore extends UploadStore {
  constructor(dataDir: string) {
    super(dataDir, 'logos', 'png');
  }
}
