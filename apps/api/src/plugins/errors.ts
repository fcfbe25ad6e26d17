import type { IncomingMessage, ServerResponse } from 'node:http';

import type { ErrorBody } from '@comped/shared/error-codes';
import { defaultErrorCode } from '@comped/shared/error-codes';
import { MSG } from '@comped/shared/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

import { AppError } from '../lib/app-error';
import { DATABASE_RETRY_AFTER_S, databaseErrorCode, isDatabaseUnavailable } from '../lib/database-errors';

/**
 * Turns every error into the shapes of decisions.md, `{message, code, errors?}` with a code from
 * packages/shared error-codes.ts; a 5xx never carries internals.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (!request.raw.complete && request.headers['content-type']?.toLowerCase().startsWith('multipart/')) {
      lingerThenClose(request.raw, reply.raw);
    }
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      const body: ErrorBody = { message: error.message, code: error.code };
      if (error.errors) body.errors = error.errors;
      return reply.code(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path id that is not a row id (text, 0, past the integer range) names nothing: 404.
      if ((error as { validationContext?: string }).validationContext === 'params') {
        return reply.code(404).send({ message: MSG.notFound, code: 'not_found' } satisfies ErrorBody);
      }
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || 'message';
        (errors[field] ??= []).push(issue.message ?? MSG.validationFailed);
      }
      const first = Object.values(errors)[0]?.[0] ?? MSG.validationFailed;
      return reply.code(422).send({ message: first, code: 'validation_failed', errors } satisfies ErrorBody);
    }
    if (isBrokenMultipart(error)) {
      return reply.code(400).send({ message: MSG.uploadUnreadable, code: 'upload_unreadable' } satisfies ErrorBody);
    }
    const pgCode = databaseErrorCode(error);
    if (pgCode === '22003') {
      // A number past its column's range (an id in a body or query): it names no row.
      return reply.code(404).send({ message: MSG.notFound, code: 'not_found' } satisfies ErrorBody);
    }
    if (pgCode === '22021' || pgCode === '22P05') {
      // A NUL character that slipped past the request rules: PostgreSQL refuses it in text.
      const body: ErrorBody = { message: MSG.controlCharacters, code: 'validation_failed' };
      return reply.code(422).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_FILES_LIMIT') {
      return reply.code(413).send({ message: MSG.fileTooLarge, code: 'payload_too_large' } satisfies ErrorBody);
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type): their message is safe to show.
      return reply.code(status).send({ message: error.message, code: defaultErrorCode(status) } satisfies ErrorBody);
    }
    if (isDatabaseUnavailable(error)) {
      // An outage, not a bug: clients and proxies may retry (decisions.md, "API conventions").
      request.log.warn({ err: { message: error.message } }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_S))
        .send({ message: MSG.serviceUnavailable, code: 'database_unavailable' } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: MSG.serverError, code: 'server_error' } satisfies ErrorBody);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ message: MSG.notFound, code: 'not_found' } satisfies ErrorBody);
  });
}

/** How much of a refused upload's remaining body is discarded, and for how long, before closing. */
const LINGER_BYTES = 4 * 1024 * 1024;
const LINGER_MS = 5000;

/**
 * An upload refused before its body was read (who may upload is checked first, issue 11): once the
 * answer is out, the rest of the body is discarded unparsed for a short while, so the client can
 * read the answer, and then the connection is closed instead of reading the whole body (a lingering
 * close: closing at once could reset the connection before the client reads the answer). A body
 * that ends in the meantime leaves the connection open for the next request.
 */
function lingerThenClose(raw: IncomingMessage, res: ServerResponse): void {
  res.once('finish', () => {
    if (raw.complete) return;
    let discarded = 0;
    // Requests injected in tests (light-my-request) have a stand-in socket without destroy().
    const close = () => {
      if (typeof raw.socket?.destroy === 'function') raw.socket.destroy();
    };
    const timer = setTimeout(close, LINGER_MS);
    timer.unref();
    raw.once('end', () => clearTimeout(timer));
    raw.unpipe();
    raw.on('data', (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > LINGER_BYTES) {
        clearTimeout(timer);
        close();
      }
    });
    raw.resume();
  });
}

/**
 * Busboy's errors for a multipart body it cannot read (no boundary, never closed, bad headers, a
 * part cut off: a handler reading a file part when the body ends gets the part's own error).
 */
function isBrokenMultipart(error: Error): boolean {
  if ((error as { statusCode?: number }).statusCode) return false;
  return /^(Multipart: Boundary not found|Unexpected end of (form|file)|Malformed part header|Malformed urlencoded form|Unexpected end of multipart data|(Part|Preamble) terminated early)/.test(
    error.message,
  );
}
