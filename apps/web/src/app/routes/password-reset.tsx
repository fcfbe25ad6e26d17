import { PasswordResetForm } from '../../features/auth/components/password-reset-form';

export function PasswordResetRoute() {
  return <PasswordResetForm />;
}
