import type { FieldValues, Path, UseFormRegister, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client';

/** Puts a 422's field messages under the inputs; true when at least one field got one. */
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

/** register() for MUI TextFields: the ref goes to the input element. */
export function muiRegister<T extends FieldValues>(register: UseFormRegister<T>, name: Path<T>) {
  const { ref, ...rest } = register(name);
  return { ...rest, inputRef: ref };
}
