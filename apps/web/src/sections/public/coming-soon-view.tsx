import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import { LightField } from '../../components/form/light-field';
import { useLightForm } from '../../components/form/light-form';
import type { FieldErrors } from '../../components/form/light-form';
import { RocketIllustration } from '../../components/illustrations/illustrations';
import { usePageTitle } from '../../components/page-header/use-page-title';
import { notify } from '../../components/snackbar/notify';
import { CONFIG } from '../../config';
import { translateError } from '../../locales/translate-error';
import { postNotify } from './public-api';
import type { NotifyBody } from './public-api';

const DAY = 86_400_000;

/** The configured launch date, else 30 days from the first visit of this tab. */
function launchTime(): number {
  const configured = Date.parse(CONFIG.launchDate);
  return Number.isNaN(configured) ? Date.now() + 30 * DAY : configured;
}

function useCountdown(target: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(id);
  }, []);
  const left = Math.max(0, target - now);
  return {
    days: Math.floor(left / DAY),
    hours: Math.floor((left % DAY) / 3_600_000),
    minutes: Math.floor((left % 3_600_000) / 60_000),
    seconds: Math.floor((left % 60_000) / 1000),
  };
}

/** The contract's schema and zod load after first paint; a first submit awaits them. */
const loadChecks = () => import('./public-validation');
const prefetchChecks = () => void loadChecks().catch(() => undefined);
async function validate(values: NotifyBody, t: TFunction) {
  const { checkNotify } = await loadChecks();
  return checkNotify(values, t) as { errors: FieldErrors<'email'>; data?: NotifyBody };
}

export function ComingSoonView() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('public.comingSoon.title'));
  const [target] = useState(launchTime);
  const countdown = useCountdown(target);
  const [done, setDone] = useState(false);
  const form = useLightForm<NotifyBody, 'email', NotifyBody>({
    initial: { email: '' },
    fields: ['email'],
    validate,
    prefetch: prefetchChecks,
  });
  const fmt = new Intl.NumberFormat(i18n.language === 'cn' ? 'zh-CN' : i18n.language, {
    minimumIntegerDigits: 2,
  });

  const onSubmit = form.handleSubmit(
    async (values) => {
      await postNotify(values);
      setDone(true);
      notify.success(t('public.comingSoon.notified'));
    },
    (error) => notify.error(translateError(t, error)),
  );

  const units = [
    ['days', countdown.days],
    ['hours', countdown.hours],
    ['minutes', countdown.minutes],
    ['seconds', countdown.seconds],
  ] as const;

  return (
    <>
      <Typography variant="h3" component="h1" sx={{ mb: 2 }}>
        {t('public.comingSoon.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary' }}>{t('public.comingSoon.subtitle')}</Typography>
      <RocketIllustration sx={{ my: 5, maxWidth: 240 }} />
      <Box
        role="timer"
        aria-live="off"
        sx={{ display: 'flex', justifyContent: 'center', gap: { xs: 2, sm: 4 }, mb: 5 }}
      >
        {/* Each counter is one phrase ("12 days"), not a large paragraph that reads as a heading
            over its unit (WCAG 1.3.1, axe's p-as-heading). */}
        {units.map(([unit, value]) => (
          <Box key={unit} component="p" sx={{ m: 0 }}>
            <Box
              component="span"
              sx={{ display: 'block', typography: 'h3', fontVariantNumeric: 'tabular-nums' }}
            >
              {fmt.format(value)}
            </Box>{' '}
            <Box
              component="span"
              sx={{ display: 'block', typography: 'body2', color: 'text.secondary' }}
            >
              {t(`public.comingSoon.${unit}`)}
            </Box>
          </Box>
        ))}
      </Box>
      {done ? (
        <Typography sx={{ color: 'success.main', fontWeight: 600 }} role="status">
          {t('public.comingSoon.notified')}
        </Typography>
      ) : (
        <Box
          component="form"
          ref={form.formRef}
          noValidate
          onSubmit={onSubmit}
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
        >
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <LightField
              registration={form.bind('email')}
              type="email"
              autoComplete="email"
              label={t('public.comingSoon.emailLabel')}
              error={form.errors.email}
            />
          </Box>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={form.isSubmitting}
            aria-busy={form.isSubmitting}
            sx={{ height: 56, flexShrink: 0 }}
            startIcon={
              form.isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined
            }
          >
            {t('public.comingSoon.notify')}
          </Button>
        </Box>
      )}
    </>
  );
}
