import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { isSafeKey, type ObjectStorage } from './object-storage.js';

export interface PolicyDocument {
  expiration: string;
  key: string;
  contentType: string;
  maxBytes: number;
}

export function sign(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}

export function verifySignature(secret: string, value: string, signature: string): boolean {
  const expected = Buffer.from(sign(secret, value), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The embedded default: the server itself plays the S3 role at /storage, with the same rules a
 * real bucket enforces for a presigned POST (signed policy, expiry, exact key, size range, type).
 */
export function createEmbeddedStorage(options: { root: string; secret: string; baseUrl: string }): ObjectStorage & {
  root: string;
  secret: string;
  pathFor(key: string): string;
} {
  const { root, secret, baseUrl } = options;
  const pathFor = (key: string) => {
    if (!isSafeKey(key)) throw new Error('unsafe storage key');
    return path.join(root, key);
  };
  return {
    kind: 'embedded',
    root,
    secret,
    pathFor,
    async createUploadPolicy({ key, contentType, maxBytes, expiresSeconds }) {
      const doc: PolicyDocument = {
        expiration: new Date(Date.now() + expiresSeconds * 1000).toISOString(),
        key,
        contentType,
        maxBytes,
      };
      const policy = Buffer.from(JSON.stringify(doc)).toString('base64');
      return {
        url: `${baseUrl}/storage/upload`,
        fields: { key, 'Content-Type': contentType, Policy: policy, 'X-Amz-Signature': sign(secret, policy) },
      };
    },
    async signedGetUrl(key, expiresSeconds) {
      const expires = Math.floor(Date.now() / 1000) + expiresSeconds;
      const signature = sign(secret, `${key}\n${expires}`);
      return `${baseUrl}/storage/object/${key.split('/').map(encodeURIComponent).join('/')}?expires=${expires}&signature=${signature}`;
    },
    async head(key) {
      try {
        const meta = JSON.parse(await fs.readFile(`${pathFor(key)}.meta.json`, 'utf8')) as { contentType?: string };
        const stat = await fs.stat(pathFor(key));
        return { size: stat.size, contentType: meta.contentType };
      } catch {
        return undefined;
      }
    },
    async remove(key) {
      await fs.rm(pathFor(key), { force: true });
      await fs.rm(`${pathFor(key)}.meta.json`, { force: true });
    },
  };
}

export type EmbeddedStorage = ReturnType<typeof createEmbeddedStorage>;
