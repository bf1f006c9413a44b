import { apiErrorCodeOf, type ApiErrorCode, apiErrors, apiErrorStatus } from '@market/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** The codes and their statuses live in packages/shared (errors.ts), so the web app reads the same list. */
export const errorStatus = apiErrorStatus;
export type ErrorCode = ApiErrorCode;

export type FieldErrorMap = Record<string, string[]>;

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Field errors in the DRF shape; `non_field_errors` for errors about the whole request. */
    readonly fields?: FieldErrorMap,
    /** Extra members beside `detail`, e.g. the names an import refused. */
    readonly extra?: Record<string, unknown>,
    /** Response headers that belong to the error, e.g. `retry-after` on a 429. */
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.status = errorStatus[code];
  }

  /** A 429 telling the client how many seconds to wait (Retry-After). */
  static rateLimited(message: string, retryAfterSeconds: number): AppError {
    return new AppError('RATE_LIMITED', message, undefined, undefined, { 'retry-after': String(retryAfterSeconds) });
  }

  static fields(fields: FieldErrorMap): AppError {
    return new AppError('VALIDATION', apiErrors.validationFailed, fields);
  }

  /** Body as Django REST framework shapes it (field map when there is one, else `detail`), with the code. */
  toBody(): Record<string, unknown> {
    return this.fields ? { ...this.fields, code: this.code } : { detail: this.message, code: this.code, ...this.extra };
  }
}

function zodIssuesToFields(issues: ReadonlyArray<{ instancePath?: string; message?: string; params?: unknown }>): FieldErrorMap {
  const fields: FieldErrorMap = {};
  for (const issue of issues) {
    const key = (issue.instancePath ?? '').replace(/^\//, '').split('/')[0] || 'non_field_errors';
    (fields[key] ??= []).push(issue.message ?? 'Invalid value.');
  }
  return fields;
}

const CUT_OFF_MULTIPART = /^(?:Unexpected end of multipart data|(?:Part|Preamble) terminated early due to unexpected end of multipart data)$/;

/** One error handler: DRF-like bodies, no stack traces, 5xx logged. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.status).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send({ ...zodIssuesToFields(error.validation), code: 'VALIDATION' });
    }
    // A multipart body that ends before its closing boundary (a cut-off upload): busboy fails the
    // form and the part being read with plain Errors, and a route reading the part's stream meets
    // it closed early, whichever comes first. Routes act only on a whole form, so nothing was saved.
    const cutOff = error.code === 'ERR_STREAM_PREMATURE_CLOSE' || (!error.code && CUT_OFF_MULTIPART.test(error.message));
    if (cutOff && request.isMultipart()) {
      return reply.status(400).send({ detail: apiErrors.uploadIncomplete, code: 'MALFORMED_BODY' });
    }
    // A multipart body without its boundary: busboy refuses it with a plain Error.
    const badMultipart = error.message === 'Multipart: Boundary not found';
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || badMultipart) {
      return reply.status(400).send({ detail: apiErrors.malformedBody, code: 'MALFORMED_BODY' });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send({ detail: 'Request body is too large.', code: 'TOO_LARGE' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ detail: 'Unsupported media type.', code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
    // PostgreSQL gave up a transaction to a concurrent one (deadlock or serialization):
    // nothing was written, and the client may retry.
    const sqlState = (error as { code?: unknown }).code;
    if (sqlState === '40P01' || sqlState === '40001') {
      return reply.status(409).send({ detail: 'Another change to the same data happened at the same time. Please try again.', code: 'CONCURRENT_CHANGE' });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.status(429).send({ detail: apiErrors.tooManyRequests, code: 'RATE_LIMITED' });
    if (status >= 400 && status < 500) return reply.status(status).send({ detail: error.message, code: apiErrorCodeOf(status) });
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ detail: apiErrors.internal, code: 'INTERNAL' });
  });
}
