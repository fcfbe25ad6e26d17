import { SettingsForm } from '../../features/settings/components/settings-form';

export function SettingsRoute() {
  return <SettingsForm />;
}
