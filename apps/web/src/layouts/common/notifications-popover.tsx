import DoneAllRounded from '@mui/icons-material/DoneAllRounded';
import NotificationsRounded from '@mui/icons-material/NotificationsRounded';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { notify } from '../../components/snackbar/notify';
import { translateError } from '../../locales/form-errors';
import {
  useLiveNotifications,
  useNotificationsQuery,
  useReadAllNotificationsMutation,
} from '../../sections/notifications/notifications-api';

// The tabs and the list load the first time the popover opens: the shell stays small.
const NotificationsPanel = lazy(() =>
  import('../../sections/notifications/notifications-panel').then((m) => ({
    default: m.NotificationsPanel,
  })),
);

/**
 * The header's bell: the unread count, live from the socket; the popover's tabs (all, unread,
 * archived), each notification linking to its record; mark all read; the full page.
 */
export function NotificationsPopover() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  if (anchor && !opened) setOpened(true);
  useLiveNotifications();
  // The badge's count comes with the first unread one (one row, the same call the tab makes).
  const { data } = useNotificationsQuery({ tab: 'unread', limit: 1 });
  const unread = data?.unreadCount ?? 0;
  const [readAll, { isLoading }] = useReadAllNotificationsMutation();
  const close = () => setAnchor(null);

  return (
    <>
      <Tooltip title={t('header.notifications')}>
        <IconButton
          // The count as the badge shows it (99+ past 99), so the name holds the visible text.
          aria-label={`${t('header.notifications')}${unread ? ` (${unread > 99 ? '99+' : unread})` : ''}`}
          aria-haspopup="dialog"
          data-testid="notifications-bell"
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          {/* No badge at all without unread ones: MUI keeps a hidden badge's last number in the
              page, which would be visible text missing from the name (WCAG 2.5.3). */}
          {unread > 0 ? (
            <Badge badgeContent={unread} color="error" max={99} data-testid="notifications-count">
              <NotificationsRounded />
            </Badge>
          ) : (
            <NotificationsRounded />
          )}
        </IconButton>
      </Tooltip>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-label': t('header.notifications'),
            sx: {
              width: 420,
              maxWidth: 'calc(100vw - 32px)',
              display: 'flex',
              flexDirection: 'column',
            },
          },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', py: 2, pl: 2.5, pr: 1.5 }}>
          <Box sx={{ flexGrow: 1 }}>
            <Typography variant="subtitle1">{t('header.notifications')}</Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('header.unreadCount', { count: unread })}
            </Typography>
          </Box>
          <Tooltip title={t('header.markAllRead')}>
            <span>
              <IconButton
                color="primary"
                disabled={unread === 0 || isLoading}
                aria-label={t('header.markAllRead')}
                onClick={async () => {
                  try {
                    await readAll().unwrap();
                  } catch (err) {
                    notify.error(translateError(t, err));
                  }
                }}
              >
                <DoneAllRounded />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
        {opened && (
          <Suspense fallback={<LinearProgress aria-label={t('common.loading')} />}>
            <NotificationsPanel onClose={close} />
          </Suspense>
        )}
      </Popover>
    </>
  );
}
