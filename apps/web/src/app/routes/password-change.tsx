import { PasswordChangeForm } from '../../features/settings/components/password-change-form';

export function PasswordChangeRoute() {
  return <PasswordChangeForm />;
}
