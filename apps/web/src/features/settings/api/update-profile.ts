import type { SessionUser } from '@comped/shared/schemas/session';
import type { PasswordChangeInput, SettingsInput } from '@comped/shared/validation/auth';
import { useMutation } from '@tanstack/react-query';

import { apiParse } from '../../../lib/api-client';

/** PUT profile: `{name, email}` or `{password, password_confirmation}`; answers the session user. */
export async function updateProfile(body: SettingsInput | PasswordChangeInput): Promise<SessionUser> {
  return (await apiParse('profile', 'profile', { method: 'PUT', body })).data;
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
