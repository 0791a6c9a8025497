import type { User } from '@bo/contract/users';
import FacebookRounded from '@mui/icons-material/FacebookRounded';
import Instagram from '@mui/icons-material/Instagram';
import LinkedIn from '@mui/icons-material/LinkedIn';
import X from '@mui/icons-material/X';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Pagination from '@mui/material/Pagination';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { EmptyContent } from '../../components/empty-content/empty-content';
import { PageHeader } from '../../components/page-header/page-header';
import { translateError } from '../../locales/form-errors';
import { useLocales } from '../../locales/use-locales';
import { paths } from '../../routes/paths';
import { initials } from './user-status';
import { useUsersQuery } from './users-api';

const PER_PAGE = 12;

export const SOCIAL_ICONS: Record<string, ReactNode> = {
  facebook: <FacebookRounded sx={{ color: '#1877F2' }} />,
  instagram: <Instagram sx={{ color: '#E02D69' }} />,
  linkedin: <LinkedIn sx={{ color: '#007EBB' }} />,
  twitter: <X />,
};

/** A cover drawn from the person's name when they have not uploaded one (no third-party image). */
export function coverBackground(user: Pick<User, 'coverUrl' | 'name'>) {
  if (user.coverUrl)
    return {
      backgroundImage: `url(${user.coverUrl})`,
      backgroundSize: 'cover',
      backgroundPosition: 'center',
    };
  let hash = 0;
  for (const c of user.name) hash = (hash * 31 + c.charCodeAt(0)) % 360;
  return {
    backgroundImage: `linear-gradient(135deg, hsl(${hash} 70% 55%), hsl(${(hash + 60) % 360} 70% 40%))`,
  };
}

function Stat({ label, value }: { label: string; value: number }) {
  const { currentOption } = useLocales();
  return (
    <Box sx={{ textAlign: 'center' }}>
      <Typography variant="caption" component="div" sx={{ color: 'text.disabled', mb: 0.5 }}>
        {label}
      </Typography>
      <Typography variant="subtitle1">
        {new Intl.NumberFormat(currentOption.htmlLang, { notation: 'compact' }).format(value)}
      </Typography>
    </Box>
  );
}

function UserCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const links = Object.entries(user.social).filter(([net, url]) => url && SOCIAL_ICONS[net]);
  return (
    <Card sx={{ textAlign: 'center' }} data-testid="user-card">
      <Box sx={{ position: 'relative', height: 160, ...coverBackground(user) }}>
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            bgcolor: (theme) => alpha(theme.palette.grey[900], 0.2),
          }}
        />
        <Avatar
          src={user.avatarUrl ?? undefined}
          alt=""
          sx={{
            width: 64,
            height: 64,
            position: 'absolute',
            left: 0,
            right: 0,
            bottom: -32,
            mx: 'auto',
            border: (theme) => `3px solid ${theme.palette.background.paper}`,
          }}
        >
          {initials(user.name)}
        </Avatar>
      </Box>
      <Typography variant="subtitle1" sx={{ mt: 6 }}>
        {user.name}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 1, minHeight: 22 }}>
        {user.jobTitle ?? t(`users.roles.${user.role}`, { defaultValue: user.role })}
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'center', minHeight: 40, mb: 1.5 }}>
        {links.map(([net, url]) => (
          <IconButton
            key={net}
            component="a"
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t(`users.social.${net}`)}
          >
            {SOCIAL_ICONS[net]}
          </IconButton>
        ))}
      </Box>
      <Divider sx={{ borderStyle: 'dashed' }} />
      <Box sx={{ py: 3, display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)' }}>
        <Stat label={t('users.cards.followers')} value={user.followers} />
        <Stat label={t('users.cards.following')} value={user.following} />
        <Stat label={t('users.cards.posts')} value={user.posts} />
      </Box>
    </Card>
  );
}

export function UserCardsView() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, isLoading, error } = useUsersQuery({
    page,
    limit: PER_PAGE,
    sort: 'name',
    order: 'asc',
  });
  const pages = Math.ceil((data?.total ?? 0) / PER_PAGE);

  return (
    <>
      <PageHeader
        title={t('users.cards.title')}
        crumbs={[
          { name: t('nav.dashboard'), href: paths.dashboard.root },
          { name: t('nav.user'), href: paths.dashboard.user.root },
          { name: t('nav.cards') },
        ]}
      />
      {error && <Alert severity="error">{translateError(t, error)}</Alert>}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
        }}
      >
        {isLoading &&
          Array.from({ length: 6 }, (_, i) => <Skeleton key={i} variant="rounded" height={340} />)}
        {data?.users.map((u) => (
          <UserCard key={u.id} user={u} />
        ))}
      </Box>
      {data && data.users.length === 0 && <EmptyContent title={t('users.list.empty')} />}
      {pages > 1 && (
        <Pagination
          count={pages}
          page={Math.min(page, pages)}
          onChange={(_e, p) => setParams(p === 1 ? {} : { page: String(p) }, { replace: true })}
          sx={{ mt: { xs: 5, md: 8 }, display: 'flex', justifyContent: 'center' }}
          getItemAriaLabel={(type, p) => t(`users.cards.pageAria.${type}`, { page: p })}
        />
      )}
    </>
  );
}
