import type { AccountUser } from '@bo/contract/account';
import type { InvitationPreview } from '@bo/contract/invitations';
import { INVITATIONS_API } from '@bo/contract/invitations-paths';
import MarkEmailReadRounded from '@mui/icons-material/MarkEmailReadRounded';
import LinkOffRounded from '@mui/icons-material/LinkOffRounded';
import Box from '@mui/material/Box';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { useAuth } from '../../auth/auth-context';
import { LightField } from '../../components/form/light-field';
import { usePageTitle } from '../../components/page-header/use-page-title';
import { http, isHttpError } from '../../lib/http';
import { AppLink, useAppNavigation } from '../../routes/app-navigation';
import { paths } from '../../routes/paths';
import { authErrorMessage, serverFieldErrors } from '../auth/auth-errors';
import {
  AuthFormHead,
  AuthServerError,
  AuthSubmitButton,
  authBackLinkSx,
} from '../auth/auth-form-parts';
import { LightPasswordField } from '../auth/light-password-field';
import { SsoButtons } from '../auth/sso-buttons';
import { PASSWORD_MIN, passwordIsEmail } from '../auth/password-policy';
import { PasswordPolicyList } from '../auth/password-policy-list';

type Field = 'firstName' | 'lastName' | 'password' | 'confirm';
const FIELDS = ['firstName', 'lastName', 'password'] as const;

/** The invitation's token: the last part of `/auth/invite/:token`. */
export const inviteTokenOf = (pathname: string) =>
  decodeURIComponent(/\/auth\/invite\/([^/]+)\/?$/.exec(pathname)?.[1] ?? '');

/** A loading placeholder's look. */
const placeholder = { bgcolor: 'action.hover', borderRadius: 1 } as const;

/** The link's state as the page shows it: what it is for, or why it no longer works. */
type Loaded =
  | { kind: 'loading' }
  | { kind: 'gone'; reason: 'unknown' | 'revoked' | 'expired' | 'accepted' }
  | { kind: 'ready'; invitation: InvitationPreview };

/**
 * /auth/invite/:token — the link of an invitation mail: who invited whom with which role, then
 * a name and a password; the answer signs the person in (verified and approved) and the dashboard
 * opens. A revoked, expired, used or unknown link says so, with the way to sign in. Plain calls
 * (no Redux store), as the other auth pages, to stay light.
 */
export function AcceptInvitationView() {
  const { t } = useTranslation();
  const { pathname, navigate } = useAppNavigation();
  const token = inviteTokenOf(pathname);
  const { startWith } = useAuth();
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [values, setValues] = useState({ firstName: '', lastName: '', password: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  usePageTitle(t('auth.invite.title'));

  useEffect(() => {
    let cancelled = false;
    http<{ invitation: InvitationPreview }>(INVITATIONS_API.preview(token))
      .then(({ invitation }) => {
        if (cancelled) return;
        setLoaded(
          invitation.state === 'pending'
            ? { kind: 'ready', invitation }
            : { kind: 'gone', reason: invitation.state },
        );
      })
      .catch(() => {
        if (!cancelled) setLoaded({ kind: 'gone', reason: 'unknown' });
      });
    return () => {
      cancelled = true;
    };
  }, [token]);

  if (loaded.kind === 'loading') {
    return (
      <Box aria-busy="true" aria-label={t('auth.invite.loading')} role="status">
        {/* Plain shapes where the icon, the title and two fields will be (MUI's Skeleton is
            1.3 KiB of this page's budget). */}
        <Box
          sx={{ ...placeholder, width: 72, height: 72, borderRadius: '50%', mx: 'auto', mb: 2 }}
        />
        <Box sx={{ ...placeholder, height: 32 }} />
        <Box sx={{ ...placeholder, height: 56, mt: 3 }} />
        <Box sx={{ ...placeholder, height: 56, mt: 3 }} />
      </Box>
    );
  }

  if (loaded.kind === 'gone') {
    return (
      <Box data-testid="invitation-gone" data-reason={loaded.reason}>
        <AuthFormHead
          id="invite-title"
          icon={LinkOffRounded}
          title={t(`auth.invite.gone.${loaded.reason}.title`)}
          intro={t(`auth.invite.gone.${loaded.reason}.text`)}
        />
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <Box component={AppLink} to={paths.auth.login} sx={authBackLinkSx}>
            {t('auth.backToLogin')}
          </Box>
        </Box>
      </Box>
    );
  }

  const { invitation } = loaded;
  const set = (name: Field) => (e: { target: { value: string } }) => {
    setValues((prev) => ({ ...prev, [name]: e.target.value }));
    setErrors((prev) => ({ ...prev, [name]: undefined }));
  };

  const check = (): Partial<Record<Field, string>> => {
    const found: Partial<Record<Field, string>> = {};
    if (!values.firstName.trim()) found.firstName = t('errors.field.required');
    if (!values.lastName.trim()) found.lastName = t('errors.field.required');
    if (values.password.length < PASSWORD_MIN)
      found.password = t('errors.field.too_small', { minimum: PASSWORD_MIN });
    else if (passwordIsEmail(values.password, invitation.email))
      found.password = t('errors.field.password_is_email');
    if (values.confirm !== values.password) found.confirm = t('errors.field.password_mismatch');
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const found = check();
    setErrors(found);
    const first = (['firstName', 'lastName', 'password', 'confirm'] as const).find((f) => found[f]);
    if (first) {
      document.getElementById(`invite-${first}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const answer = await http<{ accessToken: string; user: AccountUser }>(
        INVITATIONS_API.accept,
        {
          body: {
            token,
            password: values.password,
            firstName: values.firstName.trim(),
            lastName: values.lastName.trim(),
          },
        },
      );
      startWith(answer);
      navigate(paths.dashboard.root, { replace: true });
    } catch (error) {
      setBusy(false);
      const detail = isHttpError(error) ? error.details?.[0] : undefined;
      if (detail?.field === 'token') {
        const reason = detail.code.replace('invitation_', '');
        setLoaded({
          kind: 'gone',
          reason:
            (['revoked', 'expired', 'accepted'] as const).find((r) => r === reason) ?? 'unknown',
        });
        return;
      }
      const onFields = serverFieldErrors(t, error, FIELDS);
      if (onFields) {
        setErrors((prev) => ({ ...prev, ...onFields }));
        const first = FIELDS.find((f) => onFields[f]);
        if (first) document.getElementById(`invite-${first}`)?.focus();
      } else setServerError(authErrorMessage(t, error));
    }
  };

  const bind = (name: Field) => ({ name, value: values[name], onChange: set(name) });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-labelledby="invite-title"
    >
      <AuthFormHead
        id="invite-title"
        icon={MarkEmailReadRounded}
        title={t('auth.invite.title')}
        intro={t(invitation.invitedBy ? 'auth.invite.introBy' : 'auth.invite.intro', {
          name: invitation.invitedBy,
          email: invitation.email,
          role: t(`users.roles.${invitation.role}`, { defaultValue: invitation.role }),
        })}
      />
      <AuthServerError message={serverError} testId="invite-error" />
      {/* Or the company's sign-in: a first SSO sign-in of this address accepts the invitation. */}
      <SsoButtons returnTo={null} />
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
        <LightField
          label={t('auth.register.email')}
          registration={{ name: 'email', value: invitation.email, onChange: () => undefined }}
          readOnly
          dir="ltr"
          type="email"
          autoComplete="username"
        />
        <Box
          sx={{
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            gap: { xs: 3, sm: 2 },
            '& > *': { flex: 1, minWidth: 0 },
          }}
        >
          <LightField
            id="invite-firstName"
            label={t('auth.register.firstName')}
            registration={bind('firstName')}
            error={errors.firstName}
            autoComplete="given-name"
            autoFocus
          />
          <LightField
            id="invite-lastName"
            label={t('auth.register.lastName')}
            registration={bind('lastName')}
            error={errors.lastName}
            autoComplete="family-name"
          />
        </Box>
        <LightPasswordField
          id="invite-password"
          label={t('auth.newPassword.password')}
          registration={bind('password')}
          error={errors.password}
          autoComplete="new-password"
          describedBy="invite-password-policy"
        />
        <PasswordPolicyList
          id="invite-password-policy"
          password={values.password}
          email={invitation.email}
          knownCommon={new Set()}
        />
        <LightPasswordField
          id="invite-confirm"
          label={t('auth.newPassword.confirm')}
          registration={bind('confirm')}
          error={errors.confirm}
          autoComplete="new-password"
        />
        <AuthSubmitButton busy={busy} testId="invite-accept">
          {busy ? t('auth.invite.submitting') : t('auth.invite.submit')}
        </AuthSubmitButton>
      </Box>
    </Box>
  );
}
