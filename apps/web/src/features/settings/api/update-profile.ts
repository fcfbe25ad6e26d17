import { useMutation } from '@tanstack/react-query';
import type { SessionUser } from '@comped/shared/schemas/session';
import type { PasswordChangeInput, SettingsInput } from '@comped/shared/validation/auth';
import { api } from '../../../lib/api-client';

/** PUT profile: `{name, email}` or `{password, password_confirmation}`; answers the session user. */
export function updateProfile(body: SettingsInput | PasswordChangeInput): Promise<SessionUser> {
  return api<{ data: SessionUser }>('profile', { method: 'PUT', body }).then((r) => r.data);
}

export function useUpdateProfile() {
  return useMutation({ mutationFn: updateProfile });
}
