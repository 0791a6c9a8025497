import DoneAllRounded from '@mui/icons-material/DoneAllRounded';
import NotificationsRounded from '@mui/icons-material/NotificationsRounded';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { EmptyContent } from '../../components/empty-content/empty-content';

/**
 * The server offers no notifications call yet, so this shows an honest empty state and calls
 * nothing. When `GET /api/notifications` exists, feed the list and the badge from it here.
 */
export function NotificationsPopover() {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const unread = 0;

  return (
    <>
      <Tooltip title={t('header.notifications')}>
        <IconButton
          aria-label={t('header.notifications')}
          aria-haspopup="dialog"
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <Badge badgeContent={unread} color="error">
            <NotificationsRounded />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 360, maxWidth: 'calc(100vw - 32px)' } } }}
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
                disabled={unread === 0}
                aria-label={t('header.markAllRead')}
              >
                <DoneAllRounded />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
        <Divider sx={{ borderStyle: 'dashed' }} />
        <EmptyContent
          title={t('header.noNotifications')}
          description={t('header.noNotificationsHint')}
        />
      </Popover>
    </>
  );
}
