import { Outlet, useLocation } from 'react-router';

import { AuthFrame } from './auth-frame';

/** The auth pages' layout inside the router. */
export function AuthLayout() {
  // A newcomer is welcomed, not welcomed back.
  const joining = useLocation().pathname.includes('/register');
  return (
    <AuthFrame joining={joining}>
      <Outlet />
    </AuthFrame>
  );
}
