import { contactBodySchema, type ContactBody } from '@bo/contract/public';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

import { usePageTitle } from '../../components/page-header/use-page-title';
import { notify } from '../../components/snackbar/notify';
import { applyServerFieldErrors, translateError, zodErrorMap } from '../../locales/form-errors';
import { postContact } from './public-api';

const FIELDS = ['name', 'email', 'subject', 'message'] as const;

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
  const resolver = useMemo(() => zodResolver(contactBodySchema, { error: zodErrorMap(t) }), [t]);
  const { register, handleSubmit, setError, reset, formState } = useForm<ContactBody>({
    resolver,
    defaultValues: { name: '', email: '', subject: '', message: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await postContact(values);
      reset();
      setSent(true);
      notify.success(t('public.contact.sent'));
    } catch (error) {
      if (!applyServerFieldErrors(t, error, setError, FIELDS))
        notify.error(translateError(t, error));
    }
  });

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
          <Stack
            component="form"
            noValidate
            onSubmit={onSubmit}
            spacing={2.5}
            aria-label={t('public.contact.title')}
          >
            {FIELDS.map((field) => (
              <TextField
                key={field}
                {...register(field)}
                label={t(`public.contact.${field}`)}
                type={field === 'email' ? 'email' : 'text'}
                multiline={field === 'message'}
                minRows={field === 'message' ? 4 : undefined}
                error={!!formState.errors[field]}
                helperText={formState.errors[field]?.message}
                autoComplete={field === 'name' ? 'name' : field === 'email' ? 'email' : 'off'}
              />
            ))}
            <Button
              type="submit"
              size="large"
              variant="contained"
              color="inherit"
              disabled={formState.isSubmitting}
              startIcon={
                formState.isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined
              }
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('public.contact.submit')}
            </Button>
          </Stack>
        </Card>
        <StaticMap />
      </Box>
    </Container>
  );
}
