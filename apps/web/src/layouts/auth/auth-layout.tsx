import { Outlet, useLocation } from 'react-router';

import { AuthFrame, greetingOf } from './auth-frame';

/** The auth pages' layout inside the router. */
export function AuthLayout() {
  const greeting = greetingOf(useLocation().pathname);
  return (
    <AuthFrame greeting={greeting}>
      <Outlet />
    </AuthFrame>
  );
}
