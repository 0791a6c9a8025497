import { MaintenanceView } from '../../sections/public/maintenance-view';

/** /maintenance */
export function Component() {
  return <MaintenanceView />;
}
