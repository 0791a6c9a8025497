import BoltRounded from '@mui/icons-material/BoltRounded';
import LockRounded from '@mui/icons-material/LockRounded';
import PublicRounded from '@mui/icons-material/PublicRounded';
import TranslateRounded from '@mui/icons-material/TranslateRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';

import { DashboardIllustration } from '../../components/illustrations/illustrations';
import { usePageTitle } from '../../components/page-header/use-page-title';

const VALUES = [
  { key: 'speed', icon: <BoltRounded /> },
  { key: 'privacy', icon: <LockRounded /> },
  { key: 'languages', icon: <TranslateRounded /> },
  { key: 'offline', icon: <PublicRounded /> },
] as const;

export function AboutView() {
  const { t } = useTranslation();
  usePageTitle(t('public.about.title'));
  return (
    <>
      <Box
        sx={(theme) => ({
          py: { xs: 8, md: 12 },
          background: `linear-gradient(135deg, ${alpha(theme.palette.primary.main, 0.12)}, transparent 60%)`,
        })}
      >
        <Container
          sx={{
            display: 'grid',
            gap: 5,
            alignItems: 'center',
            gridTemplateColumns: { xs: '1fr', md: '1.1fr 1fr' },
          }}
        >
          <Box>
            <Typography variant="overline" sx={{ color: 'primary.main' }}>
              {t('public.about.overline')}
            </Typography>
            <Typography variant="h2" component="h1" sx={{ my: 2 }}>
              {t('public.about.title')}
            </Typography>
            <Typography sx={{ color: 'text.secondary' }}>{t('public.about.story')}</Typography>
          </Box>
          <DashboardIllustration sx={{ maxWidth: 440 }} />
        </Container>
      </Box>
      <Container sx={{ py: { xs: 8, md: 10 } }}>
        <Typography variant="h3" component="h2" align="center" sx={{ mb: 6 }}>
          {t('public.about.valuesTitle')}
        </Typography>
        <Box
          sx={{
            display: 'grid',
            gap: 3,
            gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' },
          }}
        >
          {VALUES.map((v) => (
            <Card key={v.key} sx={{ p: 4, textAlign: 'center' }}>
              <Box
                sx={(theme) => ({
                  width: 56,
                  height: 56,
                  mx: 'auto',
                  mb: 2,
                  borderRadius: '50%',
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  color: 'primary.main',
                  bgcolor: alpha(theme.palette.primary.main, 0.08),
                })}
              >
                {v.icon}
              </Box>
              <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
                {t(`public.about.values.${v.key}.title`)}
              </Typography>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t(`public.about.values.${v.key}.text`)}
              </Typography>
            </Card>
          ))}
        </Box>
      </Container>
    </>
  );
}
