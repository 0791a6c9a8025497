import { NOTIFICATION_TABS, type NotificationTab } from '@bo/contract/notifications';
import DoneAllRounded from '@mui/icons-material/DoneAllRounded';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';

import { PageHeader } from '../../components/page-header/page-header';
import { notify } from '../../components/snackbar/notify';
import { translateError } from '../../locales/form-errors';
import { paths } from '../../routes/paths';
import { NotificationList } from './notification-list';
import { useNotificationsQuery, useReadAllNotificationsMutation } from './notifications-api';

/**
 * /dashboard/notifications — every notification of the signed-in person, by tab (in the URL),
 * newest first, pages added on demand; mark all read; a link to the switches that turn types off.
 */
export function NotificationsView() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = (NOTIFICATION_TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as NotificationTab)
    : 'all';
  const { data } = useNotificationsQuery({ tab: 'unread', limit: 1 });
  const unread = data?.unreadCount ?? 0;
  const [readAll, { isLoading }] = useReadAllNotificationsMutation();

  return (
    <>
      <PageHeader
        title={t('header.notifications')}
        crumbs={[
          { name: t('nav.dashboard'), href: paths.dashboard.root },
          { name: t('header.notifications') },
        ]}
        action={
          <Stack direction="row" spacing={1}>
            <Button
              component={RouterLink}
              to={`${paths.dashboard.user.account}?tab=notifications`}
              startIcon={<SettingsOutlined />}
            >
              {t('header.inApp')}
            </Button>
            <Button
              variant="contained"
              startIcon={<DoneAllRounded />}
              disabled={unread === 0 || isLoading}
              onClick={async () => {
                try {
                  await readAll().unwrap();
                } catch (err) {
                  notify.error(translateError(t, err));
                }
              }}
            >
              {t('header.markAllRead')}
            </Button>
          </Stack>
        }
      />
      <Card>
        <Tabs
          value={tab}
          onChange={(_, v: NotificationTab) => setParams(v === 'all' ? {} : { tab: v })}
          sx={{ px: 2.5, borderBottom: 1, borderColor: 'divider' }}
        >
          {NOTIFICATION_TABS.map((value) => (
            <Tab
              key={value}
              value={value}
              label={
                value === 'unread' && unread
                  ? `${t(`header.notificationTabs.${value}`)} (${unread})`
                  : t(`header.notificationTabs.${value}`)
              }
            />
          ))}
        </Tabs>
        <NotificationList tab={tab} limit={25} more />
      </Card>
    </>
  );
}
