import { AdminTokensView } from '../../../sections/tokens/admin-tokens-view';

/** /dashboard/admin/tokens — needs `tokens:manage` (administrators); others get permission-denied. */
export function Component() {
  return <AdminTokensView />;
}
