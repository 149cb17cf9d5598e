// Where uploaded files live. Local disk under DATA_DIR/uploads by default (one machine, or a shared
// filesystem for a fleet); an S3-compatible bucket when S3_BUCKET is configured (AWS S3, MinIO, Ceph,
// Garage, R2…), so several server processes on different machines share uploads without a shared disk.
// Keys are the same in both ('uploads/<folder>/<nutritionistId>/<name>'), so a practice can move from
// one to the other by copying the files.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';

export interface UploadBackend {
  readonly kind: 'disk' | 's3';
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

/** A stored key may never point outside the uploads folder (nor, on disk, outside DATA_DIR/uploads). */
function assertUploadKey(key: string) {
  if (!key.startsWith('uploads/') || key.split('/').some((part) => part === '..' || part === '')) throw new Error(`upload key outside the uploads folder: ${key}`);
}

export class DiskUploadBackend implements UploadBackend {
  readonly kind = 'disk' as const;
  constructor(private readonly dataDir: string) {}

  async put(key: string, bytes: Buffer): Promise<void> {
    const absolute = this.resolve(key);
    await fs.mkdir(path.dirname(absolute), { recursive: true });
    await fs.writeFile(absolute, bytes, { mode: 0o600 });
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await fs.readFile(this.resolve(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.resolve(key), { force: true });
  }

  private resolve(key: string): string {
    assertUploadKey(key);
    const root = path.resolve(this.dataDir, 'uploads');
    const absolute = path.resolve(this.dataDir, key);
    if (!absolute.startsWith(root + path.sep)) throw new Error(`upload path outside the uploads folder: ${key}`);
    return absolute;
  }
}

export interface S3UploadConfig {
  bucket: string;
  region: string;
  /** For S3-compatible servers (MinIO, Ceph, Garage…); absent for AWS. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style addressing (http://host/bucket/key), which most self-hosted servers need. */
  forcePathStyle: boolean;
  /** Prepended to every key, so one bucket can hold several installs. */
  prefix: string;
}

type S3Sdk = typeof import('@aws-sdk/client-s3');

/** The AWS SDK is loaded only when S3 is configured: the default (disk) install never pays for it. */
export async function createS3UploadBackend(config: S3UploadConfig): Promise<S3UploadBackend> {
  return new S3UploadBackend(config, await import('@aws-sdk/client-s3'));
}

export class S3UploadBackend implements UploadBackend {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  constructor(
    private readonly config: S3UploadConfig,
    private readonly sdk: S3Sdk,
  ) {
    this.client = new sdk.S3Client({
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      ...(config.accessKeyId && config.secretAccessKey ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } } : {}),
      // Checksums only where S3 requires them: several S3-compatible servers reject the SDK's default
      // CRC32 trailers, and the bytes are re-encoded images we hold in memory anyway.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private key(key: string) {
    assertUploadKey(key);
    return `${this.config.prefix}${key}`;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(new this.sdk.PutObjectCommand({ Bucket: this.config.bucket, Key: this.key(key), Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      const answer = await this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.config.bucket, Key: this.key(key) }));
      if (!answer.Body) return null;
      return Buffer.from(await answer.Body.transformToByteArray());
    } catch (error) {
      if (error instanceof this.sdk.NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.config.bucket, Key: this.key(key) }));
  }

  destroy() {
    this.client.destroy();
  }
}

// The backend of each data directory. Upload stores are built from DATA_DIR all over the modules; the
// app registers its backend for its DATA_DIR once at start, so they need no other wiring. Keyed by the
// directory (not one global) because tests run several apps, each with its own DATA_DIR, in one process.
const backends = new Map<string, UploadBackend>();

export function registerUploadBackend(dataDir: string, backend: UploadBackend): void {
  backends.set(path.resolve(dataDir), backend);
}

export function unregisterUploadBackend(dataDir: string): void {
  backends.delete(path.resolve(dataDir));
}

export function uploadBackendFor(dataDir: string): UploadBackend {
  return backends.get(path.resolve(dataDir)) ?? new DiskUploadBackend(dataDir);
}
