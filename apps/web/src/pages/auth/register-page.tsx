import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';

import { useAuth } from '../../auth/auth-context';
import { safeReturnTo } from '../../auth/return-to';
import { LoadingScreen } from '../../components/loading-screen/loading-screen';
import { RegisterView } from '../../sections/auth/register-view';

/**
 * /auth/register — a guest page: signed-in people are sent on, like GuestGuard does, except
 * while a sign-up is under way (it signs the person in, and the view then goes to /auth/verify).
 */
export function Component() {
  const { isInitialized, isAuthenticated } = useAuth();
  const [params] = useSearchParams();
  const [submitting, setSubmitting] = useState(false);
  if (!isInitialized) return <LoadingScreen fullScreen />;
  if (isAuthenticated && !submitting) {
    return <Navigate to={safeReturnTo(params.get('returnTo'))} replace />;
  }
  return <RegisterView onSubmitting={setSubmitting} />;
}
