import { NotificationsView } from '../../sections/notifications/notifications-view';

/** /dashboard/notifications — all of the signed-in person's notifications. */
export function Component() {
  return <NotificationsView />;
}
