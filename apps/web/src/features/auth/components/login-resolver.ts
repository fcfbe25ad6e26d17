import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema } from '@comped/shared/validation/auth';

/** The login form's validation, loaded on first use (lib/lazy-resolver.ts): zod stays out of /login's first download. */
export const loginResolver = zodResolver(loginSchema);
