import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import { useAuth } from '../../auth/auth-context';
import { notify } from '../../components/snackbar/notify';
import { isHttpError } from '../../lib/http';
import { translateError } from '../../locales/form-errors';
import {
  type TwoFactorSetup,
  useNewRecoveryCodesMutation,
  useTwoFactorDisableMutation,
  useTwoFactorEnableMutation,
  useTwoFactorQuery,
  useTwoFactorSetupMutation,
} from './users-api';

type Step =
  | { kind: 'password'; purpose: 'enable' | 'disable' | 'codes' }
  | { kind: 'scan'; setup: TwoFactorSetup }
  | { kind: 'codes'; codes: string[] };

/** The server's error for one field (`details`), translated by its code, or null. */
function fieldMessage(t: TFunction, error: unknown, field: string): string | null {
  if (!isHttpError(error)) return null;
  const hit = error.details?.find((d) => d.field === field);
  return hit ? t(`errors.field.${hit.code}`, { defaultValue: hit.message }) : null;
}

/**
 * Account → Security: two-factor sign-in with an authenticator app (TOTP). Turning it on takes the
 * password, a scan of the QR code (drawn by our server, nothing fetched elsewhere) and one code
 * from the app; ten single-use recovery codes are shown once.
 */
export function AccountTwoFactor() {
  const { t } = useTranslation();
  const { refreshUser } = useAuth();
  const { data: status, isLoading, error } = useTwoFactorQuery();
  const [setupCall, setupState] = useTwoFactorSetupMutation();
  const [enableCall, enableState] = useTwoFactorEnableMutation();
  const [disableCall, disableState] = useTwoFactorDisableMutation();
  const [codesCall, codesState] = useNewRecoveryCodesMutation();
  const [step, setStep] = useState<Step | null>(null);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const busy =
    setupState.isLoading || enableState.isLoading || disableState.isLoading || codesState.isLoading;

  const close = () => {
    setStep(null);
    setPassword('');
    setCode('');
    setFieldError(null);
  };

  const fail = (err: unknown, field: string) => {
    const message = fieldMessage(t, err, field);
    if (message) setFieldError(message);
    else notify.error(translateError(t, err));
  };

  const submitPassword = async (purpose: 'enable' | 'disable' | 'codes') => {
    setFieldError(null);
    try {
      if (purpose === 'enable') {
        const setup = await setupCall({ password }).unwrap();
        setPassword('');
        setStep({ kind: 'scan', setup });
      } else if (purpose === 'disable') {
        await disableCall({ password }).unwrap();
        notify.success(t('users.twoFactor.turnedOff'));
        close();
        await refreshUser();
      } else {
        const { recoveryCodes } = await codesCall({ password }).unwrap();
        setPassword('');
        setStep({ kind: 'codes', codes: recoveryCodes });
      }
    } catch (err) {
      fail(err, 'password');
    }
  };

  const submitCode = async () => {
    setFieldError(null);
    try {
      const { recoveryCodes } = await enableCall({ code: code.trim() }).unwrap();
      setCode('');
      setStep({ kind: 'codes', codes: recoveryCodes });
      notify.success(t('users.twoFactor.turnedOn'));
      await refreshUser();
    } catch (err) {
      fail(err, 'code');
    }
  };

  return (
    <Card data-testid="two-factor-card">
      <CardHeader
        title={t('users.twoFactor.title')}
        subheader={t('users.twoFactor.subheader')}
        action={
          status && (
            <Chip
              size="small"
              color={status.enabled ? 'success' : 'default'}
              label={status.enabled ? t('users.twoFactor.on') : t('users.twoFactor.off')}
            />
          )
        }
      />
      <Box sx={{ px: 3, pb: 3 }}>
        {isLoading && <Skeleton variant="rounded" height={64} />}
        {error && <Alert severity="error">{translateError(t, error)}</Alert>}
        {status && (
          <Stack spacing={2}>
            {status.required && !status.enabled && (
              <Alert severity="warning">{t('users.twoFactor.required')}</Alert>
            )}
            {status.enabled && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('users.twoFactor.codesLeft', { count: status.recoveryCodesLeft })}
              </Typography>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
              {!status.enabled ? (
                <Button
                  variant="contained"
                  onClick={() => setStep({ kind: 'password', purpose: 'enable' })}
                >
                  {t('users.twoFactor.turnOn')}
                </Button>
              ) : (
                <>
                  <Button
                    variant="outlined"
                    onClick={() => setStep({ kind: 'password', purpose: 'codes' })}
                  >
                    {t('users.twoFactor.newCodes')}
                  </Button>
                  {!status.required && (
                    <Button
                      variant="outlined"
                      color="error"
                      onClick={() => setStep({ kind: 'password', purpose: 'disable' })}
                    >
                      {t('users.twoFactor.turnOff')}
                    </Button>
                  )}
                </>
              )}
            </Stack>
          </Stack>
        )}
      </Box>

      <Dialog open={step !== null} onClose={busy ? undefined : close} fullWidth maxWidth="xs">
        {step?.kind === 'password' && (
          <Box
            component="form"
            noValidate
            onSubmit={(e: React.FormEvent) => {
              e.preventDefault();
              void submitPassword(step.purpose);
            }}
          >
            <DialogTitle>{t(`users.twoFactor.passwordTitle.${step.purpose}`)}</DialogTitle>
            <DialogContent>
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
                {t('users.twoFactor.passwordHint')}
              </Typography>
              <TextField
                autoFocus
                fullWidth
                type="password"
                autoComplete="current-password"
                label={t('users.twoFactor.password')}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                error={!!fieldError}
                helperText={fieldError ?? ' '}
              />
            </DialogContent>
            <DialogActions>
              <Button onClick={close} disabled={busy}>
                {t('common.cancel')}
              </Button>
              <Button
                type="submit"
                variant="contained"
                disabled={busy || !password}
                color={step.purpose === 'disable' ? 'error' : 'primary'}
              >
                {step.purpose === 'disable'
                  ? t('users.twoFactor.turnOff')
                  : t('users.twoFactor.continue')}
              </Button>
            </DialogActions>
          </Box>
        )}

        {step?.kind === 'scan' && (
          <Box
            component="form"
            noValidate
            onSubmit={(e: React.FormEvent) => {
              e.preventDefault();
              void submitCode();
            }}
          >
            <DialogTitle>{t('users.twoFactor.scanTitle')}</DialogTitle>
            <DialogContent>
              <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
                {t('users.twoFactor.scanHint')}
              </Typography>
              <Box
                component="img"
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(step.setup.qrSvg)}`}
                alt={t('users.twoFactor.qrAlt')}
                sx={{ display: 'block', width: 200, height: 200, mx: 'auto', bgcolor: '#fff' }}
              />
              <Typography variant="body2" sx={{ mt: 2 }}>
                {t('users.twoFactor.manual')}
              </Typography>
              <Typography
                component="code"
                dir="ltr"
                data-testid="two-factor-secret"
                sx={{
                  display: 'block',
                  mt: 0.5,
                  mb: 2,
                  fontFamily: 'monospace',
                  wordBreak: 'break-all',
                  userSelect: 'all',
                }}
              >
                {step.setup.secret}
              </Typography>
              <TextField
                autoFocus
                fullWidth
                label={t('users.twoFactor.code')}
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
                slotProps={{
                  htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', dir: 'ltr' },
                }}
                error={!!fieldError}
                helperText={fieldError ?? ' '}
              />
            </DialogContent>
            <DialogActions>
              <Button onClick={close} disabled={busy}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" variant="contained" disabled={busy || code.length !== 6}>
                {t('users.twoFactor.turnOn')}
              </Button>
            </DialogActions>
          </Box>
        )}

        {step?.kind === 'codes' && (
          <>
            <DialogTitle>{t('users.twoFactor.codesTitle')}</DialogTitle>
            <DialogContent>
              <Alert severity="info" sx={{ mb: 2 }}>
                {t('users.twoFactor.codesHint')}
              </Alert>
              <Box
                component="ul"
                dir="ltr"
                data-testid="recovery-codes"
                sx={{
                  m: 0,
                  p: 0,
                  listStyle: 'none',
                  display: 'grid',
                  gridTemplateColumns: 'repeat(2, 1fr)',
                  gap: 1,
                  fontFamily: 'monospace',
                  fontSize: 16,
                }}
              >
                {step.codes.map((c) => (
                  <li key={c}>{c}</li>
                ))}
              </Box>
            </DialogContent>
            <DialogActions>
              <Button
                onClick={async () => {
                  try {
                    await navigator.clipboard.writeText(step.codes.join('\n'));
                    notify.success(t('users.twoFactor.copied'));
                  } catch {
                    notify.error(t('users.twoFactor.copyFailed'));
                  }
                }}
              >
                {t('users.twoFactor.copy')}
              </Button>
              <Button variant="contained" onClick={close}>
                {t('users.twoFactor.done')}
              </Button>
            </DialogActions>
          </>
        )}
      </Dialog>
    </Card>
  );
}
