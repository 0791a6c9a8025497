import type { ContactBody } from '@bo/contract/public';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

import { LightField } from '../../components/form/light-field';
import { useLightForm } from '../../components/form/light-form';
import type { FieldErrors } from '../../components/form/light-form';
import { usePageTitle } from '../../components/page-header/use-page-title';
import { notify } from '../../components/snackbar/notify';
import { translateError } from '../../locales/translate-error';
import { postContact } from './public-api';

const FIELDS = ['name', 'email', 'subject', 'message'] as const;
type Field = (typeof FIELDS)[number];

/** The contract's schema and zod load after first paint; a first submit awaits them. */
const loadChecks = () => import('./public-validation');
const prefetchChecks = () => void loadChecks().catch(() => undefined);
async function validate(values: ContactBody, t: TFunction) {
  const { checkContact } = await loadChecks();
  return checkContact(values, t) as { errors: FieldErrors<Field>; data?: ContactBody };
}
const EMPTY: ContactBody = { name: '', email: '', subject: '', message: '' };

/** A static drawn map: no tiles from a third-party host on a closed network. */
function StaticMap() {
  const theme = useTheme();
  const land = theme.palette.background.neutral;
  const road = theme.palette.background.paper;
  return (
    <Box sx={{ borderRadius: 2, overflow: 'hidden', height: { xs: 220, md: 1 }, minHeight: 220 }}>
      <svg
        viewBox="0 0 400 300"
        width="100%"
        height="100%"
        preserveAspectRatio="xMidYMid slice"
        aria-hidden="true"
      >
        <rect width="400" height="300" fill={land} />
        <path d="M0 80h400M0 200h400M120 0v300M280 0v300" stroke={road} strokeWidth="14" />
        <path d="M0 260L400 20" stroke={road} strokeWidth="8" />
        <rect
          x="140"
          y="100"
          width="120"
          height="80"
          rx="8"
          fill={theme.palette.primary.main}
          opacity="0.12"
        />
        <path
          d="M200 96c-16 0-28 12-28 28 0 22 28 48 28 48s28-26 28-48c0-16-12-28-28-28z"
          fill={theme.palette.primary.main}
        />
        <circle cx="200" cy="124" r="10" fill={road} />
      </svg>
    </Box>
  );
}

export function ContactView() {
  const { t } = useTranslation();
  usePageTitle(t('public.contact.title'));
  const [sent, setSent] = useState(false);
  // A new form (empty, no messages) after each message sent.
  const [round, setRound] = useState(0);
  const onSent = () => {
    setSent(true);
    setRound((n) => n + 1);
    notify.success(t('public.contact.sent'));
  };

  return (
    <Container sx={{ py: { xs: 8, md: 10 } }}>
      <Typography variant="h3" component="h1" sx={{ mb: 2 }}>
        {t('public.contact.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 5 }}>
        {t('public.contact.subtitle')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Card sx={{ p: { xs: 3, md: 4 } }}>
          {sent && (
            <Typography role="status" sx={{ mb: 3, color: 'success.main', fontWeight: 600 }}>
              {t('public.contact.sent')}
            </Typography>
          )}
          <ContactForm key={round} onSent={onSent} />
        </Card>
        <StaticMap />
      </Box>
    </Container>
  );
}

function ContactForm({ onSent }: { onSent: () => void }) {
  const { t } = useTranslation();
  const form = useLightForm<ContactBody, Field, ContactBody>({
    initial: EMPTY,
    fields: FIELDS,
    validate,
    prefetch: prefetchChecks,
  });
  const onSubmit = form.handleSubmit(
    async (values) => {
      await postContact(values);
      onSent();
    },
    (error) => notify.error(translateError(t, error)),
  );
  return (
    <Stack
      component="form"
      ref={form.formRef}
      noValidate
      onSubmit={onSubmit}
      spacing={2.5}
      aria-label={t('public.contact.title')}
    >
      {FIELDS.map((field) => (
        <LightField
          key={field}
          registration={form.bind(field)}
          label={t(`public.contact.${field}`)}
          type={field === 'email' ? 'email' : 'text'}
          multiline={field === 'message'}
          error={form.errors[field]}
          autoComplete={field === 'name' ? 'name' : field === 'email' ? 'email' : 'off'}
        />
      ))}
      <Button
        type="submit"
        size="large"
        variant="contained"
        color="inherit"
        disabled={form.isSubmitting}
        aria-busy={form.isSubmitting}
        startIcon={form.isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('public.contact.submit')}
      </Button>
    </Stack>
  );
}
