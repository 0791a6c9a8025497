import { JobsView } from '../../../sections/jobs/jobs-view';

/** /dashboard/admin/jobs — needs `admin:jobs` (administrators); others get permission-denied. */
export function Component() {
  return <JobsView />;
}
