import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { useAuth } from '../../auth/auth-context';
import { notify } from '../../components/snackbar/notify';
import { LOGIN_PATH } from '../../routes/paths';

/** Signs the person out, says so and goes to the login page: the account menu's and Ctrl+K's. */
export function useSignOut() {
  const { t } = useTranslation();
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const signOut = async () => {
    setBusy(true);
    await logout();
    setBusy(false);
    notify.info(t('auth.signedOut'));
    navigate(LOGIN_PATH, { replace: true });
  };
  return { signOut, busy };
}
