import type { LoginResponse } from '@comped/shared/schemas/session';
import type { BrandSignupInput } from '@comped/shared/validation/auth';
import { useMutation } from '@tanstack/react-query';

import { apiParse, lazySchema } from '../../../lib/api-client';
import { withoutEmptyFields } from '../lib/form-helpers';

const loginAnswerSchema = lazySchema(
  () => import('@comped/shared/schemas/session'),
  (m) => m.loginResponseSchema,
);

/** POST registerbrand {name, email, address, password, phones, zip}: answers signed in. */
export function registerBrand(body: BrandSignupInput): Promise<LoginResponse> {
  // Spec section 5: signup removes empty fields before sending.
  return apiParse('registerbrand', loginAnswerSchema, { method: 'POST', body: withoutEmptyFields(body) });
}

export function useRegisterBrand() {
  return useMutation({ mutationFn: registerBrand });
}
