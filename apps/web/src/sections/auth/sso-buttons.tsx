import type { SsoProvidersAnswer } from '@bo/contract/sso';
import { SSO_API, ssoStartPath } from '@bo/contract/sso-paths';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { buildUrl, http } from '../../lib/http';

/** Key drawn inline: an icon module would be one more request on the sign-in page. */
function KeyIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M7 14a2 2 0 1 1 0-4 2 2 0 0 1 0 4Zm5.6-4A6 6 0 1 0 12.6 14H16v3h3v-3h2v-4h-8.4Z" />
    </svg>
  );
}

/**
 * "Sign in with <provider>" for each configured single sign-on provider (none: nothing is drawn).
 * Plain links to the server's start route: the browser leaves for the provider and comes back to
 * /auth/sso/done. The list comes from one small call, without the store.
 */
export function SsoButtons({ returnTo }: { returnTo: string | null }) {
  const { t } = useTranslation();
  const [answer, setAnswer] = useState<SsoProvidersAnswer | null>(null);

  useEffect(() => {
    let current = true;
    http<SsoProvidersAnswer>(SSO_API.providers)
      .then((found) => {
        if (current) setAnswer(found);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);

  if (!answer?.providers.length) return null;
  return (
    <Box sx={{ mb: 3 }} data-testid="sso-providers">
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        {answer.providers.map((p) => (
          <Button
            key={p.name}
            component="a"
            href={buildUrl(ssoStartPath(p.name), returnTo ? { returnTo } : undefined)}
            size="large"
            variant="outlined"
            color="inherit"
            fullWidth
            startIcon={<KeyIcon />}
          >
            {t('auth.sso.signInWith', { provider: p.label })}
          </Button>
        ))}
      </Box>
      {answer.ssoOnly ? (
        <Typography variant="body2" sx={{ color: 'text.secondary', mt: 2 }}>
          {t('auth.sso.onlyNote')}
        </Typography>
      ) : null}
      <Box
        role="separator"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          mt: 3,
          typography: 'overline',
          color: 'text.secondary',
          '&::before, &::after': { content: '""', flex: 1, borderTop: 1, borderColor: 'divider' },
        }}
      >
        {t('auth.sso.or')}
      </Box>
    </Box>
  );
}
