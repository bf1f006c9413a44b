import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { noContent, storedObjectBody } from '@market/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';
import { wholeMultipart } from '../lib/multipart.js';
import { type EmbeddedStorage, type PolicyDocument, verifySignature } from './embedded-storage.js';
import { isSafeKey, STORED_CONTENT_TYPES } from './object-storage.js';

const denied = (message: string) => new AppError('FORBIDDEN', message);

function readPolicy(storage: EmbeddedStorage, policy: string | undefined, signature: string | undefined): PolicyDocument {
  if (!policy || !signature || !/^[0-9a-f]{64}$/.test(signature) || !verifySignature(storage.secret, policy, signature)) {
    throw denied('The upload policy signature does not match.');
  }
  const doc = JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as PolicyDocument;
  if (!(Date.parse(doc.expiration) > Date.now())) throw denied('The upload policy has expired.');
  return doc;
}

/** Parses a single "bytes=a-b" range against a size; undefined when absent or unusable. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'invalid' | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (m[1] === '') {
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  return start > end || start >= size ? 'invalid' : { start, end };
}

/** The embedded S3 role: presigned POST uploads (answering 204 like S3) and signed, rangeable GETs. */
export async function storageRoutes(app: FastifyInstance, { storage }: { storage: EmbeddedStorage }) {
  app.post('/storage/upload', { schema: { hide: true, response: { 204: noContent } } }, async (request, reply) => {
    if (!request.isMultipart()) throw AppError.fields({ file: ['Expected a multipart form upload.'] });
    const fields: Record<string, string> = {};
    let stored = false;
    for await (const part of wholeMultipart(request)) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (stored) {
        part.file.resume();
        continue;
      }
      // As on S3, every field must come before the file, and the policy decides everything.
      const doc = readPolicy(storage, fields.Policy, fields['X-Amz-Signature']);
      const key = fields.key ?? '';
      if (key !== doc.key || !isSafeKey(key)) throw denied('The key is not the one this policy allows.');
      const contentType = fields['Content-Type'] ?? '';
      if (contentType !== doc.contentType || !STORED_CONTENT_TYPES.includes(contentType)) {
        throw denied('The content type is not allowed by this policy.');
      }
      const target = storage.pathFor(key);
      if (await fs.stat(target).then(() => true, () => false)) throw denied('This upload policy was already used.');
      const data = await part.toBuffer();
      if (data.length === 0 || data.length > doc.maxBytes) {
        throw new AppError('VALIDATION', 'Your proposed upload is outside the allowed size range.', { file: ['Your proposed upload is outside the allowed size range.'] });
      }
      await fs.mkdir(target.slice(0, target.lastIndexOf('/')), { recursive: true });
      const temp = `${target}.${process.pid}.part`;
      await fs.writeFile(temp, data);
      await fs.writeFile(`${target}.meta.json`, JSON.stringify({ contentType, size: data.length }));
      await fs.rename(temp, target);
      stored = true;
    }
    if (!stored) throw AppError.fields({ file: ['No file was sent.'] });
    return reply.status(204).send();
  });

  app.get('/storage/object/*', { schema: { hide: true, response: { 200: storedObjectBody, 206: storedObjectBody, 416: noContent } } }, async (request, reply) => {
    const key = decodeURIComponent((request.params as { '*': string })['*']);
    const { expires, signature } = request.query as { expires?: string; signature?: string };
    const expiresAt = Number(expires);
    if (!isSafeKey(key) || !signature || !/^[0-9a-f]{64}$/.test(signature) || !Number.isInteger(expiresAt)) {
      throw denied('This link is not valid.');
    }
    if (!verifySignature(storage.secret, `${key}\n${expiresAt}`, signature)) throw denied('This link is not valid.');
    if (expiresAt * 1000 < Date.now()) throw denied('This link has expired.');
    const head = await storage.head(key);
    if (!head) throw new AppError('NOT_FOUND', 'Not found.');
    reply
      .header('Accept-Ranges', 'bytes')
      .header('Cache-Control', 'private, max-age=300')
      .type(head.contentType ?? 'application/octet-stream');
    const range = parseRange(request.headers.range, head.size);
    if (range === 'invalid') return reply.status(416).header('Content-Range', `bytes */${head.size}`).send();
    if (range) {
      reply.status(206).header('Content-Range', `bytes ${range.start}-${range.end}/${head.size}`).header('Content-Length', range.end - range.start + 1);
      return reply.send(createReadStream(storage.pathFor(key), { start: range.start, end: range.end }));
    }
    reply.header('Content-Length', head.size);
    return reply.send(createReadStream(storage.pathFor(key)));
  });
}
