import LockRounded from '@mui/icons-material/LockRounded';
import NotificationsRounded from '@mui/icons-material/NotificationsRounded';
import KeyRounded from '@mui/icons-material/KeyRounded';
import PersonRounded from '@mui/icons-material/PersonRounded';
import ShareRounded from '@mui/icons-material/ShareRounded';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

import { PageHeader } from '../../components/page-header/page-header';
import { translateError } from '../../locales/form-errors';
import { paths } from '../../routes/paths';
import { useMyProfileQuery } from './users-api';

// Each tab is a form of its own (React Hook Form, zod): it loads when it is shown.
const AccountGeneral = lazy(() =>
  import('./account-general').then((m) => ({ default: m.AccountGeneral })),
);
const AccountNotifications = lazy(() =>
  import('./account-settings').then((m) => ({ default: m.AccountNotifications })),
);
const AccountSocial = lazy(() =>
  import('./account-settings').then((m) => ({ default: m.AccountSocial })),
);
const AccountSecurity = lazy(() =>
  import('./account-settings').then((m) => ({ default: m.AccountSecurity })),
);

const AccountTokens = lazy(() =>
  import('../tokens/account-tokens').then((m) => ({ default: m.AccountTokens })),
);

const TABS = [
  { value: 'general', icon: <PersonRounded /> },
  { value: 'notifications', icon: <NotificationsRounded /> },
  { value: 'social', icon: <ShareRounded /> },
  { value: 'security', icon: <LockRounded /> },
  { value: 'tokens', icon: <KeyRounded /> },
] as const;
type TabValue = (typeof TABS)[number]['value'];

/** The signed-in person's settings; the open tab is in the URL (`?tab=security`). */
export function UserAccountView() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: TabValue = TABS.find((x) => x.value === params.get('tab'))?.value ?? 'general';
  const { data: me, isLoading, error } = useMyProfileQuery();

  return (
    <>
      <PageHeader
        title={t('users.account.title')}
        crumbs={[
          { name: t('nav.dashboard'), href: paths.dashboard.root },
          { name: t('nav.user'), href: paths.dashboard.user.root },
          { name: t('nav.account') },
        ]}
      />
      <Tabs
        value={tab}
        onChange={(_e, value: TabValue) =>
          setParams(value === 'general' ? {} : { tab: value }, { replace: true })
        }
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: { xs: 3, md: 5 } }}
      >
        {TABS.map((x) => (
          <Tab
            key={x.value}
            value={x.value}
            icon={x.icon}
            iconPosition="start"
            label={t(`users.account.tabs.${x.value}`)}
          />
        ))}
      </Tabs>
      {error && <Alert severity="error">{translateError(t, error)}</Alert>}
      {isLoading && tab !== 'security' && tab !== 'tokens' && (
        <Skeleton variant="rounded" height={420} />
      )}
      <Suspense fallback={<Skeleton variant="rounded" height={360} />}>
        {me && tab === 'general' && <AccountGeneral key={me.updatedAt} me={me} />}
        {me && tab === 'notifications' && <AccountNotifications key={me.updatedAt} me={me} />}
        {me && tab === 'social' && <AccountSocial key={me.updatedAt} me={me} />}
        {tab === 'security' && <AccountSecurity />}
        {tab === 'tokens' && <AccountTokens />}
      </Suspense>
    </>
  );
}
