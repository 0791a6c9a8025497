import CheckRounded from '@mui/icons-material/CheckRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { usePageTitle } from '../../components/page-header/use-page-title';
import { paths } from '../../routes/paths';

/** Plans of this installation; prices in whole currency units per month. */
export const PLANS = [
  { key: 'basic', monthly: 0, features: 3, popular: false },
  { key: 'starter', monthly: 4.99, features: 4, popular: true },
  { key: 'premium', monthly: 9.99, features: 5, popular: false },
] as const;

/** Yearly billing costs ten months: two months free. */
export const yearlyPrice = (monthly: number) => Math.round(monthly * 10 * 100) / 100;

export function PricingView() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('public.pricing.title'));
  const [yearly, setYearly] = useState(false);
  const money = new Intl.NumberFormat(i18n.language === 'cn' ? 'zh-CN' : i18n.language, {
    style: 'currency',
    currency: 'USD',
  });

  return (
    <Container sx={{ py: { xs: 8, md: 12 } }}>
      <Typography variant="h3" component="h1" align="center" sx={{ mb: 2 }}>
        {t('public.pricing.title')}
      </Typography>
      <Typography align="center" sx={{ color: 'text.secondary', mb: 5 }}>
        {t('public.pricing.subtitle')}
      </Typography>
      <Stack direction="row" alignItems="center" justifyContent="center" spacing={1} sx={{ mb: 5 }}>
        <Typography variant="overline">{t('public.pricing.monthly')}</Typography>
        <Switch
          checked={yearly}
          onChange={(e) => setYearly(e.target.checked)}
          slotProps={{ input: { 'aria-label': t('public.pricing.yearly') } }}
        />
        <Typography variant="overline">{t('public.pricing.yearly')}</Typography>
        <Chip size="small" color="success" label={t('public.pricing.save')} />
      </Stack>
      <Box
        sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}
      >
        {PLANS.map((plan) => {
          const price = yearly ? yearlyPrice(plan.monthly) : plan.monthly;
          return (
            <Card
              key={plan.key}
              sx={{
                p: 5,
                display: 'flex',
                flexDirection: 'column',
                gap: 3,
                ...(plan.popular && {
                  boxShadow: (th) => th.customShadows.z24,
                  outline: (th) => `2px solid ${th.palette.primary.main}`,
                }),
              }}
            >
              <Stack direction="row" justifyContent="space-between" alignItems="center">
                <Typography variant="overline" sx={{ color: 'text.secondary' }}>
                  {t(`public.pricing.plans.${plan.key}.name`)}
                </Typography>
                {plan.popular && (
                  <Chip size="small" color="primary" label={t('public.pricing.popular')} />
                )}
              </Stack>
              <Box>
                <Typography variant="h2" component="p">
                  {plan.monthly === 0 ? t('public.pricing.free') : money.format(price)}
                </Typography>
                {plan.monthly > 0 && (
                  <Typography variant="body2" sx={{ color: 'text.disabled' }}>
                    {yearly ? t('public.pricing.perYear') : t('public.pricing.perMonth')}
                  </Typography>
                )}
              </Box>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t(`public.pricing.plans.${plan.key}.caption`)}
              </Typography>
              <Divider sx={{ borderStyle: 'dashed' }} />
              <Stack
                component="ul"
                spacing={1.5}
                sx={{ p: 0, m: 0, listStyle: 'none', flexGrow: 1 }}
              >
                {Array.from({ length: plan.features }, (_, i) => (
                  <Stack component="li" key={i} direction="row" spacing={1} alignItems="center">
                    <CheckRounded fontSize="small" color="primary" />
                    <Typography variant="body2">
                      {t(`public.pricing.features.f${i + 1}`)}
                    </Typography>
                  </Stack>
                ))}
              </Stack>
              <Button
                component={Link}
                to={
                  plan.monthly === 0
                    ? paths.auth.register
                    : `${paths.payment}?plan=${plan.key}&billing=${yearly ? 'yearly' : 'monthly'}`
                }
                size="large"
                fullWidth
                variant={plan.popular ? 'contained' : 'outlined'}
                color={plan.popular ? 'primary' : 'inherit'}
              >
                {plan.monthly === 0 ? t('public.pricing.startFree') : t('public.pricing.choose')}
              </Button>
            </Card>
          );
        })}
      </Box>
    </Container>
  );
}
