import PeopleAltRounded from '@mui/icons-material/PeopleAltRounded';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { CHAT_EVENTS, type ChatStatus } from '@bo/contract/chat-constants';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { useAuth } from '../../auth/auth-context';
import { EmptyContent } from '../../components/empty-content/empty-content';
import { subscribeRealtime } from '../../lib/realtime';
import { paths } from '../../routes/paths';
import { type Contact, useGetContactsQuery, useGetPresenceContactsQuery } from './contacts-api';

const PRESENCE_COLOR: Record<ChatStatus, string> = {
  online: 'success.main',
  away: 'warning.main',
  busy: 'error.main',
  offline: 'grey.500',
};

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

/**
 * Colleagues: with chat, `GET /api/chat/contacts` with their presence (kept live while open) and
 * a click opens the conversation; otherwise `GET /api/users?limit=20` with `users:read`. Fetched
 * only when opened.
 */
export function ContactsPopover() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const canChat = !!user?.permissions.includes('chat:read');
  const canRead = canChat || !!user?.permissions.includes('users:read');
  const presence = useGetPresenceContactsQuery(undefined, { skip: !anchor || !canChat });
  const people = useGetContactsQuery(undefined, { skip: !anchor || canChat || !canRead });
  const { data, isLoading, isError, refetch } = canChat ? presence : people;
  const contacts: Contact[] = data ?? [];

  // Someone came, left or went idle while the list is open.
  useEffect(() => {
    if (!anchor || !canChat) return;
    let timer: number | undefined;
    const unsubscribe = subscribeRealtime((event) => {
      if (event.type !== CHAT_EVENTS.presence) return;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void refetch(), 500);
    });
    return () => {
      window.clearTimeout(timer);
      unsubscribe();
    };
  }, [anchor, canChat, refetch]);

  return (
    <>
      <Tooltip title={t('header.contacts')}>
        <IconButton
          aria-label={t('header.contacts')}
          aria-haspopup="dialog"
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <PeopleAltRounded />
        </IconButton>
      </Tooltip>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: 320, maxWidth: 'calc(100vw - 32px)' } } }}
      >
        <Typography variant="h6" sx={{ p: 2, pb: 1 }}>
          {t('header.contacts')}{' '}
          {contacts.length > 0 && (
            <Typography component="span" sx={{ color: 'text.secondary' }}>
              ({contacts.length})
            </Typography>
          )}
        </Typography>
        {isLoading ? (
          <Box sx={{ p: 4, display: 'flex', justifyContent: 'center' }}>
            <CircularProgress size={24} aria-label={t('common.loading')} />
          </Box>
        ) : !canRead || isError || contacts.length === 0 ? (
          <EmptyContent
            title={isError ? t('header.contactsError') : t('header.noContacts')}
            sx={{ py: 3 }}
          />
        ) : (
          <List dense sx={{ maxHeight: 400, overflowY: 'auto', px: 1 }}>
            {contacts.map((c) => {
              const avatar = (
                <ListItemAvatar>
                  <Badge
                    overlap="circular"
                    variant="dot"
                    invisible={!c.presence}
                    anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
                    sx={{
                      '& .MuiBadge-badge': {
                        bgcolor: c.presence ? PRESENCE_COLOR[c.presence] : undefined,
                        boxShadow: (theme) => `0 0 0 2px ${theme.palette.background.paper}`,
                      },
                    }}
                  >
                    <Avatar
                      src={c.avatar ?? undefined}
                      alt=""
                      sx={{ width: 36, height: 36, fontSize: 14 }}
                    >
                      {initials(c.name)}
                    </Avatar>
                  </Badge>
                </ListItemAvatar>
              );
              const text = (
                <ListItemText
                  primary={c.name}
                  secondary={c.presence ? t(`header.status.${c.presence}`) : c.email}
                  slotProps={{ secondary: { noWrap: true } }}
                />
              );
              return c.username ? (
                <ListItem key={c.id} disablePadding>
                  <ListItemButton
                    component={RouterLink}
                    to={paths.dashboard.chat.view(c.username)}
                    onClick={() => setAnchor(null)}
                    aria-label={`${t('header.chatWith', { name: c.name })} (${t(`header.status.${c.presence ?? 'offline'}`)})`}
                    sx={{ borderRadius: 1 }}
                  >
                    {avatar}
                    {text}
                  </ListItemButton>
                </ListItem>
              ) : (
                <ListItem key={c.id} sx={{ borderRadius: 1 }}>
                  {avatar}
                  {text}
                </ListItem>
              );
            })}
          </List>
        )}
      </Popover>
    </>
  );
}
