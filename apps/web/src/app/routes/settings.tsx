import { NotificationPreferencesSection } from '../../features/notifications/components/notification-preferences-section';
import { CalendarFeedSetting } from '../../features/settings/components/calendar-feed-setting';
import { PushSetting } from '../../features/settings/components/push-setting';
import { SettingsForm } from '../../features/settings/components/settings-form';
import { useUser } from '../../lib/use-session';

/** /settings: the account, notifications (by e-mail, and on this device), and the calendar feed (not for staff). */
export function SettingsRoute() {
  const user = useUser();
  const staff = user.profile.type === 'staff';
  return (
    <SettingsForm>
      {staff ? null : (
        <>
          <NotificationPreferencesSection />
          <PushSetting />
          <CalendarFeedSetting />
        </>
      )}
    </SettingsForm>
  );
}
