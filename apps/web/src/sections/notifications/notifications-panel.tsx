import { NOTIFICATION_TABS, type NotificationTab } from '@bo/contract/notifications';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { paths } from '../../routes/paths';
import { NotificationList } from './notification-list';
import { useNotificationsQuery } from './notifications-api';

/** The bell popover's body: the tabs, the tab's first page and the way to the full page. */
export function NotificationsPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<NotificationTab>('all');
  const { data } = useNotificationsQuery({ tab: 'unread', limit: 1 });
  const unread = data?.unreadCount ?? 0;
  const close = onClose;
  return (
    <>
      <Tabs
        value={tab}
        onChange={(_, v: NotificationTab) => setTab(v)}
        variant="fullWidth"
        sx={{ px: 1.5, borderBottom: 1, borderColor: 'divider' }}
      >
        {NOTIFICATION_TABS.map((value) => (
          <Tab
            key={value}
            value={value}
            iconPosition="end"
            label={t(`header.notificationTabs.${value}`)}
            icon={
              value === 'unread' && unread > 0 ? (
                <Chip size="small" color="info" label={unread} sx={{ height: 20 }} />
              ) : undefined
            }
          />
        ))}
      </Tabs>
      <Box sx={{ maxHeight: { xs: '60vh', md: 480 }, overflowY: 'auto' }}>
        <NotificationList tab={tab} onOpen={close} />
      </Box>
      <Divider />
      <Box sx={{ p: 1 }}>
        <Button fullWidth component={RouterLink} to={paths.dashboard.notifications} onClick={close}>
          {t('header.viewAll')}
        </Button>
      </Box>
    </>
  );
}
