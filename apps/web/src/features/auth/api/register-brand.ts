import type { LoginResponse } from '@comped/shared/schemas/session';
import type { BrandSignupInput } from '@comped/shared/validation/auth';
import { useMutation } from '@tanstack/react-query';

import { apiParse } from '../../../lib/api-client';
import { withoutEmptyFields } from '../lib/form-helpers';

/** POST registerbrand {name, email, address, password, phones, zip}: answers signed in. */
export function registerBrand(body: BrandSignupInput): Promise<LoginResponse> {
  // Spec section 5: signup removes empty fields before sending.
  return apiParse('registerbrand', 'login', { method: 'POST', body: withoutEmptyFields(body) });
}

export function useRegisterBrand() {
  return useMutation({ mutationFn: registerBrand });
}
