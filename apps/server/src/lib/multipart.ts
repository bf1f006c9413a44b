import { apiErrors } from '@market/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';

/**
 * Watches a multipart body's bytes for its closing delimiter (`--boundary--`, at the start of the
 * body or after a line break: a part's content can never hold a line break followed by the
 * boundary). Call before the body is read.
 */
function closingDelimiterSeen(request: FastifyRequest): () => boolean {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(request.headers['content-type'] ?? '');
  const boundary = match?.[1] ?? match?.[2];
  // Without a boundary the parser itself refuses the body.
  if (!boundary) return () => true;
  const first = Buffer.from(`--${boundary}--`);
  const later = Buffer.from(`\r\n--${boundary}--`);
  let seen = false;
  let start = Buffer.alloc(0);
  let tail = Buffer.alloc(0);
  const raw = request.raw;
  const onData = (chunk: Buffer) => {
    if (start.length < first.length) start = Buffer.concat([start, chunk.subarray(0, first.length - start.length)]);
    const window = Buffer.concat([tail, chunk]);
    if (start.equals(first) || window.includes(later)) {
      seen = true;
      raw.off('data', onData);
      return;
    }
    tail = window.subarray(Math.max(0, window.length - later.length + 1));
  };
  raw.on('data', onData);
  // Listening starts the flow; paused until the parser pipes the body (which resumes it), so it misses nothing.
  raw.pause();
  return () => seen;
}

/**
 * The parts of a multipart request, refusing a body cut off before its closing delimiter. The
 * plugin ends the parts quietly when the body stops between parts or inside a field, so a route
 * would otherwise act on the parts that did arrive; a cut inside a file fails reading that file
 * instead, which the error handler answers the same way.
 */
export async function* wholeMultipart(request: FastifyRequest) {
  const closed = closingDelimiterSeen(request);
  for await (const part of request.parts()) yield part;
  if (!closed()) throw new AppError('MALFORMED_BODY', apiErrors.uploadIncomplete);
}
