import CreditCardRounded from '@mui/icons-material/CreditCardRounded';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';

import { usePageTitle } from '../../components/page-header/use-page-title';
import { paths } from '../../routes/paths';
import { PLANS, yearlyPrice } from './pricing-view';

/**
 * Billing form, method and summary. No payment provider is configured in this installation, so
 * the form does not pretend to charge: it says so and offers the contact page instead.
 */
export function PaymentView() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('public.payment.title'));
  const [params] = useSearchParams();
  const plan = PLANS.find((p) => p.key === params.get('plan')) ?? PLANS[2];
  const yearly = params.get('billing') === 'yearly';
  const [method, setMethod] = useState('card');
  const money = new Intl.NumberFormat(i18n.language === 'cn' ? 'zh-CN' : i18n.language, {
    style: 'currency',
    currency: 'USD',
  });
  const price = yearly ? yearlyPrice(plan.monthly) : plan.monthly;

  return (
    <Container sx={{ py: { xs: 8, md: 10 } }}>
      <Typography variant="h3" component="h1" align="center" sx={{ mb: 2 }}>
        {t('public.payment.title')}
      </Typography>
      <Typography align="center" sx={{ color: 'text.secondary', mb: 5 }}>
        {t('public.payment.subtitle')}
      </Typography>
      <Card
        sx={{
          p: { xs: 3, md: 5 },
          display: 'grid',
          gap: 5,
          gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 0.9fr' },
        }}
      >
        <Box component="section" aria-labelledby="billing-title">
          <Typography id="billing-title" variant="h6" component="h2" sx={{ mb: 3 }}>
            {t('public.payment.billing')}
          </Typography>
          <Stack spacing={2.5}>
            <TextField label={t('public.payment.name')} autoComplete="name" />
            <TextField label={t('public.payment.phone')} autoComplete="tel" />
            <TextField label={t('public.payment.email')} type="email" autoComplete="email" />
            <TextField label={t('public.payment.address')} autoComplete="street-address" />
          </Stack>
        </Box>
        <Box component="section" aria-labelledby="method-title">
          <Typography id="method-title" variant="h6" component="h2" sx={{ mb: 3 }}>
            {t('public.payment.method')}
          </Typography>
          <RadioGroup
            value={method}
            onChange={(e) => setMethod(e.target.value)}
            aria-labelledby="method-title"
          >
            {['card', 'paypal', 'transfer'].map((m) => (
              <FormControlLabel
                key={m}
                value={m}
                control={<Radio />}
                label={
                  <Stack direction="row" spacing={1} alignItems="center">
                    {m === 'card' && <CreditCardRounded fontSize="small" />}
                    <span>{t(`public.payment.methods.${m}`)}</span>
                  </Stack>
                }
                sx={{
                  mx: 0,
                  mb: 1.5,
                  px: 1.5,
                  py: 1,
                  borderRadius: 1,
                  border: 1,
                  borderColor: method === m ? 'primary.main' : 'divider',
                }}
              />
            ))}
          </RadioGroup>
        </Box>
        <Box
          component="section"
          aria-labelledby="summary-title"
          sx={{ p: 3, borderRadius: 2, bgcolor: 'background.neutral' }}
        >
          <Typography id="summary-title" variant="h6" component="h2" sx={{ mb: 3 }}>
            {t('public.payment.summary')}
          </Typography>
          <Stack spacing={1.5}>
            <Stack direction="row" justifyContent="space-between">
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('public.payment.plan')}
              </Typography>
              <Typography variant="subtitle2">
                {t(`public.pricing.plans.${plan.key}.name`)}
              </Typography>
            </Stack>
            <Stack direction="row" justifyContent="space-between">
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('public.payment.billingCycle')}
              </Typography>
              <Typography variant="subtitle2">
                {yearly ? t('public.pricing.yearly') : t('public.pricing.monthly')}
              </Typography>
            </Stack>
            <Divider sx={{ borderStyle: 'dashed' }} />
            <Stack direction="row" justifyContent="space-between">
              <Typography variant="subtitle1">{t('public.payment.total')}</Typography>
              <Typography variant="subtitle1">{money.format(price)}</Typography>
            </Stack>
          </Stack>
          <Alert severity="info" icon={<InfoOutlined />} sx={{ mt: 3 }}>
            {t('public.payment.unavailable')}
          </Alert>
          <Button
            component={Link}
            to={paths.contact}
            fullWidth
            size="large"
            variant="contained"
            sx={{ mt: 3 }}
          >
            {t('public.payment.contactSales')}
          </Button>
        </Box>
      </Card>
    </Container>
  );
}
