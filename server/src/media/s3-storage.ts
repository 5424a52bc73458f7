import { Readable } from 'node:stream';
import { assertSafeKey, type Storage } from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** For S3-compatible stores (MinIO, Ceph, R2…); AWS itself needs none. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

/** "bytes 0-99/1234" → its parts. */
function parseContentRange(
  header: string | undefined,
): { start: number; end: number; size: number } | undefined {
  const match = header ? /^bytes (\d+)-(\d+)\/(\d+)$/.exec(header) : null;
  if (!match) return undefined;
  return { start: Number(match[1]), end: Number(match[2]), size: Number(match[3]) };
}

/**
 * Media in an S3 bucket. Browsers still load them from /media/<key> on our own origin (see
 * media/routes.ts), so their headers and sandbox stay ours and the bucket can stay private.
 */
export async function createS3Storage(options: S3StorageOptions): Promise<Storage> {
  // The SDK loads only here (STORAGE=s3): it took 0.2 s of every start.
  const {
    DeleteObjectCommand,
    GetObjectCommand,
    HeadObjectCommand,
    PutObjectCommand,
    S3Client,
    S3ServiceException,
  } = await import('@aws-sdk/client-s3');
  const isMissing = (error: unknown) =>
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    // Self-hosted stores serve buckets by path, not by sub-domain.
    forcePathStyle: Boolean(options.endpoint),
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: several S3-compatible stores reject the newer
    // default (streamed trailing checksums).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;

  return {
    url: (key) => `/media/${key}`,

    async put(key, body, contentType, size) {
      assertSafeKey(key);
      const length = Buffer.isBuffer(body) ? body.length : size;
      // A stream is sent as it is read; S3 needs its length before the first byte.
      if (length === undefined) throw new Error('S3 storage needs the size of a streamed object');
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentLength: length,
          ContentType: contentType,
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },

    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async exists(key) {
      assertSafeKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async open(key, range) {
      assertSafeKey(key);
      try {
        const object = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
          }),
        );
        if (!(object.Body instanceof Readable)) throw new Error('S3 returned no readable body');
        const length = object.ContentLength ?? 0;
        const returned = parseContentRange(object.ContentRange);
        return {
          body: object.Body,
          length,
          size: returned?.size ?? length,
          range: returned ? { start: returned.start, end: returned.end } : undefined,
        };
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
  };
}
