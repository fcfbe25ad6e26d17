import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { MSG } from '@comped/shared/messages';
import { HttpError } from '../lib/http-errors';

/** Turns every error into the shapes of decisions.md; a 5xx never carries internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      const body: Record<string, unknown> = { message: error.message };
      if (error.errors) body.errors = error.errors;
      return reply.code(error.statusCode).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const field = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || 'message';
        (errors[field] ??= []).push(issue.message ?? MSG.validationFailed);
      }
      const first = Object.values(errors)[0]?.[0] ?? MSG.validationFailed;
      return reply.code(422).send({ message: first, errors });
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_FILES_LIMIT') {
      return reply.code(413).send({ message: 'The file is too large.' });
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type): their message is safe to show.
      return reply.code(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: MSG.serverError });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ message: MSG.notFound });
  });
}
