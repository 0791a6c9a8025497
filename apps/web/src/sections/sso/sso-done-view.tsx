import type { AccountUser } from '@bo/contract/account';
import { SSO_API } from '@bo/contract/sso-paths';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useAuth } from '../../auth/auth-context';
import { safeReturnTo } from '../../auth/return-to';
import { usePageTitle } from '../../components/page-header/use-page-title';
import { notify } from '../../components/snackbar/notify';
import { http } from '../../lib/http';
import { AppLink, useAppNavigation } from '../../routes/app-navigation';
import { paths } from '../../routes/paths';

/** The refusals the server names (`?error=`), each explained on this page. */
const REASONS = [
  'provider_unknown',
  'provider_error',
  'state_invalid',
  'code_invalid',
  'email_missing',
  'email_unverified',
  'not_allowed',
  'suspended',
  'role_missing',
] as const;

/** One exchange per code, even when an effect runs twice (development's strict mode). */
const exchanged = new Map<string, Promise<{ accessToken: string; user: AccountUser }>>();

/**
 * /auth/sso/done — where single sign-on lands. `#code=…` (never sent to a server by the browser)
 * is traded once for the sign-in answer and removed from the address; `?error=…` is a clear page
 * saying why the sign-in was refused, with the way back to the sign-in page.
 */
export function SsoDoneView() {
  const { t } = useTranslation();
  const { startWith } = useAuth();
  const { navigate, search } = useAppNavigation();
  const [failed, setFailed] = useState<string | null>(() => {
    const error = new URLSearchParams(search).get('error');
    if (error) return (REASONS as readonly string[]).includes(error) ? error : 'provider_error';
    return null;
  });
  usePageTitle(failed ? t('auth.sso.refusedTitle') : t('auth.sso.signingIn'));

  useEffect(() => {
    if (failed) return;
    const fragment = new URLSearchParams(window.location.hash.slice(1));
    const code = fragment.get('code');
    const returnTo = fragment.get('returnTo');
    if (!code) {
      setFailed('code_invalid');
      return;
    }
    // The code stays out of the history and of any page opened from here.
    window.history.replaceState(null, '', window.location.pathname);
    let call = exchanged.get(code);
    if (!call) {
      call = http<{ accessToken: string; user: AccountUser }>(SSO_API.exchange, {
        method: 'POST',
        body: { code },
      });
      exchanged.set(code, call);
    }
    let current = true;
    call
      .then((answer) => {
        if (!current) return;
        startWith(answer);
        notify.success(t('auth.login.welcome'));
        navigate(safeReturnTo(returnTo), { replace: true });
      })
      .catch(() => current && setFailed('code_invalid'));
    return () => {
      current = false;
    };
  }, [failed, navigate, startWith, t]);

  if (!failed) {
    return (
      <Box sx={{ textAlign: 'center', py: 6 }} aria-busy="true">
        <CircularProgress aria-label={t('auth.sso.signingIn')} />
        <Typography sx={{ mt: 2, color: 'text.secondary' }}>{t('auth.sso.signingIn')}</Typography>
      </Box>
    );
  }
  return (
    <Box sx={{ textAlign: 'center' }} data-testid="sso-refused">
      <Typography variant="h5" component="h1" gutterBottom>
        {t('auth.sso.refusedTitle')}
      </Typography>
      <Typography role="alert" sx={{ color: 'text.secondary', mb: 3 }}>
        {t(`auth.sso.reasons.${failed}`)}
      </Typography>
      <Button component={AppLink} to={paths.auth.login} variant="contained" color="inherit">
        {t('auth.backToLogin')}
      </Button>
    </Box>
  );
}
