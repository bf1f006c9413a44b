import type { ObjectStorage } from './object-storage.js';

export interface S3Options {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/**
 * Any S3 API: AWS, or a compatible server (MinIO, R2, s3rver in tests). The AWS SDK (tens of
 * MiB resident) loads only here, so a server on the embedded storage never carries it.
 */
export async function createS3Storage(o: S3Options): Promise<ObjectStorage> {
  const [{ DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client }, { createPresignedPost }, { getSignedUrl }] = await Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/s3-presigned-post'),
    import('@aws-sdk/s3-request-presigner'),
  ]);
  const client = new S3Client({
    region: o.region,
    endpoint: o.endpoint,
    forcePathStyle: o.forcePathStyle,
    ...(o.accessKeyId && o.secretAccessKey ? { credentials: { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey } } : {}),
  });
  return {
    kind: 's3',
    async createUploadPolicy({ key, contentType, maxBytes, expiresSeconds }) {
      const { url, fields } = await createPresignedPost(client, {
        Bucket: o.bucket,
        Key: key,
        Conditions: [
          ['eq', '$key', key],
          ['eq', '$Content-Type', contentType],
          ['content-length-range', 1, maxBytes],
        ],
        Fields: { 'Content-Type': contentType },
        Expires: expiresSeconds,
      });
      return { url, fields };
    },
    signedGetUrl(key, expiresSeconds) {
      return getSignedUrl(client, new GetObjectCommand({ Bucket: o.bucket, Key: key }), { expiresIn: expiresSeconds });
    },
    async head(key) {
      try {
        const res = await client.send(new HeadObjectCommand({ Bucket: o.bucket, Key: key }));
        return { size: Number(res.ContentLength ?? 0), contentType: res.ContentType };
      } catch {
        return undefined;
      }
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket: o.bucket, Key: key }));
    },
  };
}
