import ArrowBackRounded from '@mui/icons-material/ArrowBackRounded';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import MenuRounded from '@mui/icons-material/MenuRounded';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { ChatContact, ChatMessage, ChatParticipant } from '@bo/contract/chat';
import {
  CHAT_EVENTS,
  CHAT_LIMITS,
  CHAT_TYPING_EVERY_MS,
  CHAT_TYPING_SHOWN_MS,
} from '@bo/contract/chat-constants';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { useAuth } from '../../auth/auth-context';
import { EmptyContent } from '../../components/empty-content/empty-content';
import { PageHeader } from '../../components/page-header/page-header';
import { notify } from '../../components/snackbar/notify';
import { rankPeople } from '../../lib/rank-people';
import { REALTIME_RESYNC, subscribeRealtime } from '../../lib/realtime';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { translateError } from '../../locales/form-errors';
import { paths } from '../../routes/paths';
import { useAppDispatch } from '../../store/hooks';
import { roleName } from '../../lib/audit-labels';
import {
  chatApi,
  chatCalls,
  useChatConversationQuery,
  useChatConversationsQuery,
  useChatParticipantsQuery,
  useChatSearchQuery,
  useStartChatMutation,
} from './chat-api';
import { ChatDetails } from './chat-details';
import { ChatNav, PresenceAvatar, otherOf, titleOf } from './chat-nav';
import type { ShownMessage } from './chat-room';
import { ChatRoom } from './chat-room';

const byTime = (a: ChatMessage, b: ChatMessage) =>
  a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1;

/**
 * The chat: conversations on the side, the open conversation in the middle, its people and
 * files on the other side. Messages arrive through the realtime socket; a reconnect asks for the
 * changes since the last one seen; a message is shown at once and confirmed by the server (a
 * retry sends the same client id, so it is never stored twice).
 */
export function ChatView({
  conversationKey,
  isNew,
}: {
  conversationKey?: string;
  isNew?: boolean;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const roomy = useMediaQuery(theme.breakpoints.up('lg'));
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const me = useAuth().user?.id ?? '';
  const conversations = useChatConversationsQuery();
  const open = useChatConversationQuery(conversationKey ?? '', { skip: !conversationKey });
  const people = useChatParticipantsQuery(conversationKey ?? '', { skip: !conversationKey });
  const [startChat] = useStartChatMutation();
  const conversation = open.data?.conversation ?? null;
  const conversationId = conversation?.id ?? null;

  const [messages, setMessages] = useState<Map<string, ShownMessage>>(new Map());
  const [olderCursor, setOlderCursor] = useState<string | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [typing, setTyping] = useState<Map<string, number>>(new Map());
  const [navOpen, setNavOpen] = useState(false);
  // The details panel: beside the conversation on wide screens (open unless closed), a drawer
  // on smaller ones (closed unless opened).
  const [panel, setPanel] = useState<boolean | null>(null);
  const detailsOpen = panel ?? roomy;
  const [recipients, setRecipients] = useState<ChatContact[]>([]);
  const [groupName, setGroupName] = useState('');
  const lastSeq = useRef(0);
  const lastTyping = useRef(0);

  // A conversation opened (or fetched again): its messages merged with what is on screen.
  const loadedFor = useRef<string | null>(null);
  useEffect(() => {
    if (!conversation) return;
    setMessages((current) => {
      const next = loadedFor.current === conversation.id ? new Map(current) : new Map();
      for (const m of conversation.messages) next.set(m.id, m);
      return next;
    });
    if (loadedFor.current !== conversation.id) setOlderCursor(conversation.olderCursor);
    loadedFor.current = conversation.id;
    for (const m of conversation.messages) lastSeq.current = Math.max(lastSeq.current, m.seq);
  }, [conversation]);
  useEffect(() => {
    if (!conversationKey) {
      setMessages(new Map());
      loadedFor.current = null;
    }
  }, [conversationKey]);

  const upsert = useCallback((list: ShownMessage[]) => {
    setMessages((current) => {
      const next = new Map(current);
      for (const m of list) {
        // The server's copy replaces the one shown while sending (same client id).
        for (const [id, shown] of next)
          if (shown.state && shown.clientId === m.clientId && id !== m.id) next.delete(id);
        next.set(m.id, m);
        lastSeq.current = Math.max(lastSeq.current, m.seq);
      }
      return next;
    });
  }, []);

  const refreshList = useCallback(
    () => dispatch(chatApi.util.invalidateTags(['ChatConversation'])),
    [dispatch],
  );

  // Reading: the open conversation is marked seen while the page is visible.
  const unread =
    conversations.data?.conversations.find((c) => c.id === conversationId)?.unreadCount ?? 0;
  useEffect(() => {
    if (!conversationId || !unread || document.visibilityState !== 'visible') return;
    const timer = window.setTimeout(() => {
      void chatCalls.seen(conversationId).then(refreshList, () => undefined);
    }, 300);
    return () => window.clearTimeout(timer);
  }, [conversationId, unread, refreshList]);

  // Live: messages, "seen", typing, conversation changes; after a reconnect, what was missed.
  useEffect(() => {
    let listTimer: number | undefined;
    let presenceTimer: number | undefined;
    const refreshSoon = () => {
      window.clearTimeout(listTimer);
      listTimer = window.setTimeout(refreshList, 200);
    };
    // Presence changes come from everyone: gathered for a second, then the lists are read again.
    const refreshPresenceSoon = () => {
      if (presenceTimer !== undefined) return;
      presenceTimer = window.setTimeout(() => {
        presenceTimer = undefined;
        dispatch(chatApi.util.invalidateTags(['ChatContact', 'ChatConversation']));
      }, 1000);
    };
    const unsubscribe = subscribeRealtime((event) => {
      if (event.type === CHAT_EVENTS.message) {
        const { message } = event.payload as { message: ChatMessage };
        if (message.conversationId === loadedFor.current) {
          upsert([message]);
          if (message.senderId !== me)
            setTyping((current) => {
              const next = new Map(current);
              next.delete(message.senderId);
              return next;
            });
        }
        refreshSoon();
      } else if (event.type === CHAT_EVENTS.typing) {
        const { conversationId: id, userId } = event.payload as {
          conversationId: string;
          userId: string;
        };
        if (id === loadedFor.current && userId !== me)
          setTyping((current) => new Map(current).set(userId, Date.now() + CHAT_TYPING_SHOWN_MS));
      } else if (event.type === CHAT_EVENTS.seen || event.type === CHAT_EVENTS.conversation) {
        refreshSoon();
      } else if (event.type === CHAT_EVENTS.presence) {
        // Someone came, left or went idle: the dots of the lists and the open conversation.
        refreshPresenceSoon();
      } else if (event.type === REALTIME_RESYNC) {
        void (async () => {
          let more = true;
          while (more) {
            const answer = await chatCalls.since(lastSeq.current);
            upsert(answer.messages.filter((m) => m.conversationId === loadedFor.current));
            for (const m of answer.messages) lastSeq.current = Math.max(lastSeq.current, m.seq);
            more = answer.more;
          }
          refreshList();
        })().catch(() => undefined);
      }
    });
    return () => {
      window.clearTimeout(listTimer);
      window.clearTimeout(presenceTimer);
      unsubscribe();
    };
  }, [me, upsert, refreshList, dispatch]);

  // Typing lines fade when nobody has typed for a while.
  useEffect(() => {
    if (!typing.size) return;
    const timer = window.setInterval(() => {
      setTyping((current) => {
        const now = Date.now();
        const next = new Map([...current].filter(([, until]) => until > now));
        return next.size === current.size ? current : next;
      });
    }, 1000);
    return () => window.clearInterval(timer);
  }, [typing.size]);

  const participants: ChatParticipant[] =
    conversation?.participants ?? people.data?.participants ?? [];
  const shown = useMemo(() => [...messages.values()].sort(byTime), [messages]);
  const typingNames = [...typing.keys()]
    .map((id) => participants.find((p) => p.id === id)?.name.split(' ')[0])
    .filter((n): n is string => !!n);

  /** The conversation to write in, created on the first message when there is none yet. */
  const ensureConversation = async (): Promise<string | null> => {
    if (conversationId) return conversationId;
    const ids = isNew
      ? recipients.map((r) => r.id)
      : participants.map((p) => p.id).filter((id) => id !== me);
    if (!ids.length) {
      notify.error(t('chat.chooseRecipients'));
      return null;
    }
    const started = await startChat({
      participantIds: ids,
      ...(isNew && ids.length > 1 && groupName.trim() ? { name: groupName.trim() } : {}),
    }).unwrap();
    return started.conversation.id;
  };

  const deliver = async (draft: ShownMessage, attachmentIds: string[] = []) => {
    upsert([{ ...draft, state: 'sending' }]);
    try {
      const answer = await chatCalls.send({
        conversationId: draft.conversationId,
        clientId: draft.clientId,
        body: draft.body,
        contentType: draft.contentType,
        attachmentIds,
      });
      upsert([answer.message]);
      refreshList();
    } catch (error) {
      upsert([{ ...draft, state: 'failed' }]);
      notify.error(translateError(t, error));
    }
  };

  const pendingAttachments = useRef(new Map<string, string[]>());
  const compose = async (
    body: string,
    contentType: ChatMessage['contentType'] = 'text',
    attachmentIds: string[] = [],
  ) => {
    try {
      const id = await ensureConversation();
      if (!id) return;
      const clientId = crypto.randomUUID();
      const draft: ShownMessage = {
        id: `local-${clientId}`,
        conversationId: id,
        clientId,
        body,
        contentType,
        attachments: [],
        createdAt: new Date().toISOString(),
        editedAt: null,
        deleted: false,
        senderId: me,
        seq: 0,
      };
      pendingAttachments.current.set(clientId, attachmentIds);
      if (id !== conversationId) {
        // The first message of a new conversation: open it, then send.
        await deliver(draft, attachmentIds);
        navigate(paths.dashboard.chat.view(id), { replace: true });
        return;
      }
      await deliver(draft, attachmentIds);
    } catch (error) {
      notify.error(translateError(t, error));
    }
  };

  const sendFiles = async (files: File[]) => {
    for (const file of files.slice(0, CHAT_LIMITS.attachments)) {
      const image = /^image\/(png|jpeg|gif|webp)$/.test(file.type);
      try {
        const id = await chatCalls.upload(file, image);
        await compose('', image ? 'image' : 'file', [id]);
      } catch (error) {
        notify.error(`${file.name}: ${translateError(t, error)}`);
      }
    }
  };

  const sharedFiles = shown.flatMap((m) => m.attachments);
  const other = conversation
    ? otherOf(conversation, me)
    : (participants.find((p) => p.id !== me) ?? null);
  const title = conversation
    ? titleOf(conversation, me)
    : isNew
      ? t('chat.newChat')
      : (other?.name ?? '');

  const nav = (
    <ChatNav
      me={me}
      conversations={conversations.data?.conversations}
      activeId={conversationId}
      onPick={() => setNavOpen(false)}
    />
  );

  const header = (
    <Stack
      direction="row"
      spacing={1.5}
      sx={{
        px: 2,
        py: 1.5,
        alignItems: 'center',
        borderBottom: 1,
        borderColor: 'divider',
        minHeight: 64,
      }}
    >
      {!wide &&
        (conversationKey || isNew ? (
          <IconButton
            aria-label={t('chat.back')}
            onClick={() => navigate(paths.dashboard.chat.root)}
          >
            <ArrowBackRounded
              sx={{ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined }}
            />
          </IconButton>
        ) : (
          <IconButton aria-label={t('chat.conversations')} onClick={() => setNavOpen(true)}>
            <MenuRounded />
          </IconButton>
        ))}
      {other && conversation?.type !== 'GROUP' && (
        <PresenceAvatar name={other.name} avatar={other.avatar} status={other.status} />
      )}
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography variant="subtitle1" component="h2" noWrap data-testid="chat-title">
          {title}
        </Typography>
        {conversation?.type === 'GROUP' ? (
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('chat.members', { count: participants.length })}
          </Typography>
        ) : (
          other && (
            <Typography variant="caption" sx={{ color: 'text.secondary' }}>
              {t(`chat.status.${other.status}`)}
            </Typography>
          )
        )}
      </Box>
      {(conversationKey || isNew) && (
        <Tooltip title={t('chat.details')}>
          <IconButton
            aria-label={t('chat.details')}
            aria-pressed={detailsOpen}
            onClick={() => setPanel(!detailsOpen)}
          >
            <InfoOutlined />
          </IconButton>
        </Tooltip>
      )}
    </Stack>
  );

  const room =
    !conversationKey && !isNew ? (
      <EmptyContent
        title={t('chat.pickOne')}
        description={t('chat.pickOneHint')}
        sx={{ height: 1, justifyContent: 'center' }}
      />
    ) : open.isError ? (
      <EmptyContent
        title={t('chat.notFound')}
        description={translateError(t, open.error)}
        sx={{ height: 1, justifyContent: 'center' }}
      />
    ) : (
      <>
        {isNew && (
          <RecipientsPicker
            value={recipients}
            onChange={setRecipients}
            groupName={groupName}
            onGroupName={setGroupName}
          />
        )}
        <ChatRoom
          me={me}
          messages={shown}
          participants={participants}
          hasOlder={!!olderCursor}
          loadingOlder={loadingOlder}
          onOlder={async () => {
            if (!olderCursor || !conversationId || loadingOlder) return;
            setLoadingOlder(true);
            try {
              const page = await chatCalls.older(conversationId, olderCursor);
              upsert(page.messages);
              setOlderCursor(page.olderCursor);
            } catch (error) {
              notify.error(translateError(t, error));
            } finally {
              setLoadingOlder(false);
            }
          }}
          typing={typingNames}
          onTyping={() => {
            if (!conversationId || Date.now() - lastTyping.current < CHAT_TYPING_EVERY_MS) return;
            lastTyping.current = Date.now();
            void chatCalls.typing(conversationId).catch(() => undefined);
          }}
          onSend={(body) => void compose(body)}
          onFiles={(files) => void sendFiles(files)}
          onRetry={(m) => void deliver(m, pendingAttachments.current.get(m.clientId) ?? [])}
          onEdit={async (m, body) => {
            try {
              upsert([(await chatCalls.edit(m.id, body)).message]);
            } catch (error) {
              notify.error(translateError(t, error));
            }
          }}
          onDelete={async (m) => {
            try {
              upsert([(await chatCalls.remove(m.id)).message]);
              refreshList();
            } catch (error) {
              notify.error(translateError(t, error));
            }
          }}
          disabled={open.isLoading || (isNew && !recipients.length)}
          placeholder={t('chat.placeholder')}
        />
      </>
    );

  return (
    <Container maxWidth={false}>
      <PageHeader
        title={t('nav.chat')}
        crumbs={[{ name: t('nav.dashboard'), href: paths.dashboard.root }, { name: t('nav.chat') }]}
      />
      <Card
        sx={{
          display: 'flex',
          height: { xs: 'calc(100dvh - 190px)', md: 'calc(100dvh - 210px)' },
          minHeight: 480,
          overflow: 'hidden',
        }}
      >
        {wide && (
          <Box sx={{ width: 300, flexShrink: 0, borderInlineEnd: 1, borderColor: 'divider' }}>
            {nav}
          </Box>
        )}
        {!wide && !conversationKey && !isNew ? (
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>{nav}</Box>
        ) : (
          <Box
            component="section"
            aria-label={title || t('nav.chat')}
            sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}
          >
            {header}
            <Box sx={{ display: 'flex', flexGrow: 1, minHeight: 0 }}>
              <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 }}>
                {room}
              </Box>
              {roomy && detailsOpen && (conversationKey || isNew) && (
                <Box
                  sx={{ width: 280, flexShrink: 0, borderInlineStart: 1, borderColor: 'divider' }}
                >
                  <ChatDetails
                    key={conversationId ?? 'none'}
                    me={me}
                    conversation={conversation}
                    participants={participants}
                    attachments={sharedFiles}
                    onLeft={() => navigate(paths.dashboard.chat.root)}
                  />
                </Box>
              )}
            </Box>
          </Box>
        )}
      </Card>
      {!wide && (
        <Drawer
          open={navOpen}
          onClose={() => setNavOpen(false)}
          slotProps={{ paper: { sx: { width: 300 } } }}
        >
          {nav}
        </Drawer>
      )}
      {!roomy && (conversationKey || isNew) && (
        <Drawer anchor="right" open={detailsOpen} onClose={() => setPanel(false)}>
          <Box sx={{ width: 300, height: 1 }}>
            <ChatDetails
              key={conversationId ?? 'none'}
              me={me}
              conversation={conversation}
              participants={participants}
              attachments={sharedFiles}
              onLeft={() => navigate(paths.dashboard.chat.root)}
            />
          </Box>
        </Drawer>
      )}
    </Container>
  );
}

/** New chat: one person (their conversation) or several (a group, with an optional name). */
function RecipientsPicker({
  value,
  onChange,
  groupName,
  onGroupName,
}: {
  value: ChatContact[];
  onChange: (value: ChatContact[]) => void;
  groupName: string;
  onGroupName: (name: string) => void;
}) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const query = useDebouncedValue(input.trim(), 200);
  const found = useChatSearchQuery(query);
  return (
    <Stack spacing={1.5} sx={{ p: 2, borderBottom: 1, borderColor: 'divider' }}>
      <Autocomplete
        multiple
        options={found.data?.results ?? []}
        value={value}
        filterOptions={(options) => rankPeople(options, input)}
        filterSelectedOptions
        getOptionLabel={(o) => o.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        inputValue={input}
        onInputChange={(_e, next) => setInput(next)}
        onChange={(_e, next) => onChange(next)}
        renderOption={(props, option) => {
          const { key, ...rest } = props as typeof props & { key: string };
          return (
            <Box
              component="li"
              key={key}
              {...rest}
              sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}
            >
              <PresenceAvatar
                name={option.name}
                avatar={option.avatar}
                status={option.status}
                size={28}
              />
              <Box>
                <Typography variant="body2">{option.name}</Typography>
                <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                  {roleName(t, option.role)}
                </Typography>
              </Box>
            </Box>
          );
        }}
        renderValue={(selected, getItemProps) =>
          selected.map((o, index) => {
            const { key, ...itemProps } = getItemProps({ index });
            return <Chip key={key} size="small" label={o.name} {...itemProps} />;
          })
        }
        renderInput={(params) => (
          <TextField {...params} autoFocus label={t('chat.to')} placeholder={t('chat.toHint')} />
        )}
      />
      {value.length > 1 && (
        <TextField
          size="small"
          label={t('chat.groupNameOptional')}
          value={groupName}
          onChange={(e) => onGroupName(e.target.value)}
          slotProps={{ htmlInput: { maxLength: CHAT_LIMITS.name } }}
        />
      )}
    </Stack>
  );
}
