import type { LoginInput } from '@comped/shared/validation/auth';
import { loginSchema } from '@comped/shared/validation/auth';

export type LoginField = 'email' | 'password';
export type LoginErrors = Partial<Record<LoginField, string>>;

/**
 * The login form's rules (the shared zod schema), loaded on first focus of the form so zod stays out
 * of /login's first download: the parsed values (email trimmed and lower-cased), or the first message
 * of each field, as react-hook-form's zod resolver gives them on the other forms.
 */
export function validateLogin(values: LoginInput): { values: LoginInput; errors?: never } | { errors: LoginErrors } {
  const result = loginSchema.safeParse(values);
  if (result.success) return { values: result.data };
  const errors: LoginErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}
