import { OutboxPage } from '../../features/admin/components/outbox-page';

export function AdminOutboxRoute() {
  return <OutboxPage />;
}
