import { NotificationPreferencesSection } from '../../features/notifications/components/notification-preferences-section';
import { SettingsForm } from '../../features/settings/components/settings-form';
import { useUser } from '../../lib/use-session';

export function SettingsRoute() {
  const user = useUser();
  return (
    <>
      <SettingsForm />
      {user.profile.type !== 'staff' && <NotificationPreferencesSection />}
    </>
  );
}
