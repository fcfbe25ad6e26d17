import { LIMITS } from '@comped/shared/limits';
import { MSG } from '@comped/shared/messages';
import { hasControlCharacters } from '@comped/shared/validation/fields';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { AppError, appError } from '../lib/app-error';

/**
 * Bad input is a 4xx, never a 500 (issue 11): before any route validates or recurses into a body,
 * JSON nested deeper than LIMITS.jsonDepth is refused, and so is a control character (NUL, which
 * PostgreSQL refuses, and the other C0 controls but tab and line breaks) in any string of the body
 * or the query. The walk is iterative, so depth cannot overflow the stack here.
 */
export function registerRequestHygiene(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    checkValue(request.query, 'query');
    checkValue(request.body, 'body');
  });
}

export function checkValue(root: unknown, _where: string): void {
  if (root === null || typeof root !== 'object') {
    if (typeof root === 'string' && hasControlCharacters(root)) throw controlError('message');
    return;
  }
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: root, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (hasControlCharacters(value)) throw controlError(path || 'message');
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= LIMITS.jsonDepth) throw appError('body_too_deep');
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      if (hasControlCharacters(key)) throw controlError(path || 'message');
      stack.push({ value: child, path: path ? `${path}.${key}` : key, depth: depth + 1 });
    }
  }
}

function controlError(field: string): AppError {
  return appError('validation_failed', { field, message: MSG.controlCharacters });
}
