import { CalendarFeedSetting } from '../../features/settings/components/calendar-feed-setting';
import { PushSetting } from '../../features/settings/components/push-setting';
import { SettingsForm } from '../../features/settings/components/settings-form';
import { useUser } from '../../lib/use-session';

/** /settings: the account, notifications on this device, and the calendar feed (not for staff). */
export function SettingsRoute() {
  const user = useUser();
  const staff = user.profile.type === 'staff';
  return (
    <SettingsForm>
      {staff ? null : (
        <>
          <PushSetting />
          <CalendarFeedSetting />
        </>
      )}
    </SettingsForm>
  );
}
