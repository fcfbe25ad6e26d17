import type { FieldValues, Path, UseFormRegister, UseFormSetError } from 'react-hook-form';

import { ApiError } from './api-client';

/**
 * Puts a 422's field messages under the matching inputs. Answers true when at least one field got
 * a message; the caller shows anything else in a general alert.
 */
export function applyServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): boolean {
  if (!(err instanceof ApiError) || !err.isValidation) return false;
  let placed = false;
  for (const field of fields) {
    const message = err.field(field);
    if (message) {
      setError(field, { type: 'server', message }, { shouldFocus: !placed });
      placed = true;
    }
  }
  return placed;
}

export function errorMessage(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.message ? err.message : fallback;
}

/** register() for MUI TextFields: the ref goes to the input element, so focus-on-error works. */
export function muiRegister<T extends FieldValues>(register: UseFormRegister<T>, name: Path<T>) {
  const { ref, ...rest } = register(name);
  return { ...rest, inputRef: ref };
}
