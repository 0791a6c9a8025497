import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink } from 'react-router';

import { useAuth } from '../../auth/auth-context';
import { Logo } from '../../components/logo/logo';
import { SettingsButton } from '../../components/settings/settings-button';
import { LANDING_PATH, LOGIN_PATH, paths } from '../../routes/paths';
import { LanguagePopover } from '../common/language-popover';

const FOOTER_LINKS = [
  { key: 'about', href: paths.about },
  { key: 'contact', href: paths.contact },
  { key: 'faqs', href: paths.faqs },
  { key: 'pricing', href: paths.pricing },
  { key: 'components', href: paths.components },
] as const;

/** Public pages: a light header (88 px on desktop, 64 on phones) and a footer with links. */
export function SimpleLayout() {
  const { t } = useTranslation();
  const { isAuthenticated } = useAuth();
  return (
    <Box
      sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}
      data-testid="simple-layout"
    >
      <Box
        component="header"
        sx={(theme) => ({
          position: 'sticky',
          top: 0,
          zIndex: theme.zIndex.appBar,
          height: { xs: 64, md: 88 },
          display: 'flex',
          alignItems: 'center',
          backdropFilter: 'blur(6px)',
          bgcolor: alpha(theme.palette.background.default, 0.8),
        })}
      >
        <Container sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Logo label={t('common.appName')} />
          <Box
            component="nav"
            aria-label={t('public.nav')}
            sx={{ display: { xs: 'none', md: 'flex' }, gap: 3, ml: 4 }}
          >
            {FOOTER_LINKS.map((l) => (
              <Link
                key={l.key}
                component={RouterLink}
                to={l.href}
                color="text.primary"
                variant="subtitle2"
              >
                {t(`public.links.${l.key}`)}
              </Link>
            ))}
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          <LanguagePopover />
          <SettingsButton />
          <Button
            component={RouterLink}
            to={isAuthenticated ? LANDING_PATH : LOGIN_PATH}
            variant="contained"
            color="inherit"
            size="small"
            sx={{ ml: 1 }}
          >
            {isAuthenticated ? t('public.openDashboard') : t('auth.login.submit')}
          </Button>
        </Container>
      </Box>
      <Box component="main" sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column' }}>
        <Outlet />
      </Box>
      <Box component="footer" sx={{ py: 4, borderTop: 1, borderColor: 'divider' }}>
        <Container sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
          <Typography variant="body2" sx={{ color: 'text.secondary', flexGrow: 1 }}>
            © {new Date().getFullYear()} {t('common.appName')}
          </Typography>
          {FOOTER_LINKS.map((l) => (
            <Link
              key={l.key}
              component={RouterLink}
              to={l.href}
              variant="body2"
              color="text.secondary"
            >
              {t(`public.links.${l.key}`)}
            </Link>
          ))}
        </Container>
      </Box>
    </Box>
  );
}
