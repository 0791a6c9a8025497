import type { Notification, NotificationType } from '@bo/contract/notifications';
import AlarmRounded from '@mui/icons-material/AlarmRounded';
import AlternateEmailRounded from '@mui/icons-material/AlternateEmailRounded';
import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import ChatBubbleOutlineRounded from '@mui/icons-material/ChatBubbleOutlineRounded';
import DevicesRounded from '@mui/icons-material/DevicesRounded';
import EventAvailableRounded from '@mui/icons-material/EventAvailableRounded';
import EventRounded from '@mui/icons-material/EventRounded';
import FileDownloadDoneRounded from '@mui/icons-material/FileDownloadDoneRounded';
import FolderSharedRounded from '@mui/icons-material/FolderSharedRounded';
import ForumRounded from '@mui/icons-material/ForumRounded';
import GroupAddRounded from '@mui/icons-material/GroupAddRounded';
import HowToRegRounded from '@mui/icons-material/HowToRegRounded';
import MailOutlineRounded from '@mui/icons-material/MailOutlineRounded';
import ReplyRounded from '@mui/icons-material/ReplyRounded';
import DoneRounded from '@mui/icons-material/DoneRounded';
import MarkEmailUnreadOutlined from '@mui/icons-material/MarkEmailUnreadOutlined';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import PersonAddAlt1Rounded from '@mui/icons-material/PersonAddAlt1Rounded';
import ReceiptLongRounded from '@mui/icons-material/ReceiptLongRounded';
import ShoppingCartRounded from '@mui/icons-material/ShoppingCartRounded';
import UnarchiveOutlined from '@mui/icons-material/UnarchiveOutlined';
import ViewKanbanRounded from '@mui/icons-material/ViewKanbanRounded';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { notify } from '../../components/snackbar/notify';
import { deviceName, useFormat } from '../../lib/format';
import { translateError } from '../../locales/form-errors';
import { usePatchNotificationMutation } from './notifications-api';

const ICONS: Record<NotificationType, ReactNode> = {
  'order.created': <ShoppingCartRounded />,
  'order.status': <ShoppingCartRounded />,
  'kanban.assigned': <ViewKanbanRounded />,
  'kanban.comment': <ChatBubbleOutlineRounded />,
  'calendar.invited': <EventRounded />,
  'calendar.starting': <AlarmRounded />,
  'calendar.response': <EventAvailableRounded />,
  'chat.reopened': <ForumRounded />,
  mention: <AlternateEmailRounded />,
  'invoice.paid': <ReceiptLongRounded />,
  'invoice.overdue': <ReceiptLongRounded />,
  'registration.pending': <PersonAddAlt1Rounded />,
  'signin.new_device': <DevicesRounded />,
  'mail.received': <MailOutlineRounded />,
  'files.shared': <FolderSharedRounded />,
  'chat.added': <GroupAddRounded />,
  'blog.reply': <ReplyRounded />,
  'account.approved': <HowToRegRounded />,
  'export.ready': <FileDownloadDoneRounded />,
  // People arrived (or changed) by a file: the people icon of the bell's other arrivals.
  'import.done': <PersonAddAlt1Rounded />,
};

/** The notification as a sentence in the person's language. */
export function notificationText(t: TFunction, n: Notification): string {
  const actor = n.actor?.name ?? t('header.someone');
  if (n.type === 'mention' && !n.title) return t('header.notificationText.mentionChat', { actor });
  // A guest's answer is in the body: one sentence per answer ("Ann accepted …").
  if (n.type === 'calendar.response')
    return t(`header.notificationText.calendar.response.${n.body}`, { actor, title: n.title });
  if (n.type === 'chat.added' && !n.title)
    return t('header.notificationText.chat.addedUnnamed', { actor });
  // The sender of a mail from outside is no account: their name or address is in the body.
  if (n.type === 'mail.received')
    return t('header.notificationText.mail.received', { from: n.body || actor, title: n.title });
  if (n.type === 'order.status') {
    const status = t(`header.orderStatus.${n.body}`, { defaultValue: n.body });
    return t('header.notificationText.order.status', { title: n.title, status });
  }
  return t(`header.notificationText.${n.type}`, { actor, title: n.title });
}

/** An import's counts (the body, as JSON) in the reader's words: "Created: 3 · Refused: 2". */
function importCounts(t: TFunction, body: string, format: ReturnType<typeof useFormat>): string {
  let counts: Record<string, unknown>;
  try {
    counts = JSON.parse(body) as Record<string, unknown>;
  } catch {
    return body;
  }
  return (['created', 'updated', 'unchanged', 'skipped', 'refused'] as const)
    .map((k) => t(`header.importCounts.${k}`, { count: format.count(Number(counts[k] ?? 0)) }))
    .join(' · ');
}

/** The line under it: the comment's words, the customer, the address, the device or the start. */
function detail(n: Notification, format: ReturnType<typeof useFormat>, t: TFunction): string {
  if (
    n.type === 'order.status' ||
    n.type === 'kanban.assigned' ||
    n.type === 'mail.received' ||
    n.type === 'account.approved' ||
    n.type === 'export.ready'
  )
    return '';
  if (n.type === 'import.done') return importCounts(t, n.body, format);
  if (n.type === 'calendar.response') return '';
  if (n.type === 'calendar.invited' || n.type === 'calendar.starting') {
    return Number.isNaN(Date.parse(n.body)) ? '' : format.dateTime(n.body);
  }
  if (n.type === 'signin.new_device')
    return [n.title && deviceName(n.title), n.body].filter(Boolean).join(' · ');
  return n.body;
}

/**
 * One notification: who or what, the sentence, a line of detail and how long ago; opening it
 * marks it read and goes to the record. Its menu reads, unreads, archives or restores it.
 */
export function NotificationItem({ n, onOpen }: { n: Notification; onOpen?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useFormat();
  const [patch] = usePatchNotificationMutation();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const unread = !n.readAt && !n.archivedAt;
  const text = notificationText(t, n);
  const line = detail(n, format, t);

  const change = async (body: { read?: boolean; archived?: boolean }) => {
    setMenu(null);
    try {
      await patch({ id: n.id, ...body }).unwrap();
    } catch (err) {
      notify.error(translateError(t, err));
    }
  };

  return (
    <ListItem
      disablePadding
      secondaryAction={
        <IconButton
          edge="end"
          size="small"
          aria-label={`${t('header.notificationActions')}: ${text}`}
          aria-haspopup="menu"
          onClick={(e) => setMenu(e.currentTarget)}
        >
          <MoreVertRounded fontSize="small" />
        </IconButton>
      }
      sx={{ borderBottom: 1, borderColor: 'divider', borderBottomStyle: 'dashed' }}
    >
      <ListItemButton
        onClick={() => {
          if (unread) void change({ read: true });
          onOpen?.();
          navigate(n.link);
        }}
        sx={{ alignItems: 'flex-start', gap: 2, py: 1.5, pr: 6 }}
      >
        <Badge
          overlap="circular"
          variant="dot"
          color="info"
          invisible={!unread}
          anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
        >
          {n.actor ? (
            <Avatar src={n.actor.avatarUrl ?? undefined} alt="">
              {n.actor.name.charAt(0)}
            </Avatar>
          ) : (
            <Avatar sx={{ bgcolor: 'primary.lighter', color: 'primary.dark' }} alt="">
              {ICONS[n.type]}
            </Avatar>
          )}
        </Badge>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography variant="subtitle2" sx={{ fontWeight: unread ? 700 : 500 }}>
            {text}
          </Typography>
          {line && (
            <Typography variant="body2" noWrap sx={{ color: 'text.secondary' }}>
              {line}
            </Typography>
          )}
          <Typography
            variant="caption"
            component="time"
            dateTime={n.createdAt}
            title={format.dateTime(n.createdAt)}
            sx={{ color: 'text.secondary' }}
          >
            {format.ago(n.createdAt)}
          </Typography>
        </Box>
      </ListItemButton>
      <Menu anchorEl={menu} open={!!menu} onClose={() => setMenu(null)}>
        {!n.archivedAt && (
          <MenuItem onClick={() => change({ read: unread })}>
            <ListItemIcon>{unread ? <DoneRounded /> : <MarkEmailUnreadOutlined />}</ListItemIcon>
            {unread ? t('header.markRead') : t('header.markUnread')}
          </MenuItem>
        )}
        <MenuItem onClick={() => change({ archived: !n.archivedAt })}>
          <ListItemIcon>{n.archivedAt ? <UnarchiveOutlined /> : <ArchiveOutlined />}</ListItemIcon>
          {n.archivedAt ? t('header.restore') : t('header.archive')}
        </MenuItem>
      </Menu>
    </ListItem>
  );
}
