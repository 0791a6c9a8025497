import AddCommentOutlined from '@mui/icons-material/AddCommentOutlined';
import SearchRounded from '@mui/icons-material/SearchRounded';
import Avatar from '@mui/material/Avatar';
import AvatarGroup from '@mui/material/AvatarGroup';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListSubheader from '@mui/material/ListSubheader';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ChatContact, ChatConversation, ChatStatus } from '@bo/contract/chat';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

import { useDebouncedValue } from '../../lib/use-debounced-value';
import { paths } from '../../routes/paths';
import { useChatFormat, useChatSearchQuery } from './chat-api';

export const STATUS_COLOR: Record<ChatStatus, 'success' | 'warning' | 'error' | 'default'> = {
  online: 'success',
  away: 'warning',
  busy: 'error',
  offline: 'default',
};

/** The other person of a one-to-one conversation, or null for a group. */
export const otherOf = (c: ChatConversation, me: string) =>
  c.type === 'ONE_TO_ONE' ? (c.participants.find((p) => p.id !== me) ?? null) : null;

export const titleOf = (c: ChatConversation, me: string) =>
  c.type === 'GROUP'
    ? c.name ||
      c.participants
        .filter((p) => p.id !== me)
        .map((p) => p.name.split(' ')[0])
        .join(', ')
    : (otherOf(c, me)?.name ?? '');

export function PresenceAvatar({
  name,
  avatar,
  status,
  size = 40,
}: {
  name: string;
  avatar: string | null;
  status?: ChatStatus;
  size?: number;
}) {
  const { t } = useTranslation();
  const face = (
    <Avatar src={avatar ?? undefined} alt="" sx={{ width: size, height: size }}>
      {name.charAt(0).toUpperCase()}
    </Avatar>
  );
  if (!status) return face;
  return (
    <Badge
      overlap="circular"
      variant="dot"
      color={STATUS_COLOR[status]}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      slotProps={{
        badge: {
          role: 'img',
          'aria-label': t(`chat.status.${status}`),
          sx: {
            width: 12,
            height: 12,
            borderRadius: '50%',
            border: 2,
            borderColor: 'background.paper',
            ...(status === 'offline' ? { bgcolor: 'grey.500' } : {}),
          },
        } as object,
      }}
    >
      {face}
    </Badge>
  );
}

type Props = {
  me: string;
  conversations: ChatConversation[] | undefined;
  activeId: string | null;
  onPick?: () => void;
};

/** Conversations (the most recent first) with search over them and over colleagues. */
export function ChatNav({ me, conversations, activeId, onPick }: Props) {
  const { t } = useTranslation();
  const format = useChatFormat();
  const [q, setQ] = useState('');
  const query = useDebouncedValue(q.trim(), 250);
  const people = useChatSearchQuery(query, { skip: !query });
  const lower = query.toLowerCase();
  const [showClosed, setShowClosed] = useState(false);
  // Closed conversations wait out of the list (the open one and a search still show them).
  const closedCount = (conversations ?? []).filter((c) => c.closed && c.id !== activeId).length;
  const shown = (conversations ?? []).filter(
    (c) =>
      (!c.closed || showClosed || !!lower || c.id === activeId) &&
      (!lower ||
        titleOf(c, me).toLowerCase().includes(lower) ||
        c.participants.some((p) => p.name.toLowerCase().includes(lower))),
  );
  const known = new Set(
    (conversations ?? []).flatMap((c) => (c.type === 'ONE_TO_ONE' ? [otherOf(c, me)?.id] : [])),
  );
  const newPeople = (people.data?.results ?? []).filter((p) => !known.has(p.id));

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: 1, minHeight: 0 }}>
      <Stack direction="row" spacing={1} sx={{ p: 2, pb: 1, alignItems: 'center' }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('chat.conversations')}
        </Typography>
        <Tooltip title={t('chat.newChat')}>
          <IconButton
            component={RouterLink}
            to={paths.dashboard.chat.new}
            aria-label={t('chat.newChat')}
            onClick={onPick}
          >
            <AddCommentOutlined />
          </IconButton>
        </Tooltip>
      </Stack>
      <Box sx={{ px: 2, pb: 1 }}>
        <TextField
          fullWidth
          size="small"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder={t('chat.searchPlaceholder')}
          slotProps={{
            htmlInput: { 'aria-label': t('chat.search') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRounded fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <Box sx={{ flexGrow: 1, overflowY: 'auto', minHeight: 0 }}>
        <nav aria-label={t('chat.conversations')}>
          <List disablePadding>
            {!conversations &&
              Array.from({ length: 6 }, (_, i) => (
                <Stack key={i} direction="row" spacing={1.5} sx={{ px: 2, py: 1.5 }}>
                  <Skeleton variant="circular" width={40} height={40} />
                  <Box sx={{ flexGrow: 1 }}>
                    <Skeleton width="50%" />
                    <Skeleton width="80%" />
                  </Box>
                </Stack>
              ))}
            {conversations && !shown.length && !newPeople.length && (
              <Typography variant="body2" sx={{ px: 2, py: 3, color: 'text.secondary' }}>
                {query ? t('chat.noMatch') : t('chat.noConversations')}
              </Typography>
            )}
            {shown.map((c) => {
              const other = otherOf(c, me);
              const title = titleOf(c, me);
              const last = c.lastMessage;
              const preview = !last
                ? t('chat.noMessages')
                : last.deleted
                  ? t('chat.deleted')
                  : last.contentType === 'image'
                    ? t('chat.sentImage')
                    : last.contentType === 'file'
                      ? t('chat.sentFile')
                      : last.body;
              return (
                <ListItem key={c.id} disablePadding>
                  <ListItemButton
                    component={RouterLink}
                    to={paths.dashboard.chat.view(c.id)}
                    selected={c.id === activeId}
                    aria-current={c.id === activeId ? 'page' : undefined}
                    onClick={onPick}
                    sx={{ px: 2, py: 1.25, gap: 1.5 }}
                    data-testid="chat-conversation"
                  >
                    {other ? (
                      <PresenceAvatar
                        name={other.name}
                        avatar={other.avatar}
                        status={other.status}
                      />
                    ) : (
                      <AvatarGroup
                        max={2}
                        spacing="small"
                        sx={{ '& .MuiAvatar-root': { width: 28, height: 28, fontSize: 12 } }}
                      >
                        {c.participants
                          .filter((p) => p.id !== me)
                          .map((p) => (
                            <Avatar key={p.id} src={p.avatar ?? undefined} alt="">
                              {p.name.charAt(0)}
                            </Avatar>
                          ))}
                      </AvatarGroup>
                    )}
                    <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                      <Typography
                        variant="subtitle2"
                        noWrap
                        sx={{ fontWeight: c.unreadCount ? 700 : 600 }}
                      >
                        {title}
                      </Typography>
                      <Typography
                        variant="body2"
                        noWrap
                        dir="auto"
                        sx={{
                          color:
                            c.unreadCount || c.id === activeId ? 'text.primary' : 'text.secondary',
                        }}
                      >
                        {last && last.senderId === me ? `${t('chat.you')}: ` : ''}
                        {preview}
                      </Typography>
                    </Box>
                    <Stack sx={{ alignItems: 'flex-end', gap: 0.5, flexShrink: 0 }}>
                      {last && (
                        <Typography
                          variant="caption"
                          sx={{ color: c.id === activeId ? 'text.primary' : 'text.secondary' }}
                        >
                          {format.when(last.createdAt)}
                        </Typography>
                      )}
                      {c.closed && (
                        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                          {t('chat.closedLabel')}
                        </Typography>
                      )}
                      {c.unreadCount > 0 && (
                        <Box
                          component="span"
                          data-testid="chat-unread"
                          aria-label={t('chat.unread', { count: c.unreadCount })}
                          sx={{
                            minWidth: 20,
                            height: 20,
                            px: 0.75,
                            borderRadius: 10,
                            bgcolor: 'text.primary',
                            color: 'background.paper',
                            typography: 'caption',
                            fontWeight: 700,
                            display: 'grid',
                            placeItems: 'center',
                          }}
                        >
                          {c.unreadCount}
                        </Box>
                      )}
                    </Stack>
                  </ListItemButton>
                </ListItem>
              );
            })}
          </List>
          {closedCount > 0 && !lower && (
            <Box sx={{ px: 2, py: 1 }}>
              <Button
                size="small"
                color="inherit"
                onClick={() => setShowClosed((v) => !v)}
                aria-expanded={showClosed}
              >
                {showClosed ? t('chat.hideClosed') : t('chat.showClosed', { count: closedCount })}
              </Button>
            </Box>
          )}
          {newPeople.length > 0 && (
            <List
              disablePadding
              subheader={<ListSubheader disableSticky>{t('chat.people')}</ListSubheader>}
            >
              {newPeople.map((p: ChatContact) => (
                <ListItem key={p.id} disablePadding>
                  <ListItemButton
                    component={RouterLink}
                    to={paths.dashboard.chat.view(p.username)}
                    onClick={onPick}
                    sx={{ px: 2, py: 1, gap: 1.5 }}
                  >
                    <PresenceAvatar name={p.name} avatar={p.avatar} status={p.status} size={32} />
                    <Typography variant="body2" noWrap>
                      {p.name}
                    </Typography>
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          )}
        </nav>
      </Box>
    </Box>
  );
}
