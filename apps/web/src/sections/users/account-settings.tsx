import { PASSWORD_MIN, changePasswordBodySchema } from '@bo/contract/account';
import { NOTIFICATION_TYPES, NOTIFICATION_TYPES_OFF_BY_DEFAULT } from '@bo/contract/notifications';
import { NOTIFICATION_PREFS, SOCIAL_NETWORKS, socialLinksSchema } from '@bo/contract/users';
import type { MyProfile, NotificationPrefs, SocialLinks } from '@bo/contract/users';
import { zodResolver } from '@hookform/resolvers/zod';
import LogoutRounded from '@mui/icons-material/LogoutRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

import { notify } from '../../components/snackbar/notify';
import { deviceName } from '../../lib/format';
import { applyServerFieldErrors, translateError, zodErrorMap } from '../../locales/form-errors';
import { useLocales } from '../../locales/use-locales';
import { AccountTwoFactor } from './account-two-factor';
import { SOCIAL_ICONS } from './user-cards-view';
import {
  useChangePasswordMutation,
  useEndSessionMutation,
  useMySessionsQuery,
  useUpdateMyAccountMutation,
} from './users-api';

type PrefKey = keyof NotificationPrefs;

/** The mail switches (spec), then one switch per kind of notification under the bell. */
const GROUPS: Record<string, readonly PrefKey[]> = {
  activity: ['activityComments', 'activityAnswers', 'activityFollows'],
  application: ['applicationNews', 'applicationProductUpdates', 'applicationBlogDigest'],
  inApp: NOTIFICATION_TYPES,
  email: ['emailDigest'],
};
const ALL_KEYS: readonly PrefKey[] = [...NOTIFICATION_PREFS, ...NOTIFICATION_TYPES, 'emailDigest'];
/** Switches that are off until a person turns them on (every other one is on by default). */
const OFF_BY_DEFAULT: ReadonlySet<PrefKey> = new Set<PrefKey>([
  'emailDigest',
  ...NOTIFICATION_TYPES_OFF_BY_DEFAULT,
]);
const label = (group: string, key: PrefKey) =>
  group === 'inApp' ? `header.notificationKinds.${key}` : `users.notifications.${key}`;
const heading = (group: string) =>
  group === 'inApp' ? 'header.inApp' : `users.notifications.${group}`;

export function AccountNotifications({ me }: { me: MyProfile }) {
  const { t } = useTranslation();
  const [update, { isLoading }] = useUpdateMyAccountMutation();
  const initial = Object.fromEntries(
    ALL_KEYS.map((k) => [k, me.notificationPrefs[k] ?? !OFF_BY_DEFAULT.has(k)]),
  ) as Required<NotificationPrefs>;
  const [prefs, setPrefs] = useState(initial);
  const dirty = ALL_KEYS.some((k) => prefs[k] !== initial[k]);

  return (
    <Card sx={{ p: 3 }}>
      <Stack spacing={3}>
        {Object.entries(GROUPS).map(([group, keys]) => (
          <Box
            key={group}
            sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' } }}
          >
            <Box>
              <Typography variant="subtitle1">{t(heading(group))}</Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t(`${heading(group)}Hint`)}
              </Typography>
            </Box>
            <Stack sx={{ p: 2, borderRadius: 2, bgcolor: 'background.neutral' }}>
              {keys.map((key) => (
                <FormControlLabel
                  key={key}
                  label={t(label(group, key))}
                  labelPlacement="start"
                  sx={{ m: 0, width: 1, justifyContent: 'space-between' }}
                  control={
                    <Switch
                      checked={prefs[key]}
                      onChange={(e) => setPrefs((p) => ({ ...p, [key]: e.target.checked }))}
                    />
                  }
                />
              ))}
            </Stack>
          </Box>
        ))}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            variant="contained"
            disabled={!dirty || isLoading}
            onClick={async () => {
              try {
                await update({ notificationPrefs: prefs }).unwrap();
                notify.success(t('users.account.saved'));
              } catch (err) {
                notify.error(translateError(t, err));
              }
            }}
          >
            {t('users.form.save')}
          </Button>
        </Box>
      </Stack>
    </Card>
  );
}

export function AccountSocial({ me }: { me: MyProfile }) {
  const { t } = useTranslation();
  const [update] = useUpdateMyAccountMutation();
  const resolver = useMemo(() => zodResolver(socialLinksSchema, { error: zodErrorMap(t) }), [t]);
  const defaults = Object.fromEntries(
    SOCIAL_NETWORKS.map((n) => [n, me.social[n] ?? '']),
  ) as SocialLinks;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<SocialLinks>({ resolver, defaultValues: defaults });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await update({ social: values }).unwrap();
      reset(Object.fromEntries(SOCIAL_NETWORKS.map((n) => [n, saved.social[n] ?? ''])));
      notify.success(t('users.account.saved'));
    } catch (err) {
      const fields = SOCIAL_NETWORKS.map((n) => n);
      if (!applyServerFieldErrors(t, err, setError, fields)) notify.error(translateError(t, err));
    }
  });

  return (
    <Card component="form" noValidate onSubmit={onSubmit} sx={{ p: 3 }}>
      <Stack spacing={3}>
        {SOCIAL_NETWORKS.map((net) => (
          <TextField
            key={net}
            {...register(net)}
            label={t(`users.social.${net}`)}
            placeholder="https://"
            type="url"
            error={!!errors[net]}
            helperText={errors[net]?.message}
            slotProps={{
              inputLabel: { shrink: true },
              input: {
                startAdornment: (
                  <InputAdornment position="start">{SOCIAL_ICONS[net]}</InputAdornment>
                ),
              },
            }}
          />
        ))}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={isSubmitting || !isDirty}>
            {t('users.form.save')}
          </Button>
        </Box>
      </Stack>
    </Card>
  );
}

const passwordFormSchema = changePasswordBodySchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'mismatch',
  });
type PasswordValues = z.infer<typeof passwordFormSchema>;

function ChangePassword() {
  const { t } = useTranslation();
  const [change] = useChangePasswordMutation();
  const resolver = useMemo(
    () =>
      zodResolver(passwordFormSchema, {
        error: (issue) =>
          issue.message === 'mismatch' ? t('users.security.mismatch') : zodErrorMap(t)(issue),
      }),
    [t],
  );
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<PasswordValues>({
    resolver,
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change({ currentPassword, newPassword }).unwrap();
      reset();
      notify.success(t('users.security.changed'));
    } catch (err) {
      if (!applyServerFieldErrors(t, err, setError, ['currentPassword', 'newPassword']))
        notify.error(translateError(t, err));
    }
  });

  return (
    <Card
      component="form"
      noValidate
      onSubmit={onSubmit}
      sx={{ p: 3 }}
      data-testid="change-password"
    >
      <Typography variant="h6" sx={{ mb: 3 }}>
        {t('users.security.changePassword')}
      </Typography>
      <Stack spacing={3}>
        <TextField
          {...register('currentPassword')}
          type="password"
          autoComplete="current-password"
          label={t('users.security.current')}
          error={!!errors.currentPassword}
          helperText={errors.currentPassword?.message}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          {...register('newPassword')}
          type="password"
          autoComplete="new-password"
          label={t('users.security.new')}
          error={!!errors.newPassword}
          helperText={
            errors.newPassword?.message ?? t('users.security.newHint', { min: PASSWORD_MIN })
          }
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          {...register('confirmPassword')}
          type="password"
          autoComplete="new-password"
          label={t('users.security.confirm')}
          error={!!errors.confirmPassword}
          helperText={errors.confirmPassword?.message}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            type="submit"
            variant="contained"
            disabled={isSubmitting}
            startIcon={isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid="change-password-submit"
          >
            {t('users.security.submit')}
          </Button>
        </Box>
      </Stack>
    </Card>
  );
}

function Sessions() {
  const { t } = useTranslation();
  const { currentOption } = useLocales();
  const { data, isLoading, error } = useMySessionsQuery();
  const [end, ending] = useEndSessionMutation();
  const fmt = new Intl.DateTimeFormat(currentOption.htmlLang, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <Card>
      <CardHeader
        title={t('users.security.sessions')}
        subheader={t('users.security.sessionsHint')}
      />
      {isLoading && <Skeleton variant="rounded" height={120} sx={{ m: 3 }} />}
      {error && (
        <Alert severity="error" sx={{ m: 3 }}>
          {translateError(t, error)}
        </Alert>
      )}
      <List>
        {data?.map((s) => (
          <ListItem
            key={s.id}
            divider
            secondaryAction={
              s.current ? (
                <Chip size="small" color="success" label={t('users.security.thisDevice')} />
              ) : (
                <Tooltip title={t('users.security.signOutDevice')}>
                  <span>
                    <IconButton
                      edge="end"
                      disabled={ending.isLoading}
                      aria-label={t('users.security.signOutDevice')}
                      onClick={async () => {
                        try {
                          await end(s.id).unwrap();
                          notify.success(t('users.security.signedOut'));
                        } catch (err) {
                          notify.error(translateError(t, err));
                        }
                      }}
                    >
                      <LogoutRounded />
                    </IconButton>
                  </span>
                </Tooltip>
              )
            }
          >
            <ListItemText
              sx={{ pr: 6 }}
              primary={s.userAgent ? deviceName(s.userAgent) : t('users.security.unknownDevice')}
              primaryTypographyProps={{ noWrap: true, title: s.userAgent ?? undefined }}
              secondary={t('users.security.sessionLine', {
                ip: s.ip ?? '—',
                seen: fmt.format(new Date(s.lastSeenAt)),
              })}
            />
          </ListItem>
        ))}
      </List>
    </Card>
  );
}

export function AccountSecurity() {
  return (
    <Stack spacing={3}>
      <ChangePassword />
      <AccountTwoFactor />
      <Sessions />
    </Stack>
  );
}
