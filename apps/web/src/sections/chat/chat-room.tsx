import AttachFileRounded from '@mui/icons-material/AttachFileRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import EmojiEmotionsOutlined from '@mui/icons-material/EmojiEmotionsOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import InsertDriveFileOutlined from '@mui/icons-material/InsertDriveFileOutlined';
import MoreHorizRounded from '@mui/icons-material/MoreHorizRounded';
import SendRounded from '@mui/icons-material/SendRounded';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Link from '@mui/material/Link';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { ChatMessage, ChatParticipant } from '@bo/contract/chat';
import { CHAT_LIMITS } from '@bo/contract/chat-constants';
import type { ReactNode } from 'react';
import { Fragment, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { buildUrl } from '../../lib/http';
import { useChatFormat } from './chat-api';

/** A message as shown: sent, still on its way, or refused (retried with the same client id). */
export type ShownMessage = ChatMessage & { state?: 'sending' | 'failed' };

const EMOJI = [
  '😀',
  '😃',
  '😄',
  '😁',
  '😆',
  '😅',
  '😂',
  '🙂',
  '😉',
  '😊',
  '😇',
  '🥰',
  '😍',
  '😘',
  '😋',
  '😎',
  '🤔',
  '🤨',
  '😐',
  '😶',
  '🙄',
  '😏',
  '😬',
  '😌',
  '😴',
  '😷',
  '🤒',
  '🤯',
  '🥳',
  '😕',
  '😟',
  '😮',
  '😲',
  '😢',
  '😭',
  '😱',
  '😤',
  '😡',
  '👍',
  '👎',
  '👏',
  '🙌',
  '🙏',
  '🤝',
  '💪',
  '👋',
  '👌',
  '✌️',
  '🤞',
  '👀',
  '💯',
  '🔥',
  '✨',
  '🎉',
  '🎂',
  '🎁',
  '❤️',
  '💙',
  '💚',
  '💛',
  '💜',
  '🖤',
  '✅',
  '❌',
  '⚠️',
  '❓',
  '❗',
  '💡',
  '📌',
  '📎',
  '📅',
  '📈',
  '📉',
  '💼',
  '📦',
  '🚚',
  '☕',
  '🍕',
  '🌟',
  '🚀',
];

const URL_RE = /(https?:\/\/[^\s<]+[^\s<.,;:!?)\]'"])/g;

/** Text as written, web addresses made into links; never HTML. */
function Linkified({ text }: { text: string }) {
  const parts = text.split(URL_RE);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <Link
            key={i}
            href={part}
            target="_blank"
            rel="noopener noreferrer nofollow"
            sx={{ color: 'inherit', textDecoration: 'underline', wordBreak: 'break-all' }}
          >
            {part}
          </Link>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

type Props = {
  me: string;
  messages: ShownMessage[];
  participants: ChatParticipant[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onOlder: () => void;
  typing: string[];
  onSend: (body: string) => void;
  onFiles: (files: File[]) => void;
  onTyping: () => void;
  onRetry: (message: ShownMessage) => void;
  onEdit: (message: ShownMessage, body: string) => void;
  onDelete: (message: ShownMessage) => void;
  disabled?: boolean;
  placeholder: string;
};

/** Messages grouped by day and sender, the typing line, "seen", and the input. */
export function ChatRoom(props: Props) {
  const { t } = useTranslation();
  const format = useChatFormat();
  const { me, messages, participants } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const previousHeight = useRef(0);
  const firstId = messages[0]?.id;
  const [lightbox, setLightbox] = useState<string | null>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; message: ShownMessage } | null>(null);
  const [editing, setEditing] = useState<ShownMessage | null>(null);
  const byId = new Map(participants.map((p) => [p.id, p]));

  // New messages keep the view at the bottom (when it was there); older ones keep its place.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (stickToBottom.current) el.scrollTop = el.scrollHeight;
    else if (previousHeight.current && el.scrollHeight > previousHeight.current)
      el.scrollTop += el.scrollHeight - previousHeight.current;
    previousHeight.current = el.scrollHeight;
  }, [messages.length, firstId, props.typing.length]);

  // "Seen": under my last message, the others whose last read is at it or after.
  const myLast = [...messages].reverse().find((m) => m.senderId === me && !m.state);
  const position = new Map(messages.map((m, i) => [m.id, i]));
  const seenBy = myLast
    ? participants.filter(
        (p) =>
          p.id !== me &&
          p.lastReadMessageId &&
          (position.get(p.lastReadMessageId) ?? -1) >= (position.get(myLast.id) ?? Infinity),
      )
    : [];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1, minHeight: 0 }}>
      <Box
        ref={scroller}
        onScroll={(e) => {
          const el = e.currentTarget;
          stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40;
          if (el.scrollTop < 60 && props.hasOlder && !props.loadingOlder) props.onOlder();
        }}
        sx={{ flexGrow: 1, overflowY: 'auto', px: { xs: 1.5, md: 3 }, py: 2, minHeight: 0 }}
        role="log"
        aria-live="polite"
        aria-relevant="additions"
        aria-label={t('chat.messages')}
        data-testid="chat-messages"
      >
        {props.hasOlder && (
          <Box sx={{ textAlign: 'center', mb: 2 }}>
            <Button
              size="small"
              color="inherit"
              onClick={props.onOlder}
              disabled={props.loadingOlder}
            >
              {props.loadingOlder ? t('common.loading') : t('chat.older')}
            </Button>
          </Box>
        )}
        {messages.map((m, i) => {
          const prev = messages[i - 1];
          const newDay =
            !prev ||
            new Date(prev.createdAt).toDateString() !== new Date(m.createdAt).toDateString();
          const grouped =
            !newDay &&
            prev?.senderId === m.senderId &&
            new Date(m.createdAt).getTime() - new Date(prev.createdAt).getTime() < 5 * 60_000;
          const mine = m.senderId === me;
          const sender = byId.get(m.senderId);
          return (
            <Fragment key={m.id}>
              {newDay && (
                <Typography
                  variant="caption"
                  component="div"
                  role="separator"
                  sx={{ textAlign: 'center', color: 'text.secondary', my: 2 }}
                >
                  {format.day(m.createdAt)}
                </Typography>
              )}
              <Stack
                direction="row"
                spacing={1.5}
                sx={{
                  justifyContent: mine ? 'flex-end' : 'flex-start',
                  mt: grouped ? 0.5 : 2,
                  '&:hover .chat-more, &:focus-within .chat-more': { opacity: 1 },
                }}
                data-testid="chat-message"
                data-mine={mine || undefined}
              >
                {!mine &&
                  (grouped ? (
                    <Box sx={{ width: 32, flexShrink: 0 }} />
                  ) : (
                    <Avatar src={sender?.avatar ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
                      {sender?.name.charAt(0) ?? '?'}
                    </Avatar>
                  ))}
                <Box sx={{ maxWidth: { xs: '85%', md: '70%' }, minWidth: 0 }}>
                  {!grouped && (
                    <Typography
                      variant="caption"
                      component="div"
                      sx={{ color: 'text.secondary', mb: 0.5, textAlign: mine ? 'end' : 'start' }}
                    >
                      {!mine && `${sender?.name ?? t('chat.someone')}, `}
                      <time dateTime={m.createdAt}>{format.time(m.createdAt)}</time>
                    </Typography>
                  )}
                  <Stack
                    direction={mine ? 'row-reverse' : 'row'}
                    spacing={0.5}
                    sx={{ alignItems: 'center' }}
                  >
                    <Bubble message={m} mine={mine} onImage={setLightbox} bytes={format.bytes} />
                    {mine && !m.deleted && !m.state && (
                      <IconButton
                        size="small"
                        className="chat-more"
                        aria-label={t('chat.messageActions')}
                        onClick={(e) => setMenu({ anchor: e.currentTarget, message: m })}
                        sx={{ opacity: { xs: 1, md: 0 } }}
                      >
                        <MoreHorizRounded fontSize="small" />
                      </IconButton>
                    )}
                  </Stack>
                  {m.state === 'sending' && (
                    <Typography
                      variant="caption"
                      sx={{ color: 'text.secondary', display: 'block', textAlign: 'end' }}
                    >
                      {t('chat.sending')}
                    </Typography>
                  )}
                  {m.state === 'failed' && (
                    <Button
                      size="small"
                      color="error"
                      onClick={() => props.onRetry(m)}
                      sx={{ float: 'inline-end' }}
                    >
                      {t('chat.retry')}
                    </Button>
                  )}
                  {m.editedAt && !m.deleted && (
                    <Typography
                      variant="caption"
                      sx={{
                        color: 'text.secondary',
                        display: 'block',
                        textAlign: mine ? 'end' : 'start',
                      }}
                    >
                      {t('chat.edited')}
                    </Typography>
                  )}
                  {myLast?.id === m.id && seenBy.length > 0 && (
                    <Typography
                      variant="caption"
                      data-testid="chat-seen"
                      sx={{ color: 'text.secondary', display: 'block', textAlign: 'end' }}
                    >
                      {participants.length <= 2
                        ? t('chat.seen')
                        : t('chat.seenBy', {
                            names: seenBy.map((p) => p.name.split(' ')[0]).join(', '),
                          })}
                    </Typography>
                  )}
                </Box>
              </Stack>
            </Fragment>
          );
        })}
        {props.typing.length > 0 && (
          <Typography
            variant="caption"
            component="div"
            sx={{ color: 'text.secondary', mt: 1.5 }}
            data-testid="chat-typing"
          >
            {t('chat.typing', { names: props.typing.join(', '), count: props.typing.length })}
          </Typography>
        )}
      </Box>
      <ChatInput
        key={editing?.id ?? 'new'}
        initial={editing?.body ?? ''}
        editing={!!editing}
        disabled={props.disabled}
        placeholder={props.placeholder}
        onCancelEdit={() => setEditing(null)}
        onSend={(body) => {
          stickToBottom.current = true;
          if (editing) {
            props.onEdit(editing, body);
            setEditing(null);
          } else props.onSend(body);
        }}
        onFiles={(files) => {
          stickToBottom.current = true;
          props.onFiles(files);
        }}
        onTyping={props.onTyping}
      />
      <Menu open={!!menu} anchorEl={menu?.anchor} onClose={() => setMenu(null)}>
        {menu?.message.contentType === 'text' && (
          <MenuItem
            onClick={() => {
              setEditing(menu.message);
              setMenu(null);
            }}
          >
            {t('chat.edit')}
          </MenuItem>
        )}
        <MenuItem
          sx={{ color: 'error.main' }}
          onClick={() => {
            props.onDelete(menu!.message);
            setMenu(null);
          }}
        >
          {t('chat.delete')}
        </MenuItem>
      </Menu>
      <Dialog
        open={!!lightbox}
        onClose={() => setLightbox(null)}
        maxWidth="lg"
        aria-label={t('chat.picture')}
      >
        {lightbox && (
          <Box
            component="img"
            src={lightbox}
            alt={t('chat.picture')}
            onClick={() => setLightbox(null)}
            sx={{ display: 'block', maxWidth: '90vw', maxHeight: '85vh', objectFit: 'contain' }}
          />
        )}
      </Dialog>
    </Box>
  );
}

function Bubble({
  message: m,
  mine,
  onImage,
  bytes,
}: {
  message: ShownMessage;
  mine: boolean;
  onImage: (url: string) => void;
  bytes: (n: number) => string;
}) {
  const { t } = useTranslation();
  const box = {
    px: 1.5,
    py: 1,
    borderRadius: 2,
    bgcolor: mine ? 'primary.lighter' : 'background.neutral',
    color: mine ? 'primary.darker' : 'text.primary',
    opacity: m.state ? 0.7 : 1,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    typography: 'body2',
  } as const;
  if (m.deleted)
    return (
      <Box
        sx={{
          ...box,
          fontStyle: 'italic',
          color: 'text.secondary',
          bgcolor: 'transparent',
          border: 1,
          borderColor: 'divider',
        }}
      >
        {t('chat.deleted')}
      </Box>
    );
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        gap: 0.5,
        alignItems: mine ? 'flex-end' : 'flex-start',
      }}
    >
      {m.attachments.map((a) =>
        m.contentType === 'image' ? (
          <Box
            key={a.id}
            component="button"
            type="button"
            onClick={() => onImage(buildUrl(a.url))}
            aria-label={t('chat.openPicture', { name: a.name })}
            sx={{
              p: 0,
              border: 0,
              cursor: 'zoom-in',
              borderRadius: 2,
              overflow: 'hidden',
              bgcolor: 'transparent',
            }}
          >
            <Box
              component="img"
              src={buildUrl(a.url)}
              alt={a.name}
              loading="lazy"
              sx={{ display: 'block', maxWidth: 260, maxHeight: 220, objectFit: 'cover' }}
              data-testid="chat-image"
            />
          </Box>
        ) : (
          <Stack
            key={a.id}
            direction="row"
            spacing={1}
            sx={{ ...box, alignItems: 'center', whiteSpace: 'normal' }}
          >
            <InsertDriveFileOutlined fontSize="small" />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" noWrap sx={{ fontWeight: 600, maxWidth: 200 }}>
                {a.name}
              </Typography>
              <Typography variant="caption">{bytes(a.size)}</Typography>
            </Box>
            <IconButton
              size="small"
              component={Link}
              href={`${buildUrl(a.url)}?download`}
              download={a.name}
              aria-label={t('chat.download', { name: a.name })}
            >
              <DownloadRounded fontSize="small" />
            </IconButton>
          </Stack>
        ),
      )}
      {textOf(m) && (
        <Box sx={box} dir="auto">
          <Linkified text={textOf(m)} />
        </Box>
      )}
    </Box>
  );
}

/**
 * A message's text. A picture message's body is the picture's URL (for the template family's
 * clients, which show it as the picture): our screen shows the picture, not that URL.
 */
function textOf(m: ShownMessage): string {
  if (m.contentType !== 'image') return m.body;
  const picture = m.attachments.some((a) => m.body === a.url || m.body === a.preview);
  return picture ? '' : m.body;
}

function ChatInput({
  initial,
  editing,
  disabled,
  placeholder,
  onSend,
  onFiles,
  onTyping,
  onCancelEdit,
}: {
  initial: string;
  editing: boolean;
  disabled?: boolean;
  placeholder: string;
  onSend: (body: string) => void;
  onFiles: (files: File[]) => void;
  onTyping: () => void;
  onCancelEdit: () => void;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const [text, setText] = useState(initial);
  const [emoji, setEmoji] = useState<HTMLElement | null>(null);
  const [dragging, setDragging] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const images = useRef<HTMLInputElement>(null);
  const files = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (editing) field.current?.focus();
  }, [editing]);

  const send = () => {
    const body = text.trim();
    if (!body) return;
    onSend(body);
    setText('');
  };
  const insert = (value: string) => {
    const el = field.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + value + text.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + value.length, start + value.length);
    });
  };
  const button = (
    label: string,
    icon: ReactNode,
    run: (e: React.MouseEvent<HTMLElement>) => void,
  ) => (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} onClick={run} disabled={disabled || editing}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );

  return (
    <Box
      sx={{ borderTop: 1, borderColor: 'divider', position: 'relative' }}
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes('Files') && !disabled) {
          e.preventDefault();
          setDragging(true);
        }
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        if (!e.dataTransfer.files.length || disabled) return;
        e.preventDefault();
        setDragging(false);
        onFiles([...e.dataTransfer.files]);
      }}
    >
      {dragging && (
        <Box
          sx={{
            position: 'absolute',
            inset: 4,
            border: '2px dashed',
            borderColor: 'primary.main',
            borderRadius: 1,
            bgcolor: 'background.paper',
            display: 'grid',
            placeItems: 'center',
            zIndex: 1,
            pointerEvents: 'none',
          }}
        >
          <Typography variant="subtitle2">{t('chat.dropHere')}</Typography>
        </Box>
      )}
      {editing && (
        <Stack direction="row" sx={{ px: 2, pt: 1, alignItems: 'center' }}>
          <Typography variant="caption" sx={{ flexGrow: 1, color: 'text.secondary' }}>
            {t('chat.editing')}
          </Typography>
          <Button size="small" onClick={onCancelEdit}>
            {t('common.cancel')}
          </Button>
        </Stack>
      )}
      <Stack direction="row" sx={{ alignItems: 'flex-end', px: 1, py: 1, gap: 0.5 }}>
        {button(t('chat.emoji'), <EmojiEmotionsOutlined />, (e) => setEmoji(e.currentTarget))}
        <InputBase
          inputRef={field}
          multiline
          maxRows={6}
          fullWidth
          value={text}
          disabled={disabled}
          placeholder={placeholder}
          onChange={(e) => {
            setText(e.target.value.slice(0, CHAT_LIMITS.body));
            if (e.target.value) onTyping();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              send();
            }
            if (e.key === 'Escape' && editing) onCancelEdit();
          }}
          onPaste={(e) => {
            const pasted = [...e.clipboardData.files];
            if (pasted.length) {
              e.preventDefault();
              onFiles(pasted);
            }
          }}
          inputProps={{
            'aria-label': t('chat.messageField'),
            'aria-description': t('chat.enterHint'),
            'data-testid': 'chat-input',
          }}
          sx={{ px: 1, py: 1, typography: 'body2' }}
        />
        {button(t('chat.sendImage'), <ImageOutlined />, () => images.current?.click())}
        {button(t('chat.sendFile'), <AttachFileRounded />, () => files.current?.click())}
        <Tooltip title={t('chat.send')}>
          <span>
            <IconButton
              color="primary"
              aria-label={t('chat.send')}
              onClick={send}
              disabled={disabled || !text.trim()}
              data-testid="chat-send"
            >
              <SendRounded
                sx={{ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined }}
              />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      <input
        ref={images}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        multiple
        hidden
        aria-label={t('chat.sendImage')}
        data-testid="chat-image-input"
        onChange={(e) => {
          if (e.target.files?.length) onFiles([...e.target.files]);
          e.target.value = '';
        }}
      />
      <input
        ref={files}
        type="file"
        multiple
        hidden
        aria-label={t('chat.sendFile')}
        onChange={(e) => {
          if (e.target.files?.length) onFiles([...e.target.files]);
          e.target.value = '';
        }}
      />
      <Popover
        open={!!emoji}
        anchorEl={emoji}
        onClose={() => setEmoji(null)}
        anchorOrigin={{ vertical: 'top', horizontal: 'left' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        <Box
          role="listbox"
          aria-label={t('chat.emoji')}
          sx={{ p: 1, display: 'grid', gridTemplateColumns: 'repeat(8, 36px)', gap: 0.5 }}
        >
          {EMOJI.map((e) => (
            <Box
              key={e}
              component="button"
              type="button"
              role="option"
              aria-selected={false}
              aria-label={e}
              onClick={() => {
                insert(e);
                setEmoji(null);
              }}
              sx={{
                width: 36,
                height: 36,
                fontSize: 22,
                border: 0,
                bgcolor: 'transparent',
                borderRadius: 1,
                cursor: 'pointer',
                '&:hover, &:focus-visible': { bgcolor: 'action.hover' },
              }}
            >
              {e}
            </Box>
          ))}
        </Box>
      </Popover>
    </Box>
  );
}
