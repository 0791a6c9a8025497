import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { PageHeader } from '../../components/page-header/page-header';
import { FORMAT_LOCALES } from '../../lib/format';
import { paths } from '../../routes/paths';

/** The product's changes, newest first: the day each landed; words in `changelog.entries.<id>`. */
export const CHANGELOG = [
  { id: 'invoices', date: '2026-11-29' },
  { id: 'guests', date: '2026-11-29' },
  { id: 'home', date: '2026-11-28' },
  { id: 'connect', date: '2026-11-28' },
  { id: 'roles', date: '2026-11-28' },
  { id: 'mail', date: '2026-11-28' },
  { id: 'launch', date: '2026-11-22' },
] as const;

export function ChangelogView() {
  const { t, i18n } = useTranslation();
  const day = useMemo(
    () =>
      new Intl.DateTimeFormat(FORMAT_LOCALES[i18n.language] ?? 'en-US', {
        dateStyle: 'long',
        timeZone: 'UTC',
      }),
    [i18n.language],
  );
  return (
    <Container maxWidth="md">
      <PageHeader
        title={t('changelog.title')}
        crumbs={[{ name: t('help.title'), href: paths.help }, { name: t('changelog.title') }]}
      />
      <Typography sx={{ mb: 3, color: 'text.secondary' }}>{t('changelog.intro')}</Typography>
      <Stack component="ol" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {CHANGELOG.map(({ id, date }) => (
          <Card component="li" key={id} sx={{ p: { xs: 2, md: 3 } }}>
            <Typography
              component="time"
              dateTime={date}
              variant="caption"
              sx={{ color: 'text.secondary', display: 'block', mb: 0.5 }}
            >
              {day.format(new Date(`${date}T00:00:00Z`))}
            </Typography>
            <Typography variant="h6" component="h2" gutterBottom>
              {t(`changelog.entries.${id}.title`)}
            </Typography>
            <Typography variant="body2">{t(`changelog.entries.${id}.body`)}</Typography>
          </Card>
        ))}
      </Stack>
    </Container>
  );
}
