import { SystemView } from '../../../sections/admin/system-view';

/** /dashboard/admin/system — needs `admin:area` (administrators); others get permission-denied. */
export function Component() {
  return <SystemView />;
}
