import BusinessRounded from '@mui/icons-material/BusinessRounded';
import EmailRounded from '@mui/icons-material/EmailRounded';
import PhoneRounded from '@mui/icons-material/PhoneRounded';
import PlaceRounded from '@mui/icons-material/PlaceRounded';
import SettingsRounded from '@mui/icons-material/SettingsRounded';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { EmptyContent } from '../../components/empty-content/empty-content';
import { PageHeader } from '../../components/page-header/page-header';
import { auditActionLabel } from '../../lib/audit-labels';
import { translateError } from '../../locales/form-errors';
import { useLocales } from '../../locales/use-locales';
import { paths } from '../../routes/paths';
import { SOCIAL_ICONS, coverBackground } from './user-cards-view';
import { initials } from './user-status';
import { useMyActivityQuery, useMyProfileQuery } from './users-api';

function Line({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'flex',
        gap: 2,
        alignItems: 'flex-start',
        typography: 'body2',
        wordBreak: 'break-word',
      }}
    >
      <Box sx={{ color: 'text.secondary', display: 'flex' }}>{icon}</Box>
      <Box>{children}</Box>
    </Box>
  );
}

/** The signed-in person's own page: cover, about, contact, links and what they did lately. */
export function UserProfileView() {
  const { t } = useTranslation();
  const { currentOption } = useLocales();
  const { data: me, isLoading, error } = useMyProfileQuery();
  const activity = useMyActivityQuery(10);
  const fmt = new Intl.DateTimeFormat(currentOption.htmlLang, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  const header = (
    <PageHeader
      title={t('users.profile.title')}
      crumbs={[
        { name: t('nav.dashboard'), href: paths.dashboard.root },
        { name: t('nav.user'), href: paths.dashboard.user.root },
        { name: me?.name ?? t('nav.profile') },
      ]}
      action={
        <Button
          component={RouterLink}
          to={paths.dashboard.user.account}
          variant="outlined"
          startIcon={<SettingsRounded />}
        >
          {t('users.profile.edit')}
        </Button>
      }
    />
  );
  if (error)
    return (
      <>
        {header}
        <Alert severity="error">{translateError(t, error)}</Alert>
      </>
    );
  if (isLoading || !me)
    return (
      <>
        {header}
        <Skeleton variant="rounded" height={290} />
      </>
    );

  const place = [me.city, me.state, me.country].filter(Boolean).join(', ');
  const links = Object.entries(me.social).filter(([net, url]) => url && SOCIAL_ICONS[net]);

  return (
    <>
      {header}
      <Card sx={{ mb: 3, height: 290, position: 'relative', ...coverBackground(me) }}>
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            background: (theme) =>
              `linear-gradient(to bottom, ${alpha(theme.palette.grey[900], 0.1)}, ${alpha(theme.palette.grey[900], 0.7)})`,
          }}
        />
        <Box
          sx={{
            position: 'absolute',
            insetInlineStart: { xs: 0, md: 24 },
            insetInlineEnd: { xs: 0, md: 'auto' },
            bottom: 24,
            display: 'flex',
            flexDirection: { xs: 'column', md: 'row' },
            alignItems: 'center',
            gap: { xs: 1, md: 3 },
            color: 'common.white',
            textAlign: { xs: 'center', md: 'start' },
          }}
        >
          <Avatar
            src={me.avatarUrl ?? undefined}
            alt=""
            sx={{
              width: { xs: 72, md: 128 },
              height: { xs: 72, md: 128 },
              border: '2px solid',
              borderColor: 'common.white',
              fontSize: 36,
            }}
          >
            {initials(me.name)}
          </Avatar>
          <Box>
            <Typography variant="h4" component="h2">
              {me.name}
            </Typography>
            <Typography sx={{ opacity: 0.72 }}>
              {me.jobTitle ?? t(`users.roles.${me.role}`, { defaultValue: me.role })}
            </Typography>
          </Box>
        </Box>
      </Card>

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: '1fr 2fr' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={3}>
          <Card sx={{ p: 3 }}>
            <Typography variant="h6" sx={{ mb: 2 }}>
              {t('users.profile.about')}
            </Typography>
            <Typography
              variant="body2"
              sx={{
                mb: 2,
                whiteSpace: 'pre-line',
                color: me.about ? 'text.primary' : 'text.disabled',
              }}
            >
              {me.about ?? t('users.profile.noAbout')}
            </Typography>
            <Stack spacing={2}>
              {place && <Line icon={<PlaceRounded fontSize="small" />}>{place}</Line>}
              <Line icon={<EmailRounded fontSize="small" />}>{me.email}</Line>
              {me.phone && (
                <Line icon={<PhoneRounded fontSize="small" />}>
                  <bdi dir="ltr">{me.phone}</bdi>
                </Line>
              )}
              {me.company && (
                <Line icon={<BusinessRounded fontSize="small" />}>
                  {me.jobTitle
                    ? t('users.profile.worksAt', { job: me.jobTitle, company: me.company })
                    : me.company}
                </Line>
              )}
            </Stack>
          </Card>
          <Card sx={{ p: 3 }}>
            <Typography variant="h6" sx={{ mb: 2 }}>
              {t('users.profile.social')}
            </Typography>
            {links.length === 0 ? (
              <Typography variant="body2" sx={{ color: 'text.disabled' }}>
                {t('users.profile.noSocial')}
              </Typography>
            ) : (
              <Stack spacing={2}>
                {links.map(([net, url]) => (
                  <Line key={net} icon={SOCIAL_ICONS[net]}>
                    <Link href={url} target="_blank" rel="noopener noreferrer" color="inherit">
                      {url}
                    </Link>
                  </Line>
                ))}
              </Stack>
            )}
          </Card>
        </Stack>

        <Card>
          <CardHeader
            title={t('users.profile.activity')}
            subheader={t('users.profile.activityHint')}
          />
          <Box sx={{ p: 3 }}>
            {activity.isLoading && <Skeleton variant="rounded" height={160} />}
            {activity.data && activity.data.activities.length === 0 && (
              <EmptyContent title={t('users.profile.noActivity')} />
            )}
            <Stack component="ol" spacing={2} sx={{ m: 0, p: 0, listStyle: 'none' }}>
              {activity.data?.activities.map((a) => (
                <Box component="li" key={a.id} sx={{ display: 'flex', gap: 2 }}>
                  <Box
                    sx={{
                      mt: 0.75,
                      width: 10,
                      height: 10,
                      borderRadius: '50%',
                      bgcolor: 'primary.main',
                      flexShrink: 0,
                    }}
                  />
                  <Box>
                    <Typography variant="subtitle2">{auditActionLabel(t, a.action)}</Typography>
                    <Typography variant="caption" sx={{ color: 'text.disabled' }}>
                      {fmt.format(new Date(a.createdAt))}
                    </Typography>
                  </Box>
                </Box>
              ))}
            </Stack>
          </Box>
        </Card>
      </Box>
    </>
  );
}
